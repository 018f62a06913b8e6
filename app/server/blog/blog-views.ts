// What the blog's pages show, as their loaders give it: the back office's list of posts, and the public blog's
// pages (app/components/site/blog). No server code: the components import these types.
import type { PostStatus } from "#app/lib/blog-post.ts";
import type { Locale } from "#app/lib/i18n/locale.ts";
import type { PostLanguage } from "#app/schemas/blog-post.ts";

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

/** A post's card, on the list and under a post. */
export type BlogCardView = {
  id: string;
  slug: string;
  title: string;
  excerpt: string | null;
  featuredImage: string | null;
  category: string | null;
  publishedAt: Date;
  /** `srcset` of a library image's variants, when the featured image is one. */
  featuredImageSrcSet: string | null;
};

/** A page of the list: its posts, where it is among the pages, the category it shows. */
export type BlogListPageData = {
  posts: BlogCardView[];
  page: number;
  totalPages: number;
  category: string | null;
  categories: string[];
};

/** A published post as its page shows it, its body sanitized. */
export type BlogPostView = {
  slug: string;
  title: string;
  excerpt: string | null;
  featuredImage: string | null;
  featuredImageSrcSet: string | null;
  category: string | null;
  publishedAt: Date;
  updatedAt: Date;
  language: Locale;
  html: string;
};

export type BlogPostPageData = {
  post: BlogPostView;
  /** The page in each language, for the switch and hreflang: its translation's address, or none. */
  alternates: Record<Locale, string | null>;
  description: string;
  readingMinutes: number;
  related: BlogCardView[];
};
