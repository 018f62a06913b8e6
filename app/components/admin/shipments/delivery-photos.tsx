import { RotateCw, Trash2 } from "lucide-react";
import { useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import type { DeliveryPagePhoto } from "#app/server/shipments/shipment-views.ts";

/** A photo on its way: uploading (with its progress), or failed (with the reason and a retry). */
type Upload = { key: string; name: string; file: Blob; progress: number; failed: string | null };

type Answer = { ok: true } | { ok: false; message: string };

/** Longest side a photo is scaled to in the browser before upload (the server re-encodes it again). */
const MAX_SIDE = 1600;

/**
 * The photo scaled down in the browser (a phone's 12-megapixel JPEG becomes ~300 KB), turned upright. Kept
 * as taken when its location is to be kept (a canvas drops the EXIF) or when the browser cannot decode it.
 */
async function scaleDown(file: File, keepLocation: boolean): Promise<Blob> {
  if (keepLocation || typeof createImageBitmap !== "function") return file;
  try {
    const bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
    const scale = Math.min(1, MAX_SIDE / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement("canvas");
    canvas.width = Math.round(bitmap.width * scale);
    canvas.height = Math.round(bitmap.height * scale);
    canvas.getContext("2d")?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/jpeg", 0.85));
    return blob && blob.size < file.size ? blob : file;
  } catch {
    return file;
  }
}

/** One POST of the photo to the draft, with upload progress (XMLHttpRequest: fetch reports none). */
function send(
  path: string,
  fields: Record<string, string>,
  photo: Blob,
  onProgress: (fraction: number) => void,
): Promise<Answer> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", path);
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.addEventListener("progress", (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    });
    xhr.addEventListener("load", () => {
      if (new URL(xhr.responseURL || path, window.location.href).pathname === "/admin-login") {
        resolve({ ok: false, message: "Your session has ended. Please log in again." });
        return;
      }
      if (xhr.status === 413) {
        resolve({ ok: false, message: "The photo is too large to upload." });
        return;
      }
      try {
        resolve(JSON.parse(xhr.responseText) as Answer);
      } catch {
        resolve({ ok: false, message: "The photo could not be uploaded." });
      }
    });
    const interrupted = () =>
      resolve({ ok: false, message: "The upload was interrupted. Check the connection and retry." });
    xhr.addEventListener("error", interrupted);
    xhr.addEventListener("timeout", interrupted);
    const body = new FormData();
    for (const [name, value] of Object.entries(fields)) body.append(name, value);
    body.append("photo", photo, "photo.jpg");
    xhr.send(body);
  });
}

/**
 * The photos of the delivery with the page's script: each photo taken (or chosen) is scaled down and uploaded
 * at once to the draft, with its progress; a failed one keeps its file and offers 'Retry'. Uploaded photos wait
 * on the server (a reload of the page lists them again) and come from the loader; a photo is removed by the
 * page's plain 'Remove' form.
 */
export function useDeliveryPhotoUploads({
  uploadPath,
  draftId,
  keepLocation,
}: {
  uploadPath: string;
  draftId: string;
  keepLocation: () => boolean;
}) {
  const [uploads, setUploads] = useState<Upload[]>([]);
  const revalidator = useRevalidator();
  const counter = useRef(0);

  const patch = (key: string, change: Partial<Upload>) =>
    setUploads((list) => list.map((upload) => (upload.key === key ? { ...upload, ...change } : upload)));

  const run = async (upload: Upload) => {
    patch(upload.key, { failed: null, progress: 0 });
    const keep = keepLocation();
    const answer = await send(
      uploadPath,
      { draftId, ...(keep ? { keepLocation: "on" } : {}) },
      upload.file,
      (fraction) => patch(upload.key, { progress: fraction }),
    );
    if (!answer.ok) {
      patch(upload.key, { failed: answer.message });
      return;
    }
    await revalidator.revalidate();
    setUploads((list) => list.filter((item) => item.key !== upload.key));
  };

  const add = async (files: File[] | null) => {
    for (const file of files ?? []) {
      const key = `u${counter.current++}`;
      const scaled = await scaleDown(file, keepLocation());
      const upload = { key, name: file.name || "Photo", file: scaled, progress: 0, failed: null };
      setUploads((list) => [...list, upload]);
      void run(upload);
    }
  };

  return { uploads, add, retry: (upload: Upload) => void run(upload), busy: uploads.some((u) => !u.failed) };
}

export function PhotoUploadList({
  uploads,
  onRetry,
}: {
  uploads: Upload[];
  onRetry: (upload: Upload) => void;
}) {
  if (uploads.length === 0) return null;
  return (
    <ul className="flex flex-col gap-2" aria-label="Photos uploading">
      {uploads.map((upload) => (
        <li key={upload.key} className="rounded-md border border-slate-200 p-3 text-sm">
          <p className="break-all font-medium text-slate-800">{upload.name}</p>
          {upload.failed ? (
            <div className="mt-2 flex flex-wrap items-center gap-2">
              <p role="alert" className="text-red-700">
                {upload.failed}
              </p>
              <Button type="button" variant="outline" size="sm" onClick={() => onRetry(upload)}>
                <RotateCw aria-hidden="true" className="size-4" />
                Retry
              </Button>
            </div>
          ) : (
            <label className="mt-2 flex items-center gap-2 text-slate-700">
              Uploading
              <progress className="h-2 flex-1" max={100} value={Math.round(upload.progress * 100)}>
                {Math.round(upload.progress * 100)}%
              </progress>
            </label>
          )}
        </li>
      ))}
    </ul>
  );
}

/** The draft's uploaded photos, each with a 'Remove' button of its own small form (`form=` attribute). */
export function UploadedPhotos({ photos }: { photos: DeliveryPagePhoto[] }) {
  if (photos.length === 0) return null;
  return (
    <ul className="grid grid-cols-3 gap-2" aria-label="Photos attached">
      {photos.map((photo, index) => (
        <li key={photo.id} className="flex flex-col gap-1">
          <img
            src={photo.url}
            alt={`Goods as delivered, ${index + 1} of ${photos.length}`}
            className="aspect-square w-full rounded-md border border-slate-200 object-cover"
          />
          <Button type="submit" form={`remove-photo-${photo.id}`} variant="outline" size="sm">
            <Trash2 aria-hidden="true" className="size-4" />
            Remove<span className="sr-only"> photo {index + 1}</span>
          </Button>
        </li>
      ))}
    </ul>
  );
}
