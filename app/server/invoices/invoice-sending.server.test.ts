// Sending an invoice and the customer's page of it on a real PostgreSQL (issue 28): one e-mail with the PDF
// (its QR code opening the link) however often one form is posted, refusals that store nothing, the link that
// opens the invoice and records its first opening once, and the history the staff page lists.
// Longer than 450 lines: the link and the history are read from the e-mail the sending wrote, so they share
// this file's mail server and sent invoices rather than start their own.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMember } from "#app/server/customers/customer-companies.server.ts";
import {
  customerCompanies,
  invoiceEvents,
  invoiceLinks,
  invoices,
  outbox,
  outboxAttachments,
  shippers,
} from "#app/server/db/schema.ts";
import { decodePages, pdfPagesText } from "#app/server/documents/pdf-readers.test-support.ts";
import { listInvoiceHistory } from "#app/server/invoices/invoice-history.server.ts";
import { openPublicInvoice, renderPublicInvoicePdf } from "#app/server/invoices/invoice-public.server.ts";
import { KEPT_NOTE, sendInvoice, sendKeys } from "#app/server/invoices/invoice-sending.server.ts";
import { voidInvoice } from "#app/server/invoices/invoices.server.ts";
import {
  billedCustomer,
  issuedCreditNote,
  issuedInvoice,
} from "#app/server/invoices/issued-invoice.test-support.ts";
import { recordPayment, reversePayment } from "#app/server/payments/payments.server.ts";
import type { Services } from "#app/server/services.server.ts";
import { createAdminUser } from "#app/server/staff/staff-accounts.server.ts";
import { type SmtpTestServer, startSmtpTestServer } from "#tests/setup/smtp-test-server.ts";
import { createTestServices } from "#tests/setup/test-db.ts";
import { tamperedToken } from "#tests/setup/tokens.ts";

const SITE = "https://freight.example";
const TODAY = "2026-11-20";
const settings = {
  companyName: "Unitrans",
  timeZone: "Africa/Monrovia",
  email: "accounts@unitrans.example",
  phone: "+231 555 0100",
  address: "Freeport of Monrovia",
};

let services: Services;
let smtp: SmtpTestServer;
let staffId: string;
beforeAll(async () => {
  smtp = await startSmtpTestServer();
  services = await createTestServices(
    { SMTP_URL: smtp.url, SITE_URL: SITE },
    { outbox: { autostart: false } },
  );
  const staff = await createAdminUser({
    db: services.db,
    email: "clerk@example.com",
    name: "Musu Clerk",
    password: "a sturdy clerk passphrase",
    role: "accounts",
  });
  staffId = staff!.id;
});
afterAll(async () => {
  await services?.close();
  await smtp?.close();
});

let serial = 0;
const newKey = () => `send-key-${++serial}-${crypto.randomUUID()}`;

const send = (id: string, key: string, to = "") =>
  sendInvoice({
    db: services.db,
    config: services.config,
    logger: services.logger,
    id,
    to,
    submissionKey: key,
    staffId,
    settings,
  });

async function mailsOf(key: string) {
  return services.db
    .select()
    .from(outbox)
    .where(eq(outbox.dedupeKey, sendKeys(key).outbox));
}
const count = async (table: typeof invoiceEvents | typeof invoiceLinks, invoiceId: string) =>
  (
    await services.db
      .select({ n: sql<number>`count(*)::int` })
      .from(table)
      .where(eq(table.invoiceId, invoiceId))
  )[0]!.n;

const linkIn = (text: string) => new RegExp(`${SITE}/invoice/([A-Za-z0-9_-]{43})`).exec(text);

describe("sending an invoice", () => {
  it("queues one e-mail to the customer with the PDF attached, whose QR code opens the link in the e-mail", async () => {
    const customer = await billedCustomer(services.db);
    const invoice = await issuedInvoice({ db: services.db, staffId, customer, today: TODAY });
    const key = newKey();
    expect(await send(invoice.id, key)).toEqual({
      ok: true,
      to: customer.email,
      created: true,
      mailQueued: true,
    });
    const [mail] = await mailsOf(key);
    expect(mail).toMatchObject({ to: customer.email, subject: `Invoice ${invoice.number} from Unitrans` });
    const link = linkIn(mail!.text)?.[0];
    expect(link).toBeDefined();
    const files = await services.db
      .select()
      .from(outboxAttachments)
      .where(eq(outboxAttachments.outboxId, mail!.id));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatchObject({
      filename: `Invoice-${invoice.number}.pdf`,
      contentType: "application/pdf",
    });
    const pdf = Buffer.from(files[0]!.content);
    expect((await decodePages(pdf)).flat()).toContainEqual({ type: "QR-Code", data: link });
    expect((await pdfPagesText(pdf)).join(" ").replace(/\s+/g, " ")).toContain(link);
    // The history's 'sent' row says to whom; the token is kept only as a hash.
    const events = await services.db
      .select()
      .from(invoiceEvents)
      .where(eq(invoiceEvents.invoiceId, invoice.id));
    expect(events).toMatchObject([{ kind: "sent", detail: customer.email, staffId }]);
    const [stored] = await services.db
      .select()
      .from(invoiceLinks)
      .where(eq(invoiceLinks.invoiceId, invoice.id));
    expect(stored!.tokenHash).not.toContain(linkIn(mail!.text)![1]);
  });

  it("writes the PDF in the e-mail's language: a French member's address gets a French invoice, link and all", async () => {
    // The party is written to in English; the address typed is a member's who reads French.
    const customer = await billedCustomer(services.db);
    const [company] = await services.db
      .insert(customerCompanies)
      .values({ name: "Mensah Trading" })
      .returning();
    const reader = `ap-${serial}@mensah.example`;
    await services.db.transaction((tx) =>
      createMember({ tx, companyId: company!.id, name: "Awa", email: reader, phone: null, language: "fr" }),
    );
    const invoice = await issuedInvoice({ db: services.db, staffId, customer, today: TODAY });
    const key = newKey();
    await send(invoice.id, key, reader);
    const [mail] = await mailsOf(key);
    expect(mail!.subject).toBe(`Facture ${invoice.number} d'Unitrans`);
    const [file] = await services.db
      .select()
      .from(outboxAttachments)
      .where(eq(outboxAttachments.outboxId, mail!.id));
    const text = (await pdfPagesText(Buffer.from(file!.content))).join(" ");
    expect(text).toContain("FACTURE");
    expect(text).toContain(`${SITE}/fr/facture/`);
  });

  it("sends one e-mail for one form however often it is posted, at once or again", async () => {
    const customer = await billedCustomer(services.db);
    const invoice = await issuedInvoice({ db: services.db, staffId, customer, today: TODAY });
    const key = newKey();
    const results = await Promise.all([send(invoice.id, key), send(invoice.id, key), send(invoice.id, key)]);
    expect(results.filter((r) => r.ok && r.created)).toHaveLength(1);
    expect(results.every((r) => r.ok && r.to === customer.email)).toBe(true);
    expect(await send(invoice.id, key, "other@example.com")).toEqual({
      ok: true,
      to: customer.email,
      created: false,
      mailQueued: true,
    });
    expect(await mailsOf(key)).toHaveLength(1);
    expect(await count(invoiceEvents, invoice.id)).toBe(1);
    expect(await count(invoiceLinks, invoice.id)).toBe(1);
    // A new form (a new key) is a new sending, to the address the clerk typed.
    const again = newKey();
    expect(await send(invoice.id, again, "accounts@mensah.example")).toMatchObject({
      ok: true,
      to: "accounts@mensah.example",
    });
    expect((await mailsOf(again))[0]!.to).toBe("accounts@mensah.example");
    expect(await count(invoiceEvents, invoice.id)).toBe(2);
  });

  it("refuses a customer without e-mail, and a void invoice, storing nothing", async () => {
    const customer = await billedCustomer(services.db);
    const invoice = await issuedInvoice({
      db: services.db,
      staffId,
      customer: { ...customer, email: "" },
      today: TODAY,
    });
    const key = newKey();
    expect(await send(invoice.id, key)).toMatchObject({
      ok: false,
      reason: "no-email",
      message: "This customer has no e-mail address: enter the address to send it to.",
    });
    const voided = await issuedInvoice({ db: services.db, staffId, customer, today: TODAY });
    await voidInvoice({ db: services.db, id: voided.id, staffId, reason: "Wrong customer" });
    expect(await send(voided.id, key)).toMatchObject({ ok: false, reason: "void" });
    for (const id of [invoice.id, voided.id]) {
      expect(await count(invoiceEvents, id)).toBe(0);
      expect(await count(invoiceLinks, id)).toBe(0);
    }
    expect(await mailsOf(key)).toHaveLength(0);
  });

  it("sends a credit note to the billed party in their language, its PDF attached, with no due date, terms or link", async () => {
    const customer = await billedCustomer(services.db);
    await services.db.update(shippers).set({ language: "fr" }).where(eq(shippers.id, customer.id));
    const invoice = await issuedInvoice({ db: services.db, staffId, customer, today: TODAY });
    const number = await issuedCreditNote({
      db: services.db,
      staffId,
      customer,
      invoiceId: invoice.id,
      amount: "10.00",
      today: TODAY,
    });
    const [note] = await services.db.select().from(invoices).where(eq(invoices.number, number));
    const key = newKey();
    expect(await send(note!.id, key)).toEqual({
      ok: true,
      to: customer.email,
      created: true,
      mailQueued: true,
    });
    expect(await send(note!.id, key)).toMatchObject({ ok: true, created: false });
    const mails = await mailsOf(key);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: customer.email, subject: `Avoir ${number} d'Unitrans` });
    expect(mails[0]!.text.replace(/\s+/g, " ")).toContain(
      `Veuillez trouver ci-joint notre avoir ${number} du 20 nov. 2026 d’un montant de 10,00 $US, qui corrige notre facture ${invoice.number}.`,
    );
    expect(mails[0]!.text).not.toContain("/invoice/");
    expect(await count(invoiceLinks, note!.id)).toBe(0);
    expect(
      await services.db.select().from(invoiceEvents).where(eq(invoiceEvents.invoiceId, note!.id)),
    ).toMatchObject([{ kind: "sent", detail: customer.email, staffId }]);
    const [file] = await services.db
      .select()
      .from(outboxAttachments)
      .where(eq(outboxAttachments.outboxId, mails[0]!.id));
    expect(file).toMatchObject({ filename: `Credit-note-${number}.pdf`, contentType: "application/pdf" });
    const text = (await pdfPagesText(Buffer.from(file!.content))).join(" ").replace(/\s+/g, " ");
    expect(text).toContain(number);
    expect(text).toContain(invoice.number);
    expect(text).not.toMatch(/échéance|Conditions de paiement|Due date|Payment terms/i);
  });
});

describe("without a mail server", () => {
  it("keeps the e-mail in the outbox, never sent, and the history says so", async () => {
    const customer = await billedCustomer(services.db);
    const invoice = await issuedInvoice({ db: services.db, staffId, customer, today: TODAY });
    const key = newKey();
    const sent = await sendInvoice({
      db: services.db,
      config: { ...services.config, SMTP_URL: undefined },
      logger: services.logger,
      id: invoice.id,
      to: "",
      submissionKey: key,
      staffId,
      settings,
    });
    expect(sent).toEqual({ ok: true, to: customer.email, created: true, mailQueued: false });
    expect(await mailsOf(key)).toMatchObject([{ status: "cancelled" }]);
    const history = await listInvoiceHistory({ db: services.db, id: invoice.id });
    expect(history[1]).toMatchObject({
      title: "Sent",
      detail: `To ${customer.email} (${KEPT_NOTE}), by Musu Clerk`,
    });
  });
});

describe("the e-mail after a payment", () => {
  it("names what is still to be paid, as the attached PDF does", async () => {
    const customer = await billedCustomer(services.db);
    const invoice = await issuedInvoice({ db: services.db, staffId, customer, today: TODAY });
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
    const key = newKey();
    await send(invoice.id, key);
    const [mail] = await mailsOf(key);
    expect(mail!.text).toContain("for 100.00 USD");
    expect(mail!.text).toContain("After credit notes and payments, 60.00 USD is still to be paid.");
  });
});

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
