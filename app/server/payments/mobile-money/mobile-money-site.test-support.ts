// Tests' fixture for mobile money online (decision 027): the local MTN stand-in (tests/fakes/mtn-momo-server.ts),
// the app's callback route behind a real HTTP listener where the stand-in sends MTN's callbacks, the app's
// services pointed at both, an accounts clerk, and the calls a test makes: issue an invoice, start a payment,
// read a request, its payments and the invoice's balance.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll } from "vitest";
import { action as momoCallback } from "#app/routes/resources/webhooks.mtn-momo.ts";
import { payments } from "#app/server/db/schema.ts";
import { getInvoiceBalances } from "#app/server/invoices/invoice-balances.server.ts";
import { billedCustomer, issuedInvoice } from "#app/server/invoices/issued-invoice.test-support.ts";
import {
  getMobileMoneyRequest,
  startMobileMoneyPayment,
} from "#app/server/payments/mobile-money/mobile-money.server.ts";
import type { Services } from "#app/server/services.server.ts";
import { createAdminUser } from "#app/server/staff/staff-accounts.server.ts";
import { type MomoStandIn, startMomoStandIn } from "#tests/fakes/mtn-momo-server.ts";
import { createTestContext } from "#tests/setup/test-db.ts";

export type MobileMoneySite = {
  standIn: MomoStandIn;
  /** The app's services, their MTN client pointed at the stand-in. */
  services: Services;
  /** Where the callback route listens (the stand-in's callbacks go there). */
  siteUrl: string;
  /** An accounts clerk, who issues the invoices. */
  staffId: string;
};

/**
 * Registers the test file's hooks: starts the stand-in and the callback route's listener, then the app's
 * services from `startServices` (given the site's address and the stand-in's settings), and calls `onReady` with
 * them, so the test file's own variables hold them; stops all three after the file. Returns the calls a test
 * makes on them.
 */
export function setUpMobileMoneySite(
  startServices: (env: Record<string, string>) => Promise<Services>,
  onReady: (site: MobileMoneySite) => void,
) {
  const fixture = {} as MobileMoneySite;
  let site: Server;

  beforeAll(async () => {
    fixture.standIn = await startMomoStandIn({ currency: "USD" });
    // The app's callback route behind a real HTTP listener, where the stand-in sends MTN's callbacks.
    site = createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const body = Buffer.concat(chunks);
      const response = await callback(
        new Request(`${fixture.siteUrl}${req.url}`, {
          method: req.method,
          headers: req.headers as Record<string, string>,
          body: body.length > 0 ? body : undefined,
        }),
      );
      res.writeHead(response.status, { "content-type": "text/plain" });
      res.end(await response.text());
    });
    await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
    fixture.siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
    fixture.services = await startServices({ SITE_URL: fixture.siteUrl, ...fixture.standIn.env() });
    const staff = await createAdminUser({
      db: fixture.services.db,
      email: "accounts@example.com",
      name: "Accounts",
      password: "a sturdy accounts passphrase",
      role: "accounts",
    });
    fixture.staffId = staff!.id;
    onReady(fixture);
  });
  afterAll(async () => {
    await fixture.services?.close();
    await fixture.standIn?.close();
    await new Promise((resolve) => site?.close(resolve));
  });

  const callback = (request: Request, on: Services = fixture.services, clientIp?: string) =>
    momoCallback({
      request,
      params: {},
      context: createTestContext(on, clientIp),
    } as unknown as Parameters<typeof momoCallback>[0]) as Promise<Response>;

  const context = () => {
    const { services } = fixture;
    return { db: services.db, client: services.mobileMoney.client!, logger: services.logger };
  };

  async function invoiceOf(amount = "100.00", currency = "USD") {
    const { services, staffId } = fixture;
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
      callbackUrl: (id) => `${fixture.siteUrl}/webhooks/mtn-momo/callback?request=${id}`,
      now,
    });

  async function started(invoiceId: string, payer: string, amountMinor: number, now?: Date) {
    const result = await start(invoiceId, payer, amountMinor, now);
    if (!result.ok) throw new Error(result.message);
    return result.requestId;
  }

  const requestOf = async (id: string) => (await getMobileMoneyRequest({ db: fixture.services.db, id }))!;
  const balanceOf = async (id: string) =>
    (await getInvoiceBalances({ db: fixture.services.db, ids: [id] })).get(id)!.balanceMinor;
  /** Each invoice has a customer of its own: the invoice's customer's mobile-money payments, however keyed. */
  const customerOfInvoice = new Map<string, string>();
  const paymentsOf = async (requestId: string) => {
    const invoiceId = (await requestOf(requestId)).invoiceId;
    return fixture.services.db
      .select()
      .from(payments)
      .where(
        and(eq(payments.partyId, customerOfInvoice.get(invoiceId)!), eq(payments.method, "mobile_money")),
      );
  };

  return {
    callback,
    context,
    invoiceOf,
    start,
    started,
    requestOf,
    balanceOf,
    customerOfInvoice,
    paymentsOf,
  };
}

/** `ms` after the request was made. */
export const later = (request: { createdAt: Date }, ms: number) => new Date(request.createdAt.getTime() + ms);
