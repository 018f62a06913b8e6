import crypto from "node:crypto";
import { count, desc, eq, ilike, inArray, or } from "drizzle-orm";
import type { Db } from "#app/server/db/client.server.ts";
import { blogPosts, media, mediaVariants } from "#app/server/db/schema.ts";
import { likePattern } from "#app/server/db/text-search.server.ts";

/** Widths of the resized WebP variants made at upload, for responsive `srcset`. */
const VARIANT_WIDTHS = [320, 640, 1024, 1600] as const;
/** Images larger than this many pixels are refused (decompression bombs). */
export const MAX_PIXELS = 50_000_000;

type Kind = { mime: string; ext: string; sharpFormat: string };
const KINDS: Kind[] = [
  { mime: "image/jpeg", ext: "jpg", sharpFormat: "jpeg" },
  { mime: "image/png", ext: "png", sharpFormat: "png" },
  { mime: "image/webp", ext: "webp", sharpFormat: "webp" },
  { mime: "image/gif", ext: "gif", sharpFormat: "gif" },
  { mime: "image/avif", ext: "avif", sharpFormat: "heif" },
];

const ascii = (bytes: Uint8Array, start: number, end: number) =>
  String.fromCharCode(...bytes.subarray(start, end));

/** The image type from the file's first bytes, never from its name. */
export function sniffImageType(bytes: Uint8Array): Kind | null {
  if (bytes.length < 12) return null;
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return KINDS[0]!;
  if ([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => bytes[i] === b)) return KINDS[1]!;
  if (ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WEBP") return KINDS[2]!;
  if (ascii(bytes, 0, 6) === "GIF87a" || ascii(bytes, 0, 6) === "GIF89a") return KINDS[3]!;
  if (ascii(bytes, 4, 8) === "ftyp") {
    const boxSize = Math.min(new DataView(bytes.buffer, bytes.byteOffset).getUint32(0), bytes.length, 64);
    const brands = ascii(bytes, 8, boxSize);
    if (/avi[fs]/.test(brands)) return KINDS[4]!;
  }
  return null;
}

export type UploadError = { ok: false; message: string };

/**
 * The media rules every image upload passes before it is decoded: not empty, at most `maxBytes`, and an
 * accepted image type by its first bytes (never by its name). Decoding then refuses more than MAX_PIXELS.
 */
export function checkImageUpload({
  bytes,
  maxBytes,
}: {
  bytes: Uint8Array;
  maxBytes: number;
}): { ok: true; kind: Kind } | UploadError {
  if (bytes.length === 0) return { ok: false, message: "The file is empty." };
  if (bytes.length > maxBytes) {
    const limit =
      maxBytes >= 1024 * 1024
        ? `${Math.round(maxBytes / 1024 / 1024)} MB`
        : `${Math.round(maxBytes / 1024)} KB`;
    return { ok: false, message: `The file is larger than ${limit}.` };
  }
  const kind = sniffImageType(bytes);
  if (!kind) {
    return { ok: false, message: "Only JPEG, PNG, WebP, GIF and AVIF images can be uploaded." };
  }
  return { ok: true, kind };
}
type ProcessedImage = {
  ok: true;
  mimeType: string;
  ext: string;
  width: number;
  height: number;
  variants: { width: number; height: number; data: Buffer }[];
};

/**
 * Checks an upload (type from content, size, dimensions, that it decodes) and makes its variants.
 * Never throws for bad input: the answer says what is wrong.
 */
export async function processImage({
  bytes,
  maxBytes,
}: {
  bytes: Uint8Array;
  maxBytes: number;
}): Promise<ProcessedImage | UploadError> {
  const checked = checkImageUpload({ bytes, maxBytes });
  if (!checked.ok) return checked;
  const { kind } = checked;
  try {
    // Loaded on the first upload, not at start (the site serves stored variants without it).
    const { default: sharp } = await import("sharp");
    const image = sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: "error" });
    const meta = await image.metadata();
    if (meta.format !== kind.sharpFormat || (kind.ext === "avif" && meta.compression !== "av1")) {
      return { ok: false, message: "The file's content does not match an accepted image type." };
    }
    const width = meta.autoOrient?.width ?? meta.width;
    const height = meta.autoOrient?.height ?? meta.height;
    if (!width || !height) return { ok: false, message: "The image has no dimensions." };
    const targets = VARIANT_WIDTHS.filter((w) => w < width);
    const variantWidths = targets.length > 0 ? [...targets, width] : [width];
    const variants = await Promise.all(
      [...new Set(variantWidths.map((w) => Math.min(w, 1600)))].map(async (w) => {
        const { data, info } = await sharp(bytes, { limitInputPixels: MAX_PIXELS, animated: false })
          .autoOrient()
          .resize({ width: w, withoutEnlargement: true })
          .webp({ quality: 80 })
          .toBuffer({ resolveWithObject: true });
        return { width: info.width, height: info.height, data };
      }),
    );
    return { ok: true, mimeType: kind.mime, ext: kind.ext, width, height, variants };
  } catch {
    return { ok: false, message: "The image could not be read. It may be damaged or too large." };
  }
}

const publicColumns = {
  id: media.id,
  filename: media.filename,
  originalName: media.originalName,
  mimeType: media.mimeType,
  size: media.size,
  width: media.width,
  height: media.height,
  alt: media.alt,
  createdAt: media.createdAt,
  updatedAt: media.updatedAt,
};

export type MediaItem = Awaited<ReturnType<typeof listMedia>>["items"][number];

/** Keeps the original's name readable but harmless: no path, no control characters, bounded length. */
function cleanOriginalName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  const cleaned = base
    .replace(/[\u0000-\u001f\u007f]/g, "")
    .trim()
    .slice(0, 200);
  return cleaned || "image";
}

export async function createMedia({
  db,
  bytes,
  originalName,
  alt = "",
  maxBytes,
}: {
  db: Db;
  bytes: Uint8Array;
  originalName: string;
  alt?: string;
  maxBytes: number;
}) {
  const processed = await processImage({ bytes, maxBytes });
  if (!processed.ok) return processed;
  const filename = `${crypto.randomBytes(12).toString("hex")}.${processed.ext}`;
  const item = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(media)
      .values({
        filename,
        originalName: cleanOriginalName(originalName),
        mimeType: processed.mimeType,
        size: bytes.length,
        width: processed.width,
        height: processed.height,
        alt: alt.slice(0, 300),
        data: Buffer.from(bytes),
      })
      .returning(publicColumns);
    await tx.insert(mediaVariants).values(
      processed.variants.map((v) => ({
        mediaId: row!.id,
        width: v.width,
        height: v.height,
        mimeType: "image/webp",
        size: v.data.length,
        data: v.data,
      })),
    );
    return row!;
  });
  return { ok: true as const, item };
}

export async function listMedia({
  db,
  page = 1,
  pageSize = 24,
  search,
}: {
  db: Db;
  page?: number;
  pageSize?: number;
  search?: string;
}) {
  const where = search?.trim()
    ? or(ilike(media.originalName, likePattern(search.trim())), ilike(media.alt, likePattern(search.trim())))
    : undefined;
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(media).where(where);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const current = Math.min(Math.max(Math.trunc(page) || 1, 1), pageCount);
  const items = await db
    .select(publicColumns)
    .from(media)
    .where(where)
    .orderBy(desc(media.createdAt), desc(media.id))
    .limit(pageSize)
    .offset((current - 1) * pageSize);
  return { items, total, page: current, pageCount };
}

export async function getMediaByFilename({ db, filename }: { db: Db; filename: string }) {
  const [row] = await db.select(publicColumns).from(media).where(eq(media.filename, filename));
  if (!row) return null;
  const variants = await db
    .select({ width: mediaVariants.width, height: mediaVariants.height })
    .from(mediaVariants)
    .where(eq(mediaVariants.mediaId, row.id))
    .orderBy(mediaVariants.width);
  return { ...row, variants };
}

/**
 * The bytes to serve for `/media/:filename`: the original, or the smallest variant at least `width`
 * wide (the largest one when none is).
 */
export async function getMediaFile({ db, filename, width }: { db: Db; filename: string; width?: number }) {
  if (!/^[0-9a-f]{24}\.(jpg|png|webp|gif|avif)$/.test(filename)) return null;
  if (width === undefined) {
    const [row] = await db
      .select({ data: media.data, mimeType: media.mimeType, updatedAt: media.updatedAt })
      .from(media)
      .where(eq(media.filename, filename));
    return row ? { ...row, etag: `"${filename}-o"` } : null;
  }
  const rows = await db
    .select({
      data: mediaVariants.data,
      mimeType: mediaVariants.mimeType,
      width: mediaVariants.width,
      updatedAt: media.updatedAt,
    })
    .from(mediaVariants)
    .innerJoin(media, eq(media.id, mediaVariants.mediaId))
    .where(eq(media.filename, filename))
    .orderBy(mediaVariants.width);
  if (rows.length === 0) return null;
  const chosen = rows.find((r) => r.width >= width) ?? rows.at(-1)!;
  return {
    data: chosen.data,
    mimeType: chosen.mimeType,
    updatedAt: chosen.updatedAt,
    etag: `"${filename}-${chosen.width}"`,
  };
}

export async function updateMediaAlt({ db, id, alt }: { db: Db; id: string; alt: string }) {
  const [row] = await db
    .update(media)
    .set({ alt, updatedAt: new Date() })
    .where(eq(media.id, id))
    .returning(publicColumns);
  return row ?? null;
}

/** Posts whose featured image or content refers to the file. */
export async function findPostsUsingMedia({ db, filename }: { db: Db; filename: string }) {
  const pattern = `%/media/${filename}%`;
  return db
    .select({ id: blogPosts.id, title: blogPosts.title, slug: blogPosts.slug })
    .from(blogPosts)
    .where(or(ilike(blogPosts.featuredImage, pattern), ilike(blogPosts.content, pattern)));
}

export async function deleteMedia({ db, id }: { db: Db; id: string }) {
  const deleted = await db.delete(media).where(eq(media.id, id)).returning({ id: media.id });
  return deleted.length > 0;
}

/**
 * Size and variant widths of the library images with these stored names, for responsive `<img>`s on the public
 * pages (`srcset`, width and height). Unknown names are left out.
 */
export async function findResponsiveImages({
  db,
  filenames,
}: {
  db: Db;
  filenames: readonly string[];
}): Promise<Map<string, { width: number; height: number; variants: number[] }>> {
  const names = [...new Set(filenames)].filter((name) =>
    /^[0-9a-f]{24}\.(jpg|png|webp|gif|avif)$/.test(name),
  );
  const images = new Map<string, { width: number; height: number; variants: number[] }>();
  if (names.length === 0) return images;
  const rows = await db
    .select({
      filename: media.filename,
      width: media.width,
      height: media.height,
      variant: mediaVariants.width,
    })
    .from(media)
    .innerJoin(mediaVariants, eq(mediaVariants.mediaId, media.id))
    .where(inArray(media.filename, names.slice(0, 200)))
    .orderBy(media.filename, mediaVariants.width);
  for (const row of rows) {
    const image = images.get(row.filename) ?? { width: row.width, height: row.height, variants: [] };
    image.variants.push(row.variant);
    images.set(row.filename, image);
  }
  return images;
}
