import { Link } from "react-router";
import { Detail, EmailText } from "#app/components/admin/inbox/inbox.tsx";
import {
  type InboxColumn,
  type InboxData,
  InboxPage,
  type InboxTexts,
} from "#app/components/admin/inbox/inbox-page.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { buttonClass } from "#app/components/ui/button.tsx";
import { BULK_NOUNS } from "#app/lib/inbox-bulk.ts";
import { QUOTE_REQUEST_STAGES, type QuoteRequestStage, quoteStageParam } from "#app/lib/quote-stage.ts";
import type { QuoteDetails, QuoteRow } from "#app/server/inbox/inbox-views.ts";

export const QUOTES_PATH = "/admin/quote-requests";

export type QuoteInboxData = InboxData<QuoteRow, QuoteDetails>;

const texts: InboxTexts = {
  title: "Quote Requests",
  description: "Quote requests sent through the website, newest first.",
  searchLabel: "Search quote requests",
  searchPlaceholder: "Name, email or city",
  loading: "Loading quote requests...",
  empty: "No quote requests found.",
  caption: "Quote requests",
  item: "quote request",
  deleteDescription: "This action cannot be undone. This will permanently delete the quote request.",
  bulkNoun: BULK_NOUNS.quote,
  detailsTitle: "Quote Request Details",
};

const STAGE_TONES = {
  New: "blue",
  Quoted: "yellow",
  Accepted: "green",
  Declined: "red",
  Expired: "grey",
  Booked: "green",
} as const satisfies Record<QuoteRequestStage, string>;

const stages = QUOTE_REQUEST_STAGES.map((stage) => [quoteStageParam(stage), stage] as const);

function StageBadge({ stage }: { stage: QuoteRequestStage }) {
  return <Badge tone={STAGE_TONES[stage]}>{stage}</Badge>;
}

// The spec's columns, and 'Stage' (decision 016) after the type: New → Quoted → Accepted / Declined / Expired → Booked.
const columns: InboxColumn<QuoteRow>[] = [
  { header: "Route", className: "max-w-56 break-words", cell: (quote) => quote.route },
  { header: "Type", cell: (quote) => quote.parcelType },
  { header: "Stage", cell: (quote) => <StageBadge stage={quote.stage} /> },
];

/** The Quote Requests inbox; with `selected`, the details dialog of that request is open. */
export function QuoteRequestsInbox({ data }: { data: QuoteInboxData }) {
  return (
    <InboxPage
      basePath={QUOTES_PATH}
      texts={texts}
      columns={columns}
      data={data}
      details={quoteDetailFields}
      stages={stages}
      primaryAction={(quote) => (
        <Link to={`${QUOTES_PATH}/${quote.id}/quote`} className={buttonClass()}>
          Prepare quote or book shipment
        </Link>
      )}
    />
  );
}

function quoteDetailFields(quote: QuoteDetails) {
  return (
    <>
      <Detail label="Name">{quote.name}</Detail>
      {quote.company ? <Detail label="Company">{quote.company}</Detail> : null}
      <Detail label="Email">
        <EmailText email={quote.email} />
      </Detail>
      <Detail label="Language">{quote.language}</Detail>
      {quote.phone ? (
        <Detail label="Phone">
          <a href={`tel:${quote.phone}`} className="text-brand-700 underline">
            {quote.phone}
          </a>
        </Detail>
      ) : null}
      <Detail label="City of Departure">{quote.cityDeparture}</Detail>
      <Detail label="Delivery City">{quote.deliveryCity}</Detail>
      <Detail label="Parcel Type">{quote.parcelType}</Detail>
      <Detail label="Weight">{quote.weight}</Detail>
      {quote.readyDate ? <Detail label="Cargo Ready">{quote.readyDate}</Detail> : null}
      <Detail label="Freight Types" wide>
        <span className="mt-1 flex flex-wrap gap-2">
          {quote.freightTypes.map((label) => (
            <Badge key={label} tone="blue">
              {label}
            </Badge>
          ))}
        </span>
      </Detail>
      <Detail label="Stage">
        <StageBadge stage={quote.stage} />
      </Detail>
      {quote.specialInfo ? (
        <Detail label="Special Information" wide>
          <span className="block whitespace-pre-wrap">{quote.specialInfo}</span>
        </Detail>
      ) : null}
    </>
  );
}
