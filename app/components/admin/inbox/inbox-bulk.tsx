import { CheckCheck, Mail, Trash2, X } from "lucide-react";
import { useCallback, useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { ConfirmDialog } from "#app/components/ui/dialog.tsx";
import {
  BULK_INTENTS,
  type BulkIntent,
  type BulkNoun,
  bulkDeleteDescription,
  countOf,
} from "#app/lib/inbox-bulk.ts";
import { toast } from "#app/lib/toast.tsx";
import type { BulkActionReply } from "#app/server/inbox/inbox-views.ts";

// Bulk actions on an inbox (decision 016): choose rows (or every row the list's filter matches), then mark them read,
// unread or delete them, in one request each. They need JavaScript; without it each row keeps its own actions.

export type BulkSelection = {
  /** Whether the row is chosen (every row is, while 'all matching' is on). */
  isSelected: (id: string) => boolean;
  toggle: (id: string) => void;
  /** The header's checkbox: checked when every row of the page is chosen, mixed when some are. */
  page: { checked: boolean; mixed: boolean; toggle: () => void };
  count: number;
  allMatching: boolean;
  selectAllMatching: () => void;
  clear: () => void;
  ids: string[];
};

/** The rows chosen on this page; a new page, filter or list empties the choice. */
export function useBulkSelection({ ids: pageIds, total }: { ids: string[]; total: number }): BulkSelection {
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [allMatching, setAllMatching] = useState(false);
  const key = pageIds.join(",");
  // biome-ignore lint/correctness/useExhaustiveDependencies: the page's rows (its key) are what resets the choice
  useEffect(() => {
    setChosen(new Set());
    setAllMatching(false);
  }, [key]);
  const clear = useCallback(() => {
    setChosen(new Set());
    setAllMatching(false);
  }, []);
  const onPage = pageIds.filter((id) => chosen.has(id));
  const everyOnPage = pageIds.length > 0 && onPage.length === pageIds.length;
  return {
    isSelected: (id) => allMatching || chosen.has(id),
    toggle: (id) => {
      // Leaving 'all matching' for one row less: the page's rows but that one.
      const base = allMatching ? new Set(pageIds) : new Set(chosen);
      setAllMatching(false);
      if (base.has(id)) base.delete(id);
      else base.add(id);
      setChosen(base);
    },
    page: {
      checked: allMatching || everyOnPage,
      mixed: !allMatching && onPage.length > 0 && !everyOnPage,
      toggle: () => {
        setAllMatching(false);
        setChosen(allMatching || everyOnPage ? new Set() : new Set(pageIds));
      },
    },
    count: allMatching ? total : onPage.length,
    allMatching,
    selectAllMatching: () => setAllMatching(true),
    clear,
    ids: onPage,
  };
}

/** A row's checkbox ('Select quote request from Musu Flomo'). */
export function RowCheckbox({
  selection,
  id,
  label,
  disabled,
}: {
  selection: BulkSelection;
  id: string;
  label: string;
  /** Until the page's scripts run (the box is there from the start, so nothing moves when they do). */
  disabled?: boolean;
}) {
  return (
    <input
      type="checkbox"
      className="size-5 accent-brand-700"
      aria-label={label}
      disabled={disabled}
      checked={selection.isSelected(id)}
      onChange={() => selection.toggle(id)}
    />
  );
}

/** The header's checkbox: every row of this page. */
export function PageCheckbox({
  selection,
  id,
  disabled,
}: {
  selection: BulkSelection;
  id?: string;
  disabled?: boolean;
}) {
  return (
    <input
      type="checkbox"
      id={id}
      disabled={disabled}
      className="size-5 accent-brand-700"
      // Beside a visible label (the phone's cards) the label names it.
      aria-label={id ? undefined : "Select all on this page"}
      checked={selection.page.checked}
      ref={(node) => {
        if (node) node.indeterminate = selection.page.mixed;
      }}
      onChange={selection.page.toggle}
    />
  );
}

/**
 * The bar of a choice: how many are chosen (announced), 'Select all N matching' once the whole page is, and the
 * three actions. Posts to the list's URL with the list's filter, so 'all matching' is read again on the server.
 */
export function BulkBar({
  selection,
  total,
  pageSize,
  action,
  query,
  noun,
}: {
  selection: BulkSelection;
  total: number;
  pageSize: number;
  action: string;
  query: { read: string; q: string; stage?: string };
  noun: BulkNoun;
}) {
  const fetcher = useFetcher<BulkActionReply>();
  const [confirming, setConfirming] = useState(false);
  const busy = fetcher.state !== "idle";
  const { clear } = selection;
  const [sent, setSent] = useState(false);
  useEffect(() => {
    if (!sent || fetcher.state !== "idle") return;
    setSent(false);
    setConfirming(false);
    if (fetcher.data?.error) toast.error(fetcher.data.error);
    else clear();
  }, [sent, fetcher.state, fetcher.data, clear]);

  const submit = (intent: BulkIntent) => {
    const form = new FormData();
    form.set("intent", intent);
    if (selection.allMatching) {
      form.set("scope", "matching");
      form.set("read", query.read);
      form.set("q", query.q);
      form.set("stage", query.stage ?? "");
    } else {
      form.set("scope", "selected");
      for (const id of selection.ids) form.append("ids", id);
    }
    setSent(true);
    fetcher.submit(form, { method: "post", action, preventScrollReset: true });
  };
  const n = selection.count;
  const chosen = selection.allMatching ? `All ${countOf(n, noun)} matching are selected` : `${n} selected`;
  return (
    <div className="mb-3">
      <p aria-live="polite" className="sr-only">
        {n > 0 ? chosen : ""}
      </p>
      {n > 0 ? (
        <section
          aria-label="Bulk actions"
          className="flex flex-col gap-2 rounded-lg border border-brand-100 bg-brand-50 p-3 sm:flex-row sm:flex-wrap sm:items-center"
        >
          <p className="text-sm font-medium text-brand-900" aria-hidden="true">
            {chosen}
          </p>
          {selection.page.checked && !selection.allMatching && total > pageSize ? (
            <Button
              variant="link"
              size="sm"
              className="justify-start px-0"
              onClick={selection.selectAllMatching}
            >
              Select all {countOf(total, noun)} matching
            </Button>
          ) : null}
          <div className="flex flex-wrap gap-2 sm:ml-auto">
            <Button variant="outline" size="sm" disabled={busy} onClick={() => submit(BULK_INTENTS.read)}>
              <CheckCheck aria-hidden="true" className="size-4" />
              Mark read
            </Button>
            <Button variant="outline" size="sm" disabled={busy} onClick={() => submit(BULK_INTENTS.unread)}>
              <Mail aria-hidden="true" className="size-4" />
              Mark unread
            </Button>
            <ConfirmDialog
              open={confirming}
              onOpenChange={(next) => {
                if (!busy) setConfirming(next);
              }}
              trigger={
                <Button variant="outline" size="sm" className="text-red-700 hover:bg-red-50" disabled={busy}>
                  <Trash2 aria-hidden="true" className="size-4" />
                  Delete
                </Button>
              }
              title="Are you sure?"
              description={bulkDeleteDescription(n, noun)}
            >
              <Button
                variant="danger"
                className="w-full"
                disabled={busy}
                onClick={() => submit(BULK_INTENTS.delete)}
              >
                {busy ? "Deleting..." : "Delete"}
              </Button>
            </ConfirmDialog>
            <Button variant="ghost" size="sm" onClick={clear} disabled={busy}>
              <X aria-hidden="true" className="size-4" />
              Clear selection
            </Button>
          </div>
        </section>
      ) : null}
    </div>
  );
}
