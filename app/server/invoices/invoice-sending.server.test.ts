// Sending an invoice on a real PostgreSQL (docs/decisions/026-invoices.md): one e-mail with the PDF (its QR code
// opening the link) in the customer's language however often one form is posted, refusals that store nothing,
// a credit note sent without a link, the e-mail kept in the outbox without a mail server, and the balance the
// e-mail names after a payment.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMember } from "#app/server/customers/customer-companies.server.ts";
import {
  customerCompanies,
  invoiceEvents,
  invoiceLinks,
  invoices,
  outboxAttachments,
  shippers,
} from "#app/server/db/schema.ts";
import { decodePages, pdfPagesText } from "#app/server/documents/pdf-readers.test-support.ts";
import { listInvoiceHistory } from "#app/server/invoices/invoice-history.server.ts";
import { KEPT_NOTE, sendInvoice } from "#app/server/invoices/invoice-sending.server.ts";
import {
  invoiceSendingHelpers,
  linkIn,
  newKey,
  openInvoiceSending,
  SITE,
  serial,
  settings,
  TODAY,
} from "#app/server/invoices/invoice-sending.test-support.ts";
import { voidInvoice } from "#app/server/invoices/invoices.server.ts";
import {
  billedCustomer,
  issuedCreditNote,
  issuedInvoice,
} from "#app/server/invoices/issued-invoice.test-support.ts";
import { recordPayment } from "#app/server/payments/payments.server.ts";
import type { Services } from "#app/server/services.server.ts";

let services: Services;
let staffId: string;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ services, staffId, close } = await openInvoiceSending());
});
afterAll(() => close?.());

const { send, mailsOf, count } = invoiceSendingHelpers(() => ({ services, staffId }));

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
