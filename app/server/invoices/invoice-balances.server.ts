import { inArray, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "#app/server/db/client.server.ts";
import { invoices } from "#app/server/db/schema.ts";
import type { InvoiceStatus } from "#app/server/invoices/invoice-views.ts";

// What is paid and what is still owed on an invoice (decision 026), in one place: the invoice pages,
// the PDF, the list's states, receivables and statements all read these. Paid is what received (not reversed)
// payments allocated to it; credited is its issued credit notes; the balance is the total less both, never
// below zero.

/** The invoice row in scope, qualified (in a one-table select Drizzle leaves its columns unqualified). */
const invoiceId = sql.raw(`"invoices"."id"`);

/** SQL for the amount received payments settled on `invoices` (the row in scope). */
export const paidSql: SQL<number> = sql<number>`(select coalesce(sum(pa.amount_minor), 0)::bigint
  from payment_allocations pa join payments p on p.id = pa.payment_id and p.state = 'received'
  where pa.invoice_id = ${invoiceId})`.mapWith(Number);

/** SQL for the total of the issued credit notes of `invoices` (the row in scope). */
export const creditedSql: SQL<number> = sql<number>`(select coalesce(sum(cn.total_minor), 0)::bigint
  from invoices cn where cn.credited_invoice_id = ${invoiceId} and cn.state = 'issued')`.mapWith(Number);

export type InvoiceBalance = { paidMinor: number; creditedMinor: number; balanceMinor: number };

export function balanceOf(totalMinor: number, paidMinor: number, creditedMinor: number): InvoiceBalance {
  return { paidMinor, creditedMinor, balanceMinor: Math.max(0, totalMinor - paidMinor - creditedMinor) };
}

/** The balances of some invoices, by id (an unknown id is left out). */
export async function getInvoiceBalances({
  db,
  ids,
}: {
  db: Pick<DbOrTx, "select">;
  ids: readonly string[];
}): Promise<Map<string, InvoiceBalance>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: invoices.id, total: invoices.totalMinor, paid: paidSql, credited: creditedSql })
    .from(invoices)
    .where(inArray(invoices.id, [...ids]));
  return new Map(rows.map((row) => [row.id, balanceOf(row.total, row.paid, row.credited)]));
}

export function invoiceStatusOf(
  invoice: { kind: string; state: string; dueDate: string | null },
  balance: InvoiceBalance,
  today: string,
): InvoiceStatus {
  if (invoice.state !== "issued" || invoice.kind !== "invoice") return invoice.state as InvoiceStatus;
  if (balance.balanceMinor === 0) return "paid";
  if (invoice.dueDate && invoice.dueDate < today) return "overdue";
  return balance.paidMinor > 0 ? "partly_paid" : "issued";
}
