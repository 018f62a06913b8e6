import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { CalendarClock, Eye, EyeOff, ImageIcon, Send, X } from "lucide-react";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { type EditorImage, RichTextEditor } from "#app/components/admin/blog/rich-text-editor.tsx";
import { FormAlert } from "#app/components/admin/form-fields.tsx";
import { MediaPickerDialog } from "#app/components/admin/media/media-picker.tsx";
import { Badge, type BadgeTone } from "#app/components/ui/badge.tsx";
import { Button, buttonClass } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { Field, Input, Select, Textarea } from "#app/components/ui/field.tsx";
import {
  isAllowedImageUrl,
  POST_STATUS_LABEL,
  type PostStatus,
  SLUG_MAX_LENGTH,
  slugify,
} from "#app/lib/blog-post.ts";
import { localizePath } from "#app/lib/i18n/paths.ts";
import { type MediaCard, mediaFilenameFromUrl } from "#app/lib/media.ts";
import { toast } from "#app/lib/toast.tsx";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import {
  type BlogPostIntent,
  blogPostFormSchema,
  CATEGORY_MAX_LENGTH,
  EXCERPT_MAX_LENGTH,
  IMAGE_URL_MAX_LENGTH,
  POST_LANGUAGE_LABEL,
  POST_LANGUAGES,
  type PostLanguage,
  TITLE_MAX_LENGTH,
} from "#app/schemas/blog-post.ts";

/** A post the edited one may be the translation of. */
export type TranslationChoice = { id: string; title: string; language: PostLanguage };

export type EditorPost = {
  id: string;
  title: string;
  slug: string;
  category: string;
  excerpt: string;
  featuredImage: string;
  content: string;
  language: PostLanguage;
  /** The id of the post this one translates, or "". */
  translationOf: string;
  status: PostStatus;
  /** 'Jan 5, 2025 at 3:45 PM UTC', when the post has a publish date. */
  publishedAt: string | null;
  /** The scheduled time as a `datetime-local` value (UTC), for a scheduled post. */
  publishAt: string;
};

const STATUS_TONE: Record<PostStatus, BadgeTone> = { published: "green", scheduled: "blue", draft: "yellow" };
const LIST_PATH = "/admin/cms/blog";

function usePendingIntent(): BlogPostIntent | null {
  const navigation = useNavigation();
  if (navigation.state !== "submitting" || !navigation.formData) return null;
  return (navigation.formData.get("intent") as BlogPostIntent | null) ?? "save";
}

function statusNote(post: EditorPost | null): string {
  if (!post || post.status === "draft") return "Drafts are not visible on the website.";
  if (post.status === "scheduled") return `Goes live on ${post.publishedAt}.`;
  return `Live on the blog since ${post.publishedAt}.`;
}

/** A value echoed back after a refused save: text, or "" when the post sent something else (a repeated field). */
export function typedText(value: unknown): string {
  return typeof value === "string" ? value : "";
}

/** The blog editor's form, for a new post (`post` null) and an existing one. */
export function BlogPostForm({
  post,
  lastResult,
  failed,
  maxBytes,
  minPublishAt,
  translationChoices,
}: {
  post: EditorPost | null;
  lastResult: SubmissionResult<string[]> | undefined;
  failed: boolean;
  maxBytes: number;
  minPublishAt: string;
  translationChoices: TranslationChoice[];
}) {
  const isNew = post === null;
  const hydrated = useHydrated();
  const pending = usePendingIntent();
  const [form, fields] = useForm({
    id: "blog-post-form",
    lastResult,
    defaultValue: post
      ? {
          title: post.title,
          slug: post.slug,
          category: post.category,
          excerpt: post.excerpt,
          featuredImage: post.featuredImage,
          content: post.content,
          language: post.language,
          translationOf: post.translationOf,
          publishAt: post.publishAt,
        }
      : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: blogPostFormSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });

  // The slug follows the title until it is typed by hand (new posts; an existing post keeps its address).
  const [title, setTitle] = useState(typedText(fields.title.initialValue));
  const [slug, setSlug] = useState(typedText(fields.slug.initialValue));
  const [slugEdited, setSlugEdited] = useState(!isNew || Boolean(fields.slug.initialValue));
  const [featuredImage, setFeaturedImage] = useState(typedText(fields.featuredImage.initialValue));
  const [language, setLanguage] = useState<PostLanguage>(fields.language.initialValue === "fr" ? "fr" : "en");
  const [translationOf, setTranslationOf] = useState(typedText(fields.translationOf.initialValue));
  // A translation is a post in the other language; the server checks it again.
  const otherLanguagePosts = translationChoices.filter((choice) => choice.language !== language);
  const blogPath = (slugText: string) => localizePath(`/blog/${slugText}`, language);
  const [picker, setPicker] = useState<"featured" | "content" | null>(null);
  const insertImage = useRef<((image: EditorImage) => void) | null>(null);
  const slugHintId = useId();
  const scheduleHintId = useId();

  // A failed save (server side) gets the spec's failure toast; the messages stay on the fields.
  const failureTitle = isNew ? "Failed to create blog post" : "Failed to update blog post";
  useEffect(() => {
    if (!failed || !lastResult) return;
    const first = Object.values(lastResult.error ?? {}).flat()[0];
    toast.error(failureTitle, { description: first ?? undefined });
  }, [failed, lastResult, failureTitle]);

  const onRequestImage = useCallback((insert: (image: EditorImage) => void) => {
    insertImage.current = insert;
    setPicker("content");
  }, []);

  // An image for the content goes in once the dialog has closed: its focus trap would keep the editor out.
  const pendingImage = useRef<EditorImage | null>(null);
  const onSelect = (item: MediaCard) => {
    if (picker === "featured") setFeaturedImage(item.url);
    else pendingImage.current = { src: item.url, alt: item.alt, width: item.width, height: item.height };
    setPicker(null);
  };
  const onPickerClosed = (event: Event) => {
    const image = pendingImage.current;
    pendingImage.current = null;
    if (!image || !insertImage.current) return;
    event.preventDefault();
    insertImage.current(image);
  };

  const preview =
    featuredImage && isAllowedImageUrl(featuredImage.trim()) && featuredImage.trim().startsWith("/")
      ? featuredImage.trim()
      : null;
  const status = post?.status ?? "draft";
  const saveLabel = isNew ? "Create Post" : "Update Post";
  const busy = pending !== null;

  const inputProps = (meta: typeof fields.title) => ({
    id: meta.id,
    name: meta.name,
    "aria-invalid": meta.errors ? true : undefined,
    "aria-describedby": meta.errors ? meta.errorId : undefined,
  });

  return (
    <Form
      method="post"
      {...getFormProps(form)}
      aria-label={isNew ? "Create New Blog Post" : "Edit Blog Post"}
      className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start"
    >
      <div className="flex min-w-0 flex-col gap-6">
        <Card>
          <CardHeader>
            <CardTitle>Post Details</CardTitle>
          </CardHeader>
          <CardContent className="flex flex-col gap-5">
            <FormAlert errors={form.errors} id={form.errorId} />
            <Field
              label="Title"
              htmlFor={fields.title.id}
              errors={fields.title.errors}
              errorId={fields.title.errorId}
            >
              <Input
                {...inputProps(fields.title)}
                value={title}
                onChange={(event) => {
                  setTitle(event.target.value);
                  if (!slugEdited) setSlug(slugify(event.target.value));
                }}
                maxLength={TITLE_MAX_LENGTH}
                placeholder="Enter post title"
                required
              />
            </Field>
            <Field
              label="Slug"
              htmlFor={fields.slug.id}
              errors={fields.slug.errors}
              errorId={fields.slug.errorId}
            >
              <Input
                {...inputProps(fields.slug)}
                aria-describedby={[slugHintId, fields.slug.errors ? fields.slug.errorId : null]
                  .filter(Boolean)
                  .join(" ")}
                value={slug}
                onChange={(event) => {
                  setSlug(event.target.value);
                  setSlugEdited(event.target.value !== "");
                }}
                maxLength={SLUG_MAX_LENGTH}
                placeholder="enter-post-slug"
                autoComplete="off"
                spellCheck={false}
                required
              />
              <p id={slugHintId} className="mt-1 text-xs text-slate-600">
                The address of the post: {blogPath(slug || "enter-post-slug")}. Lowercase letters, numbers and
                hyphens.
              </p>
            </Field>
            <div className="grid gap-5 sm:grid-cols-2">
              <Field
                label="Category"
                htmlFor={fields.category.id}
                errors={fields.category.errors}
                errorId={fields.category.errorId}
              >
                <Input
                  {...inputProps(fields.category)}
                  defaultValue={fields.category.initialValue ?? ""}
                  maxLength={CATEGORY_MAX_LENGTH}
                  placeholder="e.g. Guides"
                />
              </Field>
              <Field
                label="Language"
                htmlFor={fields.language.id}
                errors={fields.language.errors}
                errorId={fields.language.errorId}
              >
                <Select
                  {...inputProps(fields.language)}
                  value={language}
                  onChange={(event) => {
                    setLanguage(event.target.value === "fr" ? "fr" : "en");
                    setTranslationOf("");
                  }}
                >
                  {POST_LANGUAGES.map((code) => (
                    <option key={code} value={code}>
                      {POST_LANGUAGE_LABEL[code]}
                    </option>
                  ))}
                </Select>
              </Field>
            </div>
            <Field
              label="Translation of"
              htmlFor={fields.translationOf.id}
              errors={fields.translationOf.errors}
              errorId={fields.translationOf.errorId}
            >
              <Select
                {...inputProps(fields.translationOf)}
                value={translationOf}
                onChange={(event) => setTranslationOf(event.target.value)}
              >
                <option value="">None: not a translation</option>
                {otherLanguagePosts.map((choice) => (
                  <option key={choice.id} value={choice.id}>
                    {choice.title} ({POST_LANGUAGE_LABEL[choice.language]})
                  </option>
                ))}
              </Select>
              <p className="mt-1 text-xs text-slate-600">
                The same post in {language === "fr" ? "English" : "French"}: each links to the other.
              </p>
            </Field>
            <Field
              label="Excerpt"
              htmlFor={fields.excerpt.id}
              errors={fields.excerpt.errors}
              errorId={fields.excerpt.errorId}
            >
              <Textarea
                {...inputProps(fields.excerpt)}
                defaultValue={fields.excerpt.initialValue ?? ""}
                maxLength={EXCERPT_MAX_LENGTH}
                rows={3}
                placeholder="A short summary for the blog list and search engines"
              />
            </Field>

            <fieldset className="flex flex-col gap-3">
              <legend className="mb-1.5 text-sm font-medium text-slate-800">Featured Image</legend>
              <Field
                label={<span className="sr-only">Featured image URL</span>}
                htmlFor={fields.featuredImage.id}
                errors={fields.featuredImage.errors}
                errorId={fields.featuredImage.errorId}
              >
                <Input
                  {...inputProps(fields.featuredImage)}
                  value={featuredImage}
                  onChange={(event) => setFeaturedImage(event.target.value)}
                  maxLength={IMAGE_URL_MAX_LENGTH}
                  placeholder="/media/… or https://…"
                  autoComplete="off"
                />
              </Field>
              {hydrated ? (
                <div className="flex flex-wrap gap-2">
                  <Button variant="outline" onClick={() => setPicker("featured")}>
                    <ImageIcon aria-hidden="true" className="size-4" />
                    Choose from Media Library
                  </Button>
                  {featuredImage ? (
                    <Button variant="ghost" onClick={() => setFeaturedImage("")}>
                      <X aria-hidden="true" className="size-4" />
                      Remove image
                    </Button>
                  ) : null}
                </div>
              ) : null}
              {preview ? (
                <figure className="overflow-hidden rounded-md border border-slate-200 bg-slate-50">
                  <img
                    src={mediaFilenameFromUrl(preview) ? `${preview.split("?")[0]}?w=640` : preview}
                    alt=""
                    className="aspect-[1200/630] w-full object-cover"
                  />
                  <figcaption className="px-3 py-1.5 text-xs text-slate-600">Preview</figcaption>
                </figure>
              ) : null}
            </fieldset>

            <RichTextEditor
              name={fields.content.name}
              label="Content"
              defaultValue={fields.content.initialValue ?? ""}
              errors={fields.content.errors}
              errorId={fields.content.errorId}
              onRequestImage={onRequestImage}
            />
          </CardContent>
        </Card>

        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Link to={LIST_PATH} className={buttonClass({ variant: "outline" })}>
            Cancel
          </Link>
          <Button type="submit" name="intent" value="save" disabled={busy}>
            {pending === "save" ? "Saving..." : saveLabel}
          </Button>
        </div>
      </div>

      <Card className="lg:sticky lg:top-20">
        <CardHeader>
          <CardTitle>Publishing</CardTitle>
          <div className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
            <span>Status:</span>
            <Badge tone={STATUS_TONE[status]}>{POST_STATUS_LABEL[status]}</Badge>
          </div>
          <p className="text-sm text-slate-600">{statusNote(post)}</p>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <p className="text-xs text-slate-600">Each button also saves your changes.</p>
          {status !== "published" ? (
            <Button type="submit" name="intent" value="publish" variant="accent" disabled={busy}>
              <Send aria-hidden="true" className="size-4" />
              {pending === "publish" ? "Publishing..." : "Publish now"}
            </Button>
          ) : null}
          {status !== "draft" ? (
            <Button type="submit" name="intent" value="unpublish" variant="outline" disabled={busy}>
              <EyeOff aria-hidden="true" className="size-4" />
              {pending === "unpublish" ? "Unpublishing..." : "Unpublish"}
            </Button>
          ) : null}
          <div className="flex flex-col gap-2 border-t border-slate-200 pt-4">
            <Field
              label="Publish date and time (UTC)"
              htmlFor={fields.publishAt.id}
              errors={fields.publishAt.errors}
              errorId={fields.publishAt.errorId}
            >
              <Input
                {...inputProps(fields.publishAt)}
                aria-describedby={[scheduleHintId, fields.publishAt.errors ? fields.publishAt.errorId : null]
                  .filter(Boolean)
                  .join(" ")}
                type="datetime-local"
                defaultValue={fields.publishAt.initialValue ?? ""}
                min={minPublishAt}
              />
              <p id={scheduleHintId} className="mt-1 text-xs text-slate-600">
                Times are UTC, which is Monrovia time (GMT) all year. The post appears on the blog, in the
                sitemap and in the RSS feed at that time by itself.
              </p>
            </Field>
            <Button type="submit" name="intent" value="schedule" variant="outline" disabled={busy}>
              <CalendarClock aria-hidden="true" className="size-4" />
              {pending === "schedule" ? "Scheduling..." : status === "scheduled" ? "Reschedule" : "Schedule"}
            </Button>
          </div>
          {status === "published" && post ? (
            <a
              href={localizePath(`/blog/${encodeURIComponent(post.slug)}`, post.language)}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonClass({ variant: "link", className: "justify-start px-0" })}
            >
              <Eye aria-hidden="true" className="size-4" />
              View on the blog<span className="sr-only"> (opens in a new tab)</span>
            </a>
          ) : null}
        </CardContent>
      </Card>

      {hydrated ? (
        <MediaPickerDialog
          open={picker !== null}
          onOpenChange={(open) => (open ? null : setPicker(null))}
          title={picker === "featured" ? "Choose a Featured Image" : "Insert an Image"}
          maxBytes={maxBytes}
          onSelect={onSelect}
          onCloseAutoFocus={onPickerClosed}
        />
      ) : null}
    </Form>
  );
}
