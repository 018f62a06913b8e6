import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider } from "react-router";
import { servicesContext } from "#app/context.ts";
import { parseUtcDateTimeLocal, postStatus, toUtcDateTimeLocal } from "#app/lib/blog-post.ts";
import { formatDate, formatTime } from "#app/lib/format.ts";
import { blogPostFormSchema, SLUG_TAKEN_MESSAGE } from "#app/schemas/blog-post.ts";
import {
  createPost,
  findTranslationChoices,
  getPostById,
  nextPublishedAt,
  translationProblem,
  updatePost,
} from "#app/server/blog/blog-admin.server.ts";
import { sanitizePostHtml } from "#app/server/blog/sanitize-html.server.ts";
import { redirectWithToast } from "#app/server/platform/toast.server.ts";
import { requireStaffForm } from "#app/server/staff/staff-page.server.ts";

// The blog editor's loader and action, shared by /admin/cms/blog/new and /admin/cms/blog/:id.

type Ctx = Readonly<RouterContextProvider>;

const BLOG_LIST_PATH = "/admin/cms/blog";

/** 'Jan 5, 2025 at 3:45 PM UTC' */
function formatPublishTime(value: Date): string {
  return `${formatDate(value)} at ${formatTime(value)} UTC`;
}

/** What the editor needs of a post (none for a new one), with its publication worked out on the server. */
export async function loadPostEditor({ context, id }: { context: Ctx; id?: string }) {
  const { db, config } = context.get(servicesContext);
  const now = new Date();
  const common = { maxBytes: config.MEDIA_MAX_MB * 1024 * 1024, minPublishAt: toUtcDateTimeLocal(now) };
  if (id === undefined) {
    return { ...common, post: null, translationChoices: await findTranslationChoices({ db }) };
  }
  const post = await getPostById({ db, id });
  if (!post) throw data("Blog post not found", { status: 404 });
  return {
    ...common,
    // The posts this one may translate (the form offers those in the other language).
    translationChoices: await findTranslationChoices({ db, exceptId: post.id }),
    post: {
      id: post.id,
      title: post.title,
      slug: post.slug,
      category: post.category ?? "",
      excerpt: post.excerpt ?? "",
      featuredImage: post.featuredImage ?? "",
      language: post.language,
      translationOf: post.translationOf ?? "",
      // Cleaned again before it reaches the editor: rows written before cleaning on save are no exception.
      content: sanitizePostHtml(post.content),
      status: postStatus(post.publishedAt, now),
      publishedAt: post.publishedAt ? formatPublishTime(post.publishedAt) : null,
      publishAt: post.publishedAt && post.publishedAt > now ? toUtcDateTimeLocal(post.publishedAt) : "",
    },
  };
}

type EditorActionData = { result: SubmissionResult<string[]>; failed: true };

function publicationNote(publishedAt: Date | null, now: Date): string {
  const status = postStatus(publishedAt, now);
  if (status === "draft") return "Saved as a draft: not visible on the website.";
  if (status === "scheduled") return `Scheduled: it goes live on ${formatPublishTime(publishedAt!)}.`;
  return "Published: it is live on the blog.";
}

/**
 * Saves the editor's form: a new post, or the post `id`. Checks the session first, validates with the form's
 * schema (400 with the messages and the typed values, nothing saved), refuses a slug another post has, cleans
 * the HTML, applies publish / unpublish / schedule, and goes back to the list with the spec's toast.
 */
export async function saveBlogPost({
  request,
  context,
  id,
}: {
  request: Request;
  context: Ctx;
  id?: string;
}) {
  const { services, formData } = await requireStaffForm({ request, context });
  const { db, logger } = services;
  const existing = id === undefined ? null : await getPostById({ db, id });
  if (id !== undefined && !existing) throw data("Blog post not found", { status: 404 });

  if (!formData) {
    return data<EditorActionData>(
      {
        result: { status: "error", error: { "": ["The form could not be read. Please try again."] } },
        failed: true,
      },
      { status: 400 },
    );
  }
  const submission = parseWithZod(formData, { schema: blogPostFormSchema });
  if (submission.status !== "success") {
    return data<EditorActionData>({ result: submission.reply(), failed: true }, { status: 400 });
  }
  const value = submission.value;
  // The translation must be another post, that exists, in the other language (checked here, with the database).
  const problem = value.translationOf
    ? await translationProblem({
        db,
        id: existing?.id,
        language: value.language,
        translationOf: value.translationOf,
      })
    : null;
  if (problem) {
    return data<EditorActionData>(
      { result: submission.reply({ fieldErrors: { translationOf: [problem] } }), failed: true },
      { status: 400 },
    );
  }
  const now = new Date();
  const publishedAt = nextPublishedAt({
    intent: value.intent,
    current: existing?.publishedAt ?? null,
    scheduledFor:
      value.intent === "schedule" && value.publishAt ? parseUtcDateTimeLocal(value.publishAt) : null,
    now,
  });
  const fields = {
    title: value.title,
    slug: value.slug,
    category: value.category,
    excerpt: value.excerpt,
    featuredImage: value.featuredImage,
    content: value.content,
    language: value.language,
    translationOf: value.translationOf || null,
  };

  let saved: Awaited<ReturnType<typeof createPost>>;
  try {
    saved = existing
      ? await updatePost({ db, id: existing.id, fields, publishedAt })
      : await createPost({ db, fields, publishedAt });
  } catch (error) {
    logger.error({ err: error, postId: existing?.id }, "Saving a blog post failed");
    return data<EditorActionData>(
      {
        result: submission.reply({ formErrors: ["The post could not be saved. Please try again."] }),
        failed: true,
      },
      { status: 500 },
    );
  }
  if (!saved.ok) {
    if (saved.reason === "missing") throw data("Blog post not found", { status: 404 });
    return data<EditorActionData>(
      { result: submission.reply({ fieldErrors: { slug: [SLUG_TAKEN_MESSAGE] } }), failed: true },
      { status: 400 },
    );
  }
  logger.info(
    { postId: saved.post.id, intent: value.intent },
    existing ? "Blog post updated" : "Blog post created",
  );
  return redirectWithToast(BLOG_LIST_PATH, {
    type: "success",
    title: existing ? "Blog post updated successfully" : "Blog post created successfully",
    description: publicationNote(saved.post.publishedAt, now),
  });
}
