// A customer company's invoices and credit notes (decision 016): those billed to one of its parties,
// issued or void (never drafts). The account's invoice pages reach invoices only through these, with the
// company from the session; balances come from balances.server.ts, as on every staff page.
import { and, count, desc, eq, inArray, ne, or, type SQL, sql } from "drizzle-orm";
import { formatMoneyIn } from "#app/lib/i18n/format.ts";
import type { Locale } from "#app/lib/i18n/locale.ts";
import { ACCOUNT_PAGE_SIZE, type AccountInvoiceRow } from "#app/server/customers/customer-billing-views.ts";
import { listCompanyParties } from "#app/server/customers/customer-companies.server.ts";
import type { Db } from "#app/server/db/client.server.ts";
import { consignees, invoices, shippers } from "#app/server/db/schema.ts";
import { isUuid } from "#app/server/db/text-search.server.ts";
import { getInvoiceBalances, invoiceStatusOf } from "#app/server/invoices/invoice-balances.server.ts";
import { CUSTOMER_STATUS_LABELS } from "#app/server/invoices/invoice-views.ts";

type Parties = Awaited<ReturnType<typeof listCompanyParties>>;

/** The condition 'billed to one of these parties, and not a draft', for a query over `invoices`. */
function companyInvoicesWhere(parties: Parties): SQL {
  const billed: SQL[] = [];
  if (parties.shipperIds.length > 0)
    billed.push(and(eq(invoices.partyKind, "shipper"), inArray(invoices.partyId, parties.shipperIds))!);
  if (parties.consigneeIds.length > 0)
    billed.push(and(eq(invoices.partyKind, "consignee"), inArray(invoices.partyId, parties.consigneeIds))!);
  return billed.length > 0 ? and(ne(invoices.state, "draft"), or(...billed))! : sql`false`;
}

/** A page of the company's invoices and credit notes, newest first, with what is owed on each. */
export async function listCompanyInvoices({
  db,
  companyId,
  page,
  today,
  locale = "en",
}: {
  db: Db;
  companyId: string;
  page: number;
  /** The company's calendar day (overdue is read from it). */
  today: string;
  /** The page's language: the amounts' format. */
  locale?: Locale;
}): Promise<{ rows: AccountInvoiceRow[]; total: number }> {
  const where = companyInvoicesWhere(await listCompanyParties({ db, companyId }));
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(invoices)
      .where(where)
      .orderBy(desc(invoices.issueDate), desc(invoices.createdAt), desc(invoices.id))
      .limit(ACCOUNT_PAGE_SIZE)
      .offset((Math.max(1, page) - 1) * ACCOUNT_PAGE_SIZE),
    db.select({ n: count() }).from(invoices).where(where),
  ]);
  const balances = await getInvoiceBalances({ db, ids: rows.map((row) => row.id) });
  return {
    rows: rows.flatMap((invoice) => {
      const balance = balances.get(invoice.id);
      if (!balance) return [];
      const creditNote = invoice.kind === "credit_note";
      const status = invoiceStatusOf(invoice, balance, today);
      const owes = !creditNote && invoice.state === "issued";
      return [
        {
          id: invoice.id,
          creditNote,
          number: invoice.number ?? "",
          issueDate: invoice.issueDate ?? "",
          dueDate: creditNote ? null : invoice.dueDate,
          statusLabel:
            creditNote && invoice.state === "issued" ? "Credit note" : CUSTOMER_STATUS_LABELS[status],
          overdue: status === "overdue",
          total: `${creditNote ? "-" : ""}${formatMoneyIn(locale, invoice.totalMinor, invoice.currency)}`,
          balance: owes ? formatMoneyIn(locale, balance.balanceMinor, invoice.currency) : null,
        },
      ];
    }),
    total: total?.n ?? 0,
  };
}

/** What the company owes on its issued invoices, per currency (in minor units), currencies in order. */
export async function companyBalancesOwed({
  db,
  companyId,
}: {
  db: Db;
  companyId: string;
}): Promise<{ currency: string; owedMinor: number }[]> {
  const open = await db
    .select({ id: invoices.id, currency: invoices.currency })
    .from(invoices)
    .where(
      and(
        companyInvoicesWhere(await listCompanyParties({ db, companyId })),
        eq(invoices.kind, "invoice"),
        eq(invoices.state, "issued"),
      ),
    );
  const balances = await getInvoiceBalances({ db, ids: open.map((row) => row.id) });
  const owed = new Map<string, number>();
  for (const row of open) {
    const minor = balances.get(row.id)?.balanceMinor ?? 0;
    if (minor > 0) owed.set(row.currency, (owed.get(row.currency) ?? 0) + minor);
  }
  return [...owed]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, owedMinor]) => ({ currency, owedMinor }));
}

/** The company's invoice or credit note with this id (issued or void): its id, kind and state; null for any other id. */
export async function findCompanyInvoice({
  db,
  companyId,
  invoiceId,
}: {
  db: Db;
  companyId: string;
  invoiceId: string;
}): Promise<{ id: string; kind: "invoice" | "credit_note"; state: string; currency: string } | null> {
  if (!isUuid(invoiceId)) return null;
  const [row] = await db
    .select({ id: invoices.id, kind: invoices.kind, state: invoices.state, currency: invoices.currency })
    .from(invoices)
    .where(
      and(eq(invoices.id, invoiceId), companyInvoicesWhere(await listCompanyParties({ db, companyId }))),
    );
  return row ?? null;
}

export type BilledParty = { kind: "shipper" | "consignee"; id: string; name: string };

/** The company's parties that were billed (an issued or void invoice or credit note), by name. */
export async function listCompanyBilledParties({
  db,
  companyId,
}: {
  db: Db;
  companyId: string;
}): Promise<BilledParty[]> {
  const parties = await listCompanyParties({ db, companyId });
  const billed = await db
    .selectDistinct({ kind: invoices.partyKind, id: invoices.partyId })
    .from(invoices)
    .where(companyInvoicesWhere(parties));
  const ids = (kind: "shipper" | "consignee") =>
    billed.flatMap((row) => (row.kind === kind && row.id ? [row.id] : []));
  const [shipperRows, consigneeRows] = await Promise.all([
    ids("shipper").length > 0
      ? db
          .select({ id: shippers.id, name: shippers.name, company: shippers.company })
          .from(shippers)
          .where(inArray(shippers.id, ids("shipper")))
      : [],
    ids("consignee").length > 0
      ? db
          .select({ id: consignees.id, name: consignees.name, company: consignees.company })
          .from(consignees)
          .where(inArray(consignees.id, ids("consignee")))
      : [],
  ]);
  const named =
    (kind: BilledParty["kind"]) => (row: { id: string; name: string; company: string | null }) => ({
      kind,
      id: row.id,
      name: row.company?.trim() || row.name,
    });
  return [...shipperRows.map(named("shipper")), ...consigneeRows.map(named("consignee"))].sort((a, b) =>
    a.name.localeCompare(b.name),
  );
}
