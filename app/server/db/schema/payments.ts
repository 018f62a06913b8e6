// Money received (docs/decisions/026-invoices.md, 028-receivables.md): the payments with their receipt numbers,
// what each settles, and the mobile-money charges started on an invoice's page (027-mobile-money.md).
import { sql } from "drizzle-orm";
import {
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
import { BILLED_PARTY_KINDS, invoices } from "#app/server/db/schema/invoices.ts";
import { adminUsers } from "#app/server/db/schema/staff.ts";

/** How a payment was received (decision 026). */
export const PAYMENT_METHODS = ["cash", "bank_transfer", "cheque", "mobile_money", "card"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_STATES = ["received", "reversed"] as const;

/**
 * Money received from a customer (decision 026), with its receipt number (series 'receipt' of
 * document_counters). `amount_minor` is what was handed over, in `currency`; `settled_minor` is its worth in
 * the invoices' currency (`settled_currency`), at `rate_micro` (units of `currency` per one unit of
 * `settled_currency`, in millionths; null when the two are the same). What the allocations do not use is the
 * customer's credit, usable on a later invoice. Never deleted: a bounced cheque is reversed, with a reason.
 */
export const payments = pgTable(
  "payments",
  {
    id: id(),
    number: text("number").notNull(),
    year: integer("year").notNull(),
    sequence: integer("sequence").notNull(),
    partyKind: text("party_kind", { enum: BILLED_PARTY_KINDS }),
    partyId: uuid("party_id"),
    customerName: text("customer_name").notNull(),
    receivedOn: date("received_on").notNull(),
    method: text("method", { enum: PAYMENT_METHODS }).notNull(),
    reference: text("reference"),
    note: text("note"),
    currency: text("currency", { enum: CURRENCIES }).notNull(),
    amountMinor: bigint("amount_minor", { mode: "number" }).notNull(),
    settledCurrency: text("settled_currency", { enum: CURRENCIES }).notNull(),
    settledMinor: bigint("settled_minor", { mode: "number" }).notNull(),
    rateMicro: bigint("rate_micro", { mode: "number" }),
    state: text("state", { enum: PAYMENT_STATES }).notNull().default("received"),
    reversedAt: timestamp("reversed_at", { withTimezone: true }),
    reversedBy: uuid("reversed_by").references(() => adminUsers.id, { onDelete: "set null" }),
    reversalReason: text("reversal_reason"),
    /** The form's own random key (or the mobile-money request's id): a second post records nothing more. */
    submissionKey: text("submission_key"),
    createdBy: uuid("created_by").references(() => adminUsers.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("payments_number_idx").on(t.number),
    uniqueIndex("payments_series_idx").on(t.year, t.sequence),
    uniqueIndex("payments_submission_key_idx").on(t.submissionKey),
    index("payments_party_idx").on(t.partyKind, t.partyId),
    index("payments_received_on_idx").on(t.receivedOn),
    check("payments_amounts_check", sql`${t.amountMinor} > 0 and ${t.settledMinor} > 0`),
    check(
      "payments_rate_check",
      sql`(${t.currency} = ${t.settledCurrency}) = (${t.rateMicro} is null) and coalesce(${t.rateMicro}, 1) > 0`,
    ),
    check(
      "payments_method_check",
      sql`${t.method} in ('cash', 'bank_transfer', 'cheque', 'mobile_money', 'card')`,
    ),
    check("payments_state_check", sql`${t.state} in ('received', 'reversed')`),
    check("payments_reversal_check", sql`(${t.state} = 'reversed') = (${t.reversedAt} is not null)`),
  ],
);

/** What part of a payment settles which invoice, in the invoice's currency. Never changed or deleted. */
export const paymentAllocations = pgTable(
  "payment_allocations",
  {
    paymentId: uuid("payment_id")
      .notNull()
      .references(() => payments.id, { onDelete: "restrict" }),
    invoiceId: uuid("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "restrict" }),
    amountMinor: bigint("amount_minor", { mode: "number" }).notNull(),
    createdBy: uuid("created_by").references(() => adminUsers.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.paymentId, t.invoiceId] }),
    index("payment_allocations_invoice_idx").on(t.invoiceId),
    check("payment_allocations_amount_check", sql`${t.amountMinor} > 0`),
  ],
);

export const MOBILE_MONEY_STATES = ["pending", "successful", "failed"] as const;
/** Why the customer stopped waiting for a request MTN has not settled (decision 027). */
export const MOBILE_MONEY_END_REASONS = ["cancelled", "replaced", "expired"] as const;

/**
 * A mobile-money charge the customer started on the invoice page (MTN MoMo Collections 'request to pay'):
 * `id` is the X-Reference-Id sent to MTN. The callback and the status checks both settle it; the first to see
 * it final records the payment (payments.submission_key = 'momo:' || id), so it is recorded once.
 */
export const mobileMoneyRequests = pgTable(
  "mobile_money_requests",
  {
    id: id(),
    invoiceId: uuid("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "restrict" }),
    provider: text("provider").notNull().default("mtn"),
    /** The wallet number charged (E.164 digits). */
    payer: text("payer").notNull(),
    currency: text("currency", { enum: CURRENCIES }).notNull(),
    amountMinor: bigint("amount_minor", { mode: "number" }).notNull(),
    state: text("state", { enum: MOBILE_MONEY_STATES }).notNull().default("pending"),
    /** MTN's reason for a refusal, or ours ('no answer'). */
    reason: text("reason"),
    financialTransactionId: text("financial_transaction_id"),
    paymentId: uuid("payment_id").references(() => payments.id, { onDelete: "restrict" }),
    checks: integer("checks").notNull().default(0),
    nextCheckAt: timestamp("next_check_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    /**
     * When the customer stopped waiting for it (cancelled, replaced by a newer request, or past its validity) while
     * MTN had not settled it: MTN is still asked until it is final, and an approval is still recorded.
     */
    endedAt: timestamp("ended_at", { withTimezone: true }),
    endReason: text("end_reason", { enum: MOBILE_MONEY_END_REASONS }),
    /** When MTN was last asked its status: at most once an interval, whoever asks, in every process. */
    askedAt: timestamp("asked_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("mobile_money_requests_invoice_idx").on(t.invoiceId),
    index("mobile_money_requests_due_idx").on(t.nextCheckAt).where(sql`${t.state} = 'pending'`),
    uniqueIndex("mobile_money_requests_payment_idx").on(t.paymentId),
    check("mobile_money_requests_amount_check", sql`${t.amountMinor} > 0`),
    check("mobile_money_requests_state_check", sql`${t.state} in ('pending', 'successful', 'failed')`),
    check(
      "mobile_money_requests_end_check",
      sql`(${t.endedAt} is null) = (${t.endReason} is null) and ${t.endReason} in ('cancelled', 'replaced', 'expired')`,
    ),
  ],
);
