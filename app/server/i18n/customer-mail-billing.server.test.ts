// The billing e-mails in the customer's language (decision 030) on a real PostgreSQL and a real SMTP server:
// the invoice, reminder, receipt and statement in the billed party's language (or the account member's behind
// the address): French words, French dates and money, links at the French addresses. An English recipient
// gets today's English, every word of it. The quote's e-mail is tested in customer-mail-quote.server.test.ts.
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as paymentPage from "#app/routes/admin/payments.$id.tsx";
import * as statementPage from "#app/routes/admin/statements.$kind.$party-id.tsx";
import { DEFAULT_INVOICE_SETTINGS } from "#app/schemas/invoice-settings.ts";
import type { SiteSettings } from "#app/schemas/site-settings.ts";
import { customerCompanies, customerMembers, shippers } from "#app/server/db/schema.ts";
import { SITE, settings, setUpCustomerMailServices } from "#app/server/i18n/customer-mail.test-support.ts";
import { sendDueReminders } from "#app/server/invoices/invoice-reminders.server.ts";
import { sendInvoice } from "#app/server/invoices/invoice-sending.server.ts";
import { billedCustomer, issuedInvoice, paidBy } from "#app/server/invoices/issued-invoice.test-support.ts";
import type { Services } from "#app/server/services.server.ts";
import { updateInvoiceSettings } from "#app/server/settings/invoice-settings.server.ts";
import { signInStaff } from "#tests/setup/staff-session.ts";
import { createTestContext, createTestServices } from "#tests/setup/test-db.ts";

const TODAY = "2026-11-20";

let services: Services;
let staffId: string;
let cookie: string;
let site: SiteSettings;
const { mailsTo } = setUpCustomerMailServices(createTestServices, (started) => {
  ({ services } = started);
});
// After the services start (hooks run in the order they are registered).
beforeAll(async () => {
  const signed = await signInStaff({ ...services, role: "administrator", email: "fr-mail@example.com" });
  staffId = signed.user.id;
  cookie = signed.cookie;
  site = await services.siteSettings.get();
  await updateInvoiceSettings({
    db: services.db,
    settings: { ...DEFAULT_INVOICE_SETTINGS, reminderDaysBefore: [3], reminderDaysAfter: [7] },
  });
});

/** The company's name, e-mail and phone from the Settings, as every message ends. */
const signature = () => `${site.companyName}\n${site.email}${site.phone ? ` · ${site.phone}` : ""}`;

/** A shipper of the address book in `language`. */
async function customerIn(language: "en" | "fr") {
  const customer = await billedCustomer(services.db);
  await services.db.update(shippers).set({ language }).where(eq(shippers.id, customer.id));
  return customer;
}

describe("the invoice", () => {
  let serial = 0;
  const send = (id: string, to = "") =>
    sendInvoice({
      db: services.db,
      config: services.config,
      logger: services.logger,
      id,
      to,
      submissionKey: `fr-send-${++serial}-${crypto.randomUUID()}`,
      staffId,
      settings,
    });
  const tokenIn = (text: string) =>
    /\/invoice\/([A-Za-z0-9_-]{43})|\/facture\/([A-Za-z0-9_-]{43})/.exec(text);

  it("goes to a French customer in French, with the French link and the amount left after a payment", async () => {
    const customer = await customerIn("fr");
    const invoice = await issuedInvoice({
      db: services.db,
      staffId,
      customer,
      today: TODAY,
      paymentInstructions: "Orange Money 07 00 00 00",
    });
    await paidBy({
      db: services.db,
      staffId,
      customer,
      overrides: {
        receivedOn: TODAY,
        amountMinor: 4_000,
        allocations: [{ invoiceId: invoice.id, amountMinor: 4_000 }],
      },
    });
    expect(await send(invoice.id)).toMatchObject({ ok: true });
    const [mail] = await mailsTo(customer.email);
    const token = tokenIn(mail!.text)?.[2];
    expect(mail).toEqual({
      subject: `Facture ${invoice.number} d'Unitrans`,
      text: `Bonjour ${customer.name},

Veuillez trouver ci-joint notre facture ${invoice.number} du 20 nov. 2026 d’un montant de 100,00 $US, à régler au plus tard le 20 déc. 2026. Après déduction des avoirs et des paiements, il reste 60,00 $US à régler.

Pour la consulter en ligne, la télécharger en PDF et la régler, ouvrez :
${SITE}/fr/facture/${token}

Modalités de paiement :
Orange Money 07 00 00 00

Merci de votre confiance.

Unitrans
accounts@unitrans.example · +231 555 0100`,
    });
  });

  it("goes in the language the customer account's member chose when it is sent to them", async () => {
    const customer = await customerIn("en");
    const [company] = await services.db.insert(customerCompanies).values({ name: "Mensah" }).returning();
    await services.db
      .insert(customerMembers)
      .values({ companyId: company!.id, name: "Awa", email: "awa.member@example.com", language: "fr" });
    const invoice = await issuedInvoice({ db: services.db, staffId, customer, today: TODAY });
    await send(invoice.id, "Awa.Member@example.com");
    const [mail] = await mailsTo("Awa.Member@example.com");
    expect(mail!.subject).toBe(`Facture ${invoice.number} d'Unitrans`);
    expect(mail!.text).toContain(`${SITE}/fr/facture/`);
  });

  it("goes to an English customer in today's English", async () => {
    const customer = await customerIn("en");
    const invoice = await issuedInvoice({ db: services.db, staffId, customer, today: TODAY });
    await send(invoice.id);
    const [mail] = await mailsTo(customer.email);
    expect(mail).toEqual({
      subject: `Invoice ${invoice.number} from Unitrans`,
      text: `Dear ${customer.name},

Please find attached our invoice ${invoice.number} of November 20, 2026 for 100.00 USD, due on December 20, 2026.

To see it online, download it as a PDF and pay, open:
${SITE}/invoice/${tokenIn(mail!.text)?.[1]}

Thank you for your business.

Unitrans
accounts@unitrans.example · +231 555 0100`,
    });
  });
});

describe("payment reminders", () => {
  // Issued 2026-11-02 for 30 days: due 2026-12-02, reminded 3 days before and 7 after.
  const at = (day: string) => new Date(`${day}T12:00:00Z`);
  const link = (text: string, path: string) => new RegExp(`${SITE}${path}/[A-Za-z0-9_-]{43}`).exec(text)?.[0];
  /** An invoice to a customer in `language`, and the reminders they got before and after its due date. */
  async function remindersIn(language: "en" | "fr") {
    const customer = await customerIn(language);
    const invoice = await issuedInvoice({ db: services.db, staffId, customer, today: "2026-11-02" });
    await sendDueReminders({ ...services, now: at("2026-11-29") });
    await sendDueReminders({ ...services, now: at("2026-12-09") });
    const [before, after] = await mailsTo(customer.email);
    return { customer, number: invoice.number, before: before!, after: after! };
  }

  it("remind a French customer in French", async () => {
    const { customer: fr, number, before, after } = await remindersIn("fr");
    const frInvoice = { number };
    expect(before).toEqual({
      subject: `Rappel : la facture ${frInvoice.number} d'${site.companyName} arrive à échéance le 2 déc. 2026`,
      text: `Bonjour ${fr.name},

Pour rappel, notre facture ${frInvoice.number} arrive à échéance le 2 déc. 2026 : il reste 100,00 $US à régler.

Pour consulter la facture, la télécharger et la régler, ouvrez :
${link(before!.text, "/fr/facture")}

Si vous avez déjà réglé, merci, et veuillez ne pas tenir compte de ce message.

${signature()}`,
    });
    expect(after!.subject).toBe(`Échéance dépassée : facture ${frInvoice.number} d'${site.companyName}`);
    expect(after!.text).toContain(
      `Notre facture ${frInvoice.number} est arrivée à échéance le 2 déc. 2026 et un montant de 100,00 $US reste impayé.`,
    );
  });

  it("remind an English customer in today's English", async () => {
    const { customer: en, number, before: enBefore, after: enAfter } = await remindersIn("en");
    const enInvoice = { number };
    expect(enBefore).toEqual({
      subject: `Reminder: invoice ${enInvoice.number} from ${site.companyName} is due on December 2, 2026`,
      text: `Dear ${en.name},

A reminder that our invoice ${enInvoice.number} is due on December 2, 2026: 100.00 USD is still to be paid.

To see the invoice, download it and pay it, open:
${link(enBefore!.text, "/invoice")}

If you have paid already, thank you, and please ignore this message.

${signature()}`,
    });
    expect(enAfter).toMatchObject({
      subject: `Overdue: invoice ${enInvoice.number} from ${site.companyName}`,
    });
    expect(enAfter!.text).toContain(
      `Our invoice ${enInvoice.number} was due on December 2, 2026 and 100.00 USD is still unpaid.`,
    );
  });
});

const post = (path: string, fields: Record<string, string>) =>
  new Request(`http://localhost${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { cookie, origin: "http://localhost" },
  });
async function settle(run: () => Promise<unknown>): Promise<unknown> {
  try {
    return await run();
  } catch (error) {
    return error;
  }
}

describe("the receipt", () => {
  async function receiptTo(customer: Awaited<ReturnType<typeof customerIn>>) {
    const paid = await paidBy({
      db: services.db,
      staffId,
      customer,
      overrides: { receivedOn: TODAY, amountMinor: 4_000, overpayment: true },
    });
    const id = (
      await services.db.execute<{ id: string }>(sql`select id from payments where number = ${paid.number}`)
    ).rows[0]!.id;
    await settle(() =>
      paymentPage.action({
        request: post(`/admin/payments/${id}`, {
          intent: "email-receipt",
          submissionKey: crypto.randomUUID(),
        }),
        context: createTestContext(services),
        params: { id },
      } as never),
    );
    return paid.number;
  }

  it("thanks a French customer in French", async () => {
    const fr = await customerIn("fr");
    const frNumber = await receiptTo(fr);
    expect(await mailsTo(fr.email)).toEqual([
      {
        subject: `Votre reçu ${frNumber} d'${site.companyName}`,
        text: `Bonjour ${fr.name},

Merci pour votre paiement de 40,00 $US, reçu le 20 nov. 2026. Vous trouverez ci-joint votre reçu ${frNumber}.

${signature()}`,
      },
    ]);
  });

  it("thanks an English customer in today's English", async () => {
    const en = await customerIn("en");
    const enNumber = await receiptTo(en);
    expect(await mailsTo(en.email)).toEqual([
      {
        subject: `Your receipt ${enNumber} from ${site.companyName}`,
        text: `Dear ${en.name},

Thank you for your payment of 40.00 USD, received on November 20, 2026. Your receipt ${enNumber} is attached.

${signature()}`,
      },
    ]);
  });
});

describe("the statement of account", () => {
  async function statementTo(customer: Awaited<ReturnType<typeof customerIn>>) {
    await issuedInvoice({ db: services.db, staffId, customer, today: TODAY, amount: "250.00" });
    const path = `/admin/statements/shipper/${customer.id}?from=2026-11-01&to=2026-11-30`;
    await settle(() =>
      statementPage.action({
        request: post(path, { intent: "email", submissionKey: crypto.randomUUID() }),
        context: createTestContext(services),
        params: { kind: "shipper", partyId: customer.id },
      } as never),
    );
  }

  it("goes to a French customer in French", async () => {
    const fr = await customerIn("fr");
    await statementTo(fr);
    expect(await mailsTo(fr.email)).toEqual([
      {
        subject: `Votre relevé de compte ${site.companyName} : du 1 nov. 2026 au 30 nov. 2026`,
        text: `Bonjour ${fr.name},

Veuillez trouver ci-joint votre relevé de compte pour la période du 1 nov. 2026 au 30 nov. 2026.

USD: Solde dû : 250,00 $US

Si quelque chose ne correspond pas à vos propres comptes, merci de répondre à cet e-mail.

${signature()}`,
      },
    ]);
  });

  it("goes to an English customer in today's English", async () => {
    const en = await customerIn("en");
    await statementTo(en);
    expect(await mailsTo(en.email)).toEqual([
      {
        subject: `Your statement of account from ${site.companyName}: November 1, 2026 to November 30, 2026`,
        text: `Dear ${en.name},

Please find attached your statement of account for November 1, 2026 to November 30, 2026.

USD: Balance due: 250.00 USD

If anything on it does not match your records, please reply to this e-mail.

${signature()}`,
      },
    ]);
  });
});
