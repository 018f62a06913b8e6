// Invoices and credit notes (docs/decisions/026-invoices.md): their lines, the shipments they bill, their
// numbering counters, their history and the customer's links to them. The payments are in payments.ts.
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { CURRENCIES } from "#app/lib/freight-terms.ts";
import { createdAt, id, updatedAt } from "#app/server/db/schema/columns.ts";
import { quotes, shipments } from "#app/server/db/schema/shipments.ts";
import { adminUsers } from "#app/server/db/schema/staff.ts";

/** Invoices and credit notes (decision 015). */
export const INVOICE_KINDS = ["invoice", "credit_note"] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];
/** What is stored; 'partly paid', 'paid' and 'overdue' are read from the payments and the dates. */
export const INVOICE_STATES = ["draft", "issued", "void"] as const;
export type InvoiceState = (typeof INVOICE_STATES)[number];
export const BILLED_PARTY_KINDS = ["shipper", "consignee"] as const;

/**
 * An invoice or a credit note (decision 015). A draft has no number and can change; issuing gives it
 * the next number of its series and year (document_counters, in the issuing transaction) and freezes it: a
 * trigger refuses any later change to an issued document or its lines, except voiding it (its number kept).
 * The customer's name and addresses are copied from the address book when the draft is saved, so an issued
 * invoice prints what was true that day. Amounts in the currency's minor units; the totals are the lines' sums,
 * computed on the server.
 */
export const invoices = pgTable(
  "invoices",
  {
    id: id(),
    kind: text("kind", { enum: INVOICE_KINDS }).notNull().default("invoice"),
    state: text("state", { enum: INVOICE_STATES }).notNull().default("draft"),
    /** 'INV-2026-0001' once issued. */
    number: text("number"),
    year: integer("year"),
    sequence: integer("sequence"),
    /** The address-book party billed (shippers and consignees are two tables, hence no foreign key). */
    partyKind: text("party_kind", { enum: BILLED_PARTY_KINDS }),
    partyId: uuid("party_id"),
    customerName: text("customer_name").notNull(),
    customerCompany: text("customer_company"),
    customerEmail: text("customer_email"),
    billingAddress: text("billing_address"),
    currency: text("currency", { enum: CURRENCIES }).notNull(),
    issueDate: date("issue_date"),
    dueDate: date("due_date"),
    paymentTermsDays: integer("payment_terms_days").notNull(),
    notes: text("notes"),
    paymentInstructions: text("payment_instructions"),
    subtotalMinor: bigint("subtotal_minor", { mode: "number" }).notNull().default(0),
    taxMinor: bigint("tax_minor", { mode: "number" }).notNull().default(0),
    totalMinor: bigint("total_minor", { mode: "number" }).notNull().default(0),
    /** The accepted quote it was made from. */
    quoteId: uuid("quote_id").references((): AnyPgColumn => quotes.id, { onDelete: "set null" }),
    /** A credit note's invoice. */
    creditedInvoiceId: uuid("credited_invoice_id").references((): AnyPgColumn => invoices.id, {
      onDelete: "restrict",
    }),
    createdBy: uuid("created_by").references(() => adminUsers.id, { onDelete: "set null" }),
    issuedAt: timestamp("issued_at", { withTimezone: true }),
    issuedBy: uuid("issued_by").references(() => adminUsers.id, { onDelete: "set null" }),
    voidedAt: timestamp("voided_at", { withTimezone: true }),
    voidedBy: uuid("voided_by").references(() => adminUsers.id, { onDelete: "set null" }),
    voidReason: text("void_reason"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("invoices_number_idx").on(t.number),
    uniqueIndex("invoices_series_idx").on(t.kind, t.year, t.sequence),
    index("invoices_created_at_idx").on(t.createdAt.desc()),
    index("invoices_party_idx").on(t.partyKind, t.partyId),
    index("invoices_credited_idx").on(t.creditedInvoiceId).where(sql`${t.creditedInvoiceId} is not null`),
    check("invoices_kind_check", sql`${t.kind} in ('invoice', 'credit_note')`),
    check("invoices_state_check", sql`${t.state} in ('draft', 'issued', 'void')`),
    check(
      "invoices_number_check",
      sql`(${t.state} = 'draft') = (${t.number} is null) and (${t.number} is null) = (${t.issueDate} is null)`,
    ),
    check(
      "invoices_due_check",
      sql`${t.dueDate} is null or ${t.issueDate} is null or ${t.dueDate} >= ${t.issueDate}`,
    ),
    check(
      "invoices_amounts_check",
      sql`${t.subtotalMinor} >= 0 and ${t.taxMinor} >= 0 and ${t.totalMinor} = ${t.subtotalMinor} + ${t.taxMinor}`,
    ),
    check("invoices_credit_check", sql`(${t.kind} = 'credit_note') = (${t.creditedInvoiceId} is not null)`),
  ],
);

/**
 * A line of an invoice or credit note. The quantity in thousandths (2.5 → 2500); the amount is quantity × unit
 * price and the tax the line's rate of it, each rounded half away from zero to the currency's minor unit, once
 * per line (app/lib/invoice-math.ts). The tax rate is copied from the settings, so renaming a rate later does
 * not change an issued invoice.
 */
export const invoiceLines = pgTable(
  "invoice_lines",
  {
    id: id(),
    invoiceId: uuid("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    description: text("description").notNull(),
    quantityMilli: bigint("quantity_milli", { mode: "number" }).notNull(),
    unitPriceMinor: bigint("unit_price_minor", { mode: "number" }).notNull(),
    taxName: text("tax_name"),
    /** Hundredths of a percent: 12 % is 1200. */
    taxBasisPoints: integer("tax_basis_points"),
    amountMinor: bigint("amount_minor", { mode: "number" }).notNull(),
    taxMinor: bigint("tax_minor", { mode: "number" }).notNull(),
  },
  (t) => [
    uniqueIndex("invoice_lines_position_idx").on(t.invoiceId, t.position),
    check(
      "invoice_lines_amounts_check",
      sql`${t.quantityMilli} > 0 and ${t.unitPriceMinor} >= 0 and ${t.amountMinor} >= 0 and ${t.taxMinor} >= 0`,
    ),
    check(
      "invoice_lines_tax_check",
      sql`(${t.taxName} is null) = (${t.taxBasisPoints} is null) and coalesce(${t.taxBasisPoints}, 0) between 0 and 10000`,
    ),
  ],
);

/** The shipments an invoice bills (several shipments of one customer may go on one invoice). */
export const invoiceShipments = pgTable(
  "invoice_shipments",
  {
    invoiceId: uuid("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "cascade" }),
    shipmentId: uuid("shipment_id")
      .notNull()
      .references(() => shipments.id, { onDelete: "restrict" }),
  },
  (t) => [
    primaryKey({ columns: [t.invoiceId, t.shipmentId] }),
    index("invoice_shipments_shipment_idx").on(t.shipmentId),
  ],
);

/**
 * The last number given in each series and year ('invoice' 2026 → 41): issuing locks its row, so numbers have
 * no gaps and no duplicates however many clerks issue at once, and a rolled-back issue gives its number back.
 */
export const DOCUMENT_SERIES = [...INVOICE_KINDS, "receipt"] as const;
export const documentCounters = pgTable(
  "document_counters",
  {
    series: text("series", { enum: DOCUMENT_SERIES }).notNull(),
    year: integer("year").notNull(),
    last: integer("last").notNull(),
  },
  (t) => [primaryKey({ columns: [t.series, t.year] })],
);

/** What an invoice's history lists besides its own dates: sent, opened, reminded (decision 026). */
export const INVOICE_EVENT_KINDS = ["sent", "opened", "reminded"] as const;
export type InvoiceEventKind = (typeof INVOICE_EVENT_KINDS)[number];

/**
 * An invoice's history (decision 026): each sending, the customer's first opening of each link, each reminder.
 * Issuing, payments, credit notes and voiding are read from their own rows. `dedupe_key` makes an event that
 * may be attempted twice (a reminder for a given day) happen once.
 */
export const invoiceEvents = pgTable(
  "invoice_events",
  {
    id: id(),
    invoiceId: uuid("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: INVOICE_EVENT_KINDS }).notNull(),
    /** To whom it went, which reminder, … shown in the history. */
    detail: text("detail"),
    staffId: uuid("staff_id").references(() => adminUsers.id, { onDelete: "set null" }),
    dedupeKey: text("dedupe_key"),
    createdAt: createdAt(),
  },
  (t) => [
    index("invoice_events_invoice_idx").on(t.invoiceId, t.createdAt),
    uniqueIndex("invoice_events_dedupe_idx").on(t.dedupeKey),
    check("invoice_events_kind_check", sql`${t.kind} in ('sent', 'opened', 'reminded')`),
  ],
);

/**
 * A link to an issued invoice for its customer (`/invoice/:token`, in the invoice e-mail and the PDF's QR code):
 * only the token's SHA-256 is kept.
 */
export const invoiceLinks = pgTable(
  "invoice_links",
  {
    id: id(),
    invoiceId: uuid("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    firstOpenedAt: timestamp("first_opened_at", { withTimezone: true }),
    /**
     * The token itself, kept for one link per invoice only: the one printed on the PDF staff download, so every
     * download prints the same link instead of making a new one (a hash could not be printed again). The other
     * links, e-mailed once, keep only their hash.
     */
    printedToken: text("printed_token"),
    createdBy: uuid("created_by").references(() => adminUsers.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("invoice_links_hash_idx").on(t.tokenHash),
    index("invoice_links_invoice_idx").on(t.invoiceId),
    uniqueIndex("invoice_links_printed_idx").on(t.invoiceId).where(sql`${t.printedToken} is not null`),
  ],
);
