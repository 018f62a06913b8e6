import type { RouterContextProvider } from "react-router";
import { formatMoney } from "#app/lib/money.ts";
import type { InvoiceListData, InvoiceListQuery, InvoiceStatus } from "#app/server/invoices/invoice-views.ts";
import { INVOICE_PAGE_SIZE, type Invoice, listInvoices } from "#app/server/invoices/invoices.server.ts";
import { companyToday } from "#app/server/quotes/quotes.server.ts";
import { requireStaffPage } from "#app/server/staff/staff-page.server.ts";

// /admin/invoices (issue 28): invoices and credit notes, newest first; search, state (overdue read from the
// company's today) and paging in the URL.

type Ctx = Readonly<RouterContextProvider>;

/** Draft, issued, overdue (issued, due before the company's today) or void. */
export function invoiceStatus(invoice: Pick<Invoice, "state" | "dueDate">, today: string): InvoiceStatus {
  if (invoice.state === "issued" && invoice.dueDate && invoice.dueDate < today) return "overdue";
  return invoice.state;
}

const STATES: readonly InvoiceStatus[] = ["draft", "issued", "overdue", "void"];

export async function loadInvoiceList({
  request,
  context,
}: {
  request: Request;
  context: Ctx;
}): Promise<InvoiceListData> {
  const { services } = await requireStaffPage({ request, context });
  const { db, siteSettings } = services;
  const params = new URL(request.url).searchParams;
  const state = params.get("state") ?? "";
  const query: InvoiceListQuery = {
    q: (params.get("q") ?? "").trim().slice(0, 100),
    state: (STATES as readonly string[]).includes(state) ? (state as InvoiceStatus) : "",
  };
  const pageParam = Number(params.get("page") ?? "1");
  const page = Number.isInteger(pageParam) && pageParam >= 1 && pageParam <= 100_000 ? pageParam : 1;
  const today = companyToday((await siteSettings.get()).timeZone);
  const filter =
    query.state === "overdue"
      ? { state: "issued" as const, overdue: { today, is: true } }
      : query.state === "issued"
        ? { state: "issued" as const, overdue: { today, is: false } }
        : { state: query.state || undefined };
  const found = await listInvoices({ db, filter: { ...filter, search: query.q || undefined }, page });
  return {
    query,
    total: found.total,
    page,
    pageCount: Math.max(1, Math.ceil(found.total / INVOICE_PAGE_SIZE)),
    rows: found.rows.map((row) => ({
      id: row.id,
      number: row.number,
      kind: row.kind,
      customer: row.customerCompany ? `${row.customerName} (${row.customerCompany})` : row.customerName,
      issueDate: row.issueDate,
      dueDate: row.dueDate,
      total: formatMoney(row.totalMinor, row.currency),
      status: invoiceStatus(row, today),
    })),
  };
}
