import { BlogPostsPage } from "#app/components/admin/blog/blog-posts-page.tsx";
import { AdminErrorView } from "#app/components/admin/shell/admin-error.tsx";
import { adminMeta } from "#app/components/admin/shell/admin-meta.ts";
import { blogPostsPageAction, loadBlogPostsPage } from "#app/server/blog/blog-posts-page.server.ts";
import type { Route } from "./+types/blog";

export const meta: Route.MetaFunction = ({ matches, location }) =>
  adminMeta({ title: "Blog Posts", path: location.pathname }, matches);

export function loader({ request, context }: Route.LoaderArgs) {
  return loadBlogPostsPage({ request, context });
}

export function action({ request, context }: Route.ActionArgs) {
  return blogPostsPageAction({ request, context });
}

export default function BlogPosts({ loaderData }: Route.ComponentProps) {
  return <BlogPostsPage data={loaderData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorView error={error} />;
}
