import { and, asc, count, desc, eq, ne } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import {
  type PostLanguage,
  TRANSLATION_MISSING_MESSAGE,
  TRANSLATION_OF_ITSELF_MESSAGE,
  TRANSLATION_SAME_LANGUAGE_MESSAGE,
} from "#app/schemas/blog-post.ts";
import { sanitizePostHtml } from "#app/server/blog/sanitize-html.server.ts";
import type { Db } from "#app/server/db/client.server.ts";
import { isUniqueViolation } from "#app/server/db/errors.server.ts";
import { blogPosts } from "#app/server/db/schema.ts";

// The back office's side of the blog: every post (drafts and scheduled ones too), create, update, delete and
// publication. The public side (published posts only) is blog-posts.server.ts.

type AdminPost = typeof blogPosts.$inferSelect;

/** The fields the editor saves. The content is cleaned here, with the sanitizer the public pages use. */
type PostFields = {
  title: string;
  slug: string;
  category?: string | null;
  excerpt?: string | null;
  featuredImage?: string | null;
  content?: string | null;
  /** English unless told (decision 030). */
  language?: PostLanguage;
  /** The same post in the other language (checked with `translationProblem` first), or none. */
  translationOf?: string | null;
};

type SaveResult = { ok: true; post: AdminPost } | { ok: false; reason: "slug-taken" | "missing" };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isPostId(value: string | undefined | null): value is string {
  return typeof value === "string" && UUID.test(value);
}

function toRow(fields: PostFields) {
  return {
    title: fields.title,
    slug: fields.slug,
    category: fields.category?.trim() || null,
    excerpt: fields.excerpt?.trim() || null,
    featuredImage: fields.featuredImage?.trim() || null,
    content: sanitizePostHtml(fields.content ?? ""),
    language: fields.language ?? "en",
    translationOf: fields.translationOf || null,
  };
}

/**
 * Why a post (`id`, none for a new one) in `language` cannot be the translation of `translationOf`, or null when
 * it can: the other post must exist, be another post, and be in the other language.
 */
export async function translationProblem({
  db,
  id,
  language,
  translationOf,
}: {
  db: Db;
  id?: string;
  language: PostLanguage;
  translationOf: string;
}): Promise<string | null> {
  if (id !== undefined && translationOf === id) return TRANSLATION_OF_ITSELF_MESSAGE;
  const other = await getPostById({ db, id: translationOf });
  if (!other) return TRANSLATION_MISSING_MESSAGE;
  return other.language === language ? TRANSLATION_SAME_LANGUAGE_MESSAGE : null;
}

/** Every post but `exceptId`, by title, for the editor's 'Translation of' choice. */
export async function findTranslationChoices({ db, exceptId }: { db: Db; exceptId?: string }) {
  return db
    .select({ id: blogPosts.id, title: blogPosts.title, language: blogPosts.language })
    .from(blogPosts)
    .where(exceptId ? ne(blogPosts.id, exceptId) : undefined)
    .orderBy(asc(blogPosts.title), asc(blogPosts.id))
    .limit(1000);
}

/** Every post for the admin list, newest first (by creation, as the spec lists them). */
export async function findAdminPosts({
  db,
  page = 1,
  pageSize = 20,
}: {
  db: Db;
  page?: number;
  pageSize?: number;
}) {
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(blogPosts);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const current = Math.min(Math.max(Math.trunc(page) || 1, 1), pageCount);
  const original = alias(blogPosts, "original");
  const items = await db
    .select({
      id: blogPosts.id,
      title: blogPosts.title,
      slug: blogPosts.slug,
      category: blogPosts.category,
      language: blogPosts.language,
      /** The title of the post this one translates, when it names one. */
      translationOfTitle: original.title,
      publishedAt: blogPosts.publishedAt,
      createdAt: blogPosts.createdAt,
    })
    .from(blogPosts)
    .leftJoin(original, eq(original.id, blogPosts.translationOf))
    .orderBy(desc(blogPosts.createdAt), desc(blogPosts.id))
    .limit(pageSize)
    .offset((current - 1) * pageSize);
  return { items, total, page: current, pageCount };
}

export async function getPostById({ db, id }: { db: Db; id: string }): Promise<AdminPost | null> {
  if (!isPostId(id)) return null;
  const [row] = await db.select().from(blogPosts).where(eq(blogPosts.id, id));
  return row ?? null;
}

/** Whether another post (not `exceptId`) already has the slug. */
export async function isSlugTaken({ db, slug, exceptId }: { db: Db; slug: string; exceptId?: string }) {
  const [row] = await db
    .select({ id: blogPosts.id })
    .from(blogPosts)
    .where(exceptId ? and(eq(blogPosts.slug, slug), ne(blogPosts.id, exceptId)) : eq(blogPosts.slug, slug))
    .limit(1);
  return Boolean(row);
}

/** A new post: a draft unless `publishedAt` is given. */
export async function createPost({
  db,
  fields,
  publishedAt = null,
}: {
  db: Db;
  fields: PostFields;
  publishedAt?: Date | null;
}): Promise<SaveResult> {
  if (await isSlugTaken({ db, slug: fields.slug })) return { ok: false, reason: "slug-taken" };
  try {
    const [post] = await db
      .insert(blogPosts)
      .values({ ...toRow(fields), publishedAt })
      .returning();
    return { ok: true, post: post! };
  } catch (error) {
    // Two saves racing for one slug: the unique index decides.
    if (isUniqueViolation(error)) return { ok: false, reason: "slug-taken" };
    throw error;
  }
}

/** Saves the fields and, when given, the publication (`null` is a draft; `undefined` keeps it). */
export async function updatePost({
  db,
  id,
  fields,
  publishedAt,
}: {
  db: Db;
  id: string;
  fields: PostFields;
  publishedAt?: Date | null;
}): Promise<SaveResult> {
  if (!isPostId(id)) return { ok: false, reason: "missing" };
  if (await isSlugTaken({ db, slug: fields.slug, exceptId: id })) return { ok: false, reason: "slug-taken" };
  try {
    const [post] = await db
      .update(blogPosts)
      .set({ ...toRow(fields), ...(publishedAt === undefined ? {} : { publishedAt }), updatedAt: new Date() })
      .where(eq(blogPosts.id, id))
      .returning();
    return post ? { ok: true, post } : { ok: false, reason: "missing" };
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, reason: "slug-taken" };
    throw error;
  }
}

/** Sets when a post goes public: `null` makes it a draft, a future date schedules it. */
export async function setPostPublication({
  db,
  id,
  publishedAt,
}: {
  db: Db;
  id: string;
  publishedAt: Date | null;
}): Promise<AdminPost | null> {
  if (!isPostId(id)) return null;
  const [post] = await db
    .update(blogPosts)
    .set({ publishedAt, updatedAt: new Date() })
    .where(eq(blogPosts.id, id))
    .returning();
  return post ?? null;
}

/**
 * The publish date a save should store for what the editor asked: publishing keeps the date of a post that is
 * already public (so it does not jump to the top of the blog), unpublishing makes a draft, scheduling takes
 * the chosen time, and a plain save keeps whatever the post had.
 */
export function nextPublishedAt({
  intent,
  current,
  scheduledFor,
  now = new Date(),
}: {
  intent: "save" | "publish" | "unpublish" | "schedule";
  current: Date | null;
  scheduledFor?: Date | null;
  now?: Date;
}): Date | null {
  switch (intent) {
    case "publish":
      return current && current.getTime() <= now.getTime() ? current : now;
    case "unpublish":
      return null;
    case "schedule":
      return scheduledFor ?? current;
    default:
      return current;
  }
}

export async function deletePost({ db, id }: { db: Db; id: string }): Promise<AdminPost | null> {
  if (!isPostId(id)) return null;
  const [post] = await db.delete(blogPosts).where(eq(blogPosts.id, id)).returning();
  return post ?? null;
}
