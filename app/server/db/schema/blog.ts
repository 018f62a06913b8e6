// The blog and its media library: uploaded images (cms_media) with their resized variants, and the posts
// (docs/decisions/003-blog-editor-and-media-uploads.md; a post's language and translation: 030-languages.md).
import {
  type AnyPgColumn,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { bytea, createdAt, id, language, updatedAt } from "#app/server/db/schema/columns.ts";

export const media = pgTable(
  "cms_media",
  {
    id: id(),
    /** Server-chosen file name used in URLs. */
    filename: text("filename").notNull(),
    originalName: text("original_name").notNull(),
    mimeType: text("mime_type").notNull(),
    size: integer("size").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    alt: text("alt").notNull().default(""),
    data: bytea("data").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("cms_media_filename_idx").on(t.filename),
    index("cms_media_created_at_idx").on(t.createdAt.desc()),
  ],
);

export const mediaVariants = pgTable(
  "cms_media_variants",
  {
    mediaId: uuid("media_id")
      .notNull()
      .references(() => media.id, { onDelete: "cascade" }),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    mimeType: text("mime_type").notNull(),
    size: integer("size").notNull(),
    data: bytea("data").notNull(),
  },
  (t) => [primaryKey({ columns: [t.mediaId, t.width] })],
);

export const blogPosts = pgTable(
  "blog_posts",
  {
    id: id(),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    excerpt: text("excerpt"),
    content: text("content").notNull().default(""),
    featuredImage: text("featured_image"),
    category: text("category"),
    /** Null: draft. In the past: published. In the future: scheduled. */
    publishedAt: timestamp("published_at", { withTimezone: true }),
    /** The post's language: /blog lists the English posts, /fr/blog the French ones (decision 030). */
    language: language(),
    /** The same post in the other language, when there is one. */
    translationOf: uuid("translation_of").references((): AnyPgColumn => blogPosts.id, {
      onDelete: "set null",
    }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("blog_posts_language_published_at_idx").on(t.language, t.publishedAt.desc()),
    uniqueIndex("blog_posts_slug_idx").on(t.slug),
    index("blog_posts_published_at_idx").on(t.publishedAt.desc()),
    index("blog_posts_created_at_idx").on(t.createdAt.desc()),
  ],
);
