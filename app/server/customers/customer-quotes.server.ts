// A customer company's quotes (decision 029): the sent versions (never drafts) of the quote requests made from
// its parties' or its members' proved e-mail addresses, or booked as one of its shipments. The account's
// quote pages reach quotes only through these, with the company from the session.
import {
  and,
  count,
  desc,
  eq,
  exists,
  gte,
  inArray,
  isNotNull,
  isNull,
  ne,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import { formatMoneyIn } from "#app/lib/i18n/format.ts";
import type { Locale } from "#app/lib/i18n/locale.ts";
import { parcelTypeOptions, QUOTE_LIMITS } from "#app/schemas/rules/quote-request-rules.ts";
import {
  ACCOUNT_PAGE_SIZE,
  type AccountQuoteRow,
  QUOTE_STATUS_LABELS,
  type QuoteRequestPrefill,
} from "#app/server/customers/customer-billing-views.ts";
import { listCompanyParties } from "#app/server/customers/customer-companies.server.ts";
import { companyShipmentsWhere, findCompanyShipmentId } from "#app/server/customers/customer-scope.server.ts";
import type { CustomerUser } from "#app/server/customers/customer-sessions.server.ts";
import type { Db, DbOrTx } from "#app/server/db/client.server.ts";
import {
  consignees,
  customerMembers,
  quoteRequests,
  quotes,
  shipments,
  shippers,
} from "#app/server/db/schema.ts";
import { isUuid } from "#app/server/db/text-search.server.ts";
import { findCustomerQuote, type PublicQuote } from "#app/server/quotes/quote-link.server.ts";
import { quoteStatus } from "#app/server/quotes/quotes.server.ts";

/** The e-mail addresses (lower-cased) of a company's parties: staff put them on the records they linked. */
async function partyEmails({
  db,
  parties,
}: {
  db: DbOrTx;
  parties: { shipperIds: string[]; consigneeIds: string[] };
}): Promise<string[]> {
  const [shipperRows, consigneeRows] = await Promise.all([
    parties.shipperIds.length > 0
      ? db.select({ email: shippers.email }).from(shippers).where(inArray(shippers.id, parties.shipperIds))
      : [],
    parties.consigneeIds.length > 0
      ? db
          .select({ email: consignees.email })
          .from(consignees)
          .where(inArray(consignees.id, parties.consigneeIds))
      : [],
  ]);
  const emails = [...shipperRows, ...consigneeRows]
    .map((row) => row.email?.trim().toLowerCase() ?? "")
    .filter((email) => email !== "");
  return [...new Set(emails)];
}

/**
 * The condition 'this quote request is the company's', for a query over `quote_requests` (decision 029): booked as
 * one of its shipments, asked from an address on one of its parties (staff linked them), or asked from the
 * proved address of one of its active members. A colleague who joined by an invitation brings only what they ask
 * from the day they proved the address: their earlier requests were never the company's.
 */
async function companyRequestsWhere({ db, companyId }: { db: DbOrTx; companyId: string }): Promise<SQL> {
  const parties = await listCompanyParties({ db, companyId });
  const emails = await partyEmails({ db, parties });
  const booked = inArray(
    quoteRequests.bookedShipmentId,
    db.select({ id: shipments.id }).from(shipments).where(companyShipmentsWhere(parties)),
  );
  const fromMember = exists(
    db
      .select({ id: customerMembers.id })
      .from(customerMembers)
      .where(
        and(
          eq(customerMembers.companyId, companyId),
          isNull(customerMembers.removedAt),
          isNotNull(customerMembers.emailVerifiedAt),
          sql`${customerMembers.email} = lower(${quoteRequests.email})`,
          or(
            isNull(customerMembers.invitedByMemberId),
            gte(quoteRequests.createdAt, customerMembers.emailVerifiedAt),
          ),
        ),
      ),
  );
  return emails.length > 0
    ? or(inArray(sql`lower(${quoteRequests.email})`, emails), booked, fromMember)!
    : or(booked, fromMember)!;
}

/** A page of the company's quotes, the newest sent first, and how many there are. */
export async function listCompanyQuotes({
  db,
  companyId,
  page,
  locale = "en",
  now = new Date(),
}: {
  db: Db;
  companyId: string;
  page: number;
  /** The page's language: the amounts' format. */
  locale?: Locale;
  now?: Date;
}): Promise<{ rows: AccountQuoteRow[]; total: number }> {
  const where = and(ne(quotes.state, "draft"), await companyRequestsWhere({ db, companyId }));
  const [rows, [total]] = await Promise.all([
    db
      .select({ quote: quotes, request: quoteRequests })
      .from(quotes)
      .innerJoin(quoteRequests, eq(quoteRequests.id, quotes.quoteRequestId))
      .where(where)
      .orderBy(desc(quotes.sentAt), desc(quotes.version), desc(quotes.id))
      .limit(ACCOUNT_PAGE_SIZE)
      .offset((Math.max(1, page) - 1) * ACCOUNT_PAGE_SIZE),
    db
      .select({ n: count() })
      .from(quotes)
      .innerJoin(quoteRequests, eq(quoteRequests.id, quotes.quoteRequestId))
      .where(where),
  ]);
  return {
    rows: rows.map(({ quote, request }) => {
      const status = quoteStatus(quote, now);
      return {
        id: quote.id,
        version: quote.version,
        route: `${request.cityDeparture} to ${request.deliveryCity}`,
        from: request.cityDeparture,
        to: request.deliveryCity,
        status,
        statusLabel: QUOTE_STATUS_LABELS[status],
        total: formatMoneyIn(locale, quote.totalMinor, quote.currency),
        validUntil: quote.validUntil,
        sentAt: quote.sentAt?.toISOString() ?? null,
      };
    }),
    total: total?.n ?? 0,
  };
}

/** The company's quote with this id (sent, never a draft), as its customer reads it; null for any other id. */
export async function findCompanyQuote({
  db,
  companyId,
  quoteId,
  now = new Date(),
}: {
  db: Db;
  companyId: string;
  quoteId: string;
  now?: Date;
}): Promise<PublicQuote | null> {
  if (!isUuid(quoteId)) return null;
  const [mine] = await db
    .select({ id: quotes.id })
    .from(quotes)
    .innerJoin(quoteRequests, eq(quoteRequests.id, quotes.quoteRequestId))
    .where(
      and(eq(quotes.id, quoteId), ne(quotes.state, "draft"), await companyRequestsWhere({ db, companyId })),
    );
  if (!mine) return null;
  return findCustomerQuote({ db, quoteId, now });
}

/** 'Tom Kofi Mensah' → first 'Tom', last 'Kofi Mensah' (a single word is the first name). */
function splitName(name: string): { firstName: string; lastName: string } {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return { firstName: words[0] ?? "", lastName: words.slice(1).join(" ") };
}

/** The parcel type a shipment's goods start with ('Pallets: machine parts'), if one of the form's. */
function parcelTypeOf(goods: string | null): string {
  const start = goods?.trim().toLowerCase() ?? "";
  return parcelTypeOptions.find((option) => start.startsWith(option.toLowerCase())) ?? "";
}

/**
 * The quote request form's starting values for a signed-in customer: their name, e-mail and phone; with
 * `trackingNumber` of one of the company's shipments ('book again'), its route and cargo too. A number not of
 * the company's prefills nothing more (and says nothing about whether it exists).
 */
export async function quoteRequestPrefill({
  db,
  customer,
  trackingNumber,
}: {
  db: Db;
  customer: Pick<CustomerUser, "name" | "email" | "phone" | "companyId"> &
    Partial<Pick<CustomerUser, "companyName">>;
  trackingNumber: string | null;
}): Promise<{ prefill: QuoteRequestPrefill; bookAgain: boolean }> {
  const prefill: QuoteRequestPrefill = {
    ...splitName(customer.name),
    email: customer.email ?? "",
    company: customer.companyName?.slice(0, QUOTE_LIMITS.company) ?? "",
    phone: customer.phone ?? "",
    cityDeparture: "",
    deliveryCity: "",
    parcelType: "",
    weight: "",
    freightTypes: [],
  };
  const number = trackingNumber?.trim().slice(0, 100) ?? "";
  const shipmentId = number
    ? await findCompanyShipmentId({ db, companyId: customer.companyId, trackingNumber: number })
    : null;
  if (!shipmentId) return { prefill, bookAgain: false };
  const [row] = await db
    .select({ shipment: shipments, requestParcelType: quoteRequests.parcelType })
    .from(shipments)
    .leftJoin(quoteRequests, eq(quoteRequests.id, shipments.quoteRequestId))
    .where(eq(shipments.id, shipmentId));
  if (!row) return { prefill, bookAgain: false };
  const { shipment } = row;
  return {
    prefill: {
      ...prefill,
      cityDeparture: shipment.originLocation.slice(0, QUOTE_LIMITS.city),
      deliveryCity: shipment.destinationLocation.slice(0, QUOTE_LIMITS.city),
      parcelType: row.requestParcelType ?? parcelTypeOf(shipment.goodsDescription),
      weight: shipment.weight === null ? "" : `${shipment.weight} kg`,
      freightTypes: shipment.transportMode ? [shipment.transportMode] : [],
    },
    bookAgain: true,
  };
}
