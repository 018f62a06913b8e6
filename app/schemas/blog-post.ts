import { z } from "zod";
import {
  isAllowedImageUrl,
  parseUtcDateTimeLocal,
  SLUG_MAX_LENGTH,
  SLUG_PATTERN,
} from "#app/lib/blog-post.ts";
import {
  maxLengthMessage,
  optionalTextField,
  singleValueMessage,
  textField,
} from "#app/schemas/form-text.ts";

/** What the editor's buttons ask for besides saving the fields. */
const BLOG_POST_INTENTS = ["save", "publish", "unpublish", "schedule"] as const;
export type BlogPostIntent = (typeof BLOG_POST_INTENTS)[number];

export const TITLE_MAX_LENGTH = 200;
export const CATEGORY_MAX_LENGTH = 60;
export const EXCERPT_MAX_LENGTH = 1000;
export const IMAGE_URL_MAX_LENGTH = 2000;
/** Post HTML, before cleaning. A long article with markup is far below this. */
const CONTENT_MAX_LENGTH = 500_000;

/** A post's language (decision 030): /blog lists the English posts, /fr/blog the French ones. */
export const POST_LANGUAGES = ["en", "fr"] as const;
export type PostLanguage = (typeof POST_LANGUAGES)[number];
export const POST_LANGUAGE_LABEL: Record<PostLanguage, string> = { en: "English", fr: "French" };

const POST_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const TRANSLATION_OF_ITSELF_MESSAGE = "A post cannot be a translation of itself.";
export const TRANSLATION_MISSING_MESSAGE = "That post no longer exists. Choose another one.";
export const TRANSLATION_SAME_LANGUAGE_MESSAGE =
  "Choose a post in the other language: an English post translates a French one, and a French post an English one.";

export const SLUG_TAKEN_MESSAGE = "This slug is already used by another post. Choose a different one.";
const SCHEDULE_REQUIRED_MESSAGE = "Choose the date and time to publish.";
const SCHEDULE_INVALID_MESSAGE = "Enter a valid date and time.";
const SCHEDULE_PAST_MESSAGE = "Choose a date and time in the future.";

const singleLine = (label: string, max: number) =>
  z
    .string({ error: () => singleValueMessage(label) })
    .trim()
    .max(max, { error: maxLengthMessage(label, max) })
    .refine((value) => !/\p{Cc}/u.test(value), {
      error: `${label} contains characters that are not allowed.`,
    })
    .optional();

/**
 * The blog editor's form (create and edit). Title and slug are required as in the spec; the slug is the
 * post's address, so only lowercase letters, digits and hyphens. `intent` says whether to publish, unpublish
 * or schedule (at `publishAt`, a `datetime-local` value read as UTC) as well as save.
 */
export const blogPostFormSchema = z
  .object({
    title: textField({ label: "Title", min: 1, minMessage: "Title is required.", max: TITLE_MAX_LENGTH }),
    slug: z
      .string({
        error: (issue) => (issue.input === undefined ? "Slug is required." : singleValueMessage("Slug")),
      })
      .trim()
      .min(1, { error: "Slug is required." })
      .max(SLUG_MAX_LENGTH, { error: maxLengthMessage("Slug", SLUG_MAX_LENGTH) })
      .regex(SLUG_PATTERN, {
        error: "Use only lowercase letters, numbers and hyphens, e.g. air-freight-guide.",
      }),
    category: singleLine("Category", CATEGORY_MAX_LENGTH),
    excerpt: optionalTextField({ label: "Excerpt", max: EXCERPT_MAX_LENGTH }),
    featuredImage: singleLine("Featured image", IMAGE_URL_MAX_LENGTH).refine(
      (value) => !value || isAllowedImageUrl(value),
      { error: "Enter an https:// address, a /media/ path from the library, or leave it empty." },
    ),
    content: z
      .string({ error: () => singleValueMessage("Content") })
      .max(CONTENT_MAX_LENGTH, { error: "The content is too long." })
      // Line breaks and tabs are fine in HTML; other control characters (NUL cannot even be stored) are not.
      .refine((value) => !/[^\P{Cc}\n\r\t]/u.test(value), {
        error: "Content contains characters that are not allowed.",
      })
      .optional(),
    language: z.enum(POST_LANGUAGES, { error: "Choose English or French." }).default("en"),
    /** The same post in the other language: a post's id, or empty for none. */
    translationOf: z
      .string({ error: () => singleValueMessage("Translation of") })
      .trim()
      .refine((value) => value === "" || POST_ID_PATTERN.test(value), {
        error: "Choose a post from the list.",
      })
      .optional(),
    intent: z.enum(BLOG_POST_INTENTS).default("save"),
    publishAt: singleLine("Publish date", 40),
  })
  .superRefine((value, ctx) => {
    if (value.intent !== "schedule") return;
    if (!value.publishAt) {
      ctx.addIssue({ code: "custom", path: ["publishAt"], message: SCHEDULE_REQUIRED_MESSAGE });
      return;
    }
    const date = parseUtcDateTimeLocal(value.publishAt);
    if (!date) {
      ctx.addIssue({ code: "custom", path: ["publishAt"], message: SCHEDULE_INVALID_MESSAGE });
    } else if (date.getTime() <= Date.now()) {
      ctx.addIssue({ code: "custom", path: ["publishAt"], message: SCHEDULE_PAST_MESSAGE });
    }
  });
