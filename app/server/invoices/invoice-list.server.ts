import type { RouterContextProvider } from "react-router";
import { formatMoney } from "#app/lib/money.ts";
import { companyToday } from "#app/lib/time-zone.ts";
import { invoiceStatusOf } from "#app/server/invoices/invoice-balances.server.ts";
import type { InvoiceListData, InvoiceListQuery, InvoiceStatus } from "#app/server/invoices/invoice-views.ts";
import { INVOICE_PAGE_SIZE, listInvoices } from "#app/server/invoices/invoices.server.ts";
import { requireStaffPage } from "#app/server/staff/staff-page.server.ts";

// /admin/invoices (decision 026): invoices and credit notes, newest first; search, state (overdue read from the
// company's today) and paging in the URL.

type Ctx = Readonly<RouterContextProvider>;

const STATES: readonly InvoiceStatus[] = ["draft", "issued", "partly_paid", "paid", "overdue", "void"];

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
  const found = await listInvoices({
    db,
    filter: { status: query.state ? { is: query.state, today } : undefined, search: query.q || undefined },
    page,
  });
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
      // A credit note is not due: it asks for no payment.
      dueDate: row.kind === "credit_note" ? null : row.dueDate,
      total: formatMoney(row.totalMinor, row.currency),
      status: invoiceStatusOf(row, row, today),
    })),
  };
}
