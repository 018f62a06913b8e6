import { asc, eq, sql } from "drizzle-orm";
import type { Currency } from "#app/lib/freight-terms.ts";
import type { InvoiceInput, InvoiceLineInput } from "#app/schemas/invoice.ts";
import type { Db } from "#app/server/db/client.server.ts";
import {
  type InvoiceKind,
  quoteLines,
  quoteRequests,
  quotes,
  shipments,
  shippers,
} from "#app/server/db/schema.ts";
import { isUuid } from "#app/server/db/text-search.server.ts";
import { getInvoice } from "#app/server/invoices/invoices.server.ts";
import { getParty } from "#app/server/parties/parties.server.ts";

// What a new draft or credit note starts with (decision 026): from an accepted quote, a shipment, or the issued
// invoice it credits. The clerk changes any of it before saving.

/** What a new draft starts with: the form's values before the clerk changes them. */
export type InvoicePrefill = {
  kind: InvoiceKind;
  party: InvoiceInput["party"];
  customerName: string;
  customerCompany: string | null;
  customerEmail: string | null;
  billingAddress: string | null;
  currency: Currency;
  quoteId: string | null;
  creditedInvoiceId: string | null;
  lines: Pick<InvoiceLineInput, "description" | "quantityMilli" | "unitPriceMinor" | "taxName">[];
  shipments: { id: string; trackingNumber: string }[];
};

/** A blank draft's starting values. */
export const emptyPrefill = (currency: Currency): InvoicePrefill => ({
  kind: "invoice",
  party: null,
  customerName: "",
  customerCompany: null,
  customerEmail: null,
  billingAddress: null,
  currency,
  quoteId: null,
  creditedInvoiceId: null,
  lines: [],
  shipments: [],
});

/**
 * A draft's starting values from an accepted quote: its lines (quantity 1 at the quoted amount), its currency,
 * the requester as customer (the shipper with the requester's e-mail when the address book has one), and the
 * shipment booked from it. Null when the quote does not exist or was not accepted.
 */
export async function prefillFromQuote({
  db,
  quoteId,
}: {
  db: Db;
  quoteId: string;
}): Promise<InvoicePrefill | null> {
  if (!isUuid(quoteId)) return null;
  const [found] = await db
    .select({ quote: quotes, request: quoteRequests })
    .from(quotes)
    .innerJoin(quoteRequests, eq(quoteRequests.id, quotes.quoteRequestId))
    .where(eq(quotes.id, quoteId));
  if (found?.quote.state !== "accepted") return null;
  const { quote, request } = found;
  const lines = await db
    .select()
    .from(quoteLines)
    .where(eq(quoteLines.quoteId, quote.id))
    .orderBy(asc(quoteLines.position));
  const [shipper] = await db
    .select()
    .from(shippers)
    .where(sql`lower(${shippers.email}) = ${request.email.trim().toLowerCase()}`)
    .orderBy(shippers.createdAt, shippers.id)
    .limit(1);
  const booked = await db
    .select({ id: shipments.id, trackingNumber: shipments.trackingNumber })
    .from(shipments)
    .where(eq(shipments.quoteId, quote.id));
  return {
    ...emptyPrefill(quote.currency),
    party: shipper ? { kind: "shipper", id: shipper.id } : null,
    customerName: shipper?.name ?? `${request.firstName} ${request.lastName}`.trim(),
    customerCompany: shipper?.company ?? request.company,
    customerEmail: shipper?.email ?? request.email,
    billingAddress: shipper?.address ?? null,
    quoteId: quote.id,
    lines: lines.map((line) => ({
      description: line.description,
      quantityMilli: 1000,
      unitPriceMinor: line.amountMinor,
      taxName: null,
    })),
    shipments: booked,
  };
}

/**
 * A draft's starting values from a shipment: from its accepted quote when it was booked from one, else its
 * shipper as customer and no lines yet. Null when the shipment does not exist.
 */
export async function prefillFromShipment({
  db,
  shipmentId,
  currency,
}: {
  db: Db;
  shipmentId: string;
  currency: Currency;
}): Promise<InvoicePrefill | null> {
  if (!isUuid(shipmentId)) return null;
  const [shipment] = await db.select().from(shipments).where(eq(shipments.id, shipmentId));
  if (!shipment) return null;
  const own = { id: shipment.id, trackingNumber: shipment.trackingNumber };
  if (shipment.quoteId) {
    const fromQuote = await prefillFromQuote({ db, quoteId: shipment.quoteId });
    if (fromQuote) {
      const others = fromQuote.shipments.filter((s) => s.id !== own.id);
      return { ...fromQuote, shipments: [own, ...others] };
    }
  }
  const shipper = shipment.shipperId ? await getParty({ db, kind: "shipper", id: shipment.shipperId }) : null;
  return {
    ...emptyPrefill(currency),
    party: shipper ? { kind: "shipper", id: shipper.id } : null,
    customerName: shipper?.name ?? "",
    customerCompany: shipper?.company ?? null,
    customerEmail: shipper?.email ?? null,
    billingAddress: shipper?.address ?? null,
    shipments: [own],
  };
}

/** A credit note's starting values: its invoice's customer, currency and every line (the clerk removes some). */
export async function prefillCreditNote({
  db,
  invoiceId,
}: {
  db: Db;
  invoiceId: string;
}): Promise<InvoicePrefill | null> {
  const invoice = await getInvoice({ db, id: invoiceId });
  if (invoice?.kind !== "invoice" || invoice.state !== "issued") return null;
  return {
    kind: "credit_note",
    party: invoice.partyKind && invoice.partyId ? { kind: invoice.partyKind, id: invoice.partyId } : null,
    customerName: invoice.customerName,
    customerCompany: invoice.customerCompany,
    customerEmail: invoice.customerEmail,
    billingAddress: invoice.billingAddress,
    currency: invoice.currency,
    quoteId: null,
    creditedInvoiceId: invoice.id,
    lines: invoice.lines.map((line) => ({
      description: line.description,
      quantityMilli: line.quantityMilli,
      unitPriceMinor: line.unitPriceMinor,
      taxName: line.taxName,
    })),
    shipments: [],
  };
}
