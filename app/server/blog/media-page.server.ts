import type { RouterContextProvider } from "react-router";
import { servicesContext } from "#app/context.ts";
import { type MediaCard, mediaUrl, type UploadOutcome } from "#app/lib/media.ts";
import { createMedia, type MediaItem } from "#app/server/blog/media.server.ts";
import { readFormData } from "#app/server/platform/forms.server.ts";

// Uploads to the media library, for both ways of sending them: one image per XMLHttpRequest (with a progress
// bar, answered as JSON) and a plain multiple-file form without JavaScript (answered by the page).

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
