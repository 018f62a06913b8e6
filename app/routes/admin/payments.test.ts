// The payment pages' loaders and actions, called as the browser calls them, on a real database with real staff
// sessions (decision 026): recording a payment from an invoice (in another currency at a rate, part and over
// payments), bad input that stores nothing, one payment for a double post, reversal, the receipt PDF read back
// and e-mailed once, the customer's credit used on the invoice page, and Operations kept out.

import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { companyToday } from "#app/lib/time-zone.ts";
import * as invoicePage from "#app/routes/admin/invoices.$id.tsx";
import * as paymentPage from "#app/routes/admin/payments.$id.tsx";
import * as newPaymentPage from "#app/routes/admin/payments.new.tsx";
import * as paymentList from "#app/routes/admin/payments.tsx";
import * as receiptPdf from "#app/routes/resources/admin.payments.$id.receipt.pdf.ts";
import { outbox, outboxAttachments, payments } from "#app/server/db/schema.ts";
import { pdfPagesText } from "#app/server/documents/pdf-readers.test-support.ts";
import { getInvoiceBalances } from "#app/server/invoices/invoice-balances.server.ts";
import { billedCustomer, issuedInvoice } from "#app/server/invoices/issued-invoice.test-support.ts";
import type { Services } from "#app/server/services.server.ts";
import { signInStaff } from "#tests/setup/staff-session.ts";
import { createTestContext, createTestServices } from "#tests/setup/test-db.ts";

const BASE = "http://localhost";
let services: Services;
let staffId: string;
const cookies = { administrator: "", accounts: "", operations: "" };
type Role = keyof typeof cookies;

beforeAll(async () => {
  services = await createTestServices({}, { outbox: { autostart: false } });
  for (const role of Object.keys(cookies) as Role[]) {
    const signed = await signInStaff({ ...services, role, email: `payments-${role}@example.com` });
    cookies[role] = signed.cookie;
    if (role === "accounts") staffId = signed.user.id;
  }
});
afterAll(() => services?.close());

const context = () => createTestContext(services);

async function settle(run: () => Promise<unknown>): Promise<unknown> {
  try {
    return await run();
  } catch (error) {
    return error;
  }
}

function request(path: string, role: Role, fields?: Record<string, string | string[]>) {
  if (!fields) return new Request(`${BASE}${path}`, { headers: { cookie: cookies[role] } });
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields))
    for (const one of Array.isArray(value) ? value : [value]) body.append(name, one);
  return new Request(`${BASE}${path}`, {
    method: "POST",
    body,
    headers: { cookie: cookies[role], origin: BASE },
  });
}

const args = (path: string, role: Role, fields?: Record<string, string | string[]>, id?: string) =>
  ({ request: request(path, role, fields), context: context(), params: id ? { id } : {} }) as never;

const status = (reply: unknown) =>
  reply instanceof Response ? reply.status : ((reply as { init?: ResponseInit }).init?.status ?? 200);
const errorsOf = (reply: unknown) => (reply as { data: { errors: Record<string, string> } }).data.errors;
const count = async () => (await services.db.select({ n: sql<number>`count(*)::int` }).from(payments))[0]!.n;

async function invoiceFor(amount = "100.00", currency = "USD") {
  const customer = await billedCustomer(services.db);
  const invoice = await issuedInvoice({ db: services.db, staffId, customer, amount, currency });
  return { customer, invoice };
}

/** The fields of 'Record payment' as the form posts them for `invoiceId` alone. */
const paymentFields = (invoiceId: string, overrides: Record<string, string | string[]> = {}) => ({
  intent: "record-payment",
  submissionKey: crypto.randomUUID(),
  receivedOn: "2026-11-20",
  method: "cash",
  reference: "",
  currency: "USD",
  amount: "40.00",
  rate: "",
  note: "",
  applyInvoice: [invoiceId],
  applyAmount: ["40.00"],
  ...overrides,
});

const recordPost = (invoiceId: string, fields: Record<string, string | string[]>, role: Role = "accounts") =>
  settle(() => newPaymentPage.action(args(`/admin/payments/new?invoice=${invoiceId}`, role, fields)));

function paymentIdOf(reply: unknown): string {
  expect(status(reply)).toBe(302);
  return /\/admin\/payments\/([0-9a-f-]{36})$/.exec((reply as Response).headers.get("Location") ?? "")![1]!;
}

describe("recording a payment", () => {
  it("opens on the invoice with its balance filled in, and the customer's other open invoices below", async () => {
    const { customer, invoice } = await invoiceFor("100.00");
    const other = await issuedInvoice({ db: services.db, staffId, customer, amount: "25.00" });
    const data = (await newPaymentPage.loader(
      args(`/admin/payments/new?invoice=${invoice.id}`, "accounts"),
    )) as {
      invoices: { id: string; balance: string }[];
      values: { applied: { invoiceId: string; amount: string }[]; currency: string };
    };
    expect(data.invoices.map((row) => [row.id, row.balance])).toEqual([
      [invoice.id, "100.00 USD"],
      [other.id, "25.00 USD"],
    ]);
    expect(data.values.applied).toEqual([
      { invoiceId: invoice.id, amount: "100.00" },
      { invoiceId: other.id, amount: "" },
    ]);
  });

  it("records a part payment in Liberian dollars at a stated rate, and the invoice shows what is left", async () => {
    const { invoice } = await invoiceFor("100.00");
    const reply = await recordPost(
      invoice.id,
      paymentFields(invoice.id, {
        currency: "LRD",
        amount: "7,620.00",
        rate: "190.50",
        applyAmount: ["40.00"],
      }),
    );
    const id = paymentIdOf(reply);
    const view = (await paymentPage.loader(args(`/admin/payments/${id}`, "accounts", undefined, id))) as {
      received: string;
      rate: string;
      settled: string;
      allocations: { amount: string }[];
      recordedBy: string | null;
    };
    expect(view).toMatchObject({ received: "7,620.00 LRD", rate: "1 USD = 190.5 LRD", settled: "40.00 USD" });
    // The clerk who recorded it, named as the invoice's history names staff: an account without a name by its
    // address (the page said 'Unknown').
    expect(view.recordedBy).toBe("payments-accounts@example.com");
    expect(view.allocations.map((a) => a.amount)).toEqual(["40.00 USD"]);
    const page = (await invoicePage.loader(
      args(`/admin/invoices/${invoice.id}`, "accounts", undefined, invoice.id),
    )) as {
      document: { status: string; paid: string; balanceDue: string };
      payments: { rows: { detail: string }[]; canRecord: boolean };
    };
    expect(page.document).toMatchObject({
      status: "partly_paid",
      paid: "40.00 USD",
      balanceDue: "60.00 USD",
    });
    expect(page.payments.rows[0]!.detail).toBe("Paid 7,620.00 LRD at 190.5");
    expect(page.payments.canRecord).toBe(true);
  });

  it("answers bad input beside its field and stores nothing", async () => {
    const { invoice } = await invoiceFor("100.00");
    const before = await count();
    const cases: [Record<string, string | string[]>, string, string][] = [
      [{ amount: "-5" }, "amount", "The amount cannot be negative"],
      [{ amount: "10.005" }, "amount", "The amount can have at most 2 decimals in USD"],
      [
        { amount: "9".repeat(15) },
        "amount",
        "The amount can have at most 12 digits before the decimal point",
      ],
      [{ currency: "LRD", amount: "100" }, "rate", "Enter how many LRD were counted for one USD"],
      [
        { currency: "LRD", amount: "100", rate: "-3" },
        "rate",
        "Enter the rate as a number, like 190.50 (at most 6 decimals)",
      ],
      [{ receivedOn: "2099-01-01" }, "receivedOn", "A payment cannot be received in the future"],
      [{ receivedOn: "yesterday" }, "receivedOn", "Enter the date it was received (YYYY-MM-DD)"],
      [{ method: "bitcoin" }, "method", "Choose how it was paid"],
      [{ applyAmount: ["1.234"] }, "applied.0", "The amount can have at most 2 decimals in USD"],
      [{ reference: "a\u0000b" }, "reference", "Use plain characters"],
    ];
    for (const [overrides, field, message] of cases) {
      const reply = await recordPost(invoice.id, paymentFields(invoice.id, overrides));
      expect(status(reply), field).toBe(400);
      expect(errorsOf(reply)[field]).toBe(message);
    }
    // More than the balance, more than received, money left over without saying it is credit.
    const refusals: [Record<string, string | string[]>, string][] = [
      [{ amount: "150.00", applyAmount: ["150.00"] }, "more than the 100.00 USD due"],
      [
        { amount: "10.00", applyAmount: ["20.00"] },
        "You applied 20.00 USD, more than the 10.00 USD the money received is worth",
      ],
      [
        { amount: "50.00", applyAmount: ["40.00"] },
        "This would settle 50.00 USD, more than the 40.00 USD applied to invoices",
      ],
      [{ applyInvoice: [crypto.randomUUID()] }, "The list of invoices changed"],
    ];
    for (const [overrides, message] of refusals) {
      const reply = await recordPost(invoice.id, paymentFields(invoice.id, overrides));
      expect(status(reply)).toBeGreaterThanOrEqual(400);
      expect(errorsOf(reply).form).toContain(message);
    }
    expect(await count()).toBe(before);
  });

  it("says what money in another currency would settle, in the invoice's currency, when it is refused", async () => {
    const { invoice } = await invoiceFor("405.00");
    const before = await count();
    // 95,250.00 LRD at 190.50 for a dollar is worth 500.00 USD.
    const lrd = { currency: "LRD", amount: "95,250.00", rate: "190.50" };
    const tooMuch = await recordPost(
      invoice.id,
      paymentFields(invoice.id, { ...lrd, applyAmount: ["500.00"] }),
    );
    expect(status(tooMuch)).toBe(409);
    expect(errorsOf(tooMuch).form).toBe(
      `This would settle 500.00 USD of ${invoice.number}, more than the 405.00 USD due (a payment may have been recorded meanwhile).`,
    );
    const leftOver = await recordPost(
      invoice.id,
      paymentFields(invoice.id, { ...lrd, applyAmount: ["405.00"] }),
    );
    expect(status(leftOver)).toBe(409);
    expect(errorsOf(leftOver).form).toBe(
      "This would settle 500.00 USD, more than the 405.00 USD applied to invoices: apply the rest, or tick 'Keep the rest as the customer's credit'.",
    );
    expect(await count()).toBe(before);
  });

  it("records one payment when the same form is posted twice (a double click)", async () => {
    const { invoice } = await invoiceFor("100.00");
    const fields = paymentFields(invoice.id);
    const before = await count();
    const [first, second] = await Promise.all([
      recordPost(invoice.id, fields),
      recordPost(invoice.id, fields),
    ]);
    expect(paymentIdOf(first)).toBe(paymentIdOf(second));
    expect(await count()).toBe(before + 1);
  });

  it("keeps an overpayment as credit when ticked, and the next invoice uses it from its page", async () => {
    const { customer, invoice } = await invoiceFor("80.00");
    const id = paymentIdOf(
      await recordPost(
        invoice.id,
        paymentFields(invoice.id, { amount: "100.00", applyAmount: ["80.00"], overpayment: "on" }),
      ),
    );
    const view = (await paymentPage.loader(args(`/admin/payments/${id}`, "accounts", undefined, id))) as {
      unapplied: string;
    };
    expect(view.unapplied).toBe("20.00 USD");
    const next = await issuedInvoice({ db: services.db, staffId, customer, amount: "50.00" });
    const page = (await invoicePage.loader(
      args(`/admin/invoices/${next.id}`, "accounts", undefined, next.id),
    )) as {
      payments: { credit: string };
    };
    expect(page.payments.credit).toBe("20.00 USD");
    // Operations may not use it; Accounts may.
    const refused = await settle(() =>
      invoicePage.action(
        args(`/admin/invoices/${next.id}`, "operations", { intent: "apply-credit" }, next.id),
      ),
    );
    expect(status(refused)).toBe(403);
    const used = await settle(() =>
      invoicePage.action(args(`/admin/invoices/${next.id}`, "accounts", { intent: "apply-credit" }, next.id)),
    );
    expect(status(used)).toBe(302);
    expect((await getInvoiceBalances({ db: services.db, ids: [next.id] })).get(next.id)!.balanceMinor).toBe(
      3_000,
    );
  });
});

describe("a payment's page", () => {
  it("reverses with a reason (required), and the invoice is owed again", async () => {
    const { invoice } = await invoiceFor("40.00");
    const id = paymentIdOf(await recordPost(invoice.id, paymentFields(invoice.id, { method: "cheque" })));
    const path = `/admin/payments/${id}`;
    const empty = await settle(() =>
      paymentPage.action(args(path, "accounts", { intent: "reverse-payment", reason: " " }, id)),
    );
    expect(errorsOf(empty).reason).toBe("Say why it is reversed");
    const done = await settle(() =>
      paymentPage.action(args(path, "accounts", { intent: "reverse-payment", reason: "Cheque bounced" }, id)),
    );
    expect(status(done)).toBe(302);
    expect(
      (await getInvoiceBalances({ db: services.db, ids: [invoice.id] })).get(invoice.id)!.balanceMinor,
    ).toBe(4_000);
    const again = await settle(() =>
      paymentPage.action(args(path, "accounts", { intent: "reverse-payment", reason: "Twice" }, id)),
    );
    expect(status(again)).toBe(409);
  });

  it("prints the receipt as a PDF and e-mails it once per click", async () => {
    const { customer, invoice } = await invoiceFor("100.00");
    const id = paymentIdOf(
      await recordPost(
        invoice.id,
        paymentFields(invoice.id, { currency: "LRD", amount: "7620", rate: "190.5" }),
      ),
    );
    const pdf = (await receiptPdf.loader(
      args(`/admin/payments/${id}/receipt.pdf`, "accounts", undefined, id),
    )) as Response;
    expect(pdf.headers.get("Content-Type")).toBe("application/pdf");
    const [text] = await pdfPagesText(Buffer.from(await pdf.arrayBuffer()));
    expect(text).toContain("RECEIPT");
    expect(text).toContain("7,620.00 LRD");
    expect(text).toContain("1 USD = 190.5 LRD");
    expect(text).toContain(`Invoice ${invoice.number}`);
    expect(text).toContain("40.00 USD");
    const fields = { intent: "email-receipt", submissionKey: crypto.randomUUID() };
    for (let i = 0; i < 2; i++)
      expect(
        status(await settle(() => paymentPage.action(args(`/admin/payments/${id}`, "accounts", fields, id)))),
      ).toBe(302);
    const mails = await services.db.select().from(outbox).where(eq(outbox.to, customer.email));
    expect(mails).toHaveLength(1);
    // Numbered in the year the clerk records it (the company's today), whatever day it was received.
    const year = companyToday((await services.siteSettings.get()).timeZone).slice(0, 4);
    expect(mails[0]!.subject).toMatch(new RegExp(`^Your receipt RCT-${year}-\\d{4} from `));
    // The day as the receipt and the pages print it, not as the database keeps it.
    expect(mails[0]!.text).toContain("7,620.00 LRD, received on November 20, 2026.");
    const attached = await services.db
      .select()
      .from(outboxAttachments)
      .where(eq(outboxAttachments.outboxId, mails[0]!.id));
    expect(attached.map((a) => a.contentType)).toEqual(["application/pdf"]);
  });

  it("lists payments, searchable by receipt number", async () => {
    const { invoice } = await invoiceFor("10.00");
    const id = paymentIdOf(
      await recordPost(invoice.id, paymentFields(invoice.id, { amount: "10", applyAmount: ["10"] })),
    );
    const [row] = await services.db.select().from(payments).where(eq(payments.id, id));
    const list = (await paymentList.loader(args(`/admin/payments?q=${row!.number}`, "accounts"))) as {
      rows: { id: string }[];
    };
    expect(list.rows.map((r) => r.id)).toEqual([id]);
  });

  it("keeps Operations out of payments", async () => {
    const { invoice } = await invoiceFor("10.00");
    const page = await settle(() =>
      newPaymentPage.loader(args(`/admin/payments/new?invoice=${invoice.id}`, "operations")),
    );
    expect(status(page)).toBe(403);
    const post = await recordPost(invoice.id, paymentFields(invoice.id), "operations");
    expect(status(post)).toBe(403);
    const list = await settle(() => paymentList.loader(args("/admin/payments", "operations")));
    expect(status(list)).toBe(403);
  });
});
