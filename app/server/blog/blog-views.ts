import type { PostStatus } from "#app/lib/blog-post.ts";
import type { PostLanguage } from "#app/schemas/blog-post.ts";

// What the back office's list of blog posts shows. Pure: the page's component imports the types.

/** The intent of a row's 'Delete' (confirmed in a dialog). */
export const DELETE_POST_INTENT = "delete";

/** One post in the list; its status and dates worked out on the server, so the server and the browser agree. */
export type BlogPostRow = {
  id: string;
  title: string;
  slug: string;
  category: string | null;
  language: PostLanguage;
  translationOfTitle: string | null;
  status: PostStatus;
  /** The publication date, or null for a draft. */
  published: string | null;
  /** The date and time in UTC, shown on hover. */
  publishedTitle: string | undefined;
};

export type BlogPostsPageData = { items: BlogPostRow[]; total: number; page: number; pageCount: number };
