import { and, asc, gte, inArray, lte, sql } from "drizzle-orm";
import { minorDigits } from "#app/lib/money.ts";
import { PAYMENT_METHOD_LABELS, type PaymentMethodName } from "#app/schemas/payment.ts";
import type { Db } from "#app/server/db/client.server.ts";
import { invoices, payments } from "#app/server/db/schema.ts";
import {
  balanceOf,
  creditedSql,
  invoiceStatusOf,
  paidSql,
} from "#app/server/invoices/invoice-balances.server.ts";
import { rateText } from "#app/server/receivables/receivables-views.ts";
import {
  after,
  type Cursor,
  cells,
  EXPORT_PAGE_SIZE,
  keysetPages,
  type TableExport,
} from "#app/server/spreadsheets/exports.server.ts";

// The accountant's export (decision 028): the invoices and credit notes issued in a period, or the
// payments received in it, streamed in keyset pages through the shipment export's writers (decision 020: CSV
// and .xlsx, text neutralised against formulas). Amounts are numbers in the currency's units (1250.5), so a
// spreadsheet adds them up; each row says its currency.

export const DOCUMENTS_HEADER = [
  "Number",
  "Kind",
  "Issue date",
  "Due date",
  "Customer",
  "Company",
  "Currency",
  "Subtotal",
  "Tax",
  "Total",
  "Paid",
  "Credited",
  "Balance",
  "Status",
  "Credit note for",
];

export const PAYMENTS_HEADER = [
  "Receipt number",
  "Date",
  "Customer",
  "Method",
  "Reference",
  "Currency received",
  "Amount received",
  "Rate",
  "Currency settled",
  "Amount settled",
  "Invoices settled",
  "Unallocated (credit)",
  "Reversed",
  "Reversal reason",
];

const STATUS_TEXT: Record<string, string> = {
  issued: "Issued",
  partly_paid: "Partly paid",
  paid: "Paid",
  overdue: "Overdue",
  void: "Void",
  draft: "Draft",
};

/** 125050 USD → 1250.5, a number a spreadsheet adds up. */
export const units = (minor: number, currency: string) => minor / 10 ** minorDigits(currency);

export type AccountsExportQuery = { what: "documents" | "payments"; from: string; to: string };

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const realDate = (value: string) =>
  DATE.test(value) && new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value;

/** The export's query from the address; null (and the reason) for dates that are not dates or out of order. */
export function parseAccountsExportQuery(
  params: URLSearchParams,
): { ok: true; query: AccountsExportQuery } | { ok: false; message: string } {
  const what = params.get("what") ?? "documents";
  if (what !== "documents" && what !== "payments")
    return { ok: false, message: "Choose invoices and credit notes, or payments." };
  const from = params.get("from")?.trim() ?? "";
  const to = params.get("to")?.trim() ?? "";
  if (!realDate(from) || !realDate(to))
    return { ok: false, message: "Give a start and an end date, written like 2026-11-30." };
  if (from > to) return { ok: false, message: "The start date is after the end date." };
  return { ok: true, query: { what, from, to } };
}

/** The invoices and credit notes issued from `from` to `to` (voided ones too, marked), oldest first. */
function documentsExport(db: Db, { from, to }: AccountsExportQuery, today: string): TableExport {
  // Qualified by hand: in a one-table select Drizzle leaves its columns unqualified, and a bare name would be
  // the subquery's own.
  const credited = sql<string | null>`(select c.number from invoices c
    where c.id = ${sql.raw(`"invoices"."credited_invoice_id"`)})`;
  const read = (cursor: Cursor | null) =>
    db
      .select({
        id: invoices.id,
        cursorAt: sql<string>`${invoices.createdAt}::text`,
        invoice: invoices,
        paid: paidSql,
        credited: creditedSql,
        creditedNumber: credited,
      })
      .from(invoices)
      .where(
        and(
          inArray(invoices.state, ["issued", "void"]),
          gte(invoices.issueDate, from),
          lte(invoices.issueDate, to),
          after(invoices, cursor, true),
        ),
      )
      .orderBy(asc(invoices.createdAt), asc(invoices.id))
      .limit(EXPORT_PAGE_SIZE);
  return {
    sheetName: "Invoices and credit notes",
    header: DOCUMENTS_HEADER,
    pages: cells(keysetPages(read), ({ invoice: i, paid, credited, creditedNumber }) => {
      const balance = balanceOf(i.totalMinor, paid, credited);
      const isInvoice = i.kind === "invoice" && i.state === "issued";
      return [
        i.number,
        i.kind === "credit_note" ? "Credit note" : "Invoice",
        i.issueDate,
        i.kind === "invoice" ? i.dueDate : null,
        i.customerName,
        i.customerCompany,
        i.currency,
        units(i.subtotalMinor, i.currency),
        units(i.taxMinor, i.currency),
        units(i.totalMinor, i.currency),
        isInvoice ? units(balance.paidMinor, i.currency) : null,
        isInvoice ? units(balance.creditedMinor, i.currency) : null,
        isInvoice ? units(balance.balanceMinor, i.currency) : null,
        STATUS_TEXT[invoiceStatusOf(i, balance, today)] ?? i.state,
        creditedNumber,
      ];
    }),
  };
}

type Settled = { number: string | null; amount: number; currency: string }[];

/** The payments received from `from` to `to`, reversed ones too (marked), oldest first. */
function paymentsExport(db: Db, { from, to }: AccountsExportQuery): TableExport {
  const settled = sql<Settled | null>`(select json_agg(json_build_object('number', i.number,
      'amount', pa.amount_minor, 'currency', i.currency) order by i.number)
    from payment_allocations pa join invoices i on i.id = pa.invoice_id
    where pa.payment_id = ${sql.raw(`"payments"."id"`)})`;
  const read = (cursor: Cursor | null) =>
    db
      .select({
        id: payments.id,
        cursorAt: sql<string>`${payments.createdAt}::text`,
        payment: payments,
        settled,
      })
      .from(payments)
      .where(and(gte(payments.receivedOn, from), lte(payments.receivedOn, to), after(payments, cursor, true)))
      .orderBy(asc(payments.createdAt), asc(payments.id))
      .limit(EXPORT_PAGE_SIZE);
  return {
    sheetName: "Payments",
    header: PAYMENTS_HEADER,
    pages: cells(keysetPages(read), ({ payment: p, settled }) => {
      const parts = settled ?? [];
      const allocated = parts.reduce((sum, part) => sum + Number(part.amount), 0);
      return [
        p.number,
        p.receivedOn,
        p.customerName,
        PAYMENT_METHOD_LABELS[p.method as PaymentMethodName] ?? p.method,
        p.reference,
        p.currency,
        units(p.amountMinor, p.currency),
        p.rateMicro ? Number(rateText(p.rateMicro)) : null,
        p.settledCurrency,
        units(p.settledMinor, p.settledCurrency),
        parts
          .map((part) => `${part.number ?? "?"} (${units(Number(part.amount), part.currency)})`)
          .join(", "),
        p.state === "received" ? units(Math.max(0, p.settledMinor - allocated), p.settledCurrency) : null,
        p.state === "reversed" ? (p.reversedAt ?? null) : null,
        p.reversalReason,
      ];
    }),
  };
}

export function accountsExport({
  db,
  query,
  today,
}: {
  db: Db;
  query: AccountsExportQuery;
  today: string;
}): TableExport {
  return query.what === "payments" ? paymentsExport(db, query) : documentsExport(db, query, today);
}
