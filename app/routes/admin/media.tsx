import { MediaLibraryPage } from "#app/components/admin/media/media-library-page.tsx";
import { UPLOAD_REQUEST_HEADER, UPLOAD_REQUEST_VALUE } from "#app/components/admin/media/media-upload.tsx";
import { AdminErrorView } from "#app/components/admin/shell/admin-error.tsx";
import { adminMeta } from "#app/components/admin/shell/admin-meta.ts";
import {
  loadMediaPage,
  mediaPageAction,
  uploadMediaFromRequest,
} from "#app/server/blog/media-page.server.ts";
import { NO_STORE, requireAdmin } from "#app/server/staff/staff-guards.server.ts";
import type { Route } from "./+types/media";

export const meta: Route.MetaFunction = ({ matches }) =>
  adminMeta({ title: "Media Library", path: "/admin/media" }, matches);

/**
 * The page's uploads (one image per XMLHttpRequest, for a progress bar each) are POSTs of multipart form data
 * to this route like any form, marked with `X-Requested-With`; they are answered here with JSON, as a page
 * cannot be. A plain form post (no JavaScript) goes on to the action below and gets the page.
 */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context }, next) => {
    if (request.method !== "POST" || request.headers.get(UPLOAD_REQUEST_HEADER) !== UPLOAD_REQUEST_VALUE) {
      return next();
    }
    await requireAdmin({ request, context });
    const { status, results, message } = await uploadMediaFromRequest({ request, context });
    return Response.json({ results, message }, { status, headers: NO_STORE });
  },
];

export function loader({ request, context }: Route.LoaderArgs) {
  return loadMediaPage({ request, context });
}

export function action({ request, context }: Route.ActionArgs) {
  return mediaPageAction({ request, context });
}

export default function MediaLibrary({ loaderData, actionData }: Route.ComponentProps) {
  return <MediaLibraryPage data={loaderData} actionData={actionData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorView error={error} />;
}
