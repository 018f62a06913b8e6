import { CircleAlert, CircleCheck, Upload } from "lucide-react";
import { type ChangeEvent, useCallback, useId, useRef, useState } from "react";
import { buttonClass } from "#app/components/ui/button.tsx";
import { cn } from "#app/lib/cn.ts";
import { MEDIA_ACCEPT, type MediaCard, type UploadOutcome } from "#app/lib/media.ts";
import { toast } from "#app/lib/toast.tsx";

/** The page's upload requests say who they are, so the server answers them with JSON (see admin/media.tsx). */
export const UPLOAD_REQUEST_HEADER = "X-Requested-With";
export const UPLOAD_REQUEST_VALUE = "XMLHttpRequest";
const UPLOAD_PATH = "/admin/media";

type UploadState = {
  key: string;
  name: string;
  /** 0 to 100. */
  progress: number;
  status: "waiting" | "uploading" | "processing" | "done" | "failed";
  message?: string;
};

type Answer = { ok: true; item: MediaCard } | { ok: false; message: string };

/** One file, one POST of multipart form data to the media library's action, with upload progress. */
function sendFile(file: File, onProgress: (fraction: number) => void): Promise<Answer> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", UPLOAD_PATH);
    xhr.setRequestHeader(UPLOAD_REQUEST_HEADER, UPLOAD_REQUEST_VALUE);
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.addEventListener("progress", (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    });
    xhr.addEventListener("load", () => {
      if (new URL(xhr.responseURL || UPLOAD_PATH, window.location.href).pathname === "/admin-login") {
        resolve({ ok: false, message: "Your session has ended. Please log in again." });
        return;
      }
      if (xhr.status === 413) {
        resolve({ ok: false, message: "The file is too large to upload." });
        return;
      }
      try {
        const body = JSON.parse(xhr.responseText) as { results?: UploadOutcome[]; message?: string };
        const result = body.results?.[0];
        if (result?.ok) resolve({ ok: true, item: result.item });
        else resolve({ ok: false, message: result?.message ?? body.message ?? "Failed to upload media" });
      } catch {
        resolve({ ok: false, message: "Failed to upload media" });
      }
    });
    xhr.addEventListener("error", () =>
      resolve({ ok: false, message: "The upload was interrupted. Check the connection and try again." }),
    );
    const body = new FormData();
    body.append("intent", "upload");
    body.append("files", file, file.name);
    xhr.send(body);
  });
}

/**
 * Uploads files one request each, one after the other, keeping a progress entry per file. Files over the size
 * limit are refused at once (the server checks again). Shows the spec's toasts when a batch is done.
 */
export function useMediaUploads({
  maxBytes,
  onUploaded,
}: {
  maxBytes: number;
  onUploaded?: (items: MediaCard[]) => void;
}) {
  const [uploads, setUploads] = useState<UploadState[]>([]);
  const [busy, setBusy] = useState(false);
  const batch = useRef(0);

  const update = useCallback((key: string, patch: Partial<UploadState>) => {
    setUploads((list) => list.map((entry) => (entry.key === key ? { ...entry, ...patch } : entry)));
  }, []);

  const upload = useCallback(
    async (files: File[]) => {
      if (files.length === 0) return;
      const id = ++batch.current;
      const entries = files.map((file, index) => ({
        file,
        state: {
          key: `${id}-${index}`,
          name: file.name,
          progress: 0,
          status: "waiting",
        } satisfies UploadState as UploadState,
      }));
      setUploads(entries.map((entry) => entry.state));
      setBusy(true);
      const stored: MediaCard[] = [];
      const failures: string[] = [];
      for (const { file, state } of entries) {
        if (file.size > maxBytes) {
          const message = `The file is larger than ${Math.round(maxBytes / 1024 / 1024)} MB.`;
          update(state.key, { status: "failed", message });
          failures.push(`${file.name}: ${message}`);
          continue;
        }
        update(state.key, { status: "uploading" });
        const answer = await sendFile(file, (fraction) => {
          const progress = Math.round(fraction * 100);
          update(state.key, { progress, status: progress >= 100 ? "processing" : "uploading" });
        });
        if (answer.ok) {
          stored.push(answer.item);
          update(state.key, { progress: 100, status: "done" });
        } else {
          update(state.key, { status: "failed", message: answer.message });
          failures.push(`${file.name}: ${answer.message}`);
        }
      }
      setBusy(false);
      if (stored.length > 0) {
        toast.success("Media uploaded successfully", {
          description: `${stored.length} ${stored.length === 1 ? "image" : "images"} added to the library.`,
        });
        onUploaded?.(stored);
      }
      if (failures.length > 0) {
        toast.error("Failed to upload media", { description: failures.join(" ") });
      }
    },
    [maxBytes, onUploaded, update],
  );

  return { uploads, busy, upload };
}

/**
 * 'Upload Media': a label styled as a button over a multiple-file input. With JavaScript, choosing files starts
 * the uploads; without it, the input belongs to the surrounding form, which posts the files.
 */
export function UploadMediaButton({
  onFiles,
  disabled,
  inputName = "files",
  className,
}: {
  onFiles?: (files: File[]) => void;
  disabled?: boolean;
  inputName?: string;
  className?: string;
}) {
  const id = useId();
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    if (!onFiles) return;
    const files = Array.from(event.target.files ?? []);
    event.target.value = "";
    onFiles(files);
  };
  return (
    // Never narrower than its label: beside a long text (the media page's header) it would wrap onto two lines.
    <span className={cn("relative inline-flex shrink-0", className)}>
      <input
        id={id}
        type="file"
        name={inputName}
        multiple
        accept={MEDIA_ACCEPT}
        disabled={disabled}
        onChange={onChange}
        className="peer absolute inset-0 size-full cursor-pointer opacity-0 disabled:cursor-not-allowed"
      />
      <label
        htmlFor={id}
        className={buttonClass({
          className:
            "pointer-events-none whitespace-nowrap peer-focus-visible:ring-2 peer-focus-visible:ring-brand-600 peer-focus-visible:ring-offset-2 peer-disabled:opacity-60",
        })}
      >
        <Upload aria-hidden="true" className="size-4" />
        Upload Media
      </label>
    </span>
  );
}

const STATUS_TEXT: Record<UploadState["status"], (entry: UploadState) => string> = {
  waiting: () => "Waiting...",
  uploading: (entry) => `Uploading ${entry.progress}%`,
  processing: () => "Processing...",
  done: () => "Uploaded",
  failed: (entry) => entry.message ?? "Failed to upload media",
};

/** One progress bar per file of the current batch, with its outcome. */
export function UploadProgressList({ uploads }: { uploads: UploadState[] }) {
  if (uploads.length === 0) return null;
  return (
    <ul aria-label="Uploads" className="flex flex-col gap-3">
      {uploads.map((entry) => (
        <li key={entry.key} className="rounded-md border border-slate-200 bg-white p-3">
          <div className="flex items-center justify-between gap-3 text-sm">
            <span className="min-w-0 truncate font-medium text-slate-900">{entry.name}</span>
            <span
              className={cn(
                "flex shrink-0 items-center gap-1",
                entry.status === "failed" ? "text-red-700" : "text-slate-600",
                entry.status === "done" && "text-green-800",
              )}
            >
              {entry.status === "done" ? <CircleCheck aria-hidden="true" className="size-4" /> : null}
              {entry.status === "failed" ? <CircleAlert aria-hidden="true" className="size-4" /> : null}
              {STATUS_TEXT[entry.status](entry)}
            </span>
          </div>
          <progress
            aria-label={`Upload of ${entry.name}`}
            max={100}
            value={entry.status === "failed" ? 0 : entry.progress}
            className="mt-2 block h-2 w-full overflow-hidden rounded-full [&::-moz-progress-bar]:bg-brand-600 [&::-webkit-progress-bar]:bg-slate-200 [&::-webkit-progress-value]:bg-brand-600 [&::-webkit-progress-value]:transition-[width] motion-reduce:[&::-webkit-progress-value]:transition-none"
          />
        </li>
      ))}
    </ul>
  );
}
