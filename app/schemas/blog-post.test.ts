import { describe, expect, it } from "vitest";
import { blogPostFormSchema } from "#app/schemas/blog-post.ts";

const valid = { title: "Customs in Monrovia", slug: "customs-in-monrovia", intent: "save" };

describe("blogPostFormSchema content", () => {
  it("keeps HTML with line breaks and tabs (it is cleaned later, on save)", () => {
    const content = "<p>One</p>\r\n\t<p>Two <script>alert(1)</script></p>";
    expect(blogPostFormSchema.parse({ ...valid, content }).content).toBe(content);
  });

  // A NUL reached the database before: a 500 ('invalid byte sequence') instead of a message.
  it.each(["<p>a\u0000b</p>", "<p>bell\u0007</p>", "<p>\u001b[31m</p>", "<p>\u0085</p>"])(
    "refuses other control characters with a message (%j)",
    (content) => {
      const result = blogPostFormSchema.safeParse({ ...valid, content });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]).toMatchObject({
        path: ["content"],
        message: "Content contains characters that are not allowed.",
      });
    },
  );
});
