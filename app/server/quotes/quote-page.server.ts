import { data, type RouterContextProvider, redirect } from "react-router";
import { freightTypeLabels } from "#app/lib/freight-terms.ts";
import { formatMoney, minorToInput } from "#app/lib/money.ts";
import { quoteRequestStage } from "#app/lib/quote-stage.ts";
import { companyToday } from "#app/lib/time-zone.ts";
import {
  DEFAULT_VALIDITY_DAYS,
  type QuoteFormValues,
  readQuoteForm,
  validateQuoteForm,
} from "#app/schemas/quote.ts";
import { INTENT_FIELD } from "#app/schemas/rules/public-form.ts";
import { NOT_GIVEN } from "#app/schemas/rules/quote-request-rules.ts";
import { redirectWithToast } from "#app/server/platform/toast.server.ts";
import { getQuoteRequestForBooking } from "#app/server/quotes/bookings.server.ts";
import type { QuoteActionData, QuotePageData, QuoteVersionView } from "#app/server/quotes/quote-views.ts";
import {
  defaultValidUntil,
  listQuotes,
  quoteStatus,
  saveQuoteDraft,
  sendQuote,
} from "#app/server/quotes/quotes.server.ts";
import { notFound, requireStaffForm, requireStaffPage } from "#app/server/staff/staff-page.server.ts";

// /admin/quote-requests/:id/quote: prepare, send and book a request's quote (decision 016).

type Ctx = Readonly<RouterContextProvider>;

export const QUOTE_INTENTS = { save: "save-draft", send: "send-quote", book: "book-shipment" } as const;

export async function loadQuotePage({
  request,
  context,
  id,
}: {
  request: Request;
  context: Ctx;
  id: string;
}): Promise<QuotePageData> {
  const { services } = await requireStaffPage({ request, context, id });
  const { db, siteSettings } = services;
  const found = await getQuoteRequestForBooking({ db, id });
  if (!found) notFound();
  const { timeZone } = await siteSettings.get();
  const now = new Date();
  const versions = await listQuotes({ db, requestId: id });
  const draft = versions.find((quote) => quote.state === "draft");
  const base = draft ?? versions[0];
  const values: QuoteFormValues = base
    ? {
        currency: base.currency,
        validUntil: draft ? base.validUntil : defaultValidUntil(timeZone, now, DEFAULT_VALIDITY_DAYS),
        transitTime: base.transitTime ?? "",
        incoterm: base.incoterm ?? "",
        terms: base.terms ?? "",
        note: base.note ?? "",
        lines: base.lines.map((line) => ({
          description: line.description,
          amount: minorToInput(line.amountMinor, base.currency),
        })),
      }
    : {
        currency: "USD",
        validUntil: defaultValidUntil(timeZone, now, DEFAULT_VALIDITY_DAYS),
        transitTime: "",
        incoterm: "",
        terms: "",
        note: "",
        lines: [{ description: "Freight", amount: "" }],
      };
  const { request: row } = found;
  return {
    request: {
      id: row.id,
      name: `${row.firstName} ${row.lastName}`.trim(),
      company: row.company,
      email: row.email,
      phone: row.phone,
      route: `${row.cityDeparture} → ${row.deliveryCity}`,
      parcelType: row.parcelType ?? NOT_GIVEN,
      weight: row.weight ?? NOT_GIVEN,
      readyDate: row.readyDate,
      freightTypes: freightTypeLabels(row.freightTypes),
      specialInfo: row.specialInfo,
      submittedOn: row.createdAt.toISOString(),
      stage: quoteRequestStage(row, now),
      bookedShipmentId: row.bookedShipmentId,
    },
    hasDraft: Boolean(draft),
    canEdit: !row.bookedShipmentId && row.quoteState !== "accepted",
    today: companyToday(timeZone, now),
    values,
    versions: versions.map(
      (quote): QuoteVersionView => ({
        id: quote.id,
        version: quote.version,
        status: quoteStatus(quote, now),
        currency: quote.currency,
        total: formatMoney(quote.totalMinor, quote.currency),
        lines: quote.lines.map((line) => ({
          description: line.description,
          amount: formatMoney(line.amountMinor, quote.currency),
        })),
        validUntil: quote.validUntil,
        transitTime: quote.transitTime,
        incoterm: quote.incoterm,
        terms: quote.terms,
        note: quote.note,
        sentAt: quote.sentAt?.toISOString() ?? null,
        acceptedName: quote.acceptedName,
        acceptedAt: quote.acceptedAt?.toISOString() ?? null,
        declinedAt: quote.declinedAt?.toISOString() ?? null,
        declineComment: quote.declineComment,
      }),
    ),
  };
}

const SEND_REFUSALS: Record<string, string> = {
  "no-draft": "Save the quote as a draft first.",
  accepted: "This quote was accepted: book the shipment instead.",
  booked: "This request is already booked.",
  "validity-past": "The validity date is in the past: choose a later date.",
  "mail-refused": "The customer's e-mail address cannot receive mail, so nothing was sent.",
  "not-found": "This quote request no longer exists.",
};

export async function quotePageAction({
  request,
  context,
  id,
}: {
  request: Request;
  context: Ctx;
  id: string;
}) {
  const { user, services, formData } = await requireStaffForm({ request, context, id });
  const { db, config, logger, siteSettings } = services;
  const intent = formData?.get(INTENT_FIELD);
  const page = `/admin/quote-requests/${id}/quote`;
  if (!formData || typeof intent !== "string") {
    return data<QuoteActionData>(
      { intent: "", errors: { form: "The form could not be read. Please try again." } },
      { status: 400 },
    );
  }
  const settings = await siteSettings.get();

  if (intent === QUOTE_INTENTS.save || intent === QUOTE_INTENTS.send) {
    // Both buttons post the form as it is on screen: 'Send quote' saves it and sends it in one step, so the
    // customer gets exactly what the clerk sees (never an older saved draft), or nothing and a reason.
    const values = readQuoteForm(formData);
    const checked = validateQuoteForm(values, { today: companyToday(settings.timeZone) });
    if (!checked.ok)
      return data<QuoteActionData>({ intent, errors: checked.errors, values }, { status: 400 });
    const refused = (reason: string) =>
      data<QuoteActionData>({ intent, errors: { form: SEND_REFUSALS[reason]! }, values }, { status: 409 });
    if (intent === QUOTE_INTENTS.send) {
      const sent = await sendQuote({
        db,
        config,
        logger,
        requestId: id,
        staffId: user.id,
        settings,
        input: checked.value,
      });
      if (!sent.ok) return sent.reason === "not-found" ? notFound() : refused(sent.reason);
      logger.info({ quoteId: sent.quoteId, version: sent.version }, "Quote sent");
      return redirectWithToast(page, {
        type: "success",
        title: "Quote sent",
        description: sent.mailQueued ? undefined : "Kept in the outbox: e-mail is not set up (SMTP_URL).",
      });
    }
    const saved = await saveQuoteDraft({
      db,
      requestId: id,
      input: checked.value,
      staffId: user.id,
      timeZone: settings.timeZone,
    });
    if (!saved.ok) return saved.reason === "not-found" ? notFound() : refused(saved.reason);
    logger.info({ quoteId: saved.quoteId, version: saved.version }, "Quote draft saved");
    return redirectWithToast(page, { type: "success", title: `Draft saved (version ${saved.version})` });
  }

  if (intent === QUOTE_INTENTS.book) {
    const found = await getQuoteRequestForBooking({ db, id });
    if (!found) notFound();
    if (found.request.bookedShipmentId) return redirect(`/admin/shipments/${found.request.bookedShipmentId}`);
    // The form offers the requester as shipper (matched by e-mail, or created only when the booking is saved).
    return redirect(`/admin/shipments/new?request=${id}`);
  }

  return data<QuoteActionData>(
    { intent, errors: { form: "The form could not be read. Please try again." } },
    { status: 400 },
  );
}
