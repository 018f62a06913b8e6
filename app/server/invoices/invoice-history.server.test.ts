// The history the staff page of an invoice lists, on a real PostgreSQL (docs/decisions/026-invoices.md): issued,
// sent (read from the e-mail the sending wrote), opened through its link, payments with the reversed ones
// marked, and voided, oldest first, each with the clerk who did it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listInvoiceHistory } from "#app/server/invoices/invoice-history.server.ts";
import {
  invoiceSendingHelpers,
  linkIn,
  newKey,
  openInvoiceSending,
  TODAY,
} from "#app/server/invoices/invoice-sending.test-support.ts";
import { voidInvoice } from "#app/server/invoices/invoices.server.ts";
import { billedCustomer, issuedInvoice } from "#app/server/invoices/issued-invoice.test-support.ts";
import { openPublicInvoice } from "#app/server/payments/invoice-public.server.ts";
import { recordPayment, reversePayment } from "#app/server/payments/payments.server.ts";
import type { Services } from "#app/server/services.server.ts";

let services: Services;
let staffId: string;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ services, staffId, close } = await openInvoiceSending());
});
afterAll(() => close?.());

const { send, mailsOf } = invoiceSendingHelpers(() => ({ services, staffId }));

describe("the invoice's history", () => {
  it("lists issued, sent, opened, payments (reversed marked), credit notes and voided, oldest first", async () => {
    const customer = await billedCustomer(services.db);
    const invoice = await issuedInvoice({ db: services.db, staffId, customer, today: TODAY });
    const key = newKey();
    await send(invoice.id, key, "ap@mensah.example");
    const token = linkIn((await mailsOf(key))[0]!.text)![1]!;
    await openPublicInvoice({
      db: services.db,
      token,
      companyName: "Unitrans",
      today: TODAY,
      walletCurrency: null,
    });
    const paid = await recordPayment({
      db: services.db,
      staffId,
      today: TODAY,
      input: {
        party: null,
        customerName: "",
        receivedOn: "2099-01-01",
        method: "cash",
        reference: null,
        note: null,
        currency: "USD",
        amountMinor: 1_000,
        settledCurrency: "USD",
        rateMicro: null,
        allocations: [{ invoiceId: invoice.id, amountMinor: 1_000 }],
        overpayment: false,
        submissionKey: null,
      },
    });
    if (!paid.ok) throw new Error(paid.reason);
    await reversePayment({ db: services.db, id: paid.id, staffId, reason: "Cheque bounced" });
    const history = await listInvoiceHistory({ db: services.db, id: invoice.id });
    expect(history.map((entry) => entry.title)).toEqual([
      "Issued",
      "Sent",
      "Opened",
      `Payment ${paid.number}`,
    ]);
    expect(history[0]!.detail).toBe("by Musu Clerk");
    expect(history[1]!.detail).toBe("To ap@mensah.example, by Musu Clerk");
    expect(history[3]).toMatchObject({
      detail: "10.00 USD, reversed: Cheque bounced",
      reversed: true,
      when: "January 1, 2099",
    });
    await voidInvoice({ db: services.db, id: invoice.id, staffId, reason: "Issued twice" });
    const after = await listInvoiceHistory({ db: services.db, id: invoice.id });
    expect(
      after.some((entry) => entry.title === "Voided" && entry.detail === "Issued twice, by Musu Clerk"),
    ).toBe(true);
  });
});
