// /fr/facture/:token and /fr/facture/:token/payer (decision 030): the customer's invoice and paying it by mobile
// money in French, from the loaders' data to the pages a customer reads, on a real PostgreSQL and the MTN stand-in.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import PayPage, * as pay from "#app/routes/site/invoice.$token.pay.tsx";
import InvoicePage, * as invoicePage from "#app/routes/site/invoice.$token.tsx";
import { createInvoiceLink } from "#app/server/invoices/invoice-links.server.ts";
import { billedCustomer, issuedInvoice } from "#app/server/invoices/issued-invoice.test-support.ts";
import type { Services } from "#app/server/services.server.ts";
import { createAdminUser } from "#app/server/staff/staff-accounts.server.ts";
import { type MomoStandIn, startMomoStandIn } from "#tests/fakes/mtn-momo-server.ts";
import { renderSitePage } from "#tests/setup/render-site-page.tsx";
import { createTestContext, createTestServices } from "#tests/setup/test-db.ts";

const SITE = "https://freight.example";
let standIn: MomoStandIn;
let services: Services;
let staffId: string;
beforeAll(async () => {
  standIn = await startMomoStandIn({ currency: "USD" });
  services = await createTestServices({ SITE_URL: SITE, ...standIn.env() });
  staffId = (await createAdminUser({
    db: services.db,
    email: "fr-accounts@example.com",
    name: "Accounts",
    password: "a sturdy accounts passphrase",
    role: "accounts",
  }))!.id;
});
afterAll(async () => {
  await services?.close();
  await standIn?.close();
});

// Intl writes French numbers with narrow no-break spaces (U+202F) and a no-break space before the symbol.
const plain = (text: string) => text.replace(/[\u202f\u00a0]/g, " ").replaceAll("<!-- -->", "");
type Data = Record<string, unknown>;
const dataOf = (result: unknown) => ((result as { data?: Data }).data ?? result) as Data;

async function linkedInvoice() {
  const customer = await billedCustomer(services.db);
  const invoice = await issuedInvoice({ db: services.db, staffId, customer, amount: "1250.50" });
  return { ...invoice, token: await createInvoiceLink({ db: services.db, invoiceId: invoice.id, staffId }) };
}

function call(fn: (args: never) => unknown, path: string, form?: Record<string, string>) {
  const token = /(?:facture|invoice)\/([^/]+)/.exec(path)![1]!;
  const request = form
    ? new Request(SITE + path, { method: "POST", body: new URLSearchParams(form) })
    : new Request(SITE + path);
  return fn({ request, params: { token }, context: createTestContext(services) } as never);
}

const render = (pattern: string, Page: unknown, path: string, loaderData: unknown, actionData?: unknown) =>
  renderSitePage({ services, pattern, path, Page, loaderData, actionData });

describe("/fr/facture/:token", () => {
  it("gives the invoice in French: its words, its money, its dates, its PDF and payment page addresses", async () => {
    const { token } = await linkedInvoice();
    const path = `/fr/facture/${token}`;
    const data = dataOf(await call(invoicePage.loader, path));
    const invoice = data.invoice as Record<string, string>;
    expect(plain(invoice.total!)).toBe("1 250,50 $US");
    expect(invoice.pdfPath).toBe(`/fr/facture/${token}/invoice.pdf`);
    const html = await render("/fr/facture/:token", InvoicePage, path, data);
    for (const french of [
      "Facture ",
      "En attente de paiement",
      "Date d&#x27;échéance",
      "Solde dû",
      "1 250,50 $US",
      "Télécharger le PDF",
      "Payer par Mobile Money",
      `href="/fr/facture/${token}/payer"`,
      `href="/fr/facture/${token}/invoice.pdf"`,
    ])
      expect(html).toContain(french);
    expect(html).not.toMatch(/Balance due|Download PDF|Due date/);
  });

  it("keeps the English page as it was", async () => {
    const { token } = await linkedInvoice();
    const data = dataOf(await call(invoicePage.loader, `/invoice/${token}`));
    expect((data.invoice as Record<string, string>).total).toBe("1,250.50 USD");
    expect((data.invoice as Record<string, string>).pdfPath).toBe(`/invoice/${token}/invoice.pdf`);
    expect(data.words).toBeUndefined();
  });
});

describe("/fr/facture/:token/payer", () => {
  it("asks in French, answers a wrong amount in French, and stays on the French address", async () => {
    const { token } = await linkedInvoice();
    const path = `/fr/facture/${token}/payer`;
    const data = dataOf(await call(pay.loader, path));
    expect(plain(data.balance as string)).toBe("1 250,50 $US");

    const refused = dataOf(await call(pay.action, path, { payer: "088 600 0001", amount: "" }));
    const html = await render("/fr/facture/:token/payer", PayPage, path, data, refused);
    for (const french of [
      "Payer la facture",
      "par Mobile Money",
      "Solde dû: ",
      "Votre numéro Mobile Money",
      "Montant (USD)",
      "Saisissez un montant",
      "Retour à la facture",
      `href="/fr/facture/${token}"`,
    ])
      expect(html).toContain(french);

    // A refusal the server fills from a template ('… at most 2 decimals in USD') reads in French too.
    const decimals = dataOf(await call(pay.action, path, { payer: "088 600 0001", amount: "40,125" }));
    const decimalsHtml = await render("/fr/facture/:token/payer", PayPage, path, data, decimals);
    expect(decimalsHtml).toContain("2 décimales");
    expect(decimalsHtml).not.toContain("at most 2 decimals");

    const started = (await call(pay.action, path, { payer: "088 600 0001", amount: "40" })) as Response;
    expect(started.headers.get("Location")).toMatch(
      new RegExp(`^/fr/facture/${token}/payer\\?request=[0-9a-f-]{36}$`),
    );
  });
});
