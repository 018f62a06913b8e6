import type { SubmissionResult } from "@conform-to/react";
import type { WithWords } from "#app/lib/i18n/use-words.ts";
import type { ColumnMapping, DateFormat } from "#app/lib/shipment-import.ts";
import type { StatusTone, TimelineIcon } from "#app/lib/shipment-status.ts";
import type { TrackingStep } from "#app/lib/tracking-progress.ts";
import type { SHIPMENT_FORM_INTENTS } from "#app/schemas/shipment-admin.ts";
import type { PartyKind } from "#app/server/parties/party-views.ts";

// The shipments' screens' contract: what their loaders give and their actions answer (the exceptions board,
// bulk status, recording a delivery, the shipment form, the import, the public tracking result). The
// components import these types (never the server modules' code). The shipment detail page has its own:
// shipments/shipment-detail-views.ts.

// ------------------------------------------------------------------------------------------------------------
// The exceptions board (/admin/exceptions)

export type ExceptionKind = "stalled" | "overdue" | "delayed";

/** One shipment on the board; its date already formatted, so the server and the browser show the same text. */
export type ExceptionRow = {
  id: string;
  trackingNumber: string;
  status: string;
  destination: string;
  estimatedDelivery: string | null;
  /** Whole days since its last update. */
  daysSinceUpdate: number;
  /** Whole days past its estimated delivery in the company's calendar (0 when not past). */
  daysLate: number;
};

/** The board: the kind shown, every kind's count, one page of its shipments, and the 'no update for N days'. */
export type ExceptionsBoardData = {
  kind: ExceptionKind;
  stallDays: number;
  counts: Record<ExceptionKind, number>;
  page: number;
  pageCount: number;
  total: number;
  rows: ExceptionRow[];
};

export type ExceptionsActionData = { result: SubmissionResult<string[]> };

// ------------------------------------------------------------------------------------------------------------
// Bulk status update (/admin/shipments/bulk-status)

/** What the page shows and the form carries. */
export type BulkStatusView = {
  mode: "selected" | "matching" | "scan";
  /** The hidden fields that name the shipments (ids, or the list's filter) and the list to go back to. */
  carry: [string, string][];
  /** The list as it was (search, filter, sort and page), for 'Back' and after the update. */
  back: string;
  count: number;
  sample: string[];
  key: string;
  timeZone: string;
  now: string;
  max: number;
  maxListed: number;
};

export type BulkStatusActionData = {
  result: SubmissionResult<string[]>;
  /** The scanned numbers no shipment has. */
  unknown?: string[];
};

// ------------------------------------------------------------------------------------------------------------
// Recording a delivery (/admin/shipments/:id/deliver)

export type DeliveryPagePhoto = { id: string; url: string };

/** The page's loader data. */
export type DeliveryPageData = {
  shipment: {
    id: string;
    trackingNumber: string;
    status: string;
    destination: string;
    consignee: string | null;
  };
  /** This visit's draft (in the URL): its photos wait on the server until 'Save', and a reload keeps them. */
  draftId: string;
  /** The page's own address with the draft: where its forms post, and what the script puts in the address bar. */
  draftPath: string;
  timeZone: string;
  /** The time field's default: now, in the company's time zone (datetime-local). */
  now: string;
  photos: DeliveryPagePhoto[];
  maxPhotos: number;
  maxMb: number;
  /** A delivery recorded before for this shipment: 'Save' records another. */
  previous: { receiverName: string; date: string } | null;
};

/** A refused 'Save' or photo: messages by field ('' for the form), the values typed. */
export type DeliveryActionData = {
  errors: Partial<
    Record<
      "receiverName" | "deliveredAt" | "remarks" | "internalNote" | "signature" | "photos" | "",
      string[]
    >
  >;
  values: {
    receiverName: string;
    deliveredAt: string;
    remarks: string;
    internalNote: string;
    keepLocation: boolean;
  };
};

// ------------------------------------------------------------------------------------------------------------
// The shipment form (new and edit)

/** The values the form starts with: strings, as the inputs hold them. */
export type ShipmentFormValues = {
  trackingNumber: string;
  status: string;
  originLocation: string;
  destinationLocation: string;
  currentLocation: string;
  estimatedDelivery: string;
  weight: string;
  dimensions: string;
  notes: string;
  shipperId: string;
  consigneeId: string;
  transportMode: string;
  pieces: string;
  goodsDescription: string;
  declaredValue: string;
  declaredCurrency: string;
  incoterm: string;
};

/** A shipper or consignee in the form's pickers. */
export type PartyOption = { id: string; name: string; company: string | null };

/** The action's answer: the 'Save' post, an 'Add New' dialog's party, or a post that could not be read. */
export type ShipmentFormActionData =
  | { intent: typeof SHIPMENT_FORM_INTENTS.save; result: SubmissionResult<string[]>; failed?: boolean }
  | {
      intent: typeof SHIPMENT_FORM_INTENTS.createShipper | typeof SHIPMENT_FORM_INTENTS.createConsignee;
      result: SubmissionResult<string[]>;
      party: PartyOption | null;
    }
  | { intent: null; result: SubmissionResult<string[]> };

// ------------------------------------------------------------------------------------------------------------
// The import (/admin/shipments/import)

/** One problem of one cell (or of a whole row, `column` ""), for the list on the page. */
export type ImportRowError = { row: number; column: string; header: string; message: string };

export type ImportResult = { created: number; updated: number; skipped: number };

/**
 * A contact detail of an existing shipper or consignee that the file gives too: one the party lacks (filled by the
 * import) or one that differs from the stored one (kept unless the clerk chooses the file's; never dropped unseen).
 */
export type PartyDetail = {
  kind: PartyKind;
  partyId: string;
  partyName: string;
  field: "name" | "company" | "email" | "phone" | "address";
  stored: string | null;
  file: string;
};

export type ShipmentImportView =
  | { step: "upload"; maxMb: number; maxRows: number; notice: string | null }
  | {
      step: "map";
      maxMb: number;
      maxRows: number;
      uploadId: string;
      filename: string;
      header: string[];
      preview: string[][];
      rowCount: number;
      mapping: ColumnMapping;
      dateFormat: DateFormat | null;
      dateGuessed: boolean;
      imported: ImportResult | null;
      expiresAt: string;
    };

export type ShipmentImportActionData = { intent: "upload"; error: string } | ImportCheckData;

/** A check's (or a refused import's) answer: the mapping's problems, the rows' errors, and the counts. */
export type ImportCheckData = {
  intent: "check" | "import";
  ok: boolean;
  mappingErrors: string[];
  errors: ImportRowError[];
  errorCount: number;
  rowCount: number;
  created: number;
  existing: number;
  /** Contact details existing shippers and consignees lack, which the import adds (the first ERRORS_SHOWN). */
  fills: PartyDetail[];
  fillCount: number;
  /** Details that differ from the stored ones: the clerk keeps (default) or replaces each. */
  conflicts: PartyDetail[];
  conflictCount: number;
  message?: string;
};

// ------------------------------------------------------------------------------------------------------------
// The public tracking result

/** A party as the public may see it: name and company only, never e-mail, phone or address. */
export type PublicParty = { name: string; company: string | null };

/** An instant as the tracking page shows it, in the company's time zone: for <time dateTime>, 'Nov 22, 2026', '3:40 PM'. */
export type ShownTime = { iso: string; date: string; time: string };

export type TrackingTimelineEntry = {
  id: string;
  status: string;
  location: string;
  notes: string | null;
  at: ShownTime;
  icon: TimelineIcon;
};

/**
 * A public shipment as the tracking result shows it, everything derived already: the stepper's step,
 * the latest update, the arrival line, whether it is late, the badge colour, the timeline icons and
 * every date written out. The page's script then carries no status rules and no date code.
 */
export type TrackingView = {
  trackingNumber: string;
  status: string;
  statusTone: StatusTone;
  /** The newest history entry, for 'Latest update: {status}, {place}, {date time}'. */
  latest: { status: string; location: string; at: ShownTime } | null;
  /**
   * 'Delivered {date time}', 'Arriving {date}' or 'Was due {date}' (the label in the page's language); null
   * without an estimated delivery.
   */
  arrival: { label: string; iso: string; text: string } | null;
  /** Index into TRACKING_STEPS of the step it is at. */
  step: TrackingStep;
  /** The status or the newest entry reports a delay (and it is not delivered). */
  delayed: boolean;
  delivered: boolean;
  /** The estimated delivery day is over and nothing says delivered. */
  late: boolean;
  lastUpdated: ShownTime;
  originLocation: string;
  destinationLocation: string;
  currentLocation: string | null;
  /** Null without one, and once delivered. */
  estimatedDelivery: ShownTime | null;
  /** '1,250.5 kg' */
  weight: string | null;
  dimensions: string | null;
  shipper: PublicParty | null;
  consignee: PublicParty | null;
  /** Newest first. */
  history: TrackingTimelineEntry[];
  /** The company's time zone (site settings) the times are written in. */
  timeZone: string;
  /** The same as a customer reads it, for the timeline's note: 'Monrovia' / 'Monrovia (GMT)', never 'Africa/Monrovia'. */
  timeZoneName: string;
};

/** The tracking result's WhatsApp links: plain wa.me addresses, so the page ships no code for them. */
export type WhatsAppLinks = {
  /** 'Share on WhatsApp': the tracking link, in a message the visitor sends to whom they choose. */
  share: string;
  /** A chat with the company, its number from Settings; null unless that number is a mobile one. */
  chat: string | null;
};

/** Back to the same page of the list (its search and filters); anything else goes to the list itself. */
export function listReturnPath(value: unknown): string {
  return typeof value === "string" && /^\/admin\/shipments(\?[^\s\\#]*)?$/.test(value)
    ? value
    : "/admin/shipments";
}

/** What /track/:trackingNumber gives: the result of a found shipment, or why there is none (its words beside). */
export type TrackingNumberPageData = WithWords &
  (
    | { kind: "no-number" }
    | { kind: "rate-limited"; number: string; retryAfterSeconds: number }
    | { kind: "not-found"; number: string }
    | {
        kind: "found";
        number: string;
        shipment: TrackingView;
        trackingUrl: string;
        whatsApp: WhatsAppLinks;
        qrCodeUrl: string;
        detailsPath: string;
        updatesPath: string;
      }
  );
