// Payments against invoices on a real PostgreSQL (decision 026): receipts numbered without gaps, part payments,
// several invoices at once, another currency at a stated rate, overpayment kept as credit and used later,
// reversal, refusals that store nothing, and one payment for one form however often it is posted.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { convertMinor } from "#app/lib/money.ts";
import { validateInvoiceForm } from "#app/schemas/invoice.ts";
import { paymentAllocations, payments } from "#app/server/db/schema.ts";
import { getInvoiceBalances, invoiceStatusOf } from "#app/server/invoices/invoice-balances.server.ts";
import { listInvoicePayments } from "#app/server/invoices/invoice-payments.server.ts";
import { prefillCreditNote } from "#app/server/invoices/invoice-prefills.server.ts";
import { saveInvoiceDraft, voidInvoice } from "#app/server/invoices/invoices.server.ts";
import { billedCustomer, issuedInvoice } from "#app/server/invoices/issued-invoice.test-support.ts";
import {
  applyCustomerCredit,
  listCustomerCredit,
  type PaymentInput,
  recordPayment,
  reversePayment,
} from "#app/server/payments/payments.server.ts";
import type { Services } from "#app/server/services.server.ts";
import { createAdminUser } from "#app/server/staff/staff-accounts.server.ts";
import { createTestServices } from "#tests/setup/test-db.ts";

const TODAY = "2026-11-20";
/** An invoice issued on 2026-11-02 for 30 days: TODAY's payments come after it and before its due date. */
const issued = (
  customer: Parameters<typeof issuedInvoice>[0]["customer"],
  amount: string,
  currency?: string,
) => issuedInvoice({ db: services.db, staffId, customer, amount, currency, today: "2026-11-02" });
let services: Services;
let staffId: string;
beforeAll(async () => {
  services = await createTestServices({}, { outbox: { autostart: false } });
  const staff = await createAdminUser({
    db: services.db,
    email: "cashier@example.com",
    name: "Cashier",
    password: "a sturdy cashier passphrase",
    role: "accounts",
  });
  staffId = staff!.id;
});
afterAll(() => services?.close());

const input = (overrides: Partial<PaymentInput>): PaymentInput => ({
  party: null,
  customerName: "",
  receivedOn: TODAY,
  method: "cash",
  reference: null,
  note: null,
  currency: "USD",
  amountMinor: 0,
  settledCurrency: "USD",
  rateMicro: null,
  allocations: [],
  overpayment: false,
  submissionKey: null,
  ...overrides,
});

const pay = (overrides: Partial<PaymentInput>) =>
  recordPayment({ db: services.db, input: input(overrides), staffId, today: TODAY });

const balance = async (id: string) => (await getInvoiceBalances({ db: services.db, ids: [id] })).get(id)!;
const count = async () => (await services.db.select({ n: sql<number>`count(*)::int` }).from(payments))[0]!.n;

describe("recording payments", () => {
  it("numbers receipts in their own series and takes part payments off the balance", async () => {
    const customer = await billedCustomer(services.db);
    const invoice = await issued(customer, "100.00");
    const first = await pay({
      amountMinor: 4_000,
      allocations: [{ invoiceId: invoice.id, amountMinor: 4_000 }],
    });
    const second = await pay({
      amountMinor: 6_000,
      allocations: [{ invoiceId: invoice.id, amountMinor: 6_000 }],
    });
    expect(first).toMatchObject({ ok: true, duplicate: false });
    expect(second).toMatchObject({ ok: true });
    const numbers = [first, second].map((r) => (r.ok ? r.number : ""));
    expect(numbers[0]).toMatch(/^RCT-2026-\d{4}$/);
    expect(Number(numbers[1]!.slice(-4))).toBe(Number(numbers[0]!.slice(-4)) + 1);
    expect(await balance(invoice.id)).toEqual({ paidMinor: 10_000, creditedMinor: 0, balanceMinor: 0 });
    // The payment took its customer from the invoice.
    const [row] = await services.db
      .select()
      .from(payments)
      .where(eq(payments.id, first.ok ? first.id : ""));
    expect(row).toMatchObject({ partyKind: "shipper", partyId: customer.id, customerName: customer.name });
  });

  it("reads partly paid, paid and overdue from the payments and the due date", async () => {
    const customer = await billedCustomer(services.db);
    const invoice = await issuedInvoice({
      db: services.db,
      staffId,
      customer,
      amount: "50.00",
      today: "2026-10-01",
    });
    const row = { kind: "invoice", state: "issued", dueDate: "2026-10-31" };
    expect(invoiceStatusOf(row, await balance(invoice.id), "2026-10-15")).toBe("issued");
    expect(invoiceStatusOf(row, await balance(invoice.id), TODAY)).toBe("overdue");
    await pay({ amountMinor: 1_000, allocations: [{ invoiceId: invoice.id, amountMinor: 1_000 }] });
    expect(invoiceStatusOf(row, await balance(invoice.id), "2026-10-15")).toBe("partly_paid");
    await pay({ amountMinor: 4_000, allocations: [{ invoiceId: invoice.id, amountMinor: 4_000 }] });
    expect(invoiceStatusOf(row, await balance(invoice.id), TODAY)).toBe("paid");
  });

  it("settles several invoices with one payment", async () => {
    const customer = await billedCustomer(services.db);
    const a = await issued(customer, "30.00");
    const b = await issued(customer, "20.00");
    const paid = await pay({
      amountMinor: 4_500,
      allocations: [
        { invoiceId: a.id, amountMinor: 3_000 },
        { invoiceId: b.id, amountMinor: 1_500 },
      ],
    });
    expect(paid.ok).toBe(true);
    expect((await balance(a.id)).balanceMinor).toBe(0);
    expect((await balance(b.id)).balanceMinor).toBe(500);
    expect(
      (await listInvoicePayments({ db: services.db, invoiceId: b.id })).map((p) => p.amountMinor),
    ).toEqual([1_500]);
  });

  it("converts Liberian dollars at the stated rate, rounding once, and keeps what was handed over", async () => {
    expect(
      convertMinor({
        amountMinor: 1_905_000,
        currency: "LRD",
        settledCurrency: "USD",
        rateMicro: 190_500_000,
      }),
    ).toBe(10_000);
    // 1,000.00 LRD at 187.25 = 5.340453… USD → 5.34.
    expect(
      convertMinor({ amountMinor: 100_000, currency: "LRD", settledCurrency: "USD", rateMicro: 187_250_000 }),
    ).toBe(534);
    // To a currency without decimals: 10.00 USD at 0.001538 USD per franc = 6,502.08 → 6,502 XOF.
    expect(
      convertMinor({ amountMinor: 1_000, currency: "USD", settledCurrency: "XOF", rateMicro: 1_538 }),
    ).toBe(6_502);
    const customer = await billedCustomer(services.db);
    const invoice = await issued(customer, "100.00");
    const paid = await pay({
      method: "cash",
      currency: "LRD",
      amountMinor: 1_905_000,
      rateMicro: 190_500_000,
      allocations: [{ invoiceId: invoice.id, amountMinor: 10_000 }],
    });
    expect(paid.ok).toBe(true);
    const [row] = await services.db
      .select()
      .from(payments)
      .where(eq(payments.id, paid.ok ? paid.id : ""));
    expect(row).toMatchObject({
      currency: "LRD",
      amountMinor: 1_905_000,
      settledMinor: 10_000,
      rateMicro: 190_500_000,
    });
    expect((await balance(invoice.id)).balanceMinor).toBe(0);
  });

  it("refuses what cannot be right and stores nothing", async () => {
    const customer = await billedCustomer(services.db);
    const other = await billedCustomer(services.db);
    const invoice = await issued(customer, "100.00");
    const theirs = await issued(other, "10.00");
    const lrd = await issued(customer, "10.00", "LRD");
    const before = await count();
    const cases: [Partial<PaymentInput>, string][] = [
      [
        { amountMinor: 10_001, allocations: [{ invoiceId: invoice.id, amountMinor: 10_001 }] },
        "more-than-balance",
      ],
      [{ amountMinor: 10_500, allocations: [{ invoiceId: invoice.id, amountMinor: 10_000 }] }, "unallocated"],
      [
        { amountMinor: 100, allocations: [{ invoiceId: invoice.id, amountMinor: 200 }] },
        "more-than-received",
      ],
      [{ amountMinor: 100, allocations: [{ invoiceId: lrd.id, amountMinor: 100 }] }, "currency-mismatch"],
      [
        { currency: "LRD", amountMinor: 100, allocations: [{ invoiceId: invoice.id, amountMinor: 1 }] },
        "rate-needed",
      ],
      [
        {
          party: { kind: "shipper", id: customer.id },
          amountMinor: 100,
          allocations: [{ invoiceId: theirs.id, amountMinor: 100 }],
        },
        "customer-mismatch",
      ],
      [
        { amountMinor: 100, allocations: [{ invoiceId: crypto.randomUUID(), amountMinor: 100 }] },
        "unknown-invoice",
      ],
      [{ amountMinor: 100, allocations: [{ invoiceId: "not-an-id", amountMinor: 100 }] }, "unknown-invoice"],
    ];
    for (const [overrides, reason] of cases)
      expect(await pay(overrides)).toMatchObject({ ok: false, reason });
    await voidInvoice({ db: services.db, id: theirs.id, staffId, reason: "Wrong customer" });
    expect(
      await pay({ amountMinor: 100, allocations: [{ invoiceId: theirs.id, amountMinor: 100 }] }),
    ).toMatchObject({
      ok: false,
      reason: "invoice-not-payable",
    });
    expect(await count()).toBe(before);
  });

  it("records one payment for one form, however often and however concurrently it is posted", async () => {
    const customer = await billedCustomer(services.db);
    const invoice = await issued(customer, "100.00");
    const before = await count();
    const key = `form-${crypto.randomUUID()}`;
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        pay({
          amountMinor: 2_500,
          submissionKey: key,
          allocations: [{ invoiceId: invoice.id, amountMinor: 2_500 }],
        }),
      ),
    );
    expect(new Set(results.map((r) => (r.ok ? r.id : r.reason))).size).toBe(1);
    expect(results.filter((r) => r.ok && !r.duplicate)).toHaveLength(1);
    expect(await count()).toBe(before + 1);
    expect((await balance(invoice.id)).paidMinor).toBe(2_500);
  });

  it("never takes an invoice below zero when two payments race for its balance", async () => {
    const customer = await billedCustomer(services.db);
    const invoice = await issued(customer, "100.00");
    const results = await Promise.all(
      Array.from({ length: 4 }, () =>
        pay({ amountMinor: 6_000, allocations: [{ invoiceId: invoice.id, amountMinor: 6_000 }] }),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect((await balance(invoice.id)).paidMinor).toBe(6_000);
  });
});

describe("credit and reversal", () => {
  it("keeps an overpayment as the customer's credit and uses it on their next invoice", async () => {
    const customer = await billedCustomer(services.db);
    const first = await issued(customer, "80.00");
    const paid = await pay({
      amountMinor: 10_000,
      overpayment: true,
      allocations: [{ invoiceId: first.id, amountMinor: 8_000 }],
    });
    expect(paid.ok).toBe(true);
    const party = { kind: "shipper" as const, id: customer.id };
    expect(
      (await listCustomerCredit({ db: services.db, party, currency: "USD" })).map((c) => c.leftMinor),
    ).toEqual([2_000]);
    const next = await issued(customer, "50.00");
    expect(await applyCustomerCredit({ db: services.db, invoiceId: next.id, staffId })).toEqual({
      ok: true,
      appliedMinor: 2_000,
    });
    expect((await balance(next.id)).balanceMinor).toBe(3_000);
    expect(await listCustomerCredit({ db: services.db, party, currency: "USD" })).toEqual([]);
    expect(await applyCustomerCredit({ db: services.db, invoiceId: next.id, staffId })).toEqual({
      ok: false,
      reason: "no-credit",
    });
  });

  it("reverses a bounced cheque: what it settled is owed again, and the row stays", async () => {
    const customer = await billedCustomer(services.db);
    const invoice = await issued(customer, "100.00");
    const paid = await pay({
      method: "cheque",
      reference: "Cheque 000417",
      amountMinor: 10_000,
      allocations: [{ invoiceId: invoice.id, amountMinor: 10_000 }],
    });
    const id = paid.ok ? paid.id : "";
    expect((await balance(invoice.id)).balanceMinor).toBe(0);
    expect(await reversePayment({ db: services.db, id, staffId, reason: "Bounced" })).toEqual({ ok: true });
    expect(await reversePayment({ db: services.db, id, staffId, reason: "Again" })).toEqual({
      ok: false,
      reason: "already-reversed",
    });
    expect((await balance(invoice.id)).balanceMinor).toBe(10_000);
    const [row] = await services.db.select().from(payments).where(eq(payments.id, id));
    expect(row).toMatchObject({ state: "reversed", reversalReason: "Bounced", reversedBy: staffId });
  });

  it("lets the database refuse deleting or changing a payment or what it settled", async () => {
    const customer = await billedCustomer(services.db);
    const invoice = await issued(customer, "10.00");
    const paid = await pay({
      amountMinor: 1_000,
      allocations: [{ invoiceId: invoice.id, amountMinor: 1_000 }],
    });
    const id = paid.ok ? paid.id : "";
    await expect(services.db.delete(payments).where(eq(payments.id, id))).rejects.toThrow();
    await expect(
      services.db.update(payments).set({ amountMinor: 1 }).where(eq(payments.id, id)),
    ).rejects.toThrow();
    await expect(
      services.db
        .update(paymentAllocations)
        .set({ amountMinor: 1 })
        .where(eq(paymentAllocations.paymentId, id)),
    ).rejects.toThrow();
    await expect(
      services.db.delete(paymentAllocations).where(eq(paymentAllocations.paymentId, id)),
    ).rejects.toThrow();
    expect((await balance(invoice.id)).paidMinor).toBe(1_000);
  });

  it("credits no more than is still owed: a paid invoice is credited after its payment is reversed", async () => {
    const customer = await billedCustomer(services.db);
    const invoice = await issued(customer, "100.00");
    const paid = await pay({
      amountMinor: 10_000,
      allocations: [{ invoiceId: invoice.id, amountMinor: 10_000 }],
    });
    const prefill = await prefillCreditNote({ db: services.db, invoiceId: invoice.id });
    const checked = validateInvoiceForm(
      {
        party: `shipper:${customer.id}`,
        customerName: customer.name,
        customerCompany: "",
        customerEmail: customer.email,
        billingAddress: "",
        currency: "USD",
        paymentTermsDays: "30",
        notes: "",
        paymentInstructions: "",
        lines: [{ description: "Sea freight", quantity: "1", unitPrice: "20.00", tax: "" }],
        shipmentIds: [],
      },
      { taxRates: [] },
    );
    if (!prefill || !checked.ok) throw new Error("no credit note form");
    const draft = () =>
      saveInvoiceDraft({
        db: services.db,
        id: null,
        input: checked.value,
        staffId,
        creditedInvoiceId: invoice.id,
      });
    expect(await draft()).toEqual({ ok: false, reason: "credit-too-large" });
    await reversePayment({
      db: services.db,
      id: paid.ok ? paid.id : "",
      staffId,
      reason: "To be credited first",
    });
    expect(await draft()).toMatchObject({ ok: true });
    // The payment again, the rest kept as the customer's credit: 80.00 settles, 20.00 is credit.
    const again = await pay({
      party: { kind: "shipper", id: customer.id },
      amountMinor: 10_000,
      overpayment: true,
      allocations: [{ invoiceId: invoice.id, amountMinor: 8_000 }],
    });
    expect(again.ok).toBe(true);
    const party = { kind: "shipper" as const, id: customer.id };
    expect(
      (await listCustomerCredit({ db: services.db, party, currency: "USD" })).map((c) => c.leftMinor),
    ).toEqual([2_000]);
  });

  it("does not void an invoice with payments received against it until they are reversed", async () => {
    const customer = await billedCustomer(services.db);
    const invoice = await issued(customer, "10.00");
    const paid = await pay({ amountMinor: 500, allocations: [{ invoiceId: invoice.id, amountMinor: 500 }] });
    const voiding = () => voidInvoice({ db: services.db, id: invoice.id, staffId, reason: "Wrong" });
    expect(await voiding()).toEqual({ ok: false, reason: "paid" });
    await reversePayment({ db: services.db, id: paid.ok ? paid.id : "", staffId, reason: "Refunded" });
    expect(await voiding()).toEqual({ ok: true });
  });
});
