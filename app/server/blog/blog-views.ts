// What the public blog's pages show (app/components/site/blog), as their loaders give it: types only, no server code.
import type { Locale } from "#app/lib/i18n/locale.ts";

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
