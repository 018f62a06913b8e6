// The blog editor's action (docs/decisions/003-blog-editor-and-media-uploads.md) posted as a browser posts it,
// on a real database: drafts, publishing and scheduling with the spec's toasts, the messages that refuse a bad
// slug, schedule or translation while saving nothing, a post's language and translation, and the sign-in it
// asks of anyone without a session.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as listAction } from "#app/routes/admin/blog.tsx";
import { loader as publicPostLoader } from "#app/routes/site/blog.$slug.tsx";
import { createPost, findAdminPosts, getPostById } from "#app/server/blog/blog-admin.server.ts";
import {
  blogEditorHelpers,
  fields,
  openBlogEditor,
  unique,
} from "#app/server/blog/blog-editor.test-support.ts";
import { loadPostEditor } from "#app/server/blog/blog-editor-page.server.ts";
import { blogPosts } from "#app/server/db/schema.ts";
import { readToast } from "#app/server/platform/toast.server.ts";
import type { Services } from "#app/server/services.server.ts";
import { createTestContext } from "#tests/setup/test-db.ts";

let services: Services;
let cookie: string;
beforeAll(async () => {
  ({ services, cookie } = await openBlogEditor());
});
afterAll(() => services.close());
const { editorRequest, save, postBySlug } = blogEditorHelpers(() => ({ services, cookie }));

describe("the editor's action", () => {
  it("creates a draft and goes back to the list with the spec's toast", async () => {
    const slug = unique("created");
    const response = await save({ title: "Created here", slug, content: "<p>Hello</p>", intent: "save" });
    expect(response).toBeInstanceOf(Response);
    const res = response as Response;
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/admin/cms/blog");
    const toast = readToast(new Request("http://x", { headers: { cookie: res.headers.get("set-cookie")! } }));
    expect(toast.toast).toMatchObject({ type: "success", title: "Blog post created successfully" });
    expect((await postBySlug(slug))?.publishedAt).toBeNull();
  });

  it("publishes, schedules (time read as UTC) and unpublishes", async () => {
    const slug = unique("buttons");
    await save({ title: "Buttons", slug, intent: "publish" });
    const post = await postBySlug(slug);
    expect(post?.publishedAt?.getTime()).toBeLessThanOrEqual(Date.now());

    const year = new Date().getUTCFullYear() + 1;
    const scheduled = await save(
      { title: "Buttons", slug, intent: "schedule", publishAt: `${year}-06-01T09:30` },
      post!.id,
    );
    expect((scheduled as Response).status).toBe(302);
    expect((await postBySlug(slug))?.publishedAt?.toISOString()).toBe(`${year}-06-01T09:30:00.000Z`);
    const editor = await loadPostEditor({ context: createTestContext(services), id: post!.id });
    expect(editor.post).toMatchObject({ status: "scheduled", publishAt: `${year}-06-01T09:30` });

    await save({ title: "Buttons", slug, intent: "unpublish" }, post!.id);
    expect((await postBySlug(slug))?.publishedAt).toBeNull();
  });

  it("refuses a taken slug, a bad slug and a schedule in the past with messages, saving nothing", async () => {
    const slug = unique("taken");
    await save({ title: "Original", slug });
    const before = await services.db.select().from(blogPosts);

    const taken = (await save({ title: "Copy", slug })) as unknown as {
      data: unknown;
      init: { status: number };
    };
    expect(taken.init.status).toBe(400);
    expect(JSON.stringify(taken.data)).toContain("This slug is already used by another post.");

    const bad = (await save({ title: "Bad", slug: "Not A Slug!" })) as unknown as {
      data: unknown;
      init: { status: number };
    };
    expect(bad.init.status).toBe(400);
    expect(JSON.stringify(bad.data)).toContain("Use only lowercase letters, numbers and hyphens");

    const missing = (await save({ title: "", slug: "" })) as unknown as {
      data: unknown;
      init: { status: number };
    };
    expect(JSON.stringify(missing.data)).toContain("Title is required.");
    expect(JSON.stringify(missing.data)).toContain("Slug is required.");

    const past = (await save({
      title: "Past",
      slug: unique("past"),
      intent: "schedule",
      publishAt: "2020-01-01T10:00",
    })) as unknown as { data: unknown; init: { status: number } };
    expect(past.init.status).toBe(400);
    expect(JSON.stringify(past.data)).toContain("Choose a date and time in the future.");

    expect(await services.db.select().from(blogPosts)).toHaveLength(before.length);
  });

  it("saves a post's language and its translation, shows them in the list and the editor", async () => {
    const english = unique("english");
    await save({ title: "Customs in English", slug: english, intent: "publish" });
    const original = await postBySlug(english);
    expect(original?.language).toBe("en");
    const french = unique("francais");
    const saved = await save({
      title: "Le dédouanement",
      slug: french,
      language: "fr",
      translationOf: original!.id,
      intent: "publish",
    });
    expect((saved as Response).status).toBe(302);
    const translation = await postBySlug(french);
    expect(translation).toMatchObject({ language: "fr", translationOf: original!.id });

    const editor = await loadPostEditor({ context: createTestContext(services), id: translation!.id });
    expect(editor.post).toMatchObject({ language: "fr", translationOf: original!.id });
    expect(editor.translationChoices.map((c) => c.id)).toContain(original!.id);
    expect(editor.translationChoices.map((c) => c.id)).not.toContain(translation!.id);
    const list = await findAdminPosts({ db: services.db, page: 1, pageSize: 5 });
    expect(list.items.find((p) => p.slug === french)).toMatchObject({
      language: "fr",
      translationOfTitle: "Customs in English",
    });
    // The public English post now links to its French version.
    const page = await publicPostLoader({
      request: new Request(`http://localhost/blog/${english}`),
      params: { slug: english },
      context: createTestContext(services),
    } as unknown as Parameters<typeof publicPostLoader>[0]);
    expect(page.alternates).toEqual({ en: `/blog/${english}`, fr: `/fr/blog/${french}` });
    // Clearing the choice removes the link.
    await save(
      { title: "Le dédouanement", slug: french, language: "fr", translationOf: "" },
      translation!.id,
    );
    expect((await postBySlug(french))?.translationOf).toBeNull();
  });

  it("refuses a translation in the same language, of itself, unknown or malformed, saving nothing", async () => {
    const english = unique("en-only");
    await save({ title: "English one", slug: english });
    const original = await postBySlug(english);
    const other = unique("en-other");
    await save({ title: "English two", slug: other });
    const second = await postBySlug(other);
    const refused = async (values: Record<string, string>, id?: string) => {
      const result = (await save(values, id)) as unknown as { data: unknown; init: { status: number } };
      expect(result.init.status).toBe(400);
      return JSON.stringify(result.data);
    };
    const before = await services.db.select().from(blogPosts);

    expect(await refused({ title: "Copy", slug: unique("same"), translationOf: original!.id })).toContain(
      "Choose a post in the other language",
    );
    expect(
      await refused(
        { title: "English two", slug: other, language: "fr", translationOf: second!.id },
        second!.id,
      ),
    ).toContain("A post cannot be a translation of itself.");
    expect(
      await refused({
        title: "Ghost",
        slug: unique("ghost-translation"),
        language: "fr",
        translationOf: "00000000-0000-4000-8000-000000000000",
      }),
    ).toContain("That post no longer exists.");
    expect(
      await refused({ title: "Junk", slug: unique("junk"), language: "fr", translationOf: "' or 1=1 --" }),
    ).toContain("Choose a post from the list.");
    expect(await refused({ title: "Klingon", slug: unique("klingon"), language: "tlh" })).toContain(
      "Choose English or French.",
    );

    expect(await services.db.select().from(blogPosts)).toHaveLength(before.length);
    expect((await postBySlug(other))?.language).toBe("en");
  });

  it("answers 404 for an unknown post", async () => {
    const response = await save(
      { title: "x", slug: unique("ghost") },
      "00000000-0000-4000-8000-000000000000",
    );
    expect(response).toMatchObject({ init: { status: 404 } });
    await expect(
      loadPostEditor({ context: createTestContext(services), id: "00000000-0000-4000-8000-000000000000" }),
    ).rejects.toMatchObject({ init: { status: 404 } });
  });

  it("without a session redirects to the login page and changes nothing", async () => {
    const slug = unique("intruder");
    const response = (await save({ title: "Intruder", slug, intent: "publish" }, undefined, {
      signedIn: false,
    })) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toMatch(/^\/admin-login\?redirectTo=/);
    expect(await postBySlug(slug)).toBeUndefined();

    const kept = await createPost({ db: services.db, fields: fields(unique("kept")) });
    if (!kept.ok) throw new Error("not created");
    const update = (await save({ title: "Defaced", slug: kept.post.slug, intent: "publish" }, kept.post.id, {
      signedIn: false,
    })) as Response;
    expect(update.status).toBe(302);
    expect(update.headers.get("location")).toMatch(/^\/admin-login\?redirectTo=/);

    // The list's delete, too.
    const deleteResponse = await listAction({
      request: editorRequest("/admin/blog", { intent: "delete", id: kept.post.id }, { signedIn: false }),
      params: {},
      context: createTestContext(services),
    } as unknown as Parameters<typeof listAction>[0]).catch((thrown: unknown) => thrown as Response);
    expect((deleteResponse as Response).status).toBe(302);
    expect((deleteResponse as Response).headers.get("location")).toMatch(/^\/admin-login/);
    expect(await getPostById({ db: services.db, id: kept.post.id })).toMatchObject({
      title: kept.post.title,
      publishedAt: null,
    });
  });

  it("deletes from the list with the spec's toasts", async () => {
    const created = await createPost({ db: services.db, fields: fields(unique("bye")) });
    if (!created.ok) throw new Error("not created");
    const run = () =>
      listAction({
        request: editorRequest("/admin/blog?page=1", { intent: "delete", id: created.post.id }),
        params: {},
        context: createTestContext(services),
      } as unknown as Parameters<typeof listAction>[0]) as Promise<Response>;
    const toastOf = (res: Response) =>
      readToast(new Request("http://x", { headers: { cookie: res.headers.get("set-cookie")! } })).toast;
    const first = await run();
    expect(first.headers.get("location")).toBe("/admin/blog?page=1");
    expect(toastOf(first)).toMatchObject({ type: "success", title: "Blog post deleted successfully" });
    expect(await getPostById({ db: services.db, id: created.post.id })).toBeNull();
    expect(toastOf(await run())).toMatchObject({ type: "error", title: "Failed to delete blog post" });
  });
});
