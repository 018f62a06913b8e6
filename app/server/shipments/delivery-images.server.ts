import { checkImageUpload, MAX_PIXELS, type UploadError } from "#app/server/blog/media.server.ts";

// The images of a proof of delivery (decision 015, 'Proof of delivery'): the receiver's drawn signature and up
// to 3 photos. Each passes the media rules (type from content, MEDIA_MAX_MB, at most MAX_PIXELS decoded: a
// decompression bomb is refused before it is decoded) and is re-encoded with sharp, so nothing the phone sent
// is stored as sent. Re-encoding drops the metadata, EXIF location included, unless staff keep the location.

/** A photo's longest side once stored: enough to read a label or see damage, small on a slow connection. */
export const PHOTO_MAX_SIDE = 1600;
/** A signature's box once stored (it prints ~500 × 75 pt on the delivery note). */
const SIGNATURE_MAX = { width: 1200, height: 400 };

export type DeliveryImage = { ok: true; data: Buffer; mimeType: string; width: number; height: number };

/**
 * Checks and re-encodes one upload: a photo becomes a JPEG at most PHOTO_MAX_SIDE on its longest side, turned
 * upright; a signature a PNG (transparency kept). Never throws for bad input: the answer says what is wrong.
 */
export async function processDeliveryImage({
  bytes,
  maxBytes,
  kind,
  keepLocation = false,
}: {
  bytes: Uint8Array;
  maxBytes: number;
  kind: "photo" | "signature";
  /** Keep the photo's EXIF (its GPS location among it); otherwise every piece of metadata is dropped. */
  keepLocation?: boolean;
}): Promise<DeliveryImage | UploadError> {
  const checked = checkImageUpload({ bytes, maxBytes });
  if (!checked.ok) return checked;
  try {
    // Loaded at the first upload, not with the app.
    const { default: sharp } = await import("sharp");
    const options = { limitInputPixels: MAX_PIXELS, failOn: "error" as const, animated: false };
    const meta = await sharp(bytes, options).metadata();
    if (meta.format !== checked.kind.sharpFormat) {
      return { ok: false, message: "The file's content does not match an accepted image type." };
    }
    if (!meta.width || !meta.height) return { ok: false, message: "The image has no dimensions." };
    let image = sharp(bytes, options).autoOrient();
    if (kind === "signature") {
      image = image.resize({ ...SIGNATURE_MAX, fit: "inside", withoutEnlargement: true }).png();
    } else {
      image = image
        .resize({ width: PHOTO_MAX_SIDE, height: PHOTO_MAX_SIDE, fit: "inside", withoutEnlargement: true })
        .flatten({ background: "#ffffff" })
        .jpeg({ quality: 82, mozjpeg: true });
      if (keepLocation) image = image.keepExif();
    }
    const { data, info } = await image.toBuffer({ resolveWithObject: true });
    return {
      ok: true,
      data,
      mimeType: kind === "signature" ? "image/png" : "image/jpeg",
      width: info.width,
      height: info.height,
    };
  } catch {
    return { ok: false, message: "The image could not be read. It may be damaged or too large." };
  }
}
