// Longer than 450 lines: one story per describe of paying by mobile money (paying, starting, the poller, requests
// nobody answers, the callback under a flood), all on one MTN stand-in and one site the callbacks reach.
// Mobile money online against the local MTN stand-in (tests/fakes/mtn-momo-server.ts) on a real PostgreSQL
// (issue 28, decision 027): the stand-in's callbacks reach the real callback route over HTTP, the poller asks
// the stand-in's status, and a payment is recorded once however often and from wherever the answer comes.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { action as momoCallback } from "#app/routes/resources/webhooks.mtn-momo.ts";
import { mobileMoneyRequests, payments } from "#app/server/db/schema.ts";
import { getInvoice } from "#app/server/invoices/invoices.server.ts";
import { billedCustomer, issuedInvoice } from "#app/server/invoices/issued-invoice.test-support.ts";
import { getInvoiceBalances } from "#app/server/payments/balances.server.ts";
import {
  ASK_INTERVAL_MS,
  cancelMobileMoneyRequest,
  checkMobileMoneyRequest,
  getMobileMoneyRequest,
  NO_ANSWER,
  REQUEST_VALIDITY_MS,
  startMobileMoneyPayment,
} from "#app/server/payments/mobile-money/mobile-money.server.ts";
import { startedRequest } from "#app/server/payments/mobile-money/mobile-money.test-support.ts";
import { checkDueMobileMoneyRequests } from "#app/server/payments/mobile-money/mobile-money-poller.server.ts";
import { invoicePaymentsView } from "#app/server/payments/payment-pages.server.ts";
import { listCustomerCredit, recordPayment } from "#app/server/payments/payments.server.ts";
import type { Services } from "#app/server/services.server.ts";
import { createAdminUser } from "#app/server/staff/staff-accounts.server.ts";
import {
  MOMO_PAYERS,
  type MomoStandIn,
  startMomoStandIn,
  unknownReference,
} from "#tests/fakes/mtn-momo-server.ts";
import { createTestContext, createTestServices } from "#tests/setup/test-db.ts";

let standIn: MomoStandIn;
let services: Services;
let site: Server;
let siteUrl: string;
let staffId: string;

beforeAll(async () => {
  standIn = await startMomoStandIn({ currency: "USD" });
  // The app's callback route behind a real HTTP listener, where the stand-in sends MTN's callbacks.
  site = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const response = await callback(
      new Request(`${siteUrl}${req.url}`, {
        method: req.method,
        headers: req.headers as Record<string, string>,
        body: body.length > 0 ? body : undefined,
      }),
    );
    res.writeHead(response.status, { "content-type": "text/plain" });
    res.end(await response.text());
  });
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  services = await createTestServices({ SITE_URL: siteUrl, ...standIn.env() });
  const staff = await createAdminUser({
    db: services.db,
    email: "accounts@example.com",
    name: "Accounts",
    password: "a sturdy accounts passphrase",
    role: "accounts",
  });
  staffId = staff!.id;
});
afterAll(async () => {
  await services?.close();
  await standIn?.close();
  await new Promise((resolve) => site?.close(resolve));
});

const callback = (request: Request, on: Services = services, clientIp?: string) =>
  momoCallback({
    request,
    params: {},
    context: createTestContext(on, clientIp),
  } as unknown as Parameters<typeof momoCallback>[0]) as Promise<Response>;

const context = () => ({ db: services.db, client: services.mobileMoney.client!, logger: services.logger });

async function invoiceOf(amount = "100.00", currency = "USD") {
  const customer = await billedCustomer(services.db);
  const invoice = await issuedInvoice({ db: services.db, staffId, customer, amount, currency });
  customerOfInvoice.set(invoice.id, customer.id);
  return invoice;
}

const start = (invoiceId: string, payer: string, amountMinor: number, now?: Date) =>
  startMobileMoneyPayment({
    ...context(),
    invoiceId,
    payer,
    amountMinor,
    callbackUrl: (id) => `${siteUrl}/webhooks/mtn-momo/callback?request=${id}`,
    now,
  });

async function started(invoiceId: string, payer: string, amountMinor: number, now?: Date) {
  const result = await start(invoiceId, payer, amountMinor, now);
  if (!result.ok) throw new Error(result.message);
  return result.requestId;
}

const requestOf = async (id: string) => (await getMobileMoneyRequest({ db: services.db, id }))!;
const balanceOf = async (id: string) =>
  (await getInvoiceBalances({ db: services.db, ids: [id] })).get(id)!.balanceMinor;
/** Each invoice has a customer of its own: the invoice's customer's mobile-money payments, however keyed. */
const customerOfInvoice = new Map<string, string>();
const paymentsOf = async (requestId: string) => {
  const invoiceId = (await requestOf(requestId)).invoiceId;
  return services.db
    .select()
    .from(payments)
    .where(and(eq(payments.partyId, customerOfInvoice.get(invoiceId)!), eq(payments.method, "mobile_money")));
};
const later = (request: { createdAt: Date }, ms: number) => new Date(request.createdAt.getTime() + ms);

describe("paying an invoice by mobile money", () => {
  it("records the payment the customer approved, once, from MTN's callback", async () => {
    const invoice = await invoiceOf("100.00");
    const id = await started(invoice.id, MOMO_PAYERS.approves, 4_000);
    await standIn.idle();
    expect(standIn.callbacks.filter((c) => c.referenceId === id)).toEqual([
      expect.objectContaining({ status: 200 }),
    ]);
    // MTN got what it documents: the amount in major units as text, the number without its plus.
    expect(standIn.stored.get(id)?.body).toMatchObject({
      amount: "40.00",
      currency: "USD",
      externalId: id,
      payer: { partyIdType: "MSISDN", partyId: MOMO_PAYERS.approves.slice(1) },
    });
    const request = await requestOf(id);
    expect(request).toMatchObject({ state: "successful", reason: null });
    const [payment] = await paymentsOf(id);
    expect(payment).toMatchObject({ method: "mobile_money", amountMinor: 4_000, createdBy: null });
    expect(request.paymentId).toBe(payment!.id);
    expect(await balanceOf(invoice.id)).toBe(6_000);
  });

  it("marks a refused payment failed with MTN's reason in words, and records nothing", async () => {
    const invoice = await invoiceOf();
    const id = await started(invoice.id, MOMO_PAYERS.refuses, 10_000);
    await standIn.idle();
    expect(await requestOf(id)).toMatchObject({
      state: "failed",
      reason: "The payment was declined on the phone.",
      paymentId: null,
    });
    expect(await paymentsOf(id)).toEqual([]);
    expect(await balanceOf(invoice.id)).toBe(10_000);
  });

  it("gives up a request the customer never answers after a day: failed, 'no answer'", async () => {
    const invoice = await invoiceOf();
    const id = await started(invoice.id, MOMO_PAYERS.neverAnswers, 10_000);
    const request = await requestOf(id);
    // Checked and still pending, the next check moves along the back-off.
    await checkDueMobileMoneyRequests({ ...context(), now: later(request, 11_000) });
    expect(await requestOf(id)).toMatchObject({ state: "pending", checks: 1 });
    expect((await requestOf(id)).nextCheckAt).toEqual(later(request, 11_000 + 30_000));
    await checkDueMobileMoneyRequests({ ...context(), now: later(request, 25 * 60 * 60_000) });
    expect(await requestOf(id)).toMatchObject({ state: "failed", reason: NO_ANSWER });
    expect(await paymentsOf(id)).toEqual([]);
  });

  it("records an approved payment whose callback never comes when the poller asks", async () => {
    const invoice = await invoiceOf();
    const id = await started(invoice.id, MOMO_PAYERS.approvesWithoutCallback, 10_000);
    await standIn.idle();
    expect(await requestOf(id)).toMatchObject({ state: "pending" });
    expect(await checkDueMobileMoneyRequests({ ...context(), now: later(await requestOf(id), 10_000) })).toBe(
      1,
    );
    expect(await requestOf(id)).toMatchObject({ state: "successful" });
    expect(await paymentsOf(id)).toHaveLength(1);
    expect(await balanceOf(invoice.id)).toBe(0);
  });

  it("records one payment for a callback that comes twice", async () => {
    const invoice = await invoiceOf();
    const id = await started(invoice.id, MOMO_PAYERS.approvesCallingBackTwice, 2_500);
    await standIn.idle();
    expect(standIn.callbacks.filter((c) => c.referenceId === id).map((c) => c.status)).toEqual([200, 200]);
    expect(await paymentsOf(id)).toHaveLength(1);
    expect(await balanceOf(invoice.id)).toBe(7_500);
  });

  it("records one payment when the callback, the poller and the customer's page ask at the same moment", async () => {
    const invoice = await invoiceOf();
    const id = await started(invoice.id, MOMO_PAYERS.approvesWithoutCallback, 10_000);
    const request = await requestOf(id);
    const body = JSON.stringify({ ...standIn.stored.get(id)!.body, status: "SUCCESSFUL" });
    const put = () =>
      fetch(`${siteUrl}/webhooks/mtn-momo/callback?request=${id}`, {
        method: "PUT",
        headers: { "content-type": "application/json" },
        body,
      });
    const answers = await Promise.all([
      put(),
      put(),
      checkDueMobileMoneyRequests({ ...context(), now: later(request, 10_000) }),
      checkMobileMoneyRequest({ ...context(), requestId: id }),
      checkMobileMoneyRequest({ ...context(), requestId: id }),
    ]);
    expect((answers[0] as Response).status).toBe(200);
    expect(await paymentsOf(id)).toHaveLength(1);
    expect(await balanceOf(invoice.id)).toBe(0);
  });

  it("records nothing on a forged callback: MTN is asked, and says the payment is not approved", async () => {
    const invoice = await invoiceOf();
    const id = await started(invoice.id, MOMO_PAYERS.neverAnswers, 10_000);
    const forged = (requestId: string) =>
      fetch(`${siteUrl}/webhooks/mtn-momo/callback?request=${requestId}`, {
        method: "PUT",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          amount: "100.00",
          currency: "USD",
          externalId: requestId,
          financialTransactionId: "123456",
          status: "SUCCESSFUL",
        }),
      });
    expect((await forged(id)).status).toBe(200);
    expect((await forged(unknownReference())).status).toBe(404);
    expect(await requestOf(id)).toMatchObject({ state: "pending" });
    expect(await paymentsOf(id)).toEqual([]);
    const bad = await fetch(`${siteUrl}/webhooks/mtn-momo/callback`, {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: "{not json",
    });
    expect(bad.status).toBe(400);
    expect(await balanceOf(invoice.id)).toBe(10_000);
  });

  it("keeps money taken while a clerk recorded cash at the same moment as the customer's credit", async () => {
    const invoice = await invoiceOf();
    const id = await started(invoice.id, MOMO_PAYERS.approvesWithoutCallback, 10_000);
    const cash = await recordPayment({
      db: services.db,
      staffId,
      today: "2026-11-20",
      input: {
        party: null,
        customerName: "",
        receivedOn: "2026-11-20",
        method: "cash",
        reference: null,
        note: null,
        currency: "USD",
        amountMinor: 6_000,
        settledCurrency: "USD",
        rateMicro: null,
        allocations: [{ invoiceId: invoice.id, amountMinor: 6_000 }],
        overpayment: false,
        submissionKey: null,
      },
    });
    expect(cash.ok).toBe(true);
    await checkMobileMoneyRequest({ ...context(), requestId: id });
    const [payment] = await paymentsOf(id);
    expect(payment).toMatchObject({ amountMinor: 10_000 });
    expect(await balanceOf(invoice.id)).toBe(0);
    expect(await requestOf(id)).toMatchObject({ state: "successful" });
  });
});

describe("starting a payment", () => {
  const count = async () =>
    (await services.db.select({ n: sql<number>`count(*)::int` }).from(mobileMoneyRequests))[0]!.n;

  it("refuses what cannot be paid, storing nothing", async () => {
    const invoice = await invoiceOf("100.00");
    const lrd = await invoiceOf("100.00", "LRD");
    const before = await count();
    expect(await start(invoice.id, MOMO_PAYERS.approves, 10_001)).toMatchObject({
      ok: false,
      field: "amount",
      message: "The amount is more than the balance due",
    });
    expect(await start(invoice.id, MOMO_PAYERS.approves, 0)).toMatchObject({ ok: false, field: "amount" });
    expect(await start(invoice.id, "12", 1_000)).toMatchObject({ ok: false, field: "payer" });
    expect(await start(lrd.id, MOMO_PAYERS.approves, 1_000)).toMatchObject({
      ok: false,
      message: "Mobile money takes USD only; this invoice is in LRD. Please pay it another way.",
    });
    expect(await count()).toBe(before);
    expect(standIn.stored.size).toBeGreaterThan(0);
  });

  it("answers the pending request while one is pending, so a double click asks the customer once", async () => {
    const invoice = await invoiceOf();
    const [first, second] = await Promise.all([
      start(invoice.id, MOMO_PAYERS.neverAnswers, 5_000),
      start(invoice.id, MOMO_PAYERS.neverAnswers, 5_000),
    ]);
    expect(first).toMatchObject({ ok: true, state: "pending" });
    expect(second).toEqual(first);
    const rows = await services.db
      .select()
      .from(mobileMoneyRequests)
      .where(eq(mobileMoneyRequests.invoiceId, invoice.id));
    expect(rows).toHaveLength(1);
    expect([...standIn.stored.keys()].filter((key) => key === rows[0]!.id)).toHaveLength(1);
  });
});

describe("the app's background poller", () => {
  it("runs with the app's services and records an approved payment whose callback never came", async () => {
    // A clock a minute ahead: every pending request's first check is due.
    const app = await createTestServices(standIn.env(), {
      mobileMoney: { autostart: true, pollMs: 20, now: () => new Date(Date.now() + 60_000) },
    });
    try {
      const staff = await createAdminUser({ db: app.db, email: "poller@example.com", role: "accounts" });
      const customer = await billedCustomer(app.db);
      const invoice = await issuedInvoice({ db: app.db, staffId: staff!.id, customer });
      const id = await startedRequest({
        services: app,
        invoiceId: invoice.id,
        payer: MOMO_PAYERS.approvesWithoutCallback,
        amountMinor: 10_000,
      });
      await vi.waitFor(
        async () =>
          expect(await getMobileMoneyRequest({ db: app.db, id })).toMatchObject({
            state: "successful",
          }),
        { timeout: 10_000, interval: 50 },
      );
    } finally {
      await app.close();
    }
  });
});

describe("a request the customer does not answer (decision 027)", () => {
  it("blocks nothing: another number and amount is asked at once, and the first, approved late, is recorded once as credit", async () => {
    const invoice = await invoiceOf("100.00");
    const first = await started(invoice.id, MOMO_PAYERS.neverAnswers, 4_000);
    const second = await started(invoice.id, MOMO_PAYERS.approves, 10_000);
    expect(second).not.toBe(first);
    await standIn.idle();
    // MTN was asked for the new number and amount, and the new request is paid.
    expect(standIn.stored.get(second)?.body).toMatchObject({
      amount: "100.00",
      payer: { partyId: MOMO_PAYERS.approves.slice(1) },
    });
    expect(await requestOf(second)).toMatchObject({ state: "successful" });
    expect(await balanceOf(invoice.id)).toBe(0);
    // The first one ended, but MTN is still asked about it: approved late, it is recorded, once.
    expect(await requestOf(first)).toMatchObject({ state: "pending", endReason: "replaced" });
    standIn.approveLate(first);
    const late = later(await requestOf(first), 60_000);
    await checkDueMobileMoneyRequests({ ...context(), now: late });
    await checkMobileMoneyRequest({
      ...context(),
      requestId: first,
      now: later(await requestOf(first), 120_000),
    });
    expect(await requestOf(first)).toMatchObject({ state: "successful" });
    const recorded = await paymentsOf(first);
    expect(recorded.map((p) => p.amountMinor).sort((a, b) => a - b)).toEqual([4_000, 10_000]);
    // The invoice was paid already: what MTN took late is the customer's credit.
    const credit = await listCustomerCredit({
      db: services.db,
      party: { kind: "shipper", id: customerOfInvoice.get(invoice.id)! },
      currency: "USD",
    });
    expect(credit.reduce((sum, row) => sum + row.leftMinor, 0)).toBe(4_000);
  });

  it("can be cancelled by the customer: the invoice can be paid again at once, from the same number too", async () => {
    const invoice = await invoiceOf("100.00");
    const waiting = await started(invoice.id, MOMO_PAYERS.neverAnswers, 10_000);
    const other = await invoiceOf("100.00");
    // Only the invoice's own request, and only while it waits.
    expect(await cancelMobileMoneyRequest({ db: services.db, invoiceId: other.id, requestId: waiting })).toBe(
      false,
    );
    expect(await requestOf(waiting)).toMatchObject({ endedAt: null });
    expect(
      await cancelMobileMoneyRequest({ db: services.db, invoiceId: invoice.id, requestId: waiting }),
    ).toBe(true);
    expect(await requestOf(waiting)).toMatchObject({ state: "pending", endReason: "cancelled" });
    expect(
      await cancelMobileMoneyRequest({ db: services.db, invoiceId: invoice.id, requestId: waiting }),
    ).toBe(false);
    const again = await started(invoice.id, MOMO_PAYERS.neverAnswers, 10_000);
    expect(again).not.toBe(waiting);
    expect(await paymentsOf(waiting)).toEqual([]);
  });

  it(`ends by itself when nobody approves it within ${REQUEST_VALIDITY_MS / 60_000} minutes, and is still recorded if MTN approves it`, async () => {
    const invoice = await invoiceOf("100.00");
    const id = await started(invoice.id, MOMO_PAYERS.neverAnswers, 10_000);
    const request = await requestOf(id);
    await checkDueMobileMoneyRequests({ ...context(), now: later(request, REQUEST_VALIDITY_MS - 1_000) });
    expect(await requestOf(id)).toMatchObject({ state: "pending", endedAt: null });
    await checkDueMobileMoneyRequests({ ...context(), now: later(request, REQUEST_VALIDITY_MS) });
    expect(await requestOf(id)).toMatchObject({ state: "pending", endReason: "expired" });
    // The same number and amount again is a new request, not the old one.
    expect(await started(invoice.id, MOMO_PAYERS.neverAnswers, 10_000)).not.toBe(id);
    standIn.approveLate(id);
    await checkMobileMoneyRequest({
      ...context(),
      requestId: id,
      now: later(request, 2 * REQUEST_VALIDITY_MS),
    });
    expect(await requestOf(id)).toMatchObject({ state: "successful" });
    expect(await paymentsOf(id)).toHaveLength(1);
  });

  it("shows staff the request the customer waits for, and those still asked of MTN, on the invoice", async () => {
    const invoice = await invoiceOf("100.00");
    const first = await started(invoice.id, MOMO_PAYERS.neverAnswers, 4_000);
    await started(invoice.id, MOMO_PAYERS.refuses, 10_000);
    const view = async (now?: Date) =>
      invoicePaymentsView({
        db: services.db,
        invoice: (await getInvoice({ db: services.db, id: invoice.id }))!,
        balance: (await getInvoiceBalances({ db: services.db, ids: [invoice.id] })).get(invoice.id)!,
        role: "accounts",
        now,
      });
    await standIn.idle();
    // The refused one is final; the first was replaced by it and is still asked of MTN.
    expect((await view()).mobileMoney).toEqual([
      expect.objectContaining({
        id: first,
        payer: MOMO_PAYERS.neverAnswers,
        amount: "40.00 USD",
        waiting: false,
        status: "Replaced by a newer request; recorded if MTN still approves it",
      }),
    ]);
    const waiting = await started(invoice.id, MOMO_PAYERS.neverAnswers, 2_500);
    const rows = (await view()).mobileMoney;
    expect(rows[0]).toMatchObject({
      id: waiting,
      waiting: true,
      amount: "25.00 USD",
      status: "Waiting for the customer to approve on their phone",
    });
    expect((await view(later(await requestOf(waiting), REQUEST_VALIDITY_MS))).mobileMoney[0]).toMatchObject({
      id: waiting,
      waiting: false,
      status: "Not approved within 5 minutes; recorded if MTN still approves it",
    });
  });
});

describe("MTN's callback route against a flood (decision 027)", () => {
  const put = (id: string, status: string, clientIp?: string, on: Services = services) =>
    callback(
      new Request(`${siteUrl}/webhooks/mtn-momo/callback?request=${id}`, {
        method: "PUT",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ externalId: id, amount: "100.00", currency: "USD", status }),
      }),
      on,
      clientIp,
    );

  it("asks MTN about a request at most once an interval, however many callbacks and looks arrive", async () => {
    const invoice = await invoiceOf("100.00");
    const id = await started(invoice.id, MOMO_PAYERS.neverAnswers, 10_000);
    // 'Still pending' a hundred times: nothing worth asking MTN about.
    const pending = await Promise.all(Array.from({ length: 100 }, () => put(id, "PENDING")));
    expect(pending.every((answer) => answer.status === 200)).toBe(true);
    expect(standIn.statusAsks(id)).toBe(0);
    // Forged 'successful' ones, with the customer's page looking at the same moment: MTN is asked once.
    const answers = await Promise.all([
      ...Array.from({ length: 100 }, () => put(id, "SUCCESSFUL")),
      checkMobileMoneyRequest({ ...context(), requestId: id }),
      checkMobileMoneyRequest({ ...context(), requestId: id }),
    ]);
    expect(answers.slice(0, 100).every((answer) => (answer as Response).status === 200)).toBe(true);
    expect(standIn.statusAsks(id)).toBe(1);
    expect(await requestOf(id)).toMatchObject({ state: "pending" });
    // Refused asks bring the poller's next check to when asking is allowed again: a real answer is not lost.
    const { askedAt, nextCheckAt } = await requestOf(id);
    expect(nextCheckAt.getTime()).toBeLessThanOrEqual(askedAt!.getTime() + ASK_INTERVAL_MS);
    await checkMobileMoneyRequest({
      ...context(),
      requestId: id,
      now: new Date(askedAt!.getTime() + ASK_INTERVAL_MS),
    });
    expect(standIn.statusAsks(id)).toBe(2);
  });

  it("refuses a client address over its limit with 429 before reading anything", async () => {
    const limited = await createTestServices({ SITE_URL: siteUrl, TRACK_RATE_LIMIT: "3", ...standIn.env() });
    try {
      const id = crypto.randomUUID();
      const answers = [];
      for (let i = 0; i < 5; i++) answers.push(await put(id, "SUCCESSFUL", "198.51.100.7", limited));
      expect(answers.map((answer) => answer.status)).toEqual([404, 404, 404, 429, 429]);
      expect(answers[3]!.headers.get("Retry-After")).toMatch(/^\d+$/);
      // Another address is not held back by this one.
      expect((await put(id, "SUCCESSFUL", "198.51.100.8", limited)).status).toBe(404);
    } finally {
      await limited.close();
    }
  });
});
