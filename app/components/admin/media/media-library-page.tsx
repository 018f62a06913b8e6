import { ImageOff } from "lucide-react";
import { useCallback } from "react";
import { Form, useRevalidator } from "react-router";
import { MediaItemCard, type MediaLibraryItem } from "#app/components/admin/media/media-item-card.tsx";
import {
  UploadMediaButton,
  UploadProgressList,
  useMediaUploads,
} from "#app/components/admin/media/media-upload.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { Pagination } from "#app/components/ui/pagination.tsx";
import type { UploadOutcome } from "#app/lib/media.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";

export type MediaLibraryPageData = {
  items: MediaLibraryItem[];
  page: number;
  pageCount: number;
  total: number;
  maxBytes: number;
  maxMb: number;
};

/** The page's answer to a plain upload form (the files one by one); its other answers show nothing here. */
export type MediaLibraryReply = { results: UploadOutcome[]; message?: string } | { intent: unknown };

/** /admin/media: uploading (a progress bar per image, or a plain form without JavaScript), then every image. */
export function MediaLibraryPage({
  data,
  actionData,
}: {
  data: MediaLibraryPageData;
  actionData: MediaLibraryReply | undefined;
}) {
  const { items, page, pageCount, total, maxBytes, maxMb } = data;
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  const onUploaded = useCallback(() => void revalidator.revalidate(), [revalidator]);
  const { uploads, busy, upload } = useMediaUploads({ maxBytes, onUploaded });
  const uploadReply = actionData && "results" in actionData ? actionData : undefined;

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold text-slate-900">Media Library</h1>
          <p className="mt-1 text-slate-600">
            Images for blog posts: JPEG, PNG, WebP, GIF or AVIF, up to {maxMb} MB each. Several files can be
            uploaded at once.
          </p>
        </div>
        <Form
          method="post"
          encType="multipart/form-data"
          reloadDocument
          aria-label="Upload images"
          className="flex flex-wrap items-center gap-2"
        >
          <input type="hidden" name="intent" value="upload" />
          <UploadMediaButton onFiles={hydrated ? (files) => void upload(files) : undefined} disabled={busy} />
          {hydrated ? null : (
            <Button type="submit" variant="outline">
              Send files
            </Button>
          )}
        </Form>
      </div>

      <UploadProgressList uploads={uploads} />

      {uploadReply ? (
        <div role="status" className="rounded-md border border-slate-200 bg-white p-4 text-sm">
          {uploadReply.message ? <p className="text-red-700">{uploadReply.message}</p> : null}
          <ul className="flex flex-col gap-1">
            {uploadReply.results.map((result, index) => (
              <li key={index} className={result.ok ? "text-green-800" : "text-red-700"}>
                {result.name}: {result.ok ? "Media uploaded successfully" : result.message}
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      <Card>
        <CardHeader>
          <CardTitle>All Media</CardTitle>
          <p className="text-sm text-slate-600">
            {total === 1 ? "1 image" : `${total} images`}. Alt text describes an image for people who cannot
            see it; posts use it when the image is inserted.
          </p>
        </CardHeader>
        <CardContent>
          {items.length === 0 ? (
            <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-slate-300 px-6 py-14 text-center">
              <ImageOff aria-hidden="true" className="size-10 text-slate-500" />
              <p className="font-medium text-slate-900">No media yet</p>
              <p className="text-sm text-slate-600">Upload images to use them in blog posts.</p>
            </div>
          ) : (
            <ul aria-label="Images" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
              {items.map((item) => (
                <MediaItemCard key={item.id} item={item} />
              ))}
            </ul>
          )}
          <Pagination page={page} pageCount={pageCount} />
        </CardContent>
      </Card>
    </div>
  );
}
