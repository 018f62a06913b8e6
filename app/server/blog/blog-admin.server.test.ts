// The blog's admin functions (docs/decisions/003-blog-editor-and-media-uploads.md) on a real database: unique
// slugs, drafts published, scheduled and unpublished, the publish date each editor button sets, and the list
// with its paging and deletes.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createPost,
  deletePost,
  findAdminPosts,
  getPostById,
  isSlugTaken,
  nextPublishedAt,
  setPostPublication,
  updatePost,
} from "#app/server/blog/blog-admin.server.ts";
import { blogEditorHelpers, fields, unique } from "#app/server/blog/blog-editor.test-support.ts";
import { getPublishedPostBySlug, listPublishedPostsForSitemap } from "#app/server/blog/blog-posts.server.ts";
import type { Services } from "#app/server/services.server.ts";
import { createTestServices } from "#tests/setup/test-db.ts";

let services: Services;
beforeAll(async () => {
  services = await createTestServices();
});
afterAll(() => services.close());
const { postBySlug } = blogEditorHelpers(() => ({ services }));

describe("blog admin functions", () => {
  it("keeps slugs unique on create and update, and lets a post keep its own", async () => {
    const a = unique("first");
    const b = unique("second");
    const created = await createPost({ db: services.db, fields: fields(a) });
    expect(created.ok).toBe(true);
    expect(await createPost({ db: services.db, fields: fields(a) })).toEqual({
      ok: false,
      reason: "slug-taken",
    });
    const other = await createPost({ db: services.db, fields: fields(b) });
    if (!created.ok || !other.ok) throw new Error("not created");
    expect(await updatePost({ db: services.db, id: other.post.id, fields: fields(a) })).toEqual({
      ok: false,
      reason: "slug-taken",
    });
    const renamed = await updatePost({
      db: services.db,
      id: created.post.id,
      fields: fields(a, { title: "Renamed" }),
    });
    expect(renamed).toMatchObject({ ok: true, post: { slug: a, title: "Renamed" } });
    expect(await isSlugTaken({ db: services.db, slug: a, exceptId: created.post.id })).toBe(false);
    expect(await isSlugTaken({ db: services.db, slug: a })).toBe(true);
  });

  it("makes new posts drafts, and publishes, schedules and unpublishes them", async () => {
    const slug = unique("lifecycle");
    const created = await createPost({ db: services.db, fields: fields(slug) });
    if (!created.ok) throw new Error("not created");
    const { id } = created.post;
    expect(created.post.publishedAt).toBeNull();
    expect(await getPublishedPostBySlug({ db: services.db, slug })).toBeNull();

    const now = new Date();
    await setPostPublication({ db: services.db, id, publishedAt: now });
    expect(await getPublishedPostBySlug({ db: services.db, slug })).not.toBeNull();

    const inAnHour = new Date(now.getTime() + 60 * 60 * 1000);
    await setPostPublication({ db: services.db, id, publishedAt: inAnHour });
    expect(await getPublishedPostBySlug({ db: services.db, slug })).toBeNull();
    // The scheduled post is public at its time, with nobody doing anything.
    const later = new Date(inAnHour.getTime() + 1000);
    expect(await getPublishedPostBySlug({ db: services.db, slug, now: later })).not.toBeNull();
    const sitemap = await listPublishedPostsForSitemap({ db: services.db, now: later });
    expect(sitemap.map((p) => p.slug)).toContain(slug);
    expect((await listPublishedPostsForSitemap({ db: services.db })).map((p) => p.slug)).not.toContain(slug);

    await setPostPublication({ db: services.db, id, publishedAt: null });
    expect(await getPublishedPostBySlug({ db: services.db, slug, now: later })).toBeNull();
  });

  it("works out the publish date for each editor button", () => {
    const now = new Date("2026-03-15T12:00:00Z");
    const past = new Date("2026-01-01T00:00:00Z");
    const future = new Date("2026-04-01T09:30:00Z");
    expect(nextPublishedAt({ intent: "save", current: null, now })).toBeNull();
    expect(nextPublishedAt({ intent: "save", current: past, now })).toEqual(past);
    expect(nextPublishedAt({ intent: "publish", current: null, now })).toEqual(now);
    expect(nextPublishedAt({ intent: "publish", current: past, now })).toEqual(past);
    expect(nextPublishedAt({ intent: "publish", current: future, now })).toEqual(now);
    expect(nextPublishedAt({ intent: "unpublish", current: past, now })).toBeNull();
    expect(nextPublishedAt({ intent: "schedule", current: null, scheduledFor: future, now })).toEqual(future);
  });

  it("deletes a post and lists posts newest first with paging", async () => {
    const slugs = [unique("page-a"), unique("page-b"), unique("page-c")];
    for (const slug of slugs) await createPost({ db: services.db, fields: fields(slug) });
    const first = await findAdminPosts({ db: services.db, page: 1, pageSize: 2 });
    expect(first.items.map((p) => p.slug)).toEqual([slugs[2], slugs[1]]);
    expect(first.pageCount).toBeGreaterThanOrEqual(2);
    const doomed = await postBySlug(slugs[0]!);
    expect((await deletePost({ db: services.db, id: doomed!.id }))?.slug).toBe(slugs[0]);
    expect(await getPostById({ db: services.db, id: doomed!.id })).toBeNull();
    expect(await deletePost({ db: services.db, id: doomed!.id })).toBeNull();
    expect(await deletePost({ db: services.db, id: "not-a-uuid" })).toBeNull();
  });
});
