/** The URL of a stored image, optionally of the variant closest to `width`. */
export function mediaUrl(filename: string, width?: number): string {
  return width ? `/media/${filename}?w=${width}` : `/media/${filename}`;
}

/** A `srcset` over the variants of a stored image. */
export function mediaSrcSet(filename: string, widths: readonly number[]): string {
  return widths.map((w) => `${mediaUrl(filename, w)} ${w}w`).join(", ");
}

/** The stored file name inside a `/media/…` URL, or null for any other URL. */
export function mediaFilenameFromUrl(url: string | null | undefined): string | null {
  const match = url?.match(/^\/media\/([0-9a-f]{24}\.(?:jpg|png|webp|gif|avif))(?:\?.*)?$/);
  return match ? match[1]! : null;
}

/** A file size as people read it: '820 KB', '1.4 MB'. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** What the file chooser of the media library offers (the server checks the content, not this list). */
export const MEDIA_ACCEPT = "image/jpeg,image/png,image/webp,image/gif,image/avif";

/** A library item as the back office's pages and pickers show it. */
export type MediaCard = {
  id: string;
  filename: string;
  url: string;
  originalName: string;
  size: number;
  width: number;
  height: number;
  alt: string;
};

/** What happened to one uploaded file. */
export type UploadOutcome =
  | { name: string; ok: true; item: MediaCard }
  | { name: string; ok: false; message: string };
