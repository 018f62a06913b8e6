import type { BulkIntent } from "#app/lib/inbox-bulk.ts";
import type { QuoteRequestStage } from "#app/lib/quote-stage.ts";

// The inboxes' contract (quote requests and contact messages): what their loaders give and their actions
// answer. The components import these types (never the server modules' code).

/** A quote request in the list; `parcelType` is 'Not specified' when not given. */
export type QuoteRow = {
  id: string;
  name: string;
  email: string;
  route: string;
  parcelType: string;
  date: string;
  isRead: boolean;
  stage: QuoteRequestStage;
};

/** A quote request opened: its row and every field, dates as text, and a reply link (mailto:). */
export type QuoteDetails = QuoteRow & {
  firstName: string;
  lastName: string;
  cityDeparture: string;
  deliveryCity: string;
  company: string | null;
  phone: string | null;
  weight: string;
  readyDate: string | null;
  freightTypes: string[];
  specialInfo: string | null;
  submittedOn: string;
  replyHref: string;
  /** The language of the page it was sent from, in English ('French'): the answer goes in it. */
  language: string;
};

/** A contact message in the list. */
export type MessageRow = {
  id: string;
  name: string;
  email: string;
  subject: string;
  date: string;
  isRead: boolean;
};

/** A contact message opened: its row, its text, when it came, and a reply link (mailto:). */
export type MessageDetails = MessageRow & {
  message: string;
  submittedOn: string;
  replyHref: string;
  /** The language of the page it was sent from, in English ('French'). */
  language: string;
};

/** An inbox's page: the list's filters, one page of rows and, with an id, that item opened. */
export type InboxData<Item, Details> = {
  query: { read: string; q: string; stage: string };
  items: Item[];
  total: number;
  page: number;
  pageCount: number;
  selected: Details | null;
};

/** What a toggle or delete answers when it stays on the page (a success goes back to the list). */
export type InboxActionReply = { intent: "toggle" | "delete" | null; id: string | null; error: string };

/** What a bulk action answers when it stays on the page. */
export type BulkActionReply = { intent: BulkIntent | null; error: string };
