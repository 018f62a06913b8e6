import { AdminErrorView } from "~/components/admin/admin-error";
import { adminMeta } from "~/components/admin/admin-meta";
import { BlogPostEditorPage } from "~/components/admin/blog-post-editor-page";
import { loadPostEditor, saveBlogPost } from "~/server/blog-editor.server";
import type { Route } from "./+types/cms.blog.new";

export const meta: Route.MetaFunction = ({ matches }) =>
  adminMeta({ title: "Create New Blog Post", path: "/admin/cms/blog/new" }, matches);

export function loader({ context }: Route.LoaderArgs) {
  return loadPostEditor({ context });
}

export function action({ request, context }: Route.ActionArgs) {
  return saveBlogPost({ request, context });
}

export default function NewBlogPost({ loaderData, actionData }: Route.ComponentProps) {
  return <BlogPostEditorPage {...loaderData} actionData={actionData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorView error={error} />;
}
