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
