import { useActionData } from "react-router";
import { Badge } from "~/components/ui/badge";
import { buttonClass } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { Pagination } from "~/components/ui/pagination";
import { Table, TBody, TD, TH, THead, TR } from "~/components/ui/table";
import { cn } from "~/lib/cn";
import type { QuoteDetails, QuoteRow } from "~/server/inbox-routes.server";
import {
  ActionError,
  CloseLink,
  DeleteButton,
  Detail,
  DetailsDialog,
  type InboxActionReply,
  InboxFilters,
  InboxHeader,
  ReadToggle,
  useListHref,
  useListLoading,
  useReturnFocus,
  ViewLink,
} from "./inbox";

export const QUOTES_PATH = "/admin/quote-requests";
const DELETE_TEXT = "This action cannot be undone. This will permanently delete the quote request.";

export type QuoteInboxData = {
  query: { read: string; q: string };
  items: QuoteRow[];
  total: number;
  page: number;
  pageCount: number;
  selected: QuoteDetails | null;
};

/** The Quote Requests inbox; with `selected`, the details dialog of that request is open. */
export function QuoteRequestsInbox({ data }: { data: QuoteInboxData }) {
  const listHref = useListHref(QUOTES_PATH);
  const loading = useListLoading(QUOTES_PATH);
  const actionData = useActionData<InboxActionReply>();
  useReturnFocus();
  const search = listHref.slice(QUOTES_PATH.length);
  const detailsHref = (id: string) => `${QUOTES_PATH}/${id}${search}`;
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <InboxHeader
        title="Quote Requests"
        description="Quote requests sent through the website, newest first."
      />
      <Card>
        <CardContent className="pt-6">
          <InboxFilters
            basePath={QUOTES_PATH}
            query={data.query}
            searchLabel="Search quote requests"
            searchPlaceholder="Name, email or city"
          />
          <ActionError reply={actionData} />
          <p role="status" className={cn("mb-3 text-sm font-medium text-brand-700", !loading && "sr-only")}>
            {loading ? "Loading quote requests..." : ""}
          </p>
          {data.items.length === 0 ? (
            <p className="rounded-lg border border-dashed border-slate-300 px-6 py-12 text-center text-slate-700">
              No quote requests found.
            </p>
          ) : (
            <div className={cn(loading && "opacity-60")}>
              <Table>
                <caption className="sr-only">
                  Quote requests, {data.total} in all (page {data.page} of {data.pageCount})
                </caption>
                <THead>
                  <tr>
                    <TH>Status</TH>
                    <TH>Name</TH>
                    <TH>Email</TH>
                    <TH>Route</TH>
                    <TH>Type</TH>
                    <TH>Date</TH>
                    <TH className="text-right">Actions</TH>
                  </tr>
                </THead>
                <TBody>
                  {data.items.map((quote) => (
                    <TR key={quote.id} className={cn(!quote.isRead && "bg-green-50/40")}>
                      <TD>
                        <ReadToggle id={quote.id} isRead={quote.isRead} action={listHref} />
                      </TD>
                      <TD className={cn("max-w-48 break-words", !quote.isRead && "font-semibold")}>
                        {quote.name}
                      </TD>
                      <TD className="max-w-56 break-all">{quote.email}</TD>
                      <TD className="max-w-56 break-words">{quote.route}</TD>
                      <TD>{quote.parcelType}</TD>
                      <TD className="whitespace-nowrap">{quote.date}</TD>
                      <TD>
                        <div className="flex items-center justify-end gap-1" data-view-id={quote.id}>
                          <ViewLink
                            href={detailsHref(quote.id)}
                            label={`View quote request from ${quote.name}`}
                          />
                          <DeleteButton
                            id={quote.id}
                            action={listHref}
                            label={`Delete quote request from ${quote.name}`}
                            description={DELETE_TEXT}
                            detailsHref={detailsHref(quote.id)}
                          />
                        </div>
                      </TD>
                    </TR>
                  ))}
                </TBody>
              </Table>
            </div>
          )}
          <Pagination page={data.page} pageCount={data.pageCount} />
        </CardContent>
      </Card>
      {data.selected ? <QuoteDetailsDialog quote={data.selected} listHref={listHref} /> : null}
    </div>
  );
}

function QuoteDetailsDialog({ quote, listHref }: { quote: QuoteDetails; listHref: string }) {
  return (
    <DetailsDialog
      id={quote.id}
      title="Quote Request Details"
      description={`Submitted on ${quote.submittedOn}`}
      closeHref={listHref}
      footer={
        <>
          <div className="sm:mr-auto">
            <DeleteButton
              id={quote.id}
              action={listHref}
              label={`Delete quote request from ${quote.name}`}
              description={DELETE_TEXT}
              detailsHref=""
              trigger="text"
            />
          </div>
          <CloseLink href={listHref} id={quote.id} />
          <a href={quote.replyHref} className={buttonClass()}>
            Reply via Email
          </a>
        </>
      }
    >
      <dl className="grid gap-4 sm:grid-cols-2">
        <Detail label="Name">{quote.name}</Detail>
        <Detail label="Email">
          <span className="break-all">{quote.email}</span>
        </Detail>
        <Detail label="City of Departure">{quote.cityDeparture}</Detail>
        <Detail label="Delivery City">{quote.deliveryCity}</Detail>
        <Detail label="Parcel Type">{quote.parcelType}</Detail>
        <Detail label="Weight">{quote.weight}</Detail>
        <Detail label="Freight Types" wide>
          <span className="mt-1 flex flex-wrap gap-2">
            {quote.freightTypes.map((label) => (
              <Badge key={label} tone="blue">
                {label}
              </Badge>
            ))}
          </span>
        </Detail>
        {quote.specialInfo ? (
          <Detail label="Special Information" wide>
            <span className="block whitespace-pre-wrap">{quote.specialInfo}</span>
          </Detail>
        ) : null}
      </dl>
    </DetailsDialog>
  );
}
