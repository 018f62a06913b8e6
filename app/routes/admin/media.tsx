import { parseWithZod } from "@conform-to/zod/v4";
import { ImageOff } from "lucide-react";
import { useCallback } from "react";
import { data, Form, useRevalidator } from "react-router";
import { ALT_INTENT, DELETE_INTENT, MediaItemCard } from "#app/components/admin/media/media-item-card.tsx";
import {
  UPLOAD_REQUEST_HEADER,
  UPLOAD_REQUEST_VALUE,
  UploadMediaButton,
  UploadProgressList,
  useMediaUploads,
} from "#app/components/admin/media/media-upload.tsx";
import { AdminErrorView } from "#app/components/admin/shell/admin-error.tsx";
import { adminMeta } from "#app/components/admin/shell/admin-meta.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { Pagination } from "#app/components/ui/pagination.tsx";
import { servicesContext } from "#app/context.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import { mediaAltSchema, mediaDeleteSchema } from "#app/schemas/media.ts";
import {
  deleteMedia,
  findPostsUsingMedia,
  listMedia,
  updateMediaAlt,
} from "#app/server/blog/media.server.ts";
import { toMediaCard, uploadMediaFromRequest } from "#app/server/blog/media-page.server.ts";
import { readFormData } from "#app/server/platform/forms.server.ts";
import { redirectWithToast } from "#app/server/platform/toast.server.ts";
import { NO_STORE, requireAdmin } from "#app/server/staff/staff-guards.server.ts";
import { requireStaffPage } from "#app/server/staff/staff-page.server.ts";
import type { Route } from "./+types/media";

const MEDIA_PATH = "/admin/media";
const PAGE_SIZE = 24;

export const meta: Route.MetaFunction = ({ matches }) =>
  adminMeta({ title: "Media Library", path: MEDIA_PATH }, matches);

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

function parsePage(value: string | null): number {
  return value && /^[1-9]\d{0,5}$/.test(value) ? Number(value) : 1;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, config } = context.get(servicesContext);
  const url = new URL(request.url);
  // The blog editor's picker loads the same list, without the delete warnings.
  const picker = url.searchParams.get("picker") === "1";
  const list = await listMedia({ db, page: parsePage(url.searchParams.get("page")), pageSize: PAGE_SIZE });
  const items = await Promise.all(
    list.items.map(async (item) => ({
      ...toMediaCard(item),
      usedBy: picker
        ? []
        : (await findPostsUsingMedia({ db, filename: item.filename })).map(({ id, title }) => ({
            id,
            title,
          })),
    })),
  );
  return {
    items,
    page: list.page,
    pageCount: list.pageCount,
    total: list.total,
    maxBytes: config.MEDIA_MAX_MB * 1024 * 1024,
    maxMb: config.MEDIA_MAX_MB,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { services } = await requireStaffPage({ request, context });
  const { db, logger } = services;
  const url = new URL(request.url);
  const back = `${MEDIA_PATH}${url.search.replace(/[?&]index(=[^&]*)?/, "")}`;

  // A plain multiple-file form: every file is stored or refused, and the page lists what happened.
  if ((request.headers.get("content-type") ?? "").startsWith("multipart/form-data")) {
    const upload = await uploadMediaFromRequest({ request, context });
    return data(
      { intent: "upload" as const, results: upload.results, message: upload.message },
      { status: upload.status },
    );
  }

  const formData = await readFormData(request);
  const intent = formData?.get("intent");

  if (formData && intent === ALT_INTENT) {
    const submission = parseWithZod(formData, { schema: mediaAltSchema, disableAutoCoercion: true });
    const id = String(formData.get("id") ?? "");
    if (submission.status !== "success") {
      const message = Object.values(submission.error ?? {}).flat()[0] ?? "The alt text could not be saved.";
      return data({ intent: ALT_INTENT, id, ok: false, message }, { status: 400 });
    }
    const updated = await updateMediaAlt({ db, id: submission.value.id, alt: submission.value.alt });
    if (!updated) {
      return data(
        { intent: ALT_INTENT, id, ok: false, message: "This image no longer exists." },
        { status: 404 },
      );
    }
    return data({ intent: ALT_INTENT, id, ok: true });
  }

  if (formData && intent === DELETE_INTENT) {
    const submission = parseWithZod(formData, { schema: mediaDeleteSchema });
    try {
      if (submission.status === "success" && (await deleteMedia({ db, id: submission.value.id }))) {
        return redirectWithToast(back, { type: "success", title: "Media deleted successfully" });
      }
    } catch (error) {
      logger.error({ err: error }, "Deleting media failed");
    }
    return redirectWithToast(back, {
      type: "error",
      title: "Failed to delete media",
      description: "The image may already have been deleted.",
    });
  }

  return data({ intent: null, message: "Unknown action." }, { status: 400 });
}

export default function MediaLibrary({ loaderData, actionData }: Route.ComponentProps) {
  const { items, page, pageCount, total, maxBytes, maxMb } = loaderData;
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  const onUploaded = useCallback(() => void revalidator.revalidate(), [revalidator]);
  const { uploads, busy, upload } = useMediaUploads({ maxBytes, onUploaded });
  const uploadReply = actionData && "results" in actionData ? actionData : undefined;

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold text-slate-900">Media Library</h1>
          <p className="mt-1 text-slate-600">
            Images for blog posts: JPEG, PNG, WebP, GIF or AVIF, up to {maxMb} MB each. Several files can be
            uploaded at once.
          </p>
        </div>
        <Form
          method="post"
          encType="multipart/form-data"
          reloadDocument
          aria-label="Upload images"
          className="flex flex-wrap items-center gap-2"
        >
          <input type="hidden" name="intent" value="upload" />
          <UploadMediaButton onFiles={hydrated ? (files) => void upload(files) : undefined} disabled={busy} />
          {hydrated ? null : (
            <Button type="submit" variant="outline">
              Send files
            </Button>
          )}
        </Form>
      </div>

      <UploadProgressList uploads={uploads} />

      {uploadReply ? (
        <div role="status" className="rounded-md border border-slate-200 bg-white p-4 text-sm">
          {uploadReply.message ? <p className="text-red-700">{uploadReply.message}</p> : null}
          <ul className="flex flex-col gap-1">
            {uploadReply.results.map((result, index) => (
              <li key={index} className={result.ok ? "text-green-800" : "text-red-700"}>
                {result.name}: {result.ok ? "Media uploaded successfully" : result.message}
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      <Card>
        <CardHeader>
          <CardTitle>All Media</CardTitle>
          <p className="text-sm text-slate-600">
            {total === 1 ? "1 image" : `${total} images`}. Alt text describes an image for people who cannot
            see it; posts use it when the image is inserted.
          </p>
        </CardHeader>
        <CardContent>
          {items.length === 0 ? (
            <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-slate-300 px-6 py-14 text-center">
              <ImageOff aria-hidden="true" className="size-10 text-slate-500" />
              <p className="font-medium text-slate-900">No media yet</p>
              <p className="text-sm text-slate-600">Upload images to use them in blog posts.</p>
            </div>
          ) : (
            <ul aria-label="Images" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
              {items.map((item) => (
                <MediaItemCard key={item.id} item={item} />
              ))}
            </ul>
          )}
          <Pagination page={page} pageCount={pageCount} />
        </CardContent>
      </Card>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorView error={error} />;
}
