// Payments (decision 026): recording money received against one or more invoices, its receipt
// number, exchange at a stated rate, what is left over kept as the customer's credit, using that credit on a
// later invoice, and reversing a payment (a bounced cheque). Nothing here deletes: the database refuses it
// (migration 0024).
// These writes share the invoice locks, the receipt counter and the balance reads; reading payments back (a
// receipt, an invoice's or a customer's payments) is payment-reads.server.ts.
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { convertMinor } from "#app/lib/money.ts";
import { formatDocumentNumber } from "#app/schemas/invoice-settings.ts";
import type { Db, DbOrTx } from "#app/server/db/client.server.ts";
import { isUniqueViolation } from "#app/server/db/errors.server.ts";
import {
  documentCounters,
  invoices,
  type PaymentMethod,
  paymentAllocations,
  payments,
} from "#app/server/db/schema.ts";
import { isUuid } from "#app/server/db/text-search.server.ts";
import { creditedSql, paidSql } from "#app/server/invoices/invoice-balances.server.ts";

export type Payment = typeof payments.$inferSelect;

/** 'RCT-2026-0001': receipts are numbered like invoices, in their own series, without gaps. */
export const RECEIPT_PATTERN = "RCT-{YYYY}-{NNNN}";

export type PaymentInput = {
  party: { kind: "shipper" | "consignee"; id: string } | null;
  customerName: string;
  /** YYYY-MM-DD. */
  receivedOn: string;
  method: PaymentMethod;
  reference: string | null;
  note: string | null;
  /** What was handed over. */
  currency: string;
  amountMinor: number;
  /** The invoices' currency; when it differs from `currency`, `rateMicro` units of `currency` buy one of it. */
  settledCurrency: string;
  rateMicro: number | null;
  /** What to take off which invoice, in the invoices' currency. */
  allocations: { invoiceId: string; amountMinor: number }[];
  /** Keep what the allocations leave as the customer's credit (else it is refused). */
  overpayment: boolean;
  /** The form's own key: the same post twice records one payment. */
  submissionKey: string | null;
};

export type RecordPaymentResult =
  | { ok: true; id: string; number: string; duplicate: boolean }
  | {
      ok: false;
      reason:
        | "unknown-invoice"
        | "invoice-not-payable"
        | "currency-mismatch"
        | "customer-mismatch"
        | "more-than-balance"
        | "more-than-received"
        | "unallocated"
        | "rate-needed";
      /** The invoice it is about. */
      invoiceId?: string;
      /** The amounts the refusal is about, in the invoices' currency, so the clerk reads what went wrong. */
      amounts?: {
        /** What the money received is worth. */
        settledMinor: number;
        /** What the allocations take off, all together. */
        appliedMinor: number;
        /** More than the balance: that invoice's number, what was to be taken off it and its balance. */
        invoice?: { number: string | null; takenMinor: number; balanceMinor: number };
      };
    };

async function nextReceiptNumber(tx: DbOrTx, year: number) {
  const [counter] = await tx
    .insert(documentCounters)
    .values({ series: "receipt", year, last: 1 })
    .onConflictDoUpdate({
      target: [documentCounters.series, documentCounters.year],
      set: { last: sql`${documentCounters.last} + 1` },
    })
    .returning({ last: documentCounters.last });
  const sequence = counter!.last;
  return { year, sequence, number: formatDocumentNumber(RECEIPT_PATTERN, year, sequence) };
}

async function findBySubmissionKey(db: DbOrTx, key: string) {
  const [row] = await db
    .select({ id: payments.id, number: payments.number })
    .from(payments)
    .where(eq(payments.submissionKey, key));
  return row ?? null;
}

/**
 * The issued invoices to settle, locked in a fixed order (two payments at once wait for each other), then read
 * with their balances: a second statement, so it sees what the payment it waited for committed.
 */
async function lockInvoices(tx: DbOrTx, ids: string[]) {
  if (ids.length === 0) return [];
  await tx
    .select({ id: invoices.id })
    .from(invoices)
    .where(inArray(invoices.id, ids))
    .orderBy(asc(invoices.id))
    .for("update");
  return tx
    .select({
      id: invoices.id,
      number: invoices.number,
      kind: invoices.kind,
      state: invoices.state,
      currency: invoices.currency,
      partyKind: invoices.partyKind,
      partyId: invoices.partyId,
      customerName: invoices.customerName,
      totalMinor: invoices.totalMinor,
      paid: paidSql,
      credited: creditedSql,
    })
    .from(invoices)
    .where(inArray(invoices.id, ids));
}

/**
 * Records a payment and what it settles, with the next receipt number, in one transaction. Refused, storing
 * nothing: an invoice that is not an issued invoice, of another currency or customer; taking more off an invoice
 * than its balance; allocating more than was received; leaving money unallocated without `overpayment`.
 * The same `submissionKey` again answers the first payment (a double click, a second tab, a retried callback).
 */
export async function recordPayment({
  db,
  input,
  staffId,
  today,
}: {
  db: Db;
  input: PaymentInput;
  staffId: string | null;
  /** The company's date: the receipt's year. */
  today: string;
}): Promise<RecordPaymentResult> {
  if (input.submissionKey) {
    const earlier = await findBySubmissionKey(db, input.submissionKey);
    if (earlier) return { ok: true, ...earlier, duplicate: true };
  }
  const settledMinor = convertMinor(input);
  if (settledMinor === null || settledMinor <= 0) return { ok: false, reason: "rate-needed" };
  const ids = [...new Set(input.allocations.map((a) => a.invoiceId))];
  if (ids.some((id) => !isUuid(id)) || ids.length !== input.allocations.length)
    return { ok: false, reason: "unknown-invoice" };
  try {
    return await db.transaction(async (tx) => {
      const locked = await lockInvoices(tx, ids);
      const byId = new Map(locked.map((row) => [row.id, row]));
      const appliedMinor = input.allocations.reduce((sum, a) => sum + a.amountMinor, 0);
      let allocated = 0;
      for (const allocation of input.allocations) {
        const invoice = byId.get(allocation.invoiceId);
        if (!invoice)
          return { ok: false, reason: "unknown-invoice", invoiceId: allocation.invoiceId } as const;
        if (invoice.kind !== "invoice" || invoice.state !== "issued")
          return { ok: false, reason: "invoice-not-payable", invoiceId: invoice.id } as const;
        if (invoice.currency !== input.settledCurrency)
          return { ok: false, reason: "currency-mismatch", invoiceId: invoice.id } as const;
        if (input.party && (invoice.partyKind !== input.party.kind || invoice.partyId !== input.party.id))
          return { ok: false, reason: "customer-mismatch", invoiceId: invoice.id } as const;
        const balance = invoice.totalMinor - invoice.paid - invoice.credited;
        if (allocation.amountMinor > balance)
          return {
            ok: false,
            reason: "more-than-balance",
            invoiceId: invoice.id,
            amounts: {
              settledMinor,
              appliedMinor,
              invoice: { number: invoice.number, takenMinor: allocation.amountMinor, balanceMinor: balance },
            },
          } as const;
        allocated += allocation.amountMinor;
      }
      if (allocated > settledMinor)
        return { ok: false, reason: "more-than-received", amounts: { settledMinor, appliedMinor } } as const;
      if (allocated < settledMinor && !input.overpayment)
        return { ok: false, reason: "unallocated", amounts: { settledMinor, appliedMinor } } as const;
      const first = input.allocations[0] ? byId.get(input.allocations[0].invoiceId) : undefined;
      const party =
        input.party ??
        (first?.partyKind && first.partyId ? { kind: first.partyKind, id: first.partyId } : null);
      const receipt = await nextReceiptNumber(tx, Number(today.slice(0, 4)));
      const [row] = await tx
        .insert(payments)
        .values({
          ...receipt,
          partyKind: party?.kind ?? null,
          partyId: party?.id ?? null,
          customerName: input.customerName || first?.customerName || "",
          receivedOn: input.receivedOn,
          method: input.method,
          reference: input.reference,
          note: input.note,
          currency: input.currency as Payment["currency"],
          amountMinor: input.amountMinor,
          settledCurrency: input.settledCurrency as Payment["currency"],
          settledMinor,
          rateMicro: input.currency === input.settledCurrency ? null : input.rateMicro,
          submissionKey: input.submissionKey,
          createdBy: staffId,
        })
        .returning({ id: payments.id, number: payments.number });
      const payment = row!;
      const parts = input.allocations.filter((a) => a.amountMinor > 0);
      if (parts.length > 0) {
        await tx.insert(paymentAllocations).values(
          parts.map((a) => ({
            paymentId: payment.id,
            invoiceId: a.invoiceId,
            amountMinor: a.amountMinor,
            createdBy: staffId,
          })),
        );
      }
      return { ok: true, id: payment.id, number: payment.number, duplicate: false } as const;
    });
  } catch (error) {
    // Two posts of one form at the same moment: the second waited on the key's index and lost; answer the first.
    if (input.submissionKey && isUniqueViolation(error, "payments_submission_key_idx")) {
      const earlier = await findBySubmissionKey(db, input.submissionKey);
      if (earlier) return { ok: true, ...earlier, duplicate: true };
    }
    throw error;
  }
}

export type CreditRow = {
  paymentId: string;
  number: string;
  receivedOn: string;
  leftMinor: number;
};

/** A customer's credit in a currency: what their received payments left unallocated, oldest first. */
export async function listCustomerCredit({
  db,
  party,
  currency,
}: {
  db: Pick<DbOrTx, "select">;
  party: { kind: "shipper" | "consignee"; id: string };
  currency: string;
}): Promise<CreditRow[]> {
  const used = sql<number>`(select coalesce(sum(pa.amount_minor), 0)::bigint from payment_allocations pa
    where pa.payment_id = ${payments.id})`.mapWith(Number);
  const rows = await db
    .select({
      paymentId: payments.id,
      number: payments.number,
      receivedOn: payments.receivedOn,
      settledMinor: payments.settledMinor,
      used,
    })
    .from(payments)
    .where(
      and(
        eq(payments.partyKind, party.kind),
        eq(payments.partyId, party.id),
        eq(payments.settledCurrency, currency as Payment["currency"]),
        eq(payments.state, "received"),
        sql`${payments.settledMinor} > ${used}`,
      ),
    )
    .orderBy(asc(payments.receivedOn), asc(payments.createdAt));
  return rows.map((row) => ({
    paymentId: row.paymentId,
    number: row.number,
    receivedOn: row.receivedOn,
    leftMinor: row.settledMinor - row.used,
  }));
}

export type ApplyCreditResult =
  | { ok: true; appliedMinor: number }
  | { ok: false; reason: "unknown-invoice" | "invoice-not-payable" | "no-credit" | "nothing-owed" };

/**
 * Uses the customer's credit on one of their invoices: the oldest unallocated payments first, up to the
 * invoice's balance. Nothing to use, or nothing owed: refused, nothing stored.
 */
export async function applyCustomerCredit({
  db,
  invoiceId,
  staffId,
}: {
  db: Db;
  invoiceId: string;
  staffId: string | null;
}): Promise<ApplyCreditResult> {
  if (!isUuid(invoiceId)) return { ok: false, reason: "unknown-invoice" };
  return db.transaction(async (tx) => {
    const [invoice] = await lockInvoices(tx, [invoiceId]);
    if (!invoice) return { ok: false, reason: "unknown-invoice" } as const;
    if (invoice.kind !== "invoice" || invoice.state !== "issued" || !invoice.partyKind || !invoice.partyId)
      return { ok: false, reason: "invoice-not-payable" } as const;
    let owed = invoice.totalMinor - invoice.paid - invoice.credited;
    if (owed <= 0) return { ok: false, reason: "nothing-owed" } as const;
    // The customer's payments are locked too, so two uses of one credit cannot both take it.
    await tx
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.partyKind, invoice.partyKind), eq(payments.partyId, invoice.partyId)))
      .orderBy(asc(payments.id))
      .for("update");
    const credit = await listCustomerCredit({
      db: tx,
      party: { kind: invoice.partyKind, id: invoice.partyId },
      currency: invoice.currency,
    });
    // A payment that already settled part of this invoice adds to it no second time (one row per pair).
    const already = new Set(
      (
        await tx
          .select({ id: paymentAllocations.paymentId })
          .from(paymentAllocations)
          .where(eq(paymentAllocations.invoiceId, invoiceId))
      ).map((row) => row.id),
    );
    let applied = 0;
    for (const row of credit) {
      if (owed <= 0) break;
      if (already.has(row.paymentId)) continue;
      const amount = Math.min(owed, row.leftMinor);
      await tx
        .insert(paymentAllocations)
        .values({ paymentId: row.paymentId, invoiceId, amountMinor: amount, createdBy: staffId });
      applied += amount;
      owed -= amount;
    }
    if (applied === 0) return { ok: false, reason: "no-credit" } as const;
    return { ok: true, appliedMinor: applied } as const;
  });
}

export type ReverseResult = { ok: true } | { ok: false; reason: "not-found" | "already-reversed" };

/** Reverses a payment (a bounced cheque, a refused transfer): it and what it settled stop counting. */
export async function reversePayment({
  db,
  id,
  staffId,
  reason,
  now = new Date(),
}: {
  db: Db;
  id: string;
  staffId: string;
  reason: string;
  now?: Date;
}): Promise<ReverseResult> {
  if (!isUuid(id)) return { ok: false, reason: "not-found" };
  return db.transaction(async (tx) => {
    const [payment] = await tx.select().from(payments).where(eq(payments.id, id)).for("update");
    if (!payment) return { ok: false, reason: "not-found" } as const;
    if (payment.state === "reversed") return { ok: false, reason: "already-reversed" } as const;
    await tx
      .update(payments)
      .set({ state: "reversed", reversedAt: now, reversedBy: staffId, reversalReason: reason })
      .where(eq(payments.id, id));
    return { ok: true } as const;
  });
}
