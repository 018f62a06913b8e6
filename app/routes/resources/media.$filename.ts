import { servicesContext } from "#app/context.ts";
import { getMediaFile } from "#app/server/blog/media.server.ts";
import type { Route } from "./+types/media.$filename";

/**
 * Headers of every stored file: the name is random and the bytes never change, so caches keep it for a year;
 * the browser must not guess another type, and nothing in the file may run or load anything.
 * (server/security.ts leaves its page policy off /media/ so this stricter one is the only one.)
 */
export const MEDIA_HEADERS = {
  "X-Content-Type-Options": "nosniff",
  "Cache-Control": "public, max-age=31536000, immutable",
  "Content-Disposition": "inline",
  "Content-Security-Policy": "default-src 'none'; sandbox",
} as const;

/** `?w=640` asks for the variant closest to 640 pixels wide; anything that is not a width means the original. */
function requestedWidth(url: URL): number | undefined {
  const value = url.searchParams.get("w");
  return value && /^[1-9]\d{0,4}$/.test(value) ? Number(value) : undefined;
}

/** Whether an If-None-Match header names this ETag (a list, weak forms and `*` included). */
function matchesEtag(header: string | null, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  return header.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}

/** `/media/:filename`: an image from the media library, the original or a resized WebP variant. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext);
  const url = new URL(request.url);
  const file = await getMediaFile({ db, filename: params.filename ?? "", width: requestedWidth(url) });
  if (!file) {
    return new Response("Not found", {
      status: 404,
      headers: {
        "Content-Type": "text/plain; charset=utf-8",
        "Cache-Control": "no-store",
        "X-Content-Type-Options": MEDIA_HEADERS["X-Content-Type-Options"],
        "Content-Security-Policy": MEDIA_HEADERS["Content-Security-Policy"],
      },
    });
  }
  const headers = new Headers({ ...MEDIA_HEADERS, ETag: file.etag });
  if (matchesEtag(request.headers.get("if-none-match"), file.etag)) {
    return new Response(null, { status: 304, headers });
  }
  headers.set("Content-Type", file.mimeType);
  headers.set("Content-Length", String(file.data.length));
  const body = new Uint8Array(file.data.buffer, file.data.byteOffset, file.data.byteLength);
  return new Response(body as Uint8Array<ArrayBuffer>, { status: 200, headers });
}
