import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider } from "react-router";
import { servicesContext } from "#app/context.ts";
import { type MediaCard, mediaUrl, type UploadOutcome } from "#app/lib/media.ts";
import { ALT_INTENT, DELETE_INTENT, mediaAltSchema, mediaDeleteSchema } from "#app/schemas/media.ts";
import {
  createMedia,
  deleteMedia,
  findPostsUsingMedia,
  listMedia,
  type MediaItem,
  updateMediaAlt,
} from "#app/server/blog/media.server.ts";
import { readFormData } from "#app/server/platform/forms.server.ts";
import { redirectWithToast } from "#app/server/platform/toast.server.ts";
import { requireStaffPage } from "#app/server/staff/staff-page.server.ts";

// /admin/media: the library's pages, the action on an image (alt text, delete), and uploads, for both ways of
// sending them: one image per XMLHttpRequest (with a progress bar, answered as JSON) and a plain multiple-file
// form without JavaScript (answered by the page).

type Ctx = Readonly<RouterContextProvider>;

const MEDIA_PATH = "/admin/media";
const PAGE_SIZE = 24;

/** Field name of the files in an upload form. */
const UPLOAD_FIELD = "files";
/** At most this many files in one request (the page sends one per request; a plain form may send several). */
const MAX_FILES_PER_REQUEST = 20;

export type { MediaCard, UploadOutcome };

export function toMediaCard(item: MediaItem): MediaCard {
  return {
    id: item.id,
    filename: item.filename,
    url: mediaUrl(item.filename),
    originalName: item.originalName,
    size: item.size,
    width: item.width,
    height: item.height,
    alt: item.alt,
  };
}

function sizeLimitMessage(maxMb: number): string {
  return `The file is larger than ${maxMb} MB.`;
}

/**
 * Stores the images a request carries (type checked from content, size limit, variants made) and says, file
 * by file, what happened. `status` is 200 when every file was stored, else 400. (The HTTP shell refuses bodies over
 * MEDIA_MAX_MB + 1 MB before this runs.)
 */
export async function uploadMediaFromRequest({
  request,
  context,
}: {
  request: Request;
  context: Readonly<RouterContextProvider>;
}): Promise<{ status: number; results: UploadOutcome[]; message?: string }> {
  const { db, config, logger } = context.get(servicesContext);
  const maxBytes = config.MEDIA_MAX_MB * 1024 * 1024;
  const formData = await readFormData(request);
  if (!formData)
    return { status: 400, results: [], message: "The upload could not be read. Please try again." };
  const files = formData
    .getAll(UPLOAD_FIELD)
    .filter((value): value is File => typeof value !== "string" && (value.size > 0 || value.name !== ""));
  if (files.length === 0)
    return { status: 400, results: [], message: "Choose one or more images to upload." };
  if (files.length > MAX_FILES_PER_REQUEST) {
    return {
      status: 400,
      results: [],
      message: `Upload at most ${MAX_FILES_PER_REQUEST} images at a time.`,
    };
  }
  const results: UploadOutcome[] = [];
  for (const file of files) {
    const name = file.name.slice(0, 200) || "image";
    if (file.size > maxBytes) {
      results.push({ name, ok: false, message: sizeLimitMessage(config.MEDIA_MAX_MB) });
      continue;
    }
    try {
      const created = await createMedia({
        db,
        bytes: new Uint8Array(await file.arrayBuffer()),
        originalName: file.name,
        maxBytes,
      });
      if (created.ok) {
        logger.info({ mediaId: created.item.id, size: created.item.size }, "Media uploaded");
        results.push({ name, ok: true, item: toMediaCard(created.item) });
      } else {
        results.push({ name, ok: false, message: created.message });
      }
    } catch (error) {
      logger.error({ err: error }, "Storing an upload failed");
      results.push({ name, ok: false, message: "The image could not be saved. Please try again." });
    }
  }
  return { status: results.every((result) => result.ok) ? 200 : 400, results };
}

function parsePage(value: string | null): number {
  return value && /^[1-9]\d{0,5}$/.test(value) ? Number(value) : 1;
}

/** A page of the library; each image with the posts that use it (the warning before deleting it). */
export async function loadMediaPage({ request, context }: { request: Request; context: Ctx }) {
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

/** A plain upload form's files, an image's alt text, or deleting an image. */
export async function mediaPageAction({ request, context }: { request: Request; context: Ctx }) {
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
