import { ChevronLeft, ChevronRight, ImageOff } from "lucide-react";
import { useCallback, useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { LoadingLine } from "#app/components/admin/loading-line.tsx";
import {
  UploadMediaButton,
  UploadProgressList,
  useMediaUploads,
} from "#app/components/admin/media/media-upload.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "#app/components/ui/dialog.tsx";
import { formatFileSize, type MediaCard, mediaUrl } from "#app/lib/media.ts";
import type { loader as mediaLoader } from "#app/routes/admin/media.tsx";

/**
 * The media library in a dialog: 'Upload Media' (with a progress bar per file) and the stored images, each
 * with 'Select'. Used by the blog editor for the featured image and for images in the content.
 */
export function MediaPickerDialog({
  open,
  onOpenChange,
  title,
  maxBytes,
  onSelect,
  onCloseAutoFocus,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  maxBytes: number;
  onSelect: (item: MediaCard) => void;
  /** Runs once the dialog has closed and released the focus (Radix's onCloseAutoFocus). */
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const fetcher = useFetcher<typeof mediaLoader>({ key: "media-picker" });
  const [page, setPage] = useState(1);
  const { load } = fetcher;
  const reload = useCallback((target: number) => void load(`/admin/media?picker=1&page=${target}`), [load]);

  useEffect(() => {
    if (open) reload(page);
  }, [open, page, reload]);

  const onUploaded = useCallback(() => {
    setPage(1);
    reload(1);
  }, [reload]);
  const { uploads, busy, upload } = useMediaUploads({ maxBytes, onUploaded });

  const list = fetcher.data;
  const loading = fetcher.state !== "idle";
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-4xl" onCloseAutoFocus={onCloseAutoFocus}>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>Choose an image from the media library, or upload new ones.</DialogDescription>
        <div className="flex flex-wrap items-center gap-3">
          <UploadMediaButton
            onFiles={(files) => void upload(files)}
            disabled={busy}
            inputName="picker-files"
          />
          <p className="text-xs text-slate-600">
            JPEG, PNG, WebP, GIF or AVIF, up to {Math.round(maxBytes / 1024 / 1024)} MB each.
          </p>
        </div>
        <UploadProgressList uploads={uploads} />
        <LoadingLine loading={loading} />
        {list && list.items.length === 0 ? (
          <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed border-slate-300 px-6 py-10 text-center">
            <ImageOff aria-hidden="true" className="size-8 text-slate-500" />
            <p className="text-sm text-slate-700">No media yet. Upload an image to use it.</p>
          </div>
        ) : null}
        {list && list.items.length > 0 ? (
          <ul
            aria-label="Media library images"
            className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4"
          >
            {list.items.map((item) => (
              <li key={item.id} className="flex flex-col overflow-hidden rounded-md border border-slate-200">
                <img
                  src={mediaUrl(item.filename, 320)}
                  alt=""
                  width={item.width}
                  height={item.height}
                  loading="lazy"
                  decoding="async"
                  className="aspect-[4/3] w-full bg-slate-100 object-contain"
                />
                <div className="flex flex-1 flex-col gap-2 p-2">
                  <p className="truncate text-xs font-medium text-slate-900" title={item.originalName}>
                    {item.originalName}
                  </p>
                  <p className="text-xs text-slate-600">
                    {formatFileSize(item.size)} · {item.width} × {item.height}
                  </p>
                  <Button
                    size="sm"
                    variant="outline"
                    className="mt-auto"
                    aria-label={`Select ${item.originalName}`}
                    onClick={() => onSelect(item)}
                  >
                    Select
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        ) : null}
        {list && list.pageCount > 1 ? (
          <div className="flex items-center justify-between gap-3">
            <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
              <ChevronLeft aria-hidden="true" className="size-4" />
              Previous
            </Button>
            <p className="text-sm text-slate-700">
              Page {list.page} of {list.pageCount}
            </p>
            <Button
              variant="outline"
              size="sm"
              disabled={page >= list.pageCount}
              onClick={() => setPage((p) => p + 1)}
            >
              Next
              <ChevronRight aria-hidden="true" className="size-4" />
            </Button>
          </div>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
