import { ListChecks, MoreHorizontal, Pencil, Plus, Printer, Search, Trash2, Upload } from "lucide-react";
import { DropdownMenu } from "radix-ui";
import { type ComponentProps, useState } from "react";
import { Form, Link, useLocation, useNavigation } from "react-router";
import { ExportLinks } from "#app/components/admin/export-links.tsx";
import { INTENT } from "#app/components/admin/form-fields.tsx";
import { useMayChange } from "#app/components/admin/shell/use-staff-role.ts";
import { OPEN_ADD_STATUS } from "#app/components/admin/shipments/add-status-dialog.tsx";
import { ShipmentStatusBadge } from "#app/components/admin/shipments/shipment-status-badge.tsx";
import { Button, buttonClass } from "#app/components/ui/button.tsx";
import { Card, CardContent } from "#app/components/ui/card.tsx";
import { ConfirmDialog } from "#app/components/ui/dialog.tsx";
import { Input, Label, Select } from "#app/components/ui/field.tsx";
import { Pagination } from "#app/components/ui/pagination.tsx";
import { Table, TBody, THead, TR } from "#app/components/ui/table.tsx";
import { cn } from "#app/lib/cn.ts";
import { MAX_LABELS_PER_BULK, MAX_LABELS_PER_RUN } from "#app/lib/freight-terms.ts";
import { SHIPMENT_LIST_INTENTS, type ShipmentListQuery } from "#app/schemas/shipment-admin.ts";
import { COMMON_STATUSES } from "#app/schemas/shipment-status.ts";

export type ShipmentListRow = {
  id: string;
  trackingNumber: string;
  status: string;
  originLocation: string;
  destinationLocation: string;
  createdAt: string;
  estimatedDelivery: string | null;
  /** Labels it prints: its pieces, 1 when not given. */
  pieces: number;
  /** The shipper's (customer's) name, or null when the shipment has none. */
  shipperName: string | null;
};

/** The 'Print labels' form; the rows' checkboxes belong to it through their `form` attribute. */
const BULK_FORM_ID = "bulk-labels";
const BULK_LABELS_PATH = "/admin/shipments/labels.pdf";
const BULK_STATUS_PATH = "/admin/shipments/bulk-update";

/** The shipments list: search, filters and sort in the URL, the table, and paging. */
export function ShipmentList({
  query,
  rows,
  total,
  capped = false,
  page,
  pageCount,
}: {
  query: ShipmentListQuery;
  rows: ShipmentListRow[];
  total: number;
  /** More matches than counted: the search should be narrowed. */
  capped?: boolean;
  page: number;
  pageCount: number;
}) {
  const editable = useMayChange("/admin/shipments");
  const navigation = useNavigation();
  const location = useLocation();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/admin/shipments";
  const target = navigation.state === "loading" ? navigation.location.pathname : "";
  const opening = /^\/admin\/shipments\/(new|[^/]+\/edit)$/.test(target)
    ? "Loading shipment data..."
    : /^\/admin\/shipments\/[^/]+$/.test(target)
      ? "Loading shipment details..."
      : null;
  const statusKnown =
    query.status === "" || query.status === "active" || COMMON_STATUSES.includes(query.status);
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <h1 className="text-3xl font-bold text-slate-900">Shipments</h1>
        <div className="flex flex-wrap gap-2">
          {editable ? (
            <>
              <ExportLinks basePath="/admin/shipments" search={location.search} label="shipments" />
              <Link to="/admin/shipments/import" className={buttonClass({ variant: "outline" })}>
                <Upload aria-hidden="true" className="size-4" />
                Import
              </Link>
              <Link to="/admin/shipments/new" className={buttonClass()}>
                <Plus aria-hidden="true" className="size-4" />
                Add Shipment
              </Link>
            </>
          ) : null}
        </div>
      </div>

      <Card>
        <CardContent className="flex flex-col gap-4 pt-5">
          <Form
            method="get"
            role="search"
            aria-label="Shipments"
            className="grid gap-3 md:grid-cols-[minmax(0,1fr)_12rem_10rem_auto] md:items-end"
          >
            <div>
              <Label htmlFor="shipment-search">Search</Label>
              <Input
                id="shipment-search"
                type="search"
                name="q"
                defaultValue={query.q}
                placeholder="Search by tracking #, status, or location..."
                maxLength={100}
              />
            </div>
            <div>
              <Label htmlFor="shipment-status-filter">Status</Label>
              <Select id="shipment-status-filter" name="status" defaultValue={query.status}>
                <option value="">All</option>
                <option value="active">Active</option>
                {COMMON_STATUSES.map((status) => (
                  <option key={status} value={status}>
                    {status}
                  </option>
                ))}
                {statusKnown ? null : <option value={query.status}>{query.status}</option>}
              </Select>
            </div>
            <div>
              <Label htmlFor="shipment-sort">Sort</Label>
              <Select id="shipment-sort" name="sort" defaultValue={query.sort}>
                <option value="newest">Newest first</option>
                <option value="oldest">Oldest first</option>
              </Select>
            </div>
            <Button type="submit" variant="outline">
              <Search aria-hidden="true" className="size-4" />
              Search
            </Button>
          </Form>

          <p role="status" className={cn("text-sm text-slate-700", loading && "font-medium text-brand-700")}>
            {loading
              ? "Loading shipments..."
              : (opening ??
                (capped
                  ? `${total.toLocaleString("en-US")}+ shipments: refine the search to see the rest`
                  : `${total} ${total === 1 ? "shipment" : "shipments"}`))}
          </p>

          {rows.length === 0 ? (
            <p className="py-8 text-center text-slate-600">No shipments found</p>
          ) : (
            <>
              {/* Below 640 px a card per shipment (the table would scroll sideways); the same controls. */}
              <ul
                aria-label="Shipments"
                aria-busy={loading || undefined}
                className="flex flex-col gap-3 sm:hidden"
              >
                {rows.map((row) => (
                  <li key={row.id} className="rounded-lg border border-slate-200 p-4">
                    <div className="flex flex-wrap items-center justify-between gap-2">
                      <SelectBox row={row} idPrefix="select-card" />
                      <Link
                        to={`/admin/shipments/${row.id}`}
                        className="min-w-0 break-all font-medium text-brand-700 underline-offset-4 hover:underline"
                      >
                        {row.trackingNumber}
                      </Link>
                      <ShipmentStatusBadge status={row.status} />
                    </div>
                    <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
                      <dt className="text-slate-600">Shipper</dt>
                      <dd className="wrap-anywhere text-slate-900">{row.shipperName ?? "-"}</dd>
                      <dt className="text-slate-600">Origin</dt>
                      <dd className="wrap-anywhere text-slate-900">{row.originLocation}</dd>
                      <dt className="text-slate-600">Destination</dt>
                      <dd className="wrap-anywhere text-slate-900">{row.destinationLocation}</dd>
                      <dt className="text-slate-600">Created Date</dt>
                      <dd className="text-slate-900">{row.createdAt}</dd>
                      <dt className="text-slate-600">Est. Delivery</dt>
                      <dd className="text-slate-900">{row.estimatedDelivery ?? "-"}</dd>
                    </dl>
                    <div className="mt-2">
                      <RowActions row={row} />
                    </div>
                  </li>
                ))}
              </ul>
              {/* From 640 px a table, one line per shipment. Its columns have fixed shares of the width (table-fixed:
                  the header row sets them, never a long value), so every spec column and the row's actions stay in
                  the box at 1366 px whatever the data; a long number, status, name or place is cut short, with the
                  full text in its title and on the shipment's page. Below 1280 px Origin and the dates give way. */}
              <div className="hidden sm:block">
                <Table aria-busy={loading || undefined} className="table-fixed">
                  <caption className="sr-only">Shipments</caption>
                  <THead>
                    <tr>
                      <Head className="w-9">
                        <span className="sr-only">Select</span>
                      </Head>
                      <Head className="w-32">Tracking #</Head>
                      <Head className="w-32">Status</Head>
                      <Head>Shipper</Head>
                      <Head className="hidden xl:table-cell">Origin</Head>
                      <Head>Destination</Head>
                      <Head className="hidden w-30 xl:table-cell">Created Date</Head>
                      <Head className="hidden w-30 xl:table-cell">Est. Delivery</Head>
                      <Head className="w-24 text-right">Actions</Head>
                    </tr>
                  </THead>
                  <TBody>
                    {rows.map((row) => (
                      <TR key={row.id}>
                        <Cell>
                          <SelectBox row={row} idPrefix="select-row" />
                        </Cell>
                        <Cell className="truncate font-medium" title={row.trackingNumber}>
                          <Link
                            to={`/admin/shipments/${row.id}`}
                            className="text-brand-700 underline-offset-4 hover:underline"
                          >
                            {row.trackingNumber}
                          </Link>
                        </Cell>
                        <Cell className="truncate" title={row.status}>
                          <ShipmentStatusBadge status={row.status} className="max-w-full" />
                        </Cell>
                        <Cell className="truncate" title={row.shipperName ?? undefined}>
                          {row.shipperName ?? "-"}
                        </Cell>
                        <Cell className="hidden truncate xl:table-cell" title={row.originLocation}>
                          {row.originLocation}
                        </Cell>
                        <Cell className="truncate" title={row.destinationLocation}>
                          {row.destinationLocation}
                        </Cell>
                        <Cell className="hidden truncate xl:table-cell" title={row.createdAt}>
                          {row.createdAt}
                        </Cell>
                        <Cell
                          className="hidden truncate xl:table-cell"
                          title={row.estimatedDelivery ?? undefined}
                        >
                          {row.estimatedDelivery ?? "-"}
                        </Cell>
                        <Cell className="whitespace-nowrap text-right">
                          <RowActions row={row} />
                        </Cell>
                      </TR>
                    ))}
                  </TBody>
                </Table>
              </div>
            </>
          )}
          {rows.length > 0 && editable ? <BulkLabelsForm query={query} /> : null}
          <Pagination page={page} pageCount={pageCount} />
        </CardContent>
      </Card>
    </div>
  );
}

/** A cell of the list's table: less padding than the usual table cell, so a shipment is one short line. */
function Cell({ className, ...props }: ComponentProps<"td">) {
  return <td className={cn("px-2 py-1 align-middle text-slate-800", className)} {...props} />;
}

/**
 * A column's header, with the cells' narrower padding, so the seven spec columns and the shipper fit a 1366 px
 * laptop's list; cut short rather than spilling over its neighbour where the window is narrower still.
 */
function Head({ className, ...props }: ComponentProps<"th">) {
  return (
    <th
      scope="col"
      className={cn(
        "truncate px-2 py-3 text-left text-xs font-semibold uppercase tracking-wide text-slate-600",
        className,
      )}
      {...props}
    />
  );
}

/** A row's checkbox: for 'Print labels' and 'Add status update' (the panel below the list). */
function SelectBox({ row, idPrefix }: { row: ShipmentListRow; idPrefix: string }) {
  // Accounts read the list (decision 026): nothing to select for.
  if (!useMayChange("/admin/shipments")) return null;
  return (
    <input
      type="checkbox"
      id={`${idPrefix}-${row.id}`}
      name="id"
      value={row.id}
      form={BULK_FORM_ID}
      aria-label={`Select ${row.trackingNumber}`}
      className="size-5 accent-brand-700"
    />
  );
}

/**
 * What to do with the ticked shipments: labels in one PDF (a plain form: the browser opens the PDF it answers, or
 * comes back here with the reason it was refused), or one status update for all of them. The
 * title and the text on top, then the controls in a row that wraps (they never squeeze each other), then the
 * links.
 */
function BulkLabelsForm({ query }: { query: ShipmentListQuery }) {
  const location = useLocation();
  const back = `${location.pathname}${location.search}`;
  const allMatching = new URLSearchParams({ all: "1", q: query.q, status: query.status, returnTo: back });
  return (
    <form
      id={BULK_FORM_ID}
      method="post"
      action={BULK_LABELS_PATH}
      className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-slate-50 p-4"
      aria-labelledby="bulk-labels-title"
    >
      <input type="hidden" name="returnTo" value={back} />
      <div>
        <h2 id="bulk-labels-title" className="font-semibold text-slate-900">
          Print labels for the selected shipments
        </h2>
        <p className="text-sm text-slate-600">
          Tick shipments in the list, then print their labels or give them all one status update. One label
          per piece, in one PDF: at most {MAX_LABELS_PER_RUN} pieces per shipment and {MAX_LABELS_PER_BULK}{" "}
          labels per PDF.
        </p>
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <div className="w-full sm:w-40">
          <Label htmlFor="bulk-labels-size">Label size</Label>
          <Select id="bulk-labels-size" name="size" defaultValue="4x6" className="w-full">
            <option value="4x6">4×6 in</option>
            <option value="a6">A6</option>
          </Select>
        </div>
        <Button type="submit" variant="outline">
          <Printer aria-hidden="true" className="size-4" />
          Print labels
        </Button>
        {/* The same ticked rows, to the bulk status update page. */}
        <Button type="submit" variant="outline" formAction={BULK_STATUS_PATH} formMethod="get">
          <ListChecks aria-hidden="true" className="size-4" />
          Add status update
        </Button>
      </div>
      <p className="text-sm">
        <Link to={`${BULK_STATUS_PATH}?${allMatching}`} className="font-medium text-brand-700 underline">
          Add a status update to every shipment listed
        </Link>
        {" · "}
        <Link to={BULK_STATUS_PATH} className="font-medium text-brand-700 underline">
          Scan tracking numbers
        </Link>
      </p>
    </form>
  );
}

const MENU_ITEM =
  "flex cursor-pointer items-center gap-2 rounded-md px-2 py-2 text-sm text-slate-800 outline-none data-[highlighted]:bg-slate-100";

/**
 * A row's actions in one menu (Radix: arrow keys, Enter, Escape): add a status update (the shipment's page with
 * its dialog open), print its label (a new tab), edit, delete (after 'Are you sure?'). The label also has its
 * own button beside the menu: it is what the warehouse prints most.
 */
function RowActions({ row }: { row: ShipmentListRow }) {
  // Accounts read the list (decision 026): no actions to offer.
  return useMayChange("/admin/shipments") ? <RowMenu row={row} /> : null;
}

function RowMenu({ row }: { row: ShipmentListRow }) {
  const navigation = useNavigation();
  const [confirming, setConfirming] = useState(false);
  const deleting =
    navigation.state !== "idle" &&
    navigation.formData?.get(INTENT) === SHIPMENT_LIST_INTENTS.deleteShipment &&
    navigation.formData?.get("id") === row.id;
  const label =
    row.pieces > MAX_LABELS_PER_RUN
      ? { href: `/admin/shipments/${row.id}#documents`, newTab: false }
      : { href: `/admin/shipments/${row.id}/label.pdf?size=4x6`, newTab: true };
  const newTab = label.newTab ? { target: "_blank", rel: "noopener" } : {};
  return (
    <div className="inline-flex items-center justify-end gap-1">
      <a
        href={label.href}
        {...newTab}
        title="Print label"
        className={buttonClass({ variant: "ghost", size: "sm", className: "px-2" })}
      >
        <Printer aria-hidden="true" className="size-4" />
        <span className="sr-only">Label {row.trackingNumber}</span>
      </a>
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger
          className={buttonClass({ variant: "ghost", size: "sm", className: "px-2" })}
          aria-label={`Actions for ${row.trackingNumber}`}
        >
          <MoreHorizontal aria-hidden="true" className="size-4" />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="end"
            sideOffset={4}
            className="z-50 min-w-52 rounded-lg border border-slate-200 bg-white p-1 shadow-lg"
          >
            <DropdownMenu.Item asChild className={MENU_ITEM}>
              <Link to={`/admin/shipments/${row.id}?${OPEN_ADD_STATUS}`}>
                <ListChecks aria-hidden="true" className="size-4" />
                Add status update<span className="sr-only"> to {row.trackingNumber}</span>
              </Link>
            </DropdownMenu.Item>
            <DropdownMenu.Item asChild className={MENU_ITEM}>
              <a href={label.href} {...newTab}>
                <Printer aria-hidden="true" className="size-4" />
                Print label<span className="sr-only"> {row.trackingNumber}</span>
              </a>
            </DropdownMenu.Item>
            <DropdownMenu.Item asChild className={MENU_ITEM}>
              <Link to={`/admin/shipments/${row.id}/edit`}>
                <Pencil aria-hidden="true" className="size-4" />
                Edit<span className="sr-only"> {row.trackingNumber}</span>
              </Link>
            </DropdownMenu.Item>
            <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
            <DropdownMenu.Item onSelect={() => setConfirming(true)} className={cn(MENU_ITEM, "text-red-700")}>
              <Trash2 aria-hidden="true" className="size-4" />
              Delete<span className="sr-only"> {row.trackingNumber}</span>
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Are you sure?"
        description={`This action cannot be undone. This will permanently delete shipment ${row.trackingNumber} and all associated data.`}
      >
        <Form method="post">
          <input type="hidden" name={INTENT} value={SHIPMENT_LIST_INTENTS.deleteShipment} />
          <input type="hidden" name="id" value={row.id} />
          <Button type="submit" variant="danger" className="w-full" disabled={deleting}>
            {deleting ? "Deleting..." : "Delete"}
          </Button>
        </Form>
      </ConfirmDialog>
    </div>
  );
}
