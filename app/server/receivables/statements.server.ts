import { sql } from "drizzle-orm";
import type { DbOrTx } from "#app/server/db/client.server.ts";

// A customer's statement for a period (decision 028), per currency: the opening balance (everything
// before the period), then in date order each issued invoice (+), issued credit note (−), payment received (−,
// in the invoices' currency it settled, however it was paid) and reversed payment (+, on the company's date of
// its reversal), each with the running balance, and the closing balance. Void documents are left out: they were
// never owed. A negative balance is the customer's credit.

export type StatementEntryKind = "invoice" | "credit_note" | "payment" | "reversal";

export type StatementEntry = {
  kind: StatementEntryKind;
  /** YYYY-MM-DD. */
  date: string;
  /** The invoice, credit note or receipt number. */
  number: string;
  /** The invoice or payment it is about (its page's id). */
  invoiceId: string | null;
  paymentId: string | null;
  /** What it adds (an invoice, a reversal) or takes off (negative: a credit note, a payment). */
  amountMinor: number;
  balanceMinor: number;
  /** A payment's method and what was handed over when another currency; a credit note's invoice; why reversed. */
  detail: Detail;
};

export type Detail =
  | { kind: "invoice"; dueDate: string | null }
  | { kind: "credit_note"; invoiceNumber: string | null }
  | {
      kind: "payment";
      method: string;
      reference: string | null;
      received: { currency: string; amountMinor: number; rateMicro: number } | null;
    }
  | { kind: "reversal"; reason: string | null };

export type StatementCurrency = {
  currency: string;
  openingMinor: number;
  entries: StatementEntry[];
  closingMinor: number;
};

type Row = {
  kind: StatementEntryKind;
  on: string;
  number: string;
  invoice_id: string | null;
  payment_id: string | null;
  currency: string;
  amount: string | number;
  due_date: string | null;
  other_number: string | null;
  method: string | null;
  reference: string | null;
  paid_currency: string | null;
  paid_minor: string | number | null;
  rate_micro: string | number | null;
  reason: string | null;
};

const ORDER: Record<StatementEntryKind, number> = { invoice: 0, credit_note: 1, payment: 2, reversal: 3 };

function detailOf(row: Row): Detail {
  switch (row.kind) {
    case "invoice":
      return { kind: "invoice", dueDate: row.due_date };
    case "credit_note":
      return { kind: "credit_note", invoiceNumber: row.other_number };
    case "payment":
      return {
        kind: "payment",
        method: row.method ?? "",
        reference: row.reference,
        received:
          row.paid_currency && row.paid_currency !== row.currency
            ? {
                currency: row.paid_currency,
                amountMinor: Number(row.paid_minor),
                rateMicro: Number(row.rate_micro),
              }
            : null,
      };
    case "reversal":
      return { kind: "reversal", reason: row.reason };
  }
}

/**
 * The statement of `party` from `from` to `to` (YYYY-MM-DD, both included), one part per currency it has
 * anything in up to `to`. `timeZone` dates a reversal (a moment) on the company's calendar.
 */
export async function getStatement({
  db,
  party,
  from,
  to,
  timeZone,
}: {
  db: Pick<DbOrTx, "execute">;
  party: { kind: "shipper" | "consignee"; id: string };
  from: string;
  to: string;
  timeZone: string;
}): Promise<StatementCurrency[]> {
  const result = await db.execute<Row>(sql`
    select * from (
      select i.kind, i.issue_date::text as on, i.number, i.id as invoice_id, null::uuid as payment_id, i.currency,
             case when i.kind = 'invoice' then i.total_minor else -i.total_minor end as amount,
             i.due_date::text as due_date, c.number as other_number, null as method, null as reference,
             null as paid_currency, null::bigint as paid_minor, null::bigint as rate_micro, null as reason,
             i.issued_at as at
      from invoices i left join invoices c on c.id = i.credited_invoice_id
      where i.party_kind = ${party.kind} and i.party_id = ${party.id} and i.state = 'issued'
      union all
      select 'payment', p.received_on::text, p.number, null, p.id, p.settled_currency, -p.settled_minor,
             null, null, p.method, p.reference, p.currency, p.amount_minor, p.rate_micro, null, p.created_at
      from payments p
      where p.party_kind = ${party.kind} and p.party_id = ${party.id}
      union all
      select 'reversal', (p.reversed_at at time zone ${timeZone})::date::text, p.number, null, p.id,
             p.settled_currency, p.settled_minor, null, null, p.method, p.reference, null, null, null,
             p.reversal_reason, p.reversed_at
      from payments p
      where p.party_kind = ${party.kind} and p.party_id = ${party.id} and p.state = 'reversed'
    ) e
    where e.on <= ${to}
    order by e.on, e.at`);
  const byCurrency = new Map<string, StatementCurrency>();
  const rows = [...result.rows].sort((a, b) =>
    a.on === b.on ? ORDER[a.kind] - ORDER[b.kind] : a.on < b.on ? -1 : 1,
  );
  for (const row of rows) {
    let part = byCurrency.get(row.currency);
    if (!part) {
      part = { currency: row.currency, openingMinor: 0, entries: [], closingMinor: 0 };
      byCurrency.set(row.currency, part);
    }
    const amountMinor = Number(row.amount);
    part.closingMinor += amountMinor;
    if (row.on < from) {
      part.openingMinor += amountMinor;
      continue;
    }
    part.entries.push({
      kind: row.kind,
      date: row.on,
      number: row.number,
      invoiceId: row.invoice_id,
      paymentId: row.payment_id,
      amountMinor,
      balanceMinor: part.closingMinor,
      detail: detailOf(row),
    });
  }
  return [...byCurrency.values()].sort((a, b) => a.currency.localeCompare(b.currency));
}
