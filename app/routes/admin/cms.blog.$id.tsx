import { BlogPostEditorPage } from "#app/components/admin/blog/blog-post-editor-page.tsx";
import { AdminErrorView } from "#app/components/admin/shell/admin-error.tsx";
import { adminMeta } from "#app/components/admin/shell/admin-meta.ts";
import { loadPostEditor, saveBlogPost } from "#app/server/blog/blog-editor-page.server.ts";
import type { Route } from "./+types/cms.blog.$id";

export const meta: Route.MetaFunction = ({ matches, params }) =>
  adminMeta({ title: "Edit Blog Post", path: `/admin/cms/blog/${encodeURIComponent(params.id)}` }, matches);

export function loader({ params, context }: Route.LoaderArgs) {
  return loadPostEditor({ context, id: params.id });
}

export function action({ request, params, context }: Route.ActionArgs) {
  return saveBlogPost({ request, context, id: params.id });
}

export default function EditBlogPost({ loaderData, actionData }: Route.ComponentProps) {
  return <BlogPostEditorPage {...loaderData} actionData={actionData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorView error={error} />;
}
