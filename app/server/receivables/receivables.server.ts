import { sql } from "drizzle-orm";
import type { DbOrTx } from "#app/server/db/client.server.ts";

// What each customer owes (decision 028): the balances of their issued invoices (what paidSql and
// creditedSql of app/server/invoices/invoice-balances.server.ts say, the one definition of 'owed', read as joins), by
// how many days past its due date each is on the company's today, per currency (US dollars are never added to
// Liberian dollars), with the credit their payments left unallocated. One aggregated query: the page's customers, the totals per currency and the count.

export const RECEIVABLES_PAGE_SIZE = 50;

export const AGE_BUCKETS = ["current", "days1to30", "days31to60", "days61to90", "over90"] as const;
export type AgeBucket = (typeof AGE_BUCKETS)[number];
export type Aged = Record<AgeBucket, number> & { totalMinor: number };

export type ReceivableCustomer = Aged & {
  /** The address-book party; null for invoices billed to a name only. */
  party: { kind: "shipper" | "consignee"; id: string } | null;
  name: string;
  company: string | null;
  currency: string;
  /** Issued invoices with something still owed. */
  invoices: number;
  /** What the customer's received payments left unallocated, in this currency. */
  creditMinor: number;
};

export type ReceivableTotal = Aged & { currency: string; creditMinor: number; overdueMinor: number };

export type Receivables = {
  customers: ReceivableCustomer[];
  totals: ReceivableTotal[];
  /** How many customer-and-currency rows there are in all (for paging). */
  count: number;
};

type Row = {
  party_kind: "shipper" | "consignee" | null;
  party_id: string | null;
  name: string;
  company: string | null;
  currency: string;
  invoices: number;
  credit: number;
  total: number;
  current: number;
  d30: number;
  d60: number;
  d90: number;
  over90: number;
};

type TotalRow = Omit<Row, "party_kind" | "party_id" | "name" | "company" | "invoices">;

const aged = (row: Omit<TotalRow, "currency" | "credit">): Aged => ({
  totalMinor: Number(row.total),
  current: Number(row.current),
  days1to30: Number(row.d30),
  days31to60: Number(row.d60),
  days61to90: Number(row.d90),
  over90: Number(row.over90),
});

/**
 * Receivables on `today` (YYYY-MM-DD, the company's date), a page of customers: each customer's rows per
 * currency, a currency's largest balances first. A customer who owes nothing but has credit is listed too.
 */
export async function getReceivables({
  db,
  today,
  page = 1,
  pageSize = RECEIVABLES_PAGE_SIZE,
}: {
  db: Pick<DbOrTx, "execute">;
  today: string;
  page?: number;
  pageSize?: number;
}): Promise<Receivables> {
  const day = sql`${today}::date`;
  const result = await db.execute<{ customers: Row[] | null; totals: TotalRow[] | null; count: number }>(sql`
    -- paidSql and creditedSql as joins: one pass over the allocations and the credit notes instead of two
    -- lookups per invoice (a test holds them to getInvoiceBalances).
    with paid as (
      select pa.invoice_id, sum(pa.amount_minor)::bigint as paid
      from payment_allocations pa join payments p on p.id = pa.payment_id and p.state = 'received'
      group by pa.invoice_id
    ),
    credited as (
      select credited_invoice_id as invoice_id, sum(total_minor)::bigint as credited
      from invoices where kind = 'credit_note' and state = 'issued'
      group by credited_invoice_id
    ),
    owed as (
      select i.party_kind, i.party_id, i.customer_name, i.customer_company, i.currency,
             ${day} - i.due_date as late,
             greatest(0, i.total_minor - coalesce(pd.paid, 0) - coalesce(cr.credited, 0)) as balance
      from invoices i
      left join paid pd on pd.invoice_id = i.id
      left join credited cr on cr.invoice_id = i.id
      where i.kind = 'invoice' and i.state = 'issued'
    ),
    debts as (
      select party_kind, party_id, case when party_id is null then customer_name end as loose_name,
             max(customer_name) as name, max(customer_company) as company, currency,
             count(*)::int as invoices,
             sum(balance) as total,
             coalesce(sum(balance) filter (where late is null or late <= 0), 0) as current,
             coalesce(sum(balance) filter (where late between 1 and 30), 0) as d30,
             coalesce(sum(balance) filter (where late between 31 and 60), 0) as d60,
             coalesce(sum(balance) filter (where late between 61 and 90), 0) as d90,
             coalesce(sum(balance) filter (where late > 90), 0) as over90
      from owed where balance > 0
      group by party_kind, party_id, loose_name, currency
    ),
    credits as (
      select p.party_kind, p.party_id, max(p.customer_name) as name, p.settled_currency as currency,
             sum(p.settled_minor - coalesce(u.used, 0)) as credit
      from payments p
      left join (select payment_id, sum(amount_minor)::bigint as used from payment_allocations group by payment_id) u
        on u.payment_id = p.id
      where p.state = 'received' and p.party_id is not null and p.settled_minor > coalesce(u.used, 0)
      group by p.party_kind, p.party_id, p.settled_currency
    ),
    rows as materialized (
      select coalesce(d.party_kind, c.party_kind) as party_kind, coalesce(d.party_id, c.party_id) as party_id,
             coalesce(ps.name, pc.name, d.name, c.name) as name,
             coalesce(nullif(ps.company, ''), nullif(pc.company, ''), nullif(d.company, '')) as company,
             coalesce(d.currency, c.currency) as currency,
             coalesce(d.invoices, 0) as invoices, coalesce(c.credit, 0)::bigint as credit,
             coalesce(d.total, 0)::bigint as total, coalesce(d.current, 0)::bigint as current,
             coalesce(d.d30, 0)::bigint as d30, coalesce(d.d60, 0)::bigint as d60,
             coalesce(d.d90, 0)::bigint as d90, coalesce(d.over90, 0)::bigint as over90
      from debts d
      full join credits c on c.party_kind = d.party_kind and c.party_id = d.party_id and c.currency = d.currency
      -- The address book's name of today (the invoices keep the one of their day).
      left join shippers ps on coalesce(d.party_kind, c.party_kind) = 'shipper'
        and ps.id = coalesce(d.party_id, c.party_id)
      left join consignees pc on coalesce(d.party_kind, c.party_kind) = 'consignee'
        and pc.id = coalesce(d.party_id, c.party_id)
    )
    select
      (select json_agg(p) from (
        select * from rows order by currency, total desc, credit desc, name, party_id
        limit ${pageSize} offset ${(page - 1) * pageSize}) p) as customers,
      (select json_agg(t) from (
        select currency, sum(total) as total, sum(current) as current, sum(d30) as d30, sum(d60) as d60,
               sum(d90) as d90, sum(over90) as over90, sum(credit) as credit
        from rows group by currency order by currency) t) as totals,
      (select count(*)::int from rows) as count`);
  const found = result.rows[0];
  return {
    count: Number(found?.count ?? 0),
    customers: (found?.customers ?? []).map((row) => ({
      party: row.party_kind && row.party_id ? { kind: row.party_kind, id: row.party_id } : null,
      name: row.name,
      company: row.company || null,
      currency: row.currency,
      invoices: Number(row.invoices),
      creditMinor: Number(row.credit),
      ...aged(row),
    })),
    totals: (found?.totals ?? []).map((row) => {
      const ages = aged(row);
      return {
        currency: row.currency,
        creditMinor: Number(row.credit),
        overdueMinor: ages.totalMinor - ages.current,
        ...ages,
      };
    }),
  };
}
