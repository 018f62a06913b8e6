import { BlogPostEditorPage } from "#app/components/admin/blog/blog-post-editor-page.tsx";
import { AdminErrorView } from "#app/components/admin/shell/admin-error.tsx";
import { adminMeta } from "#app/components/admin/shell/admin-meta.ts";
import { loadPostEditor, saveBlogPost } from "#app/server/blog/blog-editor-page.server.ts";
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
