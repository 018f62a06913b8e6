// Tests' fixture for the blog's editor (docs/decisions/003-blog-editor-and-media-uploads.md) on a real database:
// a signed-in editor, a post's fields, and the editor's form posted as a browser posts it (with or without the
// session cookie), so the admin functions, the editor's action and the public page start from the same posts.
import { eq } from "drizzle-orm";
import { saveBlogPost } from "#app/server/blog/blog-editor-page.server.ts";
import { blogPosts } from "#app/server/db/schema.ts";
import type { Services } from "#app/server/services.server.ts";
import { signInStaff } from "#tests/setup/staff-session.ts";
import { createTestContext, createTestServices } from "#tests/setup/test-db.ts";

let counter = 0;
/** A slug no other case uses. */
export const unique = (label: string) => `${label}-${Date.now().toString(36)}-${++counter}`;

/** The editor's fields of a post titled after its slug. */
export const fields = (slug: string, extra: Record<string, string> = {}) => ({
  title: `Post ${slug}`,
  slug,
  content: "<p>Body</p>",
  ...extra,
});

/** A test file's services on a fresh database, and an editor signed in to them (the Cookie header of the session). */
export async function openBlogEditor() {
  const services = await createTestServices();
  const { cookie } = await signInStaff({
    ...services,
    email: "editor@example.com",
    password: "a long editor passphrase",
  });
  return { services, cookie };
}

/**
 * What the blog tests do on their file's database, read when called (the services and the session are opened in
 * the file's beforeAll).
 */
export function blogEditorHelpers(current: () => { services: Services; cookie?: string }) {
  /** A POST of the editor's form, as a browser sends it (with or without the session cookie). */
  function editorRequest(path: string, values: Record<string, string>, { signedIn = true } = {}) {
    const { cookie } = current();
    return new Request(`http://localhost${path}`, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        ...(signedIn && cookie ? { cookie } : {}),
      },
      body: new URLSearchParams(values),
    });
  }

  async function save(values: Record<string, string>, id?: string, options?: { signedIn?: boolean }) {
    const path = id ? `/admin/cms/blog/${id}` : "/admin/cms/blog/new";
    try {
      return await saveBlogPost({
        request: editorRequest(path, values, options),
        context: createTestContext(current().services),
        id,
      });
    } catch (thrown) {
      // A redirect (no session) or a 404 comes back thrown, as React Router expects.
      if (thrown instanceof Response || (thrown as { type?: string })?.type === "DataWithResponseInit") {
        return thrown as Response;
      }
      throw thrown;
    }
  }

  const postBySlug = async (slug: string) =>
    (await current().services.db.select().from(blogPosts).where(eq(blogPosts.slug, slug)))[0];

  return { editorRequest, save, postBySlug };
}
