import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { BlogPostForm, typedText } from "#app/components/admin/blog/blog-post-form.tsx";

describe("typedText", () => {
  it("keeps text and drops anything else", () => {
    expect(typedText("/media/a.png")).toBe("/media/a.png");
    expect(typedText(["/media/a.png", "second value"])).toBe("");
    expect(typedText(undefined)).toBe("");
  });
});

const repeated = ["<b>one</b>", "second value"];
const refusedWithLists = {
  status: "error" as const,
  initialValue: {
    title: repeated,
    slug: repeated,
    featuredImage: repeated,
    content: repeated,
    language: repeated,
    translationOf: repeated,
  },
  error: { title: ["Title must be a single text value."] },
};

function RefusedEditor() {
  return (
    <BlogPostForm
      post={null}
      lastResult={refusedWithLists}
      failed
      maxBytes={1_000_000}
      minPublishAt="2030-01-01T00:00"
      translationChoices={[]}
    />
  );
}

// A post with every field repeated came back with lists as the typed values, and the page crashed (500) on
// `featuredImage.trim()`.
describe("BlogPostForm after a refused save with repeated fields", () => {
  it("renders, with the refused values left out", () => {
    const Stub = createRoutesStub([{ path: "/", Component: RefusedEditor }]);
    const html = renderToString(<Stub initialEntries={["/"]} />);
    expect(html).toContain("Title must be a single text value.");
    expect(html).not.toContain("<b>one</b>");
  });
});
