// Mobile money when the customer does not answer (decision 027), against the local MTN stand-in on a real
// PostgreSQL: such a request blocks no other, can be cancelled, ends by itself after a few minutes, and is still
// recorded (once, as credit when the invoice is paid already) if MTN approves it late; staff see on the invoice
// which requests are still asked of MTN. The stand-in and site are in mobile-money-site.test-support.ts.
import { describe, expect, it } from "vitest";
import { getInvoiceBalances } from "#app/server/invoices/invoice-balances.server.ts";
import { getInvoice } from "#app/server/invoices/invoices.server.ts";
import {
  cancelMobileMoneyRequest,
  checkMobileMoneyRequest,
  REQUEST_VALIDITY_MS,
} from "#app/server/payments/mobile-money/mobile-money.server.ts";
import { checkDueMobileMoneyRequests } from "#app/server/payments/mobile-money/mobile-money-poller.server.ts";
import {
  later,
  setUpMobileMoneySite,
} from "#app/server/payments/mobile-money/mobile-money-site.test-support.ts";
import { invoicePaymentsView } from "#app/server/payments/payment-pages.server.ts";
import { listCustomerCredit } from "#app/server/payments/payments.server.ts";
import type { Services } from "#app/server/services.server.ts";
import { MOMO_PAYERS, type MomoStandIn } from "#tests/fakes/mtn-momo-server.ts";
import { createTestServices } from "#tests/setup/test-db.ts";

let standIn: MomoStandIn;
let services: Services;
const { context, invoiceOf, started, requestOf, balanceOf, customerOfInvoice, paymentsOf } =
  setUpMobileMoneySite(createTestServices, (site) => {
    ({ standIn, services } = site);
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
