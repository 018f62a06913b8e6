// Mobile money online against the local MTN stand-in (tests/fakes/mtn-momo-server.ts) on a real PostgreSQL
// (decision 027): paying an invoice (the stand-in's callbacks reach the real callback route over HTTP,
// the poller asks the stand-in's status, and a payment is recorded once however often and from wherever the
// answer comes), starting a payment, and the app's background poller. Requests nobody answers and the callback
// under a flood have files of their own; the stand-in and site are in mobile-money-site.test-support.ts.
import { eq, sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { mobileMoneyRequests } from "#app/server/db/schema.ts";
import { billedCustomer, issuedInvoice } from "#app/server/invoices/issued-invoice.test-support.ts";
import {
  checkMobileMoneyRequest,
  getMobileMoneyRequest,
  NO_ANSWER,
} from "#app/server/payments/mobile-money/mobile-money.server.ts";
import { startedRequest } from "#app/server/payments/mobile-money/mobile-money.test-support.ts";
import { checkDueMobileMoneyRequests } from "#app/server/payments/mobile-money/mobile-money-poller.server.ts";
import {
  later,
  setUpMobileMoneySite,
} from "#app/server/payments/mobile-money/mobile-money-site.test-support.ts";
import { recordPayment } from "#app/server/payments/payments.server.ts";
import type { Services } from "#app/server/services.server.ts";
import { createAdminUser } from "#app/server/staff/staff-accounts.server.ts";
import { MOMO_PAYERS, type MomoStandIn, unknownReference } from "#tests/fakes/mtn-momo-server.ts";
import { createTestServices } from "#tests/setup/test-db.ts";

let standIn: MomoStandIn;
let services: Services;
let siteUrl: string;
let staffId: string;
const { context, invoiceOf, start, started, requestOf, balanceOf, paymentsOf } = setUpMobileMoneySite(
  createTestServices,
  (site) => {
    ({ standIn, services, siteUrl, staffId } = site);
  },
);

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
