// What is owed, on a real PostgreSQL (decision 028): the receivables by age of the due date and per
// currency, with the customer's unused credit; a customer's statement with its opening and closing balances
// through a part payment, a credit note, a payment in Liberian dollars against a US-dollar invoice at a rate
// and a reversed payment.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invoices } from "#app/server/db/schema.ts";
import { getInvoiceBalances } from "#app/server/invoices/invoice-balances.server.ts";
import {
  billedCustomer,
  issuedCreditNote,
  issuedInvoice,
  paidBy,
} from "#app/server/invoices/issued-invoice.test-support.ts";
import { type PaymentInput, reversePayment } from "#app/server/payments/payments.server.ts";
import { getReceivables } from "#app/server/receivables/receivables.server.ts";
import { getStatement } from "#app/server/receivables/statements.server.ts";
import type { Services } from "#app/server/services.server.ts";
import { createAdminUser } from "#app/server/staff/staff-accounts.server.ts";
import { createTestServices } from "#tests/setup/test-db.ts";

const TODAY = "2026-11-27";
let services: Services;
let staffId: string;
type Customer = Awaited<ReturnType<typeof billedCustomer>>;
let aged: Customer;
let statementCustomer: Customer;

const pay = (customer: Customer, overrides: Partial<PaymentInput> & Pick<PaymentInput, "amountMinor">) =>
  paidBy({ db: services.db, staffId, customer, overrides: { receivedOn: TODAY, ...overrides } });

let lrdPaid: string;
let reversed: string;
let secondInvoice: string;
beforeAll(async () => {
  services = await createTestServices({}, { outbox: { autostart: false } });
  const staff = await createAdminUser({
    db: services.db,
    email: "accounts@example.com",
    name: "Accounts",
    password: "a sturdy accounts passphrase",
    role: "accounts",
  });
  staffId = staff!.id;
  const db = services.db;

  // One invoice in each age: due 2026-12-02 (current), 10-31 (27 days late), 10-01 (57), 08-31 (88), 07-01 (149).
  aged = await billedCustomer(db, { name: "Kollie Imports" });
  const invoice = (amount: string, today: string, currency = "USD") =>
    issuedInvoice({ db, staffId, customer: aged, amount, today, currency, termsDays: 30 });
  await invoice("100.00", "2026-11-02");
  await invoice("200.00", "2026-10-01");
  await invoice("300.00", "2026-09-01");
  await invoice("400.00", "2026-08-01");
  const oldest = await invoice("500.00", "2026-06-01");
  await invoice("10000.00", "2026-06-01", "LRD");
  // A part payment on the oldest, and 25.00 more than was owed kept as credit.
  await pay(aged, { amountMinor: 5_000, allocations: [{ invoiceId: oldest.id, amountMinor: 5_000 }] });
  await pay(aged, { amountMinor: 2_500, overpayment: true });
  // Paid in full: owed no more, in no bucket.
  const paid = await invoice("70.00", "2026-06-01");
  await pay(aged, { amountMinor: 7_000, allocations: [{ invoiceId: paid.id, amountMinor: 7_000 }] });

  // The statement's customer: before November an invoice of 100.00 and 40.00 paid on it.
  statementCustomer = await billedCustomer(db, { name: "Sirleaf & Sons" });
  const first = await issuedInvoice({
    db,
    staffId,
    customer: statementCustomer,
    amount: "100.00",
    today: "2026-10-05",
  });
  await pay(statementCustomer, {
    receivedOn: "2026-10-20",
    amountMinor: 4_000,
    allocations: [{ invoiceId: first.id, amountMinor: 4_000 }],
  });
  // In November: an invoice of 200.00, a credit note of 50.00 on it, the rest of the first paid in Liberian
  // dollars (LRD 11,400.00 at 190 LRD to the dollar: 60.00), 150.00 paid on the second and then reversed.
  const second = await issuedInvoice({
    db,
    staffId,
    customer: statementCustomer,
    amount: "200.00",
    today: "2026-11-03",
  });
  secondInvoice = second.number;
  await issuedCreditNote({
    db,
    staffId,
    customer: statementCustomer,
    invoiceId: second.id,
    amount: "50.00",
    today: "2026-11-05",
  });
  lrdPaid = (
    await pay(statementCustomer, {
      receivedOn: "2026-11-10",
      currency: "LRD",
      amountMinor: 1_140_000,
      settledCurrency: "USD",
      rateMicro: 190_000_000,
      allocations: [{ invoiceId: first.id, amountMinor: 6_000 }],
    })
  ).number;
  const bounced = await pay(statementCustomer, {
    receivedOn: "2026-11-12",
    method: "cheque",
    amountMinor: 15_000,
    allocations: [{ invoiceId: second.id, amountMinor: 15_000 }],
  });
  reversed = bounced.number;
  const undone = await reversePayment({
    db,
    id: bounced.id,
    staffId,
    reason: "Cheque bounced",
    now: new Date("2026-11-14T12:00:00Z"),
  });
  expect(undone).toEqual({ ok: true });
}, 60_000);
afterAll(() => services?.close());

describe("receivables", () => {
  it("ages each customer's balance by days past due, per currency, with their unused credit", async () => {
    const found = await getReceivables({ db: services.db, today: TODAY });
    const mine = found.customers.filter((row) => row.party?.id === aged.id);
    expect(mine).toEqual([
      {
        party: { kind: "shipper", id: aged.id },
        name: aged.name,
        company: "Kollie Imports",
        currency: "LRD",
        invoices: 1,
        creditMinor: 0,
        totalMinor: 1_000_000,
        current: 0,
        days1to30: 0,
        days31to60: 0,
        days61to90: 0,
        over90: 1_000_000,
      },
      {
        party: { kind: "shipper", id: aged.id },
        name: aged.name,
        company: "Kollie Imports",
        currency: "USD",
        invoices: 5,
        creditMinor: 2_500,
        totalMinor: 145_000,
        current: 10_000,
        days1to30: 20_000,
        days31to60: 30_000,
        days61to90: 40_000,
        over90: 45_000,
      },
    ]);
  });

  it("totals each currency apart, overdue apart from current, and sorts a currency's largest balance first", async () => {
    const found = await getReceivables({ db: services.db, today: TODAY });
    // The statement's customer owes 150.00, due 2026-12-03: current.
    expect(found.totals).toEqual([
      {
        currency: "LRD",
        totalMinor: 1_000_000,
        overdueMinor: 1_000_000,
        creditMinor: 0,
        current: 0,
        days1to30: 0,
        days31to60: 0,
        days61to90: 0,
        over90: 1_000_000,
      },
      {
        currency: "USD",
        totalMinor: 160_000,
        overdueMinor: 135_000,
        creditMinor: 2_500,
        current: 25_000,
        days1to30: 20_000,
        days31to60: 30_000,
        days61to90: 40_000,
        over90: 45_000,
      },
    ]);
    expect(found.count).toBe(3);
    expect(found.customers.map((row) => [row.currency, row.totalMinor])).toEqual([
      ["LRD", 1_000_000],
      ["USD", 145_000],
      ["USD", 15_000],
    ]);
    // Paging: one row a page.
    const second = await getReceivables({ db: services.db, today: TODAY, page: 2, pageSize: 1 });
    expect(second.customers.map((row) => row.totalMinor)).toEqual([145_000]);
    expect(second.totals).toHaveLength(2);
  });

  it("owes what getInvoiceBalances says each invoice still owes (paidSql and creditedSql)", async () => {
    const issued = await services.db
      .select({ id: invoices.id, currency: invoices.currency })
      .from(invoices)
      .where(and(eq(invoices.kind, "invoice"), eq(invoices.state, "issued")));
    const balances = await getInvoiceBalances({ db: services.db, ids: issued.map((row) => row.id) });
    const expected = new Map<string, number>();
    for (const row of issued)
      expected.set(row.currency, (expected.get(row.currency) ?? 0) + balances.get(row.id)!.balanceMinor);
    const found = await getReceivables({ db: services.db, today: TODAY });
    expect(new Map(found.totals.map((row) => [row.currency, row.totalMinor]))).toEqual(expected);
  });

  it("moves a balance to the next age as the days pass", async () => {
    const later = await getReceivables({ db: services.db, today: "2026-12-31" });
    const usd = later.customers.find((row) => row.party?.id === aged.id && row.currency === "USD")!;
    // 100.00 due 12-02 is 29 days late; 200.00 due 10-31 is 61; 300.00 due 10-01 is 91.
    expect(usd).toMatchObject({
      current: 0,
      days1to30: 10_000,
      days31to60: 0,
      days61to90: 20_000,
      over90: 115_000,
    });
  });
});

const statement = (from: string, to: string) =>
  getStatement({
    db: services.db,
    party: { kind: statementCustomer.kind, id: statementCustomer.id },
    from,
    to,
    timeZone: "Africa/Monrovia",
  });

describe("statements", () => {
  it("opens with everything before the period and runs through invoices, credit notes, payments and reversals", async () => {
    const parts = await statement("2026-11-01", "2026-11-30");
    expect(parts).toHaveLength(1);
    const [usd] = parts;
    expect(usd!.currency).toBe("USD");
    expect(usd!.openingMinor).toBe(6_000);
    expect(
      usd!.entries.map((entry) => [entry.date, entry.kind, entry.amountMinor, entry.balanceMinor]),
    ).toEqual([
      ["2026-11-03", "invoice", 20_000, 26_000],
      ["2026-11-05", "credit_note", -5_000, 21_000],
      ["2026-11-10", "payment", -6_000, 15_000],
      ["2026-11-12", "payment", -15_000, 0],
      ["2026-11-14", "reversal", 15_000, 15_000],
    ]);
    expect(usd!.closingMinor).toBe(15_000);
    expect(usd!.entries[0]!.number).toBe(secondInvoice);
    expect(usd!.entries[1]!.detail).toEqual({ kind: "credit_note", invoiceNumber: secondInvoice });
    expect(usd!.entries[2]).toMatchObject({
      number: lrdPaid,
      detail: {
        kind: "payment",
        method: "cash",
        received: { currency: "LRD", amountMinor: 1_140_000, rateMicro: 190_000_000 },
      },
    });
    expect(usd!.entries[4]).toMatchObject({
      number: reversed,
      detail: { kind: "reversal", reason: "Cheque bounced" },
    });
  });

  it("closes where the receivables say the customer stands", async () => {
    const found = await getReceivables({ db: services.db, today: TODAY });
    const row = found.customers.find((r) => r.party?.id === statementCustomer.id)!;
    expect(row.totalMinor - row.creditMinor).toBe(15_000);
    // A period before anything happened: nothing opens, nothing runs, nothing closes.
    const empty = await statement("2026-01-01", "2026-01-31");
    expect(empty).toEqual([]);
    // October alone: the invoice and the part payment, closing at 60.00.
    const [october] = await statement("2026-10-01", "2026-10-31");
    expect(october).toMatchObject({ openingMinor: 0, closingMinor: 6_000 });
    expect(october!.entries.map((entry) => entry.kind)).toEqual(["invoice", "payment"]);
  });
});
