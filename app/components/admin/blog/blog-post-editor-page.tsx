import type { SubmissionResult } from "@conform-to/react";
import { ArrowLeft } from "lucide-react";
import { Link, useNavigation } from "react-router";
import {
  BlogPostForm,
  type EditorPost,
  type TranslationChoice,
} from "#app/components/admin/blog/blog-post-form.tsx";
import { LoadingLine } from "#app/components/admin/loading-line.tsx";

/** The editor page: 'Create New Blog Post' or 'Edit Blog Post' with the spec's hint, and the shared form. */
export function BlogPostEditorPage({
  post,
  maxBytes,
  minPublishAt,
  translationChoices,
  actionData,
}: {
  post: EditorPost | null;
  translationChoices: TranslationChoice[];
  maxBytes: number;
  minPublishAt: string;
  actionData: { result: SubmissionResult<string[]>; failed: true } | undefined;
}) {
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && !navigation.formData;
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <div>
        <Link
          to="/admin/cms/blog"
          className="inline-flex items-center gap-1.5 rounded text-sm font-medium text-brand-700 hover:underline"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          Blog Posts
        </Link>
        <h1 className="mt-2 text-3xl font-bold text-slate-900">
          {post ? "Edit Blog Post" : "Create New Blog Post"}
        </h1>
        <p className="mt-1 text-slate-600">
          {post ? "Update your blog post content." : "Create a new blog post."}
        </p>
      </div>
      <LoadingLine loading={loading} />
      <BlogPostForm
        // A different post (or a new one after another) starts a fresh form.
        key={post?.id ?? "new"}
        post={post}
        lastResult={actionData?.result}
        failed={Boolean(actionData?.failed)}
        maxBytes={maxBytes}
        minPublishAt={minPublishAt}
        translationChoices={translationChoices}
      />
    </div>
  );
}
