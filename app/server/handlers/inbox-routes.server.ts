import { data, type RouterContextProvider } from "react-router";
import { z } from "zod";
import { servicesContext } from "#app/context.ts";
import { formatDate, formatDateTimeLong } from "#app/lib/format.ts";
import { parseQuoteStageParam, quoteRequestStage, quoteStageParam } from "#app/lib/quote-stage.ts";
import { requestedPath } from "#app/lib/request-path.ts";
import { requireAdmin } from "#app/server/auth/auth.server.ts";
import type { Db } from "#app/server/db/client.server.ts";
import {
  type ContactSubmission,
  deleteContactSubmission,
  findContactSubmissions,
  openContactSubmission,
  setContactSubmissionRead,
} from "#app/server/contact-submissions.server.ts";
import { readFormData } from "#app/server/handlers/forms.server.ts";
import { INBOX_PAGE_SIZE, parseInboxQuery } from "#app/server/inbox.server.ts";
import {
  deleteQuoteRequest,
  findQuoteRequests,
  openQuoteRequest,
  type QuoteRequest,
  setQuoteRequestRead,
} from "#app/server/quote-requests.server.ts";
import { redirectWithToast } from "#app/server/platform/toast.server.ts";

// Loaders and the action of the two inboxes. The list route and its detail route (the list with the details
// dialog open, so one request has its own URL) share them.

type Ctx = Readonly<RouterContextProvider>;
export type InboxKind = "quote" | "message";

/** The texts of each inbox, word for word from the spec. */
export const INBOX_TEXT = {
  quote: {
    read: "Request marked as read",
    unread: "Request marked as unread",
    toggleFailed: "Failed to update request status",
    deleted: "Quote request deleted successfully",
    deleteFailed: "Failed to delete quote request",
  },
  message: {
    read: "Message marked as read",
    unread: "Message marked as unread",
    toggleFailed: "Failed to update message status",
    deleted: "Message deleted successfully",
    deleteFailed: "Failed to delete message",
  },
} as const;

const FREIGHT_LABELS: Record<string, string> = { air: "Air Freight", sea: "Sea Freight" };

/** Air Freight, Sea Freight, and Road Transport for 'road' or any other value; each label once. */
export function freightTypeLabels(values: readonly string[]): string[] {
  return [...new Set(values.map((value) => FREIGHT_LABELS[value] ?? "Road Transport"))];
}

/** A mailto: link; the address keeps its '@', everything else is encoded (line breaks as CRLF). */
export function mailtoHref({ to, subject, body }: { to: string; subject: string; body: string }): string {
  const address = encodeURIComponent(to).replace(/%40/g, "@");
  const query = [
    `subject=${encodeURIComponent(subject)}`,
    `body=${encodeURIComponent(body.replace(/\r?\n/g, "\r\n"))}`,
  ].join("&");
  return `mailto:${address}?${query}`;
}

function listQuery(request: Request) {
  const url = new URL(request.url);
  const query = parseInboxQuery(url);
  // The quote requests' stage filter (`?stage=quoted`); the contact inbox has none and ignores it.
  return { ...query, q: query.search ?? "", stage: parseQuoteStageParam(url.searchParams.get("stage")) };
}

function toQuoteRow(row: QuoteRequest) {
  return {
    id: row.id,
    name: `${row.firstName} ${row.lastName}`,
    email: row.email,
    route: `${row.cityDeparture} → ${row.deliveryCity}`,
    parcelType: row.parcelType,
    date: formatDate(row.createdAt),
    isRead: row.isRead,
    stage: quoteRequestStage(row),
  };
}

function toQuoteDetails(row: QuoteRequest) {
  return {
    ...toQuoteRow(row),
    firstName: row.firstName,
    lastName: row.lastName,
    cityDeparture: row.cityDeparture,
    deliveryCity: row.deliveryCity,
    weight: row.weight,
    freightTypes: freightTypeLabels(row.freightTypes),
    specialInfo: row.specialInfo,
    submittedOn: formatDateTimeLong(row.createdAt),
    replyHref: mailtoHref({
      to: row.email,
      subject: "RE: Your Quote Request",
      body: `Dear ${row.firstName},\n\nThank you for your quote request from ${row.cityDeparture} to ${row.deliveryCity}.\n\n`,
    }),
  };
}

export type QuoteRow = ReturnType<typeof toQuoteRow>;
export type QuoteDetails = ReturnType<typeof toQuoteDetails>;

type InboxSource<Row, Item, Details> = {
  open: (args: { db: Db; id: string }) => Promise<Row | null>;
  find: (
    args: { db: Db; pageSize: number } & ReturnType<typeof listQuery>,
  ) => Promise<{ items: Row[]; total: number; page: number; pageCount: number }>;
  toRow: (row: Row) => Item;
  toDetails: (row: Row) => Details;
};

/** An inbox's list (filter, search and page from the URL) and, with an id, that item opened (marked
 * read). An unknown id is a 404. */
async function loadInbox<Row, Item, Details>(
  { request, context, id }: { request: Request; context: Ctx; id?: string },
  source: InboxSource<Row, Item, Details>,
) {
  const { db } = context.get(servicesContext);
  const query = listQuery(request);
  let selected: Details | null = null;
  if (id !== undefined) {
    const row = await source.open({ db, id });
    if (!row) throw data(null, { status: 404 });
    selected = source.toDetails(row);
  }
  const list = await source.find({ db, ...query, pageSize: INBOX_PAGE_SIZE });
  return {
    query: { read: query.read ?? "", q: query.q, stage: query.stage ? quoteStageParam(query.stage) : "" },
    items: list.items.map(source.toRow),
    total: list.total,
    page: list.page,
    pageCount: list.pageCount,
    selected,
  };
}

/** The quote requests inbox; see loadInbox. */
export const loadQuoteInbox = (args: { request: Request; context: Ctx; id?: string }) =>
  loadInbox(args, {
    open: openQuoteRequest,
    find: findQuoteRequests,
    toRow: toQuoteRow,
    toDetails: toQuoteDetails,
  });

function toMessageRow(row: ContactSubmission) {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    subject: row.subject,
    date: formatDate(row.createdAt),
    isRead: row.isRead,
  };
}

function toMessageDetails(row: ContactSubmission) {
  return {
    ...toMessageRow(row),
    message: row.message,
    submittedOn: formatDateTimeLong(row.createdAt),
    replyHref: mailtoHref({ to: row.email, subject: `RE: ${row.subject}`, body: `Dear ${row.name},\n\n` }),
  };
}

export type MessageRow = ReturnType<typeof toMessageRow>;
export type MessageDetails = ReturnType<typeof toMessageDetails>;

/** The contact messages inbox; see loadInbox. */
export const loadMessageInbox = (args: { request: Request; context: Ctx; id?: string }) =>
  loadInbox(args, {
    open: openContactSubmission,
    find: findContactSubmissions,
    toRow: toMessageRow,
    toDetails: toMessageDetails,
  });

const actionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("toggle"), id: z.uuid(), read: z.enum(["true", "false"]) }),
  z.object({ intent: z.literal("delete"), id: z.uuid() }),
]);

/** One value per field: a repeated or file field makes the post invalid. */
function singleValues(formData: FormData | null, names: string[]): Record<string, string> | null {
  if (!formData) return null;
  const values: Record<string, string> = {};
  for (const name of names) {
    const all = formData.getAll(name);
    if (all.length > 1 || (all.length === 1 && typeof all[0] !== "string")) return null;
    if (typeof all[0] === "string") values[name] = all[0];
  }
  return values;
}

export type InboxActionReply = { intent: "toggle" | "delete" | null; id: string | null; error: string };

/**
 * Toggles read/unread or deletes one item, then goes back to the list (with its filters) and shows the
 * spec's toast. A failure stays on the page with the failure message: status 400 (a malformed post), 500 (the
 * database failed) or 200 when the item is gone (someone else deleted it; not an error of this request).
 */
export async function inboxAction({
  request,
  context,
  kind,
}: {
  request: Request;
  context: Ctx;
  kind: InboxKind;
}) {
  await requireAdmin({ request, context });
  const { db, logger } = context.get(servicesContext);
  const text = INBOX_TEXT[kind];
  const formData = await readFormData(request);
  const parsed = actionSchema.safeParse(singleValues(formData, ["intent", "id", "read"]));
  const back = requestedPath(request);
  if (!parsed.success) {
    const intent = formData?.get("intent") === "delete" ? "delete" : "toggle";
    return data<InboxActionReply>(
      { intent, id: null, error: intent === "delete" ? text.deleteFailed : text.toggleFailed },
      { status: 400 },
    );
  }
  const { id } = parsed.data;
  if (parsed.data.intent === "toggle") {
    const isRead = parsed.data.read === "true";
    try {
      const row =
        kind === "quote"
          ? await setQuoteRequestRead({ db, id, isRead })
          : await setContactSubmissionRead({ db, id, isRead });
      if (row) return redirectWithToast(back, { type: "success", title: isRead ? text.read : text.unread });
      return data<InboxActionReply>({ intent: "toggle", id, error: text.toggleFailed }, { status: 200 });
    } catch (error) {
      logger.error({ err: error, id, kind }, "Updating the read status failed");
      return data<InboxActionReply>({ intent: "toggle", id, error: text.toggleFailed }, { status: 500 });
    }
  }
  try {
    const deleted =
      kind === "quote" ? await deleteQuoteRequest({ db, id }) : await deleteContactSubmission({ db, id });
    if (deleted) {
      logger.info({ id, kind }, "Inbox item deleted");
      return redirectWithToast(back, { type: "success", title: text.deleted });
    }
    return data<InboxActionReply>({ intent: "delete", id, error: text.deleteFailed }, { status: 200 });
  } catch (error) {
    logger.error({ err: error, id, kind }, "Deleting an inbox item failed");
    return data<InboxActionReply>({ intent: "delete", id, error: text.deleteFailed }, { status: 500 });
  }
}
