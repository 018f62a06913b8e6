// The customer's '/invoice/:token/pay' (decision 027) on a real PostgreSQL against the MTN stand-in: the form,
// its refusals that store nothing, the waiting page that asks MTN itself, and the page when mobile money is off.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action, loader } from "#app/routes/site/invoice.$token.pay.tsx";
import { loader as invoicePageLoader } from "#app/routes/site/invoice.$token.tsx";
import { mobileMoneyRequests } from "#app/server/db/schema.ts";
import { createInvoiceLink } from "#app/server/invoices/invoice-links.server.ts";
import { billedCustomer, issuedInvoice } from "#app/server/invoices/issued-invoice.test-support.ts";
import { REQUEST_VALIDITY_MS } from "#app/server/payments/mobile-money/mobile-money.server.ts";
import { startedRequest } from "#app/server/payments/mobile-money/mobile-money.test-support.ts";
import { ENDED_WORDS } from "#app/server/payments/mobile-money/pay-page.server.ts";
import type { Services } from "#app/server/services.server.ts";
import { createAdminUser } from "#app/server/staff/staff-accounts.server.ts";
import { MOMO_PAYERS, type MomoStandIn, startMomoStandIn } from "#tests/fakes/mtn-momo-server.ts";
import { createTestContext, createTestServices } from "#tests/setup/test-db.ts";

let standIn: MomoStandIn;
let services: Services;
let off: Services;
let staffId: string;
beforeAll(async () => {
  standIn = await startMomoStandIn({ currency: "USD" });
  services = await createTestServices({ SITE_URL: "https://freight.example", ...standIn.env() });
  off = await createTestServices({ SITE_URL: "https://freight.example" });
  staffId = (await createAdminUser({
    db: services.db,
    email: "accounts@example.com",
    name: "Accounts",
    password: "a sturdy accounts passphrase",
    role: "accounts",
  }))!.id;
});
afterAll(async () => {
  await services?.close();
  await off?.close();
  await standIn?.close();
});

type Result = { data?: unknown; init?: { status?: number } | null } & Record<string, unknown>;
const status = (result: unknown) =>
  result instanceof Response ? result.status : ((result as Result).init?.status ?? 200);
const body = (result: unknown) =>
  ((result as Result).data ?? result) as Record<string, unknown> & { request?: unknown; errors?: unknown };

async function linkedInvoice(on: Services = services, amount = "100.00") {
  const customer = await billedCustomer(on.db);
  const admin =
    on === services
      ? staffId
      : (await createAdminUser({
          db: on.db,
          email: `a${crypto.randomUUID().slice(0, 8)}@example.com`,
          name: "Accounts",
          password: "a sturdy accounts passphrase",
          role: "accounts",
        }))!.id;
  const invoice = await issuedInvoice({ db: on.db, staffId: admin, customer, amount });
  return { ...invoice, token: await createInvoiceLink({ db: on.db, invoiceId: invoice.id, staffId: admin }) };
}

const get = (token: string, search = "", on: Services = services) =>
  loader({
    request: new Request(`https://freight.example/invoice/${token}/pay${search}`),
    params: { token },
    context: createTestContext(on),
  } as unknown as Parameters<typeof loader>[0]);

const post = (token: string, fields: Record<string, string>, on: Services = services) =>
  action({
    request: new Request(`https://freight.example/invoice/${token}/pay`, {
      method: "POST",
      body: new URLSearchParams(fields),
    }),
    params: { token },
    context: createTestContext(on),
  } as unknown as Parameters<typeof action>[0]);

const requestCount = async (on: Services = services) =>
  (await on.db.select({ n: sql<number>`count(*)::int` }).from(mobileMoneyRequests))[0]!.n;

describe("/invoice/:token/pay", () => {
  it("is offered on the customer's invoice page while something is owed and mobile money is on", async () => {
    const offered = async (token: string, on: Services = services) => {
      const result = (await invoicePageLoader({
        request: new Request(`https://freight.example/invoice/${token}`),
        params: { token },
        context: createTestContext(on),
      } as never)) as { data: { mobileMoney?: boolean } };
      return result.data.mobileMoney;
    };
    expect(await offered((await linkedInvoice()).token)).toBe(true);
    expect(await offered((await linkedInvoice(off)).token, off)).toBe(false);
  });

  it("offers the form with the balance, and answers 404 for a token that opens nothing", async () => {
    const invoice = await linkedInvoice();
    expect(body(await get(invoice.token))).toMatchObject({
      kind: "found",
      number: invoice.number,
      balance: "100.00 USD",
      balanceInput: "100.00",
      closed: null,
      request: null,
    });
    expect(status(await get("A".repeat(43)))).toBe(404);
    expect(status(await post("A".repeat(43), { payer: MOMO_PAYERS.approves, amount: "1" }))).toBe(404);
  });

  it("starts the payment, then shows it waiting, then Paid once MTN says so", async () => {
    const invoice = await linkedInvoice();
    const answer = await post(invoice.token, { payer: "088 600 0001", amount: "40" });
    expect(answer).toBeInstanceOf(Response);
    const location = (answer as Response).headers.get("Location")!;
    expect(location).toMatch(new RegExp(`^/invoice/${invoice.token}/pay\\?request=[0-9a-f-]{36}$`));
    const page = body(await get(invoice.token, location.slice(location.indexOf("?"))));
    // The number masked: the page's address is a link that may be passed on.
    expect(page.request).toMatchObject({ state: "successful", amount: "40.00 USD", payer: "•••0001" });
    expect(JSON.stringify(page)).not.toContain("886000001");
    expect(page.balance).toBe("60.00 USD");
  });

  it("shows a refusal with MTN's reason in words, and the form again", async () => {
    const invoice = await linkedInvoice();
    const answer = (await post(invoice.token, {
      payer: MOMO_PAYERS.hasNoMoney,
      amount: "100.00",
    })) as Response;
    const location = answer.headers.get("Location")!;
    const page = body(await get(invoice.token, location.slice(location.indexOf("?"))));
    expect(page.request).toMatchObject({
      state: "failed",
      reason: "There is not enough money in the wallet.",
    });
    expect(page.closed).toBeNull();
  });

  it("keeps a pending request waiting, and never shows another invoice's request", async () => {
    const invoice = await linkedInvoice();
    const other = await linkedInvoice();
    const answer = (await post(invoice.token, { payer: MOMO_PAYERS.neverAnswers, amount: "10" })) as Response;
    const search = answer.headers.get("Location")!.replace(/^[^?]*/, "");
    expect(body(await get(invoice.token, search)).request).toMatchObject({ state: "pending" });
    expect(body(await get(other.token, search)).request).toBeNull();
    expect(body(await get(invoice.token, "?request=not-a-uuid")).request).toBeNull();
  });

  it("refuses a bad number, too many decimals, a negative amount or more than the balance, storing nothing", async () => {
    const invoice = await linkedInvoice();
    const before = await requestCount();
    const refused = async (fields: Record<string, string>) => {
      const answer = await post(invoice.token, fields);
      expect(status(answer)).toBe(400);
      return body(answer).errors;
    };
    expect(await refused({ payer: "12", amount: "10" })).toHaveProperty("payer");
    expect(await refused({ payer: "", amount: "10" })).toEqual({ payer: "Enter your mobile money number" });
    expect(await refused({ payer: MOMO_PAYERS.approves, amount: "10.001" })).toEqual({
      amount: "The amount can have at most 2 decimals in USD",
    });
    expect(await refused({ payer: MOMO_PAYERS.approves, amount: "-5" })).toEqual({
      amount: "The amount cannot be negative",
    });
    expect(await refused({ payer: MOMO_PAYERS.approves, amount: "0" })).toEqual({
      amount: "Enter an amount above zero",
    });
    expect(await refused({ payer: MOMO_PAYERS.approves, amount: "100.01" })).toEqual({
      amount: "The amount is more than the balance due",
    });
    expect(await refused({ payer: MOMO_PAYERS.approves })).toEqual({
      form: "The form could not be read. Please try again.",
    });
    expect(await requestCount()).toBe(before);
  });

  it("on the French page takes an amount written the French way ('1 250,50') and says so when it cannot read one", async () => {
    const invoice = await linkedInvoice(services, "2000.00");
    const french = (fields: Record<string, string>) =>
      action({
        request: new Request(`https://freight.example/fr/facture/${invoice.token}/payer`, {
          method: "POST",
          body: new URLSearchParams(fields),
        }),
        params: { token: invoice.token },
        context: createTestContext(services),
      } as unknown as Parameters<typeof action>[0]);
    const frenchPage = (search = "") =>
      loader({
        request: new Request(`https://freight.example/fr/facture/${invoice.token}/payer${search}`),
        params: { token: invoice.token },
        context: createTestContext(services),
      } as unknown as Parameters<typeof loader>[0]);
    // The field starts with the balance as French writes a decimal.
    expect(body(await frenchPage()).balanceInput).toBe("2000,00");

    const before = await requestCount();
    // What French can never mean: '1,250' is 1.250 (three decimals); '12 50' groups nothing.
    for (const [amount, message] of [
      ["1,250", "The amount can have at most 2 decimals in USD"],
      ["12 50", "Enter the amount as a number, like 1250.00"],
    ]) {
      const answer = await french({ payer: MOMO_PAYERS.approves, amount: amount! });
      expect(status(answer)).toBe(400);
      expect(body(answer).errors).toEqual({ amount: message });
    }
    expect(await requestCount()).toBe(before);
    const words = body(await frenchPage()).words as Record<string, string>;
    expect(words["Enter the amount as a number, like 1250.00"]).toBe(
      "Saisissez le montant en chiffres, par exemple 1 250,00",
    );

    const answer = await french({ payer: MOMO_PAYERS.approves, amount: " 1 250,50 " });
    expect(answer).toBeInstanceOf(Response);
    const location = (answer as Response).headers.get("Location")!;
    const page = body(await frenchPage(location.slice(location.indexOf("?"))));
    expect((page.request as { amount: string }).amount.replace(/[\u00a0\u202f]/g, " ")).toBe("1 250,50 $US");
    // What the customer's phone shows when asked to approve is in the page's language too.
    const requestId = new URL(location, "https://freight.example").searchParams.get("request")!;
    expect(standIn.received(requestId)).toMatchObject({ payerMessage: `Facture ${invoice.number}` });
  });

  it("says paying online is not available when mobile money is off, and takes no payment", async () => {
    const invoice = await linkedInvoice(off);
    expect(body(await get(invoice.token, "", off)).closed).toBe(
      "Paying by mobile money is not available at the moment. Please pay another way.",
    );
    expect(status(await post(invoice.token, { payer: MOMO_PAYERS.approves, amount: "10" }, off))).toBe(409);
    expect(await requestCount(off)).toBe(0);
  });

  it("pays again from another number and amount at once while a request gets no answer, the first one ended in words", async () => {
    const invoice = await linkedInvoice(services, "405.00");
    const search = (answer: unknown) => (answer as Response).headers.get("Location")!.replace(/^[^?]*/, "");
    const first = search(await post(invoice.token, { payer: MOMO_PAYERS.neverAnswers, amount: "405.00" }));
    expect(body(await get(invoice.token, first)).request).toMatchObject({
      state: "pending",
      payer: "•••0003",
      amount: "405.00 USD",
    });
    const second = search(await post(invoice.token, { payer: "088 600 0001", amount: "205.00" }));
    expect(second).not.toBe(first);
    expect(body(await get(invoice.token, second))).toMatchObject({
      request: { state: "successful", amount: "205.00 USD", payer: "•••0001" },
      balance: "200.00 USD",
    });
    expect(body(await get(invoice.token, first)).request).toMatchObject({
      state: "ended",
      reason: ENDED_WORDS.replaced,
    });
  });

  it("cancels a waiting request: ended in words, the form offered again; another invoice's request is refused", async () => {
    const invoice = await linkedInvoice();
    const other = await linkedInvoice();
    const answer = (await post(invoice.token, { payer: MOMO_PAYERS.neverAnswers, amount: "10" })) as Response;
    const search = answer.headers.get("Location")!.replace(/^[^?]*/, "");
    const requestId = search.slice("?request=".length);
    const refused = await post(other.token, { intent: "cancel", request: requestId });
    expect(status(refused)).toBe(400);
    expect(body(await get(invoice.token, search)).request).toMatchObject({ state: "pending" });
    const cancelled = (await post(invoice.token, { intent: "cancel", request: requestId })) as Response;
    expect(cancelled.headers.get("Location")).toBe(`/invoice/${invoice.token}/pay${search}`);
    const page = body(await get(invoice.token, search));
    expect(page).toMatchObject({
      closed: null,
      request: { state: "ended", reason: ENDED_WORDS.cancelled },
    });
  });

  it("ends a request nobody approved within its validity, in words, when the page looks", async () => {
    const invoice = await linkedInvoice();
    const requestId = await startedRequest({
      services,
      invoiceId: invoice.id,
      payer: MOMO_PAYERS.neverAnswers,
      amountMinor: 1_000,
      now: new Date(Date.now() - REQUEST_VALIDITY_MS - 1_000),
    });
    expect(body(await get(invoice.token, `?request=${requestId}`)).request).toMatchObject({
      state: "ended",
      reason: ENDED_WORDS.expired,
    });
  });
});
