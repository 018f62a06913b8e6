// The customer's page of a sent invoice on a real PostgreSQL (docs/decisions/026-invoices.md): the link in the
// e-mail the sending wrote opens the invoice and records its first opening once, a wrong or expired token opens
// nothing, and the page and its PDF show part payments.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invoiceEvents, invoiceLinks } from "#app/server/db/schema.ts";
import { decodePages } from "#app/server/documents/pdf-readers.test-support.ts";
import {
  invoiceSendingHelpers,
  linkIn,
  newKey,
  openInvoiceSending,
  SITE,
  settings,
  TODAY,
} from "#app/server/invoices/invoice-sending.test-support.ts";
import { billedCustomer, issuedInvoice } from "#app/server/invoices/issued-invoice.test-support.ts";
import { openPublicInvoice, renderPublicInvoicePdf } from "#app/server/payments/invoice-public.server.ts";
import { recordPayment } from "#app/server/payments/payments.server.ts";
import type { Services } from "#app/server/services.server.ts";
import { tamperedToken } from "#tests/setup/tokens.ts";

let services: Services;
let staffId: string;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ services, staffId, close } = await openInvoiceSending());
});
afterAll(() => close?.());

const { send, mailsOf } = invoiceSendingHelpers(() => ({ services, staffId }));

describe("the customer's page", () => {
  async function sentLink() {
    const customer = await billedCustomer(services.db);
    const invoice = await issuedInvoice({ db: services.db, staffId, customer, today: TODAY });
    const key = newKey();
    await send(invoice.id, key);
    const token = linkIn((await mailsOf(key))[0]!.text)![1]!;
    return { invoice, token };
  }
  const open = (token: string) =>
    openPublicInvoice({
      db: services.db,
      token,
      companyName: "Unitrans",
      today: TODAY,
      walletCurrency: null,
    });

  it("opens the invoice through the e-mailed link, records the first opening once, and nothing for a wrong token", async () => {
    const { invoice, token } = await sentLink();
    expect(await open(tamperedToken(token))).toBeNull();
    expect(await open("short")).toBeNull();
    const pages = await Promise.all([open(token), open(token), open(token)]);
    expect(pages[0]).toMatchObject({
      company: "Unitrans",
      number: invoice.number,
      status: "Awaiting payment",
      total: "100.00 USD",
      paid: null,
      balanceDue: "100.00 USD",
      lines: [{ description: "Sea freight", amount: "100.00 USD" }],
    });
    await open(token);
    const opened = await services.db
      .select()
      .from(invoiceEvents)
      .where(eq(invoiceEvents.invoiceId, invoice.id));
    expect(opened.filter((event) => event.kind === "opened")).toHaveLength(1);
    const [link] = await services.db
      .select()
      .from(invoiceLinks)
      .where(eq(invoiceLinks.invoiceId, invoice.id));
    expect(link!.firstOpenedAt).not.toBeNull();
    // An expired link opens nothing.
    await services.db
      .update(invoiceLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invoiceLinks.id, link!.id));
    expect(await open(token)).toBeNull();
  });

  it("shows part payments and the PDF through the link carries the QR code of that page", async () => {
    const { invoice, token } = await sentLink();
    await recordPayment({
      db: services.db,
      staffId,
      today: TODAY,
      input: {
        party: null,
        customerName: "",
        receivedOn: TODAY,
        method: "cash",
        reference: null,
        note: null,
        currency: "USD",
        amountMinor: 4_000,
        settledCurrency: "USD",
        rateMicro: null,
        allocations: [{ invoiceId: invoice.id, amountMinor: 4_000 }],
        overpayment: false,
        submissionKey: null,
      },
    });
    expect(await open(token)).toMatchObject({
      status: "Partly paid",
      paid: "40.00 USD",
      balanceDue: "60.00 USD",
    });
    const context = {
      company: settings,
      siteUrl: SITE,
      now: new Date(),
      timeZone: settings.timeZone,
    };
    const rendered = await renderPublicInvoicePdf({ db: services.db, token, context });
    expect((await decodePages(rendered!.pdf)).flat()).toContainEqual({
      type: "QR-Code",
      data: `${SITE}/invoice/${token}`,
    });
    expect(
      await renderPublicInvoicePdf({ db: services.db, token: tamperedToken(token), context }),
    ).toBeNull();
  });
});
