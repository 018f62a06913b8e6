import { Fragment, type MouseEvent, type ReactNode } from "react";
import { Link, useActionData, useNavigate } from "react-router";
import {
  ActionError,
  CloseLink,
  DeleteButton,
  DetailsDialog,
  EmailText,
  InboxFilters,
  InboxHeader,
  ReadToggle,
  useListHref,
  useListLoading,
  useReturnFocus,
  ViewLink,
} from "#app/components/admin/inbox/inbox.tsx";
import {
  BulkBar,
  PageCheckbox,
  RowCheckbox,
  useBulkSelection,
} from "#app/components/admin/inbox/inbox-bulk.tsx";
import { buttonClass } from "#app/components/ui/button.tsx";
import { Card, CardContent } from "#app/components/ui/card.tsx";
import { Pagination } from "#app/components/ui/pagination.tsx";
import { Table, TBody, TD, TH, THead, TR } from "#app/components/ui/table.tsx";
import { cn } from "#app/lib/cn.ts";
import type { BulkNoun } from "#app/lib/inbox-bulk.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import type { InboxActionReply } from "#app/server/inbox/inbox-views.ts";

/** What every inbox row and opened item has; each inbox adds its own fields. */
type InboxRow = { id: string; name: string; email: string; isRead: boolean; date: string };
type InboxItem = { id: string; name: string; submittedOn: string; replyHref: string };

export type InboxData<Row extends InboxRow, Item extends InboxItem> = {
  query: { read: string; q: string; stage?: string };
  items: Row[];
  total: number;
  page: number;
  pageCount: number;
  selected: Item | null;
};

/** The words of one inbox, as the spec gives them. */
export type InboxTexts = {
  title: string;
  description: string;
  searchLabel: string;
  searchPlaceholder: string;
  loading: string;
  empty: string;
  /** The table's caption starts with it: "Quote requests, 12 in all (page 1 of 2)". */
  caption: string;
  /** One item, in "View quote request from …" and "Delete quote request from …". */
  item: string;
  deleteDescription: string;
  /** The item in the bulk actions' counts and confirmation ('8 quote requests'). */
  bulkNoun: BulkNoun;
  detailsTitle: string;
};

/** A column between the sender's e-mail and the date. */
export type InboxColumn<Row> = { header: string; className?: string; cell: (row: Row) => ReactNode };

/**
 * An inbox of the back office (quote requests, contact messages): filters, the list with read toggles
 * and delete, pagination, and with `selected` the details dialog of that item, which has its own URL.
 */
export function InboxPage<Row extends InboxRow, Item extends InboxItem>({
  basePath,
  texts,
  columns,
  data,
  details,
  primaryAction,
  stages,
}: {
  /** A 'Stage' filter's choices (the quote requests'), as [URL value, label]. */
  stages?: readonly (readonly [string, string])[];
  basePath: string;
  texts: InboxTexts;
  columns: InboxColumn<Row>[];
  data: InboxData<Row, Item>;
  /** The opened item's fields, inside the dialog. */
  details: (item: Item) => ReactNode;
  /** The step that moves an opened item on (a quote request's quote page): the dialog's primary button. */
  primaryAction?: (item: Item) => ReactNode;
}) {
  const navigate = useNavigate();
  const listHref = useListHref(basePath);
  const hydrated = useHydrated();
  const selection = useBulkSelection({ ids: data.items.map((row) => row.id), total: data.total });
  const loading = useListLoading(basePath);
  const actionData = useActionData<InboxActionReply>();
  useReturnFocus();
  const search = listHref.slice(basePath.length);
  const detailsHref = (id: string) => `${basePath}/${id}${search}`;
  const selected = data.selected;
  const caption = `${texts.caption}, ${data.total} in all (page ${data.page} of ${data.pageCount})`;
  // View and delete, in the table's row or in the card (a plain call: a component made here would be a new
  // type at each render, and its open 'Are you sure?' dialog would close).
  // A click anywhere on a row opens it, except on its own controls (checkbox, read toggle, e-mail, actions) or
  // inside a dialog it opened (a portal: React passes its clicks up the row), or when text was selected.
  // Keyboard users open it by the name's link.
  const openFromRow = (event: MouseEvent<HTMLElement>, id: string) => {
    const target = event.target as Element;
    if (!event.currentTarget.contains(target)) return;
    if (target.closest("a, button, input, label, select, textarea, [role='checkbox']")) return;
    if (window.getSelection()?.toString()) return;
    navigate(detailsHref(id), { preventScrollReset: true });
  };
  const nameLink = (row: Row) => (
    <Link to={detailsHref(row.id)} preventScrollReset className="hover:underline">
      {row.name}
    </Link>
  );
  const rowActions = (row: Row) => (
    <div className="flex items-center justify-end gap-1" data-view-id={row.id}>
      <ViewLink href={detailsHref(row.id)} label={`View ${texts.item} from ${row.name}`} />
      <DeleteButton
        id={row.id}
        action={listHref}
        label={`Delete ${texts.item} from ${row.name}`}
        description={texts.deleteDescription}
        detailsHref={detailsHref(row.id)}
      />
    </div>
  );
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <InboxHeader title={texts.title} description={texts.description} />
      <Card>
        <CardContent className="pt-6">
          <InboxFilters
            basePath={basePath}
            query={data.query}
            searchLabel={texts.searchLabel}
            searchPlaceholder={texts.searchPlaceholder}
            stages={stages}
          />
          <ActionError reply={actionData} />
          {/* The bulk bar and the checkboxes are there from the server's page on (the checkboxes work once the
              page's scripts run): added by them, they moved the rows under a pointer about to click 'View'. */}
          <BulkBar
            selection={selection}
            total={data.total}
            pageSize={data.items.length}
            action={listHref}
            query={data.query}
            noun={texts.bulkNoun}
          />
          <p role="status" className={cn("mb-3 text-sm font-medium text-brand-700", !loading && "sr-only")}>
            {loading ? texts.loading : ""}
          </p>
          {data.items.length === 0 ? (
            <p className="rounded-lg border border-dashed border-slate-300 px-6 py-12 text-center text-slate-700">
              {texts.empty}
            </p>
          ) : (
            <div className={cn(loading && "opacity-60")}>
              {/* Below 640 px a card per item (a table would scroll sideways); the same controls. */}
              <div className="mb-3 flex items-center gap-3 px-4 sm:hidden">
                <PageCheckbox selection={selection} id="inbox-select-page" disabled={!hydrated} />
                <label htmlFor="inbox-select-page" className="text-sm text-slate-700">
                  Select all on this page
                </label>
              </div>
              <ul aria-label={caption} className="flex flex-col gap-3 sm:hidden">
                {data.items.map((row) => (
                  // biome-ignore lint/a11y/useKeyWithClickEvents: the name's link opens the item from the keyboard; the whole card is a larger target for a finger
                  <li
                    key={row.id}
                    onClick={(event) => openFromRow(event, row.id)}
                    className={cn(
                      "cursor-pointer rounded-lg border border-slate-200 p-4 hover:border-brand-300",
                      !row.isRead && "border-green-200 bg-green-50/40",
                    )}
                  >
                    <div className="flex items-center gap-3">
                      <RowCheckbox
                        selection={selection}
                        id={row.id}
                        label={`Select ${texts.item} from ${row.name}`}
                        disabled={!hydrated}
                      />
                      <ReadToggle id={row.id} isRead={row.isRead} action={listHref} />
                      <p
                        className={cn(
                          "min-w-0 flex-1 wrap-anywhere text-slate-900",
                          !row.isRead && "font-semibold",
                        )}
                      >
                        {nameLink(row)}
                      </p>
                    </div>
                    <p className="mt-2 text-sm text-slate-700">
                      <EmailText email={row.email} />
                    </p>
                    <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
                      {columns.map((column) => (
                        <Fragment key={column.header}>
                          <dt className="text-slate-600">{column.header}</dt>
                          <dd className="wrap-anywhere text-slate-900">{column.cell(row)}</dd>
                        </Fragment>
                      ))}
                      <dt className="text-slate-600">Date</dt>
                      <dd className="text-slate-900">{row.date}</dd>
                    </dl>
                    {rowActions(row)}
                  </li>
                ))}
              </ul>
              <div className="hidden sm:block">
                <Table>
                  <caption className="sr-only">{caption}</caption>
                  <THead>
                    <tr>
                      <TH className="w-10">
                        <PageCheckbox selection={selection} disabled={!hydrated} />
                      </TH>
                      <TH>Status</TH>
                      <TH>Name</TH>
                      <TH>Email</TH>
                      {columns.map((column) => (
                        <TH key={column.header}>{column.header}</TH>
                      ))}
                      <TH>Date</TH>
                      <TH className="text-right">Actions</TH>
                    </tr>
                  </THead>
                  <TBody>
                    {data.items.map((row) => (
                      <TR
                        key={row.id}
                        onClick={(event) => openFromRow(event, row.id)}
                        className={cn("cursor-pointer", !row.isRead && "bg-green-50/40")}
                      >
                        <TD>
                          <RowCheckbox
                            selection={selection}
                            id={row.id}
                            label={`Select ${texts.item} from ${row.name}`}
                            disabled={!hydrated}
                          />
                        </TD>
                        <TD>
                          <ReadToggle id={row.id} isRead={row.isRead} action={listHref} />
                        </TD>
                        <TD className={cn("max-w-48 break-words", !row.isRead && "font-semibold")}>
                          {nameLink(row)}
                        </TD>
                        <TD className="min-w-44">
                          <EmailText email={row.email} />
                        </TD>
                        {columns.map((column) => (
                          <TD key={column.header} className={column.className}>
                            {column.cell(row)}
                          </TD>
                        ))}
                        <TD className="whitespace-nowrap">{row.date}</TD>
                        <TD>{rowActions(row)}</TD>
                      </TR>
                    ))}
                  </TBody>
                </Table>
              </div>
            </div>
          )}
          <Pagination page={data.page} pageCount={data.pageCount} />
        </CardContent>
      </Card>
      {selected ? (
        <DetailsDialog
          id={selected.id}
          title={texts.detailsTitle}
          description={`Submitted on ${selected.submittedOn}`}
          closeHref={listHref}
          footer={
            <>
              <div className="sm:mr-auto">
                <DeleteButton
                  id={selected.id}
                  action={listHref}
                  label={`Delete ${texts.item} from ${selected.name}`}
                  description={texts.deleteDescription}
                  detailsHref=""
                  trigger="text"
                />
              </div>
              <CloseLink href={listHref} id={selected.id} />
              <a
                href={selected.replyHref}
                className={buttonClass(primaryAction ? { variant: "outline" } : undefined)}
              >
                Reply via Email
              </a>
              {primaryAction ? primaryAction(selected) : null}
            </>
          }
        >
          <dl className="grid gap-4 sm:grid-cols-2">{details(selected)}</dl>
        </DetailsDialog>
      ) : null}
    </div>
  );
}
