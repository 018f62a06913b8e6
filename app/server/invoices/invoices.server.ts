import { and, asc, count, desc, eq, inArray, sql } from "drizzle-orm";
import { addDaysToDate } from "#app/lib/transit-time.ts";
import type { InvoiceInput } from "#app/schemas/invoice.ts";
import { formatDocumentNumber, type InvoiceSettings } from "#app/schemas/invoice-settings.ts";
import type { Db, DbOrTx } from "#app/server/db/client.server.ts";
import {
  documentCounters,
  type InvoiceKind,
  invoiceLines,
  invoiceShipments,
  invoices,
  shipments,
} from "#app/server/db/schema.ts";
import { isUuid, likePattern, searchTermOf } from "#app/server/db/text-search.server.ts";
import {
  balanceOf,
  creditedSql,
  getInvoiceBalances,
  type InvoiceBalance,
  paidSql,
} from "#app/server/invoices/invoice-balances.server.ts";
import type { InvoiceStatus } from "#app/server/invoices/invoice-views.ts";
import { getInvoiceSettings } from "#app/server/settings/invoice-settings.server.ts";

// Invoices and credit notes (decisions 015 and 026): saving drafts (their starting values:
// invoice-prefills.server.ts); issuing, which numbers and freezes them; voiding; credit notes against an issued
// invoice. The database refuses any change to an issued document (migration 0023), so these functions cannot be
// misused.

export type Invoice = typeof invoices.$inferSelect;
export type InvoiceLine = typeof invoiceLines.$inferSelect;
export type InvoiceWithParts = Invoice & {
  lines: InvoiceLine[];
  shipments: { id: string; trackingNumber: string }[];
  /** An invoice's credit notes (any state); a credit note's own invoice is `creditedInvoiceId`. */
  creditNotes: Pick<Invoice, "id" | "number" | "state" | "totalMinor">[];
  creditedInvoice: Pick<Invoice, "id" | "number"> | null;
};

export type SaveDraftResult =
  | { ok: true; id: string }
  | {
      ok: false;
      reason: "not-found" | "not-draft" | "unknown-shipment" | "credit-too-large" | "not-creditable";
    };

async function writeParts(tx: DbOrTx, invoiceId: string, input: InvoiceInput) {
  await tx.delete(invoiceLines).where(eq(invoiceLines.invoiceId, invoiceId));
  await tx.insert(invoiceLines).values(
    input.lines.map((line, position) => ({
      invoiceId,
      position,
      description: line.description,
      quantityMilli: line.quantityMilli,
      unitPriceMinor: line.unitPriceMinor,
      taxName: line.taxName,
      taxBasisPoints: line.taxBasisPoints,
      amountMinor: line.amountMinor,
      taxMinor: line.taxMinor,
    })),
  );
  await tx.delete(invoiceShipments).where(eq(invoiceShipments.invoiceId, invoiceId));
  if (input.shipmentIds.length > 0) {
    await tx
      .insert(invoiceShipments)
      .values(input.shipmentIds.map((shipmentId) => ({ invoiceId, shipmentId })))
      .onConflictDoNothing();
  }
}

const draftColumns = (input: InvoiceInput) => ({
  partyKind: input.party?.kind ?? null,
  partyId: input.party?.id ?? null,
  customerName: input.customerName,
  customerCompany: input.customerCompany,
  customerEmail: input.customerEmail,
  billingAddress: input.billingAddress,
  currency: input.currency,
  paymentTermsDays: input.paymentTermsDays,
  notes: input.notes,
  paymentInstructions: input.paymentInstructions,
  subtotalMinor: input.totals.subtotalMinor,
  taxMinor: input.totals.taxMinor,
  totalMinor: input.totals.totalMinor,
});

/** Whether every shipment id names a shipment. */
async function shipmentsExist(db: DbOrTx, ids: string[]): Promise<boolean> {
  if (ids.length === 0) return true;
  const [row] = await db.select({ n: count() }).from(shipments).where(inArray(shipments.id, ids));
  return row?.n === ids.length;
}

/**
 * What an invoice's credit notes may still credit: its total less its other issued or draft credit notes and the
 * payments received against it. A credit note cannot take back more than is still owed: money already paid would
 * otherwise be owed back with no payment to hold it as the customer's credit (reverse the payment first, then
 * record it again keeping the rest as credit). The invoice is locked by the caller, as payments lock it.
 */
async function creditLeft(tx: DbOrTx, invoice: Invoice, except: string | null): Promise<number> {
  const paid = (await getInvoiceBalances({ db: tx, ids: [invoice.id] })).get(invoice.id)?.paidMinor ?? 0;
  const [row] = await tx
    .select({ credited: sql<string>`coalesce(sum(${invoices.totalMinor}), 0)` })
    .from(invoices)
    .where(
      and(
        eq(invoices.creditedInvoiceId, invoice.id),
        sql`${invoices.state} <> 'void'`,
        except ? sql`${invoices.id} <> ${except}` : undefined,
      ),
    );
  return invoice.totalMinor - Number(row?.credited ?? 0) - paid;
}

/**
 * Saves a new draft (invoice, or credit note of `creditedInvoiceId`), or changes the draft `id`. Lines,
 * shipments and totals are replaced in one transaction. A credit note must belong to an issued invoice of
 * the same currency and cannot credit more than is left of it.
 */
export async function saveInvoiceDraft({
  db,
  id,
  input,
  staffId,
  quoteId = null,
  creditedInvoiceId = null,
}: {
  db: Db;
  id: string | null;
  input: InvoiceInput;
  staffId: string;
  quoteId?: string | null;
  creditedInvoiceId?: string | null;
}): Promise<SaveDraftResult> {
  return db.transaction(async (tx) => {
    if (!(await shipmentsExist(tx, input.shipmentIds)))
      return { ok: false, reason: "unknown-shipment" } as const;
    let existing: Invoice | undefined;
    if (id) {
      if (!isUuid(id)) return { ok: false, reason: "not-found" } as const;
      [existing] = await tx.select().from(invoices).where(eq(invoices.id, id)).for("update");
      if (!existing) return { ok: false, reason: "not-found" } as const;
      if (existing.state !== "draft") return { ok: false, reason: "not-draft" } as const;
    }
    const credited = existing?.creditedInvoiceId ?? creditedInvoiceId;
    if (credited) {
      if (!isUuid(credited)) return { ok: false, reason: "not-creditable" } as const;
      const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, credited)).for("update");
      if (invoice?.kind !== "invoice" || invoice.state !== "issued" || invoice.currency !== input.currency)
        return { ok: false, reason: "not-creditable" } as const;
      if (input.totals.totalMinor > (await creditLeft(tx, invoice, existing?.id ?? null)))
        return { ok: false, reason: "credit-too-large" } as const;
    }
    let invoiceId: string;
    if (existing) {
      invoiceId = existing.id;
      await tx.update(invoices).set(draftColumns(input)).where(eq(invoices.id, invoiceId));
    } else {
      const [row] = await tx
        .insert(invoices)
        .values({
          ...draftColumns(input),
          kind: credited ? "credit_note" : "invoice",
          quoteId: credited ? null : quoteId,
          creditedInvoiceId: credited,
          createdBy: staffId,
        })
        .returning({ id: invoices.id });
      invoiceId = row!.id;
    }
    await writeParts(tx, invoiceId, input);
    return { ok: true, id: invoiceId } as const;
  });
}

/** Deletes a draft (an issued document is never deleted). */
export async function deleteInvoiceDraft({ db, id }: { db: Db; id: string }): Promise<boolean> {
  if (!isUuid(id)) return false;
  const deleted = await db
    .delete(invoices)
    .where(and(eq(invoices.id, id), eq(invoices.state, "draft")))
    .returning({ id: invoices.id });
  return deleted.length > 0;
}

export type IssueResult =
  | { ok: true; number: string; alreadyIssued: boolean }
  | { ok: false; reason: "not-found" | "void" | "no-lines" | "not-creditable" | "credit-too-large" };

/**
 * Issues a draft: the next number of its series and year (the counter row is taken with an upsert that locks
 * it until commit, so two clerks issuing at once get consecutive numbers, and a failed issue gives its number
 * back: no gaps), the issue date (the company's today) and the due date (issue date + payment terms). Issuing
 * an issued document again answers its number (a double click, a second tab).
 */
export async function issueInvoice({
  db,
  id,
  staffId,
  today,
  settings,
  now = new Date(),
}: {
  db: Db;
  id: string;
  staffId: string;
  /** The company's date (YYYY-MM-DD). */
  today: string;
  settings: Pick<InvoiceSettings, "invoicePattern" | "creditNotePattern">;
  now?: Date;
}): Promise<IssueResult> {
  if (!isUuid(id)) return { ok: false, reason: "not-found" };
  return db.transaction(async (tx) => {
    const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, id)).for("update");
    if (!invoice) return { ok: false, reason: "not-found" } as const;
    if (invoice.state === "void") return { ok: false, reason: "void" } as const;
    if (invoice.state === "issued")
      return { ok: true, number: invoice.number!, alreadyIssued: true } as const;
    const [lines] = await tx.select({ n: count() }).from(invoiceLines).where(eq(invoiceLines.invoiceId, id));
    if (!lines?.n) return { ok: false, reason: "no-lines" } as const;
    if (invoice.creditedInvoiceId) {
      const [credited] = await tx
        .select()
        .from(invoices)
        .where(eq(invoices.id, invoice.creditedInvoiceId))
        .for("update");
      if (credited?.state !== "issued") return { ok: false, reason: "not-creditable" } as const;
      if (invoice.totalMinor > (await creditLeft(tx, credited, invoice.id)))
        return { ok: false, reason: "credit-too-large" } as const;
    }
    const year = Number(today.slice(0, 4));
    const [counter] = await tx
      .insert(documentCounters)
      .values({ series: invoice.kind, year, last: 1 })
      .onConflictDoUpdate({
        target: [documentCounters.series, documentCounters.year],
        set: { last: sql`${documentCounters.last} + 1` },
      })
      .returning({ last: documentCounters.last });
    const sequence = counter!.last;
    // An invoice issued without its own payment instructions keeps the settings' of this day: its PDF and page
    // then never change when the settings do (a credit note asks for no payment).
    const instructions =
      invoice.kind === "invoice" && !invoice.paymentInstructions?.trim()
        ? (await getInvoiceSettings({ db: tx })).paymentInstructions.trim() || null
        : invoice.paymentInstructions;
    const pattern = invoice.kind === "credit_note" ? settings.creditNotePattern : settings.invoicePattern;
    const number = formatDocumentNumber(pattern, year, sequence);
    await tx
      .update(invoices)
      .set({
        state: "issued",
        number,
        year,
        sequence,
        issueDate: today,
        // A credit note asks for no payment: it has no due date.
        dueDate: invoice.kind === "credit_note" ? null : addDaysToDate(today, invoice.paymentTermsDays),
        issuedAt: now,
        issuedBy: staffId,
        paymentInstructions: instructions,
      })
      .where(eq(invoices.id, id));
    return { ok: true, number, alreadyIssued: false } as const;
  });
}

export type VoidResult =
  | { ok: true }
  | { ok: false; reason: "not-found" | "draft" | "already-void" | "credited" | "paid" };

/**
 * Voids an issued document: its number stays, marked void, with who, when and why. An invoice with an issued
 * credit note is not voided (the credit note would point at nothing): void the credit note first; nor one with
 * payments received against it: reverse them first.
 */
export async function voidInvoice({
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
}): Promise<VoidResult> {
  if (!isUuid(id)) return { ok: false, reason: "not-found" };
  return db.transaction(async (tx) => {
    const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, id)).for("update");
    if (!invoice) return { ok: false, reason: "not-found" } as const;
    if (invoice.state === "draft") return { ok: false, reason: "draft" } as const;
    if (invoice.state === "void") return { ok: false, reason: "already-void" } as const;
    const [credit] = await tx
      .select({ id: invoices.id })
      .from(invoices)
      .where(and(eq(invoices.creditedInvoiceId, id), eq(invoices.state, "issued")))
      .limit(1);
    if (credit) return { ok: false, reason: "credited" } as const;
    // Money received against it stays accounted for: a payment is reversed (or the invoice credited) first.
    const [paid] = await tx.select({ paid: paidSql }).from(invoices).where(eq(invoices.id, id));
    if ((paid?.paid ?? 0) > 0) return { ok: false, reason: "paid" } as const;
    await tx
      .update(invoices)
      .set({ state: "void", voidedAt: now, voidedBy: staffId, voidReason: reason })
      .where(eq(invoices.id, id));
    return { ok: true } as const;
  });
}

/** One invoice or credit note with its lines, shipments and credit notes; null when there is none. */
export async function getInvoice({ db, id }: { db: DbOrTx; id: string }): Promise<InvoiceWithParts | null> {
  if (!isUuid(id)) return null;
  const [invoice] = await db.select().from(invoices).where(eq(invoices.id, id));
  if (!invoice) return null;
  const [lines, linked, creditNotes, credited] = await Promise.all([
    db.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, id)).orderBy(asc(invoiceLines.position)),
    db
      .select({ id: shipments.id, trackingNumber: shipments.trackingNumber })
      .from(invoiceShipments)
      .innerJoin(shipments, eq(shipments.id, invoiceShipments.shipmentId))
      .where(eq(invoiceShipments.invoiceId, id))
      .orderBy(asc(shipments.trackingNumber)),
    db
      .select({
        id: invoices.id,
        number: invoices.number,
        state: invoices.state,
        totalMinor: invoices.totalMinor,
      })
      .from(invoices)
      .where(eq(invoices.creditedInvoiceId, id))
      .orderBy(asc(invoices.createdAt)),
    invoice.creditedInvoiceId
      ? db
          .select({ id: invoices.id, number: invoices.number })
          .from(invoices)
          .where(eq(invoices.id, invoice.creditedInvoiceId))
      : Promise.resolve([]),
  ]);
  return { ...invoice, lines, shipments: linked, creditNotes, creditedInvoice: credited[0] ?? null };
}

export const INVOICE_PAGE_SIZE = 50;

export type InvoiceListFilter = {
  /** What the list calls its state (payments, credit notes and the due date read on `today`). */
  status?: { is: InvoiceStatus; today: string };
  kind?: InvoiceKind;
  /** Part of the number or the customer's name or company. */
  search?: string;
};

/** The SQL of an invoice's status (balances.server.ts' invoiceStatusOf, as a condition). */
function statusCondition({ is, today }: { is: InvoiceStatus; today: string }) {
  const payable = sql`${invoices.kind} = 'invoice' and ${invoices.state} = 'issued'`;
  const owed = sql`${invoices.totalMinor} - ${paidSql} - ${creditedSql} > 0`;
  const late = sql`${invoices.dueDate} < ${today}`;
  switch (is) {
    case "draft":
    case "void":
      return eq(invoices.state, is);
    case "paid":
      return sql`(${payable} and not (${owed}))`;
    case "overdue":
      return sql`(${payable} and ${owed} and ${late})`;
    case "partly_paid":
      return sql`(${payable} and ${owed} and not (${late}) and ${paidSql} > 0)`;
    case "issued":
      return sql`(${invoices.state} = 'issued' and (${invoices.kind} = 'credit_note' or (${owed} and not (${late}) and ${paidSql} = 0)))`;
  }
}

export type InvoiceListRow = Invoice & InvoiceBalance;

/** A page of invoices and credit notes, newest first, with their balances and the number of matches. */
export async function listInvoices({
  db,
  filter,
  page,
}: {
  db: Db;
  filter: InvoiceListFilter;
  page: number;
}): Promise<{ rows: InvoiceListRow[]; total: number }> {
  const search = searchTermOf(filter.search).toLowerCase();
  const like = search ? likePattern(search) : null;
  const where = and(
    filter.status ? statusCondition(filter.status) : undefined,
    filter.kind ? eq(invoices.kind, filter.kind) : undefined,
    like
      ? sql`(lower(coalesce(${invoices.number}, '')) like ${like} or lower(${invoices.customerName}) like ${like} or lower(coalesce(${invoices.customerCompany}, '')) like ${like})`
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ invoice: invoices, paid: paidSql, credited: creditedSql })
      .from(invoices)
      .where(where)
      .orderBy(desc(invoices.createdAt), desc(invoices.id))
      .limit(INVOICE_PAGE_SIZE)
      .offset((Math.max(1, page) - 1) * INVOICE_PAGE_SIZE),
    db.select({ n: count() }).from(invoices).where(where),
  ]);
  return {
    rows: rows.map((row) => ({
      ...row.invoice,
      ...balanceOf(row.invoice.totalMinor, row.paid, row.credited),
    })),
    total: total?.n ?? 0,
  };
}
