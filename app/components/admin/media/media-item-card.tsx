import { CircleAlert, Trash2 } from "lucide-react";
import { AlertDialog } from "radix-ui";
import { useEffect, useId, useState } from "react";
import { Form, useFetcher, useNavigation } from "react-router";
import { Button, buttonClass } from "#app/components/ui/button.tsx";
import { Input } from "#app/components/ui/field.tsx";
import { formatFileSize, type MediaCard, mediaUrl } from "#app/lib/media.ts";
import { ALT_INTENT, ALT_MAX_LENGTH, DELETE_INTENT } from "#app/schemas/media.ts";

export type MediaLibraryItem = MediaCard & { usedBy: { id: string; title: string }[] };

type AltReply = { intent: typeof ALT_INTENT; id: string; ok: boolean; message?: string };

/** Alt text of one image, saved in place (a plain form post without JavaScript). */
function AltTextForm({ item }: { item: MediaLibraryItem }) {
  const fetcher = useFetcher<AltReply>();
  const inputId = useId();
  const statusId = useId();
  const reply = fetcher.data?.intent === ALT_INTENT && fetcher.data.id === item.id ? fetcher.data : undefined;
  const saving = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" className="flex flex-col gap-1.5">
      <input type="hidden" name="intent" value={ALT_INTENT} />
      <input type="hidden" name="id" value={item.id} />
      <label htmlFor={inputId} className="text-xs font-medium text-slate-800">
        Alt text<span className="sr-only"> for {item.originalName}</span>
      </label>
      <div className="flex gap-2">
        <Input
          id={inputId}
          name="alt"
          defaultValue={item.alt}
          maxLength={ALT_MAX_LENGTH}
          placeholder="Describe the image"
          aria-describedby={statusId}
          aria-invalid={reply && !reply.ok ? true : undefined}
          className="h-9"
        />
        <Button type="submit" variant="outline" size="sm" className="h-9 shrink-0" disabled={saving}>
          {saving ? "Saving..." : "Save"}
          <span className="sr-only"> alt text for {item.originalName}</span>
        </Button>
      </div>
      <p
        id={statusId}
        role="status"
        className={reply && !reply.ok ? "text-xs text-red-700" : "text-xs text-green-800"}
      >
        {reply ? (reply.ok ? "Alt text saved." : (reply.message ?? "The alt text could not be saved.")) : ""}
      </p>
    </fetcher.Form>
  );
}

/** 'Delete' with a confirmation that names the posts still showing the image. */
function DeleteMediaDialog({ item }: { item: MediaLibraryItem }) {
  const [open, setOpen] = useState(false);
  const navigation = useNavigation();
  const deleting =
    navigation.state !== "idle" &&
    navigation.formData?.get("intent") === DELETE_INTENT &&
    navigation.formData?.get("id") === item.id;
  // Close once the delete went through (the page reloads without the item, or shows the failure toast).
  useEffect(() => {
    if (navigation.state === "idle") setOpen(false);
  }, [navigation.state]);
  const used = item.usedBy.length;
  return (
    <AlertDialog.Root open={open} onOpenChange={setOpen}>
      <AlertDialog.Trigger asChild>
        <Button variant="ghost" size="sm" className="text-red-700 hover:bg-red-50 hover:text-red-800">
          <Trash2 aria-hidden="true" className="size-4" />
          Delete<span className="sr-only"> {item.originalName}</span>
        </Button>
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-slate-950/50" />
        <AlertDialog.Content className="fixed left-1/2 top-1/2 z-50 grid max-h-[90vh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-lg bg-white p-6 shadow-xl focus:outline-none">
          <AlertDialog.Title className="text-lg font-semibold text-slate-900">
            Are you sure?
          </AlertDialog.Title>
          <AlertDialog.Description asChild>
            <div className="flex flex-col gap-3 text-sm text-slate-700">
              <p>
                This permanently deletes <strong className="break-all">{item.originalName}</strong> from the
                media library. This action cannot be undone.
              </p>
              {used > 0 ? (
                <div className="flex gap-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-950">
                  <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                  <div>
                    <p className="font-semibold">
                      {used === 1 ? "A blog post uses this image:" : `${used} blog posts use this image:`}
                    </p>
                    <ul className="mt-1 list-disc pl-5">
                      {item.usedBy.map((post) => (
                        <li key={post.id}>{post.title}</li>
                      ))}
                    </ul>
                    <p className="mt-1">{used === 1 ? "It" : "They"} will show a missing image.</p>
                  </div>
                </div>
              ) : null}
            </div>
          </AlertDialog.Description>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel className={buttonClass({ variant: "outline" })}>Cancel</AlertDialog.Cancel>
            <Form method="post">
              <input type="hidden" name="intent" value={DELETE_INTENT} />
              <input type="hidden" name="id" value={item.id} />
              <Button type="submit" variant="danger" className="w-full" disabled={deleting}>
                {deleting ? "Deleting..." : "Delete"}
              </Button>
            </Form>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

/** One image of the library: preview, name, size, dimensions, editable alt text and delete. */
export function MediaItemCard({ item }: { item: MediaLibraryItem }) {
  const nameId = useId();
  return (
    <li
      aria-labelledby={nameId}
      className="flex flex-col overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm"
    >
      <a
        href={item.url}
        target="_blank"
        rel="noopener noreferrer"
        className="block bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        <img
          src={mediaUrl(item.filename, 640)}
          alt=""
          width={item.width}
          height={item.height}
          loading="lazy"
          decoding="async"
          className="aspect-[4/3] w-full object-contain"
        />
        <span className="sr-only">Open {item.originalName} in a new tab</span>
      </a>
      <div className="flex flex-1 flex-col gap-3 p-3">
        <div>
          <p id={nameId} className="truncate text-sm font-semibold text-slate-900" title={item.originalName}>
            {item.originalName}
          </p>
          <p className="text-xs text-slate-600">
            {formatFileSize(item.size)} · {item.width} × {item.height}
          </p>
        </div>
        <AltTextForm item={item} />
        <div className="mt-auto flex justify-end">
          <DeleteMediaDialog item={item} />
        </div>
      </div>
    </li>
  );
}
