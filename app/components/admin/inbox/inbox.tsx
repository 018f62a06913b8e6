import { Eye, Mail, MailOpen, RefreshCw, Search, Trash2, X } from "lucide-react";
import { Dialog as DialogPrimitive } from "radix-ui";
import { Fragment, type ReactNode, useEffect, useRef, useState } from "react";
import {
  Form,
  Link,
  useFetcher,
  useLocation,
  useNavigate,
  useNavigation,
  useRevalidator,
} from "react-router";
import { ExportLinks } from "#app/components/admin/export-links.tsx";
import { Button, buttonClass } from "#app/components/ui/button.tsx";
import { ConfirmDialog } from "#app/components/ui/dialog.tsx";
import { Input, Label, Select } from "#app/components/ui/field.tsx";
import { cn } from "#app/lib/cn.ts";
import { toast } from "#app/lib/toast.tsx";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import type { InboxActionReply } from "#app/server/inbox/inbox-views.ts";

// The parts both inboxes (quote requests, contact messages) share: toolbar, filters, the read toggle,
// delete with confirmation, and the details dialog that has its own URL.

/** The list's URL with its filters (`?read=…&q=…&page=…`), for links and form actions. */
export function useListHref(basePath: string): string {
  const location = useLocation();
  return `${basePath}${location.search}`;
}

/** The page heading with the spec's Refresh button ('Loading...' while the data reloads). */
export function InboxHeader({ title, description }: { title: string; description: string }) {
  const revalidator = useRevalidator();
  const location = useLocation();
  const loading = revalidator.state === "loading";
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <div>
        <h1 className="text-3xl font-bold text-slate-900">{title}</h1>
        <p className="mt-1 text-slate-600">{description}</p>
      </div>
      <div className="flex flex-wrap gap-2 self-start sm:self-auto">
        <ExportLinks basePath={location.pathname} search={location.search} label={title.toLowerCase()} />
        {/* A link, so it reloads the page without JavaScript; with it, only the data reloads. */}
        <Link
          to={`${location.pathname}${location.search}`}
          preventScrollReset
          onClick={(event) => {
            event.preventDefault();
            if (!loading) void revalidator.revalidate();
          }}
          aria-disabled={loading || undefined}
          className={buttonClass({ variant: "outline" })}
        >
          <RefreshCw aria-hidden="true" className={cn("size-4", loading && "motion-safe:animate-spin")} />
          {loading ? "Loading..." : "Refresh"}
        </Link>
      </div>
    </div>
  );
}

/** Filter (all, unread, read) and search, as a GET form: the URL holds them, so a view can be shared. */
export function InboxFilters({
  basePath,
  query,
  searchLabel,
  searchPlaceholder,
  stages,
}: {
  basePath: string;
  query: { read: string; q: string; stage?: string };
  searchLabel: string;
  searchPlaceholder: string;
  stages?: readonly (readonly [string, string])[];
}) {
  return (
    <Form
      method="get"
      action={basePath}
      role="search"
      aria-label={searchLabel}
      className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-end"
      // Re-renders with the URL's values after each navigation.
      key={`${query.read}|${query.q}|${query.stage ?? ""}`}
    >
      <div className="sm:w-44">
        <Label htmlFor="inbox-read">Show</Label>
        <Select id="inbox-read" name="read" defaultValue={query.read}>
          <option value="">All</option>
          <option value="unread">Unread</option>
          <option value="read">Read</option>
        </Select>
      </div>
      <div className="flex-1">
        <Label htmlFor="inbox-search">Search</Label>
        <Input
          id="inbox-search"
          type="search"
          name="q"
          maxLength={200}
          defaultValue={query.q}
          placeholder={searchPlaceholder}
        />
      </div>
      {stages ? (
        <div className="sm:w-44">
          <Label htmlFor="inbox-stage">Stage</Label>
          <Select id="inbox-stage" name="stage" defaultValue={query.stage ?? ""}>
            <option value="">All stages</option>
            {stages.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </Select>
        </div>
      ) : null}
      <Button type="submit" variant="outline">
        <Search aria-hidden="true" className="size-4" />
        Apply
      </Button>
    </Form>
  );
}

/** The spec's loading text while the list itself is being loaded again (filters, pages). */
export function useListLoading(basePath: string): boolean {
  const navigation = useNavigation();
  return navigation.state === "loading" && !navigation.formData && navigation.location.pathname === basePath;
}

/** Shows a failed fetcher action's message as a toast. */
function useFailureToast(fetcher: { state: string; data?: InboxActionReply }) {
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.error) toast.error(fetcher.data.error);
  }, [fetcher.state, fetcher.data]);
}

/** The status button: green while unread, grey once read; a click toggles it. */
export function ReadToggle({ id, isRead, action }: { id: string; isRead: boolean; action: string }) {
  const fetcher = useFetcher<InboxActionReply>();
  useFailureToast(fetcher);
  const pending = fetcher.formData?.get("read");
  const read = typeof pending === "string" ? pending === "true" : isRead;
  const label = read ? "Mark as unread" : "Mark as read";
  return (
    <fetcher.Form method="post" action={action} preventScrollReset>
      <input type="hidden" name="intent" value="toggle" />
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="read" value={String(!read)} />
      <button
        type="submit"
        title={label}
        aria-label={label}
        className={cn(
          "flex size-9 items-center justify-center rounded-full transition-colors",
          read ? "text-slate-500 hover:bg-slate-100" : "bg-green-50 text-green-700 hover:bg-green-100",
        )}
      >
        {read ? (
          <MailOpen aria-hidden="true" className="size-5" />
        ) : (
          <Mail aria-hidden="true" className="size-5" />
        )}
      </button>
    </fetcher.Form>
  );
}

/** 'View details': the item's own URL (the list with the dialog open). */
export function ViewLink({ href, label }: { href: string; label: string }) {
  return (
    <Link
      to={href}
      preventScrollReset
      aria-label={label}
      title="View details"
      className={buttonClass({ variant: "ghost", size: "icon", className: "size-9" })}
    >
      <Eye aria-hidden="true" className="size-4" />
    </Link>
  );
}

/**
 * Delete with the spec's 'Are you sure?' confirmation. The dialog stays open when deleting fails (with the
 * failure toast); on success the page goes back to the list. Without JavaScript the trigger leads to the
 * details page, whose confirmation works without it.
 */
export function DeleteButton({
  id,
  action,
  label,
  description,
  detailsHref,
  trigger = "icon",
}: {
  id: string;
  action: string;
  label: string;
  description: string;
  detailsHref: string;
  trigger?: "icon" | "text";
}) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const fetcher = useFetcher<InboxActionReply>();
  useFailureToast(fetcher);
  const deleting = fetcher.state !== "idle";
  const triggerClass =
    trigger === "icon"
      ? buttonClass({ variant: "ghost", size: "icon", className: "size-9 text-red-700 hover:bg-red-50" })
      : buttonClass({ variant: "outline", className: "text-red-700 hover:bg-red-50" });
  const triggerContent =
    trigger === "icon" ? (
      <Trash2 aria-hidden="true" className="size-4" />
    ) : (
      <>
        <Trash2 aria-hidden="true" className="size-4" /> Delete
      </>
    );

  if (!hydrated) {
    if (trigger === "icon") {
      return (
        <Link to={detailsHref} aria-label={label} className={triggerClass}>
          {triggerContent}
        </Link>
      );
    }
    return (
      <details className="group">
        <summary className={cn(triggerClass, "cursor-pointer list-none")}>{triggerContent}</summary>
        <div className="mt-2 rounded-md border border-red-200 bg-red-50 p-3 text-sm">
          <p className="font-semibold text-slate-900">Are you sure?</p>
          <p className="mt-1 text-slate-700">{description}</p>
          <form method="post" action={action} className="mt-3">
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="id" value={id} />
            <Button type="submit" variant="danger">
              Delete
            </Button>
          </form>
        </div>
      </details>
    );
  }

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => {
        if (!deleting) setOpen(next);
      }}
      trigger={
        <button type="button" aria-label={trigger === "icon" ? label : undefined} className={triggerClass}>
          {triggerContent}
        </button>
      }
      title="Are you sure?"
      description={description}
    >
      <fetcher.Form method="post" action={action} preventScrollReset>
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="id" value={id} />
        <Button type="submit" variant="danger" className="w-full" disabled={deleting}>
          {deleting ? "Deleting..." : "Delete"}
        </Button>
      </fetcher.Form>
    </ConfirmDialog>
  );
}

/** Puts the keyboard focus back on the row's 'View details' link after its dialog closed. */
export function useReturnFocus() {
  const location = useLocation();
  useEffect(() => {
    const id = (location.state as { focusId?: unknown } | null)?.focusId;
    if (typeof id !== "string" || !/^[0-9a-f-]{36}$/i.test(id)) return;
    // The row of the table or its card, whichever the screen's width shows.
    const links = document.querySelectorAll<HTMLElement>(`[data-view-id="${id}"] a`);
    Array.from(links)
      .find((link) => link.getClientRects().length > 0)
      ?.focus();
  }, [location]);
}

const overlay = "fixed inset-0 z-50 bg-slate-950/50";
const panel =
  "fixed left-1/2 top-1/2 z-50 grid max-h-[90vh] w-[calc(100%-2rem)] max-w-xl -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-lg bg-white p-6 shadow-xl focus:outline-none";

/**
 * The details dialog of one item, open because the URL names it. Rendered in place (not in a portal) so the
 * server sends it and it works without JavaScript: Close goes back to the list's URL.
 */
export function DetailsDialog({
  id,
  title,
  description,
  closeHref,
  children,
  footer,
}: {
  id: string;
  title: string;
  description: ReactNode;
  closeHref: string;
  children: ReactNode;
  footer: ReactNode;
}) {
  const navigate = useNavigate();
  const state = { focusId: id };
  const close = useRef<HTMLAnchorElement>(null);
  return (
    <DialogPrimitive.Root
      open
      onOpenChange={(open) => {
        if (!open) void navigate(closeHref, { preventScrollReset: true, state });
      }}
    >
      <DialogPrimitive.Overlay className={overlay} />
      <DialogPrimitive.Content
        className={panel}
        // Focus starts on the least destructive control (Close), not on the footer's first button (Delete).
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          close.current?.focus();
        }}
      >
        <div className="pr-8">
          <DialogPrimitive.Title className="text-lg font-semibold text-slate-900">
            {title}
          </DialogPrimitive.Title>
          <DialogPrimitive.Description className="mt-1 text-sm text-slate-600">
            {description}
          </DialogPrimitive.Description>
        </div>
        {children}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:flex-wrap sm:justify-end">{footer}</div>
        <Link
          ref={close}
          to={closeHref}
          state={state}
          preventScrollReset
          aria-label="Close details"
          className="absolute right-4 top-4 rounded-sm p-1 text-slate-600 hover:bg-slate-100 hover:text-slate-900"
        >
          <X className="size-4" aria-hidden="true" />
        </Link>
      </DialogPrimitive.Content>
    </DialogPrimitive.Root>
  );
}

/** The dialog's Close button (a link back to the list). */
export function CloseLink({ href, id }: { href: string; id: string }) {
  return (
    <Link
      to={href}
      state={{ focusId: id }}
      preventScrollReset
      className={buttonClass({ variant: "outline" })}
    >
      Close
    </Link>
  );
}

/**
 * An e-mail address that wraps where a reader expects it to: before the '@' and the dots first, and
 * anywhere only when one part is wider than its box (a long address on a phone).
 */
export function EmailText({ email }: { email: string }) {
  const parts = email.split(/(?=[@.])/);
  return (
    <span className="wrap-anywhere">
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </span>
  );
}

/** One labelled value of the details dialog. */
export function Detail({ label, children, wide }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={cn(wide && "sm:col-span-2")}>
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="mt-0.5 break-words text-slate-900">{children}</dd>
    </div>
  );
}

/** A failed action's message when the page was posted without JavaScript. */
export function ActionError({ reply }: { reply: InboxActionReply | undefined }) {
  if (!reply?.error) return null;
  return (
    <p
      role="alert"
      className="mb-4 rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800"
    >
      {reply.error}
    </p>
  );
}

/** The list's error screen: the spec's message and a way to try again. */
export function InboxFailure({ title, message, href }: { title: string; message: string; href: string }) {
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <h1 className="text-3xl font-bold text-slate-900">{title}</h1>
      <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-6 text-red-800">
        <p>{message}</p>
        <a href={href} className={buttonClass({ variant: "outline", className: "mt-4" })}>
          Try again
        </a>
      </div>
    </div>
  );
}

/**
 * After a failed toggle or delete the list is not reloaded, so the row and its open 'Are you sure?' dialog
 * stay (the spec: the dialog stays open on failure) while the failure toast shows.
 */
export function keepListAfterFailure({
  actionResult,
  defaultShouldRevalidate,
}: {
  actionResult?: unknown;
  defaultShouldRevalidate: boolean;
}): boolean {
  if (actionResult && typeof actionResult === "object" && "error" in actionResult) return false;
  return defaultShouldRevalidate;
}
