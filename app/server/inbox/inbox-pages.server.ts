import { data, type RouterContextProvider } from "react-router";
import { z } from "zod";
import { servicesContext } from "#app/context.ts";
import { formatCalendarDate, formatDate, formatDateTimeLong } from "#app/lib/format.ts";
import { freightTypeLabels } from "#app/lib/freight-terms.ts";
import { BULK_INTENTS, BULK_NOUNS, type BulkIntent, countOf } from "#app/lib/inbox-bulk.ts";
import { parseQuoteStageParam, quoteRequestStage, quoteStageParam } from "#app/lib/quote-stage.ts";
import { requestedPath } from "#app/lib/request-path.ts";
import { NOT_GIVEN } from "#app/schemas/rules/quote-request-rules.ts";
import type { Db } from "#app/server/db/client.server.ts";
import {
  BULK_MAX_IDS,
  type BulkTarget,
  cleanSearch,
  INBOX_PAGE_SIZE,
  parseInboxQuery,
} from "#app/server/db/inbox-records.server.ts";
import { isUuid } from "#app/server/db/text-search.server.ts";
import {
  type ContactSubmission,
  deleteContactSubmission,
  deleteContactSubmissions,
  findContactSubmissions,
  openContactSubmission,
  setContactSubmissionRead,
  setContactSubmissionsRead,
} from "#app/server/inbox/contact-submissions.server.ts";
import type {
  BulkActionReply,
  InboxActionReply,
  InboxData,
  MessageDetails,
  MessageRow,
  QuoteDetails,
  QuoteRow,
} from "#app/server/inbox/inbox-views.ts";
import type { Logger } from "#app/server/platform/logger.server.ts";
import { redirectWithToast } from "#app/server/platform/toast.server.ts";
import {
  deleteQuoteRequest,
  deleteQuoteRequests,
  findQuoteRequests,
  openQuoteRequest,
  type QuoteRequest,
  quoteStageCondition,
  setQuoteRequestRead,
  setQuoteRequestsRead,
} from "#app/server/quotes/quote-requests.server.ts";
import { requireStaffForm } from "#app/server/staff/staff-page.server.ts";

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

function toQuoteRow(row: QuoteRequest): QuoteRow {
  return {
    id: row.id,
    name: `${row.firstName} ${row.lastName}`.trim(),
    email: row.email,
    route: `${row.cityDeparture} → ${row.deliveryCity}`,
    parcelType: row.parcelType ?? NOT_GIVEN,
    date: formatDate(row.createdAt),
    isRead: row.isRead,
    stage: quoteRequestStage(row),
  };
}

/** A request's or message's language as staff read it (the back office is in English). */
const LANGUAGE_NAMES = { en: "English", fr: "French" } as const;

function toQuoteDetails(row: QuoteRequest): QuoteDetails {
  return {
    ...toQuoteRow(row),
    firstName: row.firstName,
    lastName: row.lastName,
    cityDeparture: row.cityDeparture,
    deliveryCity: row.deliveryCity,
    company: row.company,
    phone: row.phone,
    weight: row.weight ?? NOT_GIVEN,
    readyDate: row.readyDate ? formatCalendarDate(row.readyDate) : null,
    freightTypes: freightTypeLabels(row.freightTypes),
    specialInfo: row.specialInfo,
    submittedOn: formatDateTimeLong(row.createdAt),
    language: LANGUAGE_NAMES[row.language],
    replyHref: mailtoHref({
      to: row.email,
      subject: "RE: Your Quote Request",
      body: `Dear ${row.firstName},\n\nThank you for your quote request from ${row.cityDeparture} to ${row.deliveryCity}.\n\n`,
    }),
  };
}

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
): Promise<InboxData<Item, Details>> {
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

function toMessageRow(row: ContactSubmission): MessageRow {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    subject: row.subject,
    date: formatDate(row.createdAt),
    isRead: row.isRead,
  };
}

function toMessageDetails(row: ContactSubmission): MessageDetails {
  return {
    ...toMessageRow(row),
    message: row.message,
    submittedOn: formatDateTimeLong(row.createdAt),
    language: LANGUAGE_NAMES[row.language],
    replyHref: mailtoHref({ to: row.email, subject: `RE: ${row.subject}`, body: `Dear ${row.name},\n\n` }),
  };
}

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
  const { services, formData } = await requireStaffForm({ request, context });
  const { db, logger } = services;
  const text = INBOX_TEXT[kind];
  const bulkIntent = formData?.get("intent");
  if (typeof bulkIntent === "string" && bulkIntent.startsWith("bulk-")) {
    return bulkAction({ request, db, logger, kind, formData: formData! });
  }
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

/** The post of a bulk action: what to do, and to which rows; null when it cannot be read. */
function readBulkPost(formData: FormData): { intent: BulkIntent; target: BulkTarget } | null {
  const one = (name: string) => {
    const all = formData.getAll(name);
    return all.length === 1 && typeof all[0] === "string" ? all[0] : all.length === 0 ? "" : null;
  };
  const intent = one("intent");
  const scope = one("scope");
  if (!Object.values(BULK_INTENTS).includes(intent as BulkIntent)) return null;
  if (scope === "selected") {
    const ids = formData.getAll("ids");
    if (ids.length === 0 || ids.length > BULK_MAX_IDS) return null;
    if (!ids.every((id) => typeof id === "string" && isUuid(id))) return null;
    return { intent: intent as BulkIntent, target: { ids: [...new Set(ids as string[])] } };
  }
  if (scope === "matching") {
    const read = one("read");
    const q = one("q");
    const stage = one("stage");
    if (read === null || q === null || stage === null) return null;
    if (read !== "" && read !== "read" && read !== "unread") return null;
    if (stage !== "" && !parseQuoteStageParam(stage)) return null;
    return {
      intent: intent as BulkIntent,
      target: { filter: { read: read || undefined, search: cleanSearch(q) || undefined } },
    };
  }
  return null;
}

/**
 * Mark read, mark unread or delete many items at once (decision 016): the rows chosen, or every row the list's
 * filter matches, which the server reads again from the post (never a count from the browser). One statement
 * per action; the toast says how many changed (rows already so, or gone meanwhile, are not counted).
 */
async function bulkAction({
  request,
  db,
  logger,
  kind,
  formData,
}: {
  request: Request;
  db: Db;
  logger: Logger;
  kind: InboxKind;
  formData: FormData;
}) {
  const noun = BULK_NOUNS[kind];
  const post = readBulkPost(formData);
  if (!post) {
    return data<BulkActionReply>(
      { intent: null, error: `The selection could not be read. Choose the ${noun.many} again.` },
      { status: 400 },
    );
  }
  const { intent } = post;
  let target = post.target;
  if (kind === "quote" && "filter" in target) {
    const stage = parseQuoteStageParam(formData.get("stage") as string);
    if (stage) target = { filter: { ...target.filter, where: quoteStageCondition(stage, new Date()) } };
  }
  const back = requestedPath(request);
  try {
    if (intent === BULK_INTENTS.delete) {
      const n =
        kind === "quote"
          ? await deleteQuoteRequests({ db, target })
          : await deleteContactSubmissions({ db, target });
      logger.info({ kind, deleted: n }, "Inbox items deleted in bulk");
      return redirectWithToast(back, { type: "success", title: `${countOf(n, noun)} deleted` });
    }
    const isRead = intent === BULK_INTENTS.read;
    const n =
      kind === "quote"
        ? await setQuoteRequestsRead({ db, target, isRead })
        : await setContactSubmissionsRead({ db, target, isRead });
    return redirectWithToast(back, {
      type: "success",
      title: `${countOf(n, noun)} marked as ${isRead ? "read" : "unread"}`,
    });
  } catch (error) {
    logger.error({ err: error, kind, intent }, "A bulk inbox action failed");
    return data<BulkActionReply>(
      { intent, error: `Failed to update the ${noun.many}. Nothing was changed.` },
      { status: 500 },
    );
  }
}
