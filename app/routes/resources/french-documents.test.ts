// The documents' language through their routes (decision 030): a staff copy prints in its reader's language (the
// billed party's, the shipper's, the consignee's), `?lang=` asks the other one, and a customer's copy follows
// the address it is opened from (/fr/…). Real database, PDFs read back by pdftotext.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as accountInvoicePdf } from "#app/routes/resources/account.invoices.$id.invoice.pdf.ts";
import { loader as accountStatementPdf } from "#app/routes/resources/account.statement.pdf.ts";
import { loader as staffInvoicePdf } from "#app/routes/resources/admin.invoices.$id.invoice.pdf.ts";
import { loader as staffReceiptPdf } from "#app/routes/resources/admin.payments.$id.receipt.pdf.ts";
import { loader as staffQuotePdf } from "#app/routes/resources/admin.quote-requests.$id.quote.pdf.ts";
import { loader as staffDeliveryNotePdf } from "#app/routes/resources/admin.shipments.$id.delivery-note.pdf.ts";
import { loader as staffLabelPdf } from "#app/routes/resources/admin.shipments.$id.label.pdf.ts";
import { loader as staffWaybillPdf } from "#app/routes/resources/admin.shipments.$id.waybill.pdf.ts";
import { loader as staffStatementPdf } from "#app/routes/resources/admin.statements.$kind.$party-id.statement.pdf.ts";
import { loader as publicInvoicePdf } from "#app/routes/resources/invoice.$token.invoice.pdf.ts";
import { loader as publicQuotePdf } from "#app/routes/resources/quote.$token.pdf.ts";
import { validateInvoiceForm } from "#app/schemas/invoice.ts";
import { DEFAULT_INVOICE_SETTINGS } from "#app/schemas/invoice-settings.ts";
import { shipmentSchema } from "#app/schemas/shipment.ts";
import { callAccount, signedInCustomer } from "#app/server/customers/customer-billing.test-support.ts";
import { consignees, invoices, outboxAttachments, quoteRequests, shippers } from "#app/server/db/schema.ts";
import { decodePages, pdfPagesText } from "#app/server/documents/pdf-readers.test-support.ts";
import { createInvoiceLink } from "#app/server/invoices/invoice-links.server.ts";
import { sendInvoice } from "#app/server/invoices/invoice-sending.server.ts";
import { issueInvoice, saveInvoiceDraft } from "#app/server/invoices/invoices.server.ts";
import { issuedInvoice } from "#app/server/invoices/issued-invoice.test-support.ts";
import { recordPayment } from "#app/server/payments/payments.server.ts";
import { createQuoteRequest } from "#app/server/quotes/quote-requests.server.ts";
import { defaultValidUntil, saveQuoteDraft, sendQuote } from "#app/server/quotes/quotes.server.ts";
import type { Services } from "#app/server/services.server.ts";
import { createShipment } from "#app/server/shipments/shipments.server.ts";
import { signInStaff } from "#tests/setup/staff-session.ts";
import { createTestContext, createTestServices } from "#tests/setup/test-db.ts";

const SITE = "https://unitrans.example";
let services: Services;
let staff: { cookie: string; userId: string };
let invoiceId: string;
let shipperId: string;
let shipmentId: string;

beforeAll(async () => {
  services = await createTestServices({ SITE_URL: SITE });
  const signedIn = await signInStaff({ ...services, role: "administrator" });
  staff = { cookie: signedIn.cookie, userId: signedIn.user.id };
  const [shipper] = await services.db
    .insert(shippers)
    .values({ name: "Awa Koné", company: "Koné Import-Export", language: "fr" })
    .returning();
  shipperId = shipper!.id;
  const [consignee] = await services.db
    .insert(consignees)
    .values({ name: "Ngozi Okafor", language: "en" })
    .returning();
  const checked = validateInvoiceForm(
    {
      party: `shipper:${shipper!.id}`,
      customerName: "Awa Koné",
      customerCompany: "Koné Import-Export",
      customerEmail: "awa@example.ci",
      billingAddress: "Rue du Commerce\nAbidjan",
      currency: "XOF",
      paymentTermsDays: "14",
      notes: "",
      paymentInstructions: "",
      lines: [
        { description: "Sea freight Shanghai to Abidjan", quantity: "1", unitPrice: "150000", tax: "" },
      ],
      shipmentIds: [],
    },
    { taxRates: [] },
  );
  if (!checked.ok) throw new Error(JSON.stringify(checked.errors));
  const saved = await saveInvoiceDraft({
    db: services.db,
    id: null,
    input: checked.value,
    staffId: staff.userId,
    creditedInvoiceId: null,
  });
  if (!saved.ok) throw new Error(saved.reason);
  invoiceId = saved.id;
  const issued = await issueInvoice({
    db: services.db,
    id: invoiceId,
    staffId: staff.userId,
    today: "2026-11-23",
    settings: DEFAULT_INVOICE_SETTINGS,
  });
  if (!issued.ok) throw new Error(issued.reason);
  const shipment = await createShipment({
    db: services.db,
    input: shipmentSchema.parse({
      trackingNumber: "UTG-3030-3030",
      status: "In Transit",
      originLocation: "Shanghai",
      destinationLocation: "Abidjan",
      estimatedDelivery: "2026-12-20",
      dimensions: "1x1x1 m",
      shipperId: shipper!.id,
      consigneeId: consignee!.id,
    }),
  });
  shipmentId = shipment.id;
});
afterAll(() => services.close());

type Loader = (args: never) => unknown;
const textOf = async (pdf: Buffer) =>
  (await pdfPagesText(pdf, { mode: "layout" })).join(" ").replace(/[\s\u00a0\u202f]+/g, " ");
async function fetchPdf(loader: Loader, url: string, params: Record<string, string>) {
  const response = (await loader({
    request: new Request(`http://localhost${url}`, { headers: { cookie: staff.cookie } }),
    params,
    context: createTestContext(services),
  } as never)) as Response;
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}
const read = async (loader: Loader, url: string, params: Record<string, string>) =>
  textOf(await fetchPdf(loader, url, params));

describe("a staff copy", () => {
  it("of a French party's invoice is in French; ?lang=en prints it in English, another ?lang is ignored", async () => {
    const url = `/admin/invoices/${invoiceId}/invoice.pdf`;
    const french = await read(staffInvoicePdf, url, { id: invoiceId });
    expect(french).toContain("FACTURE");
    expect(french).toContain("Solde dû 150 000 F CFA");
    expect(french).toContain("Sea freight Shanghai to Abidjan");
    const english = await read(staffInvoicePdf, `${url}?lang=en`, { id: invoiceId });
    expect(english).toContain("INVOICE");
    expect(english).toContain("Balance due 150,000 XOF");
    const ignored = await read(staffInvoicePdf, `${url}?lang=de`, { id: invoiceId });
    expect(ignored).toContain("Solde dû 150 000 F CFA");
  });

  it("of a waybill is in the shipper's language, of a delivery note in the consignee's", async () => {
    const waybill = await read(staffWaybillPdf, `/admin/shipments/${shipmentId}/waybill.pdf`, {
      id: shipmentId,
    });
    expect(waybill).toContain("LETTRE DE TRANSPORT MAISON");
    const note = await read(staffDeliveryNotePdf, `/admin/shipments/${shipmentId}/delivery-note.pdf`, {
      id: shipmentId,
    });
    expect(note).toContain("DELIVERY NOTE");
    const asked = await read(
      staffDeliveryNotePdf,
      `/admin/shipments/${shipmentId}/delivery-note.pdf?lang=fr`,
      {
        id: shipmentId,
      },
    );
    expect(asked).toContain("BON DE LIVRAISON");
  });
});

describe("a French waybill's terms and a French label", () => {
  it("prints the waybill's terms in French, the English ones on an English copy", async () => {
    const url = `/admin/shipments/${shipmentId}/waybill.pdf`;
    const french = await read(staffWaybillPdf, url, { id: shipmentId });
    expect(french).toContain("1. Les marchandises sont reçues en bon état apparent");
    expect(french).not.toContain("The goods are received");
    const english = await read(staffWaybillPdf, `${url}?lang=en`, { id: shipmentId });
    expect(english).toContain("1. The goods are received in apparent good order");
  });

  it("prints the label's words in French where a French copy is asked, its codes the same", async () => {
    const url = `/admin/shipments/${shipmentId}/label.pdf`;
    const french = await read(staffLabelPdf, `${url}?lang=fr`, { id: shipmentId });
    for (const expected of [
      "DE (EXPÉDITEUR)",
      "À (DESTINATAIRE)",
      "COLIS",
      "1 sur 1",
      "POIDS BRUT",
      "SUIVRE SUR",
    ]) {
      expect(french).toContain(expected);
    }
    expect(french).toContain("/fr/suivi/");
    expect(french).not.toContain("FROM (SHIPPER)");
    // Without asking, the label stays as it was.
    const neutral = await read(staffLabelPdf, url, { id: shipmentId });
    expect(neutral).toContain("FROM (SHIPPER)");
    expect(neutral).toContain("1 of 1");
  });
});

describe("a customer's copy", () => {
  it("follows the address's language, whatever the party's", async () => {
    const token = await createInvoiceLink({ db: services.db, invoiceId, staffId: staff.userId });
    const frenchPdf = await fetchPdf(publicInvoicePdf, `/fr/facture/${token}/invoice.pdf`, { token });
    const french = await textOf(frenchPdf);
    expect(french).toContain("Consultez cette facture en ligne, téléchargez-la et payez :");
    // Its QR code opens the page in its own language.
    expect((await decodePages(frenchPdf)).flat()).toContainEqual({
      type: "QR-Code",
      data: `${SITE}/fr/facture/${token}`,
    });
    const unknown = (await publicInvoicePdf({
      request: new Request("http://localhost/fr/facture/nope/invoice.pdf"),
      params: { token: "nope" },
      context: createTestContext(services),
    } as never)) as Response;
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toBe("Page introuvable");
    const englishPdf = await fetchPdf(publicInvoicePdf, `/invoice/${token}/invoice.pdf`, { token });
    expect((await decodePages(englishPdf)).flat()).toContainEqual({
      type: "QR-Code",
      data: `${SITE}/invoice/${token}`,
    });
    const english = await textOf(englishPdf);
    expect(english).toContain("See this invoice online, download it and pay:");
    expect(english).toContain("Balance due 150,000 XOF");
  });
});

describe("a quote to a French request", () => {
  it("is sent with a French PDF whose QR code opens the French page; the staff copy is French, the links follow their address", async () => {
    const { id } = await createQuoteRequest({
      db: services.db,
      input: {
        firstName: "Awa",
        lastName: "Koné",
        email: "awa@example.ci",
        cityDeparture: "Shanghai",
        deliveryCity: "Abidjan",
        parcelType: "Pallets",
        weight: "250 kg",
        specialInfo: "",
        freightTypes: ["sea"],
      },
      submissionKey: "french-documents-quote-0001",
    });
    await services.db.update(quoteRequests).set({ language: "fr" }).where(eq(quoteRequests.id, id!));
    const settings = await services.siteSettings.get();
    await saveQuoteDraft({
      db: services.db,
      requestId: id!,
      input: {
        currency: "XOF",
        validUntil: defaultValidUntil(settings.timeZone),
        transitTime: "30 jours",
        incoterm: "FOB",
        terms: "Paiement avant enlèvement.",
        note: null,
        lines: [{ description: "Fret maritime", amountMinor: 150_000 }],
      },
      staffId: null,
      timeZone: settings.timeZone,
    });
    const sent = await sendQuote({
      db: services.db,
      config: services.config,
      logger: services.logger,
      requestId: id!,
      staffId: null,
      settings,
    });
    if (!sent.ok) throw new Error(sent.reason);
    const filename = `Quote-Q-${id!.slice(0, 8).toUpperCase()}-v1.pdf`;
    const [attached] = await services.db
      .select({ content: outboxAttachments.content })
      .from(outboxAttachments)
      .where(eq(outboxAttachments.filename, filename));
    const attachment = Buffer.from(attached!.content);
    const mailed = await textOf(attachment);
    expect(mailed).toContain("DEVIS");
    expect(mailed).toContain("Total 150 000 F CFA");
    expect(mailed).toContain("Acceptez ou refusez ce devis en ligne :");
    expect((await decodePages(attachment)).flat()).toContainEqual({
      type: "QR-Code",
      data: `${SITE}/fr/devis/${sent.token}`,
    });

    const staffCopy = await read(staffQuotePdf, `/admin/quote-requests/${id}/quote.pdf`, { id: id! });
    expect(staffCopy).toContain("DEVIS");
    const token = sent.token;
    expect(await read(publicQuotePdf, `/fr/devis/${token}/pdf`, { token })).toContain("ÉTABLI POUR");
    const english = await read(publicQuotePdf, `/quote/${token}/pdf`, { token });
    expect(english).toContain("PREPARED FOR");
    expect(english).toContain("Total 150,000 XOF");
  });
});

describe("a French party's receipt and statement", () => {
  it("are printed in French for staff, the same figures in English with ?lang=en", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const paid = await recordPayment({
      db: services.db,
      staffId: staff.userId,
      today,
      input: {
        party: { kind: "shipper", id: shipperId },
        customerName: "",
        receivedOn: today,
        method: "bank_transfer",
        reference: "VIR-889",
        note: null,
        currency: "XOF",
        amountMinor: 50_000,
        settledCurrency: "XOF",
        rateMicro: null,
        allocations: [{ invoiceId, amountMinor: 50_000 }],
        overpayment: false,
        submissionKey: "french-documents-payment-0001",
      },
    });
    if (!paid.ok) throw new Error(paid.reason);
    const receipt = await read(staffReceiptPdf, `/admin/payments/${paid.id}/receipt.pdf`, { id: paid.id });
    expect(receipt).toContain("REÇU");
    expect(receipt).toContain("Virement bancaire");
    expect(receipt).toContain("MONTANT REÇU");
    expect(receipt).toContain("50 000 F CFA");
    const englishReceipt = await read(staffReceiptPdf, `/admin/payments/${paid.id}/receipt.pdf?lang=en`, {
      id: paid.id,
    });
    expect(englishReceipt).toContain("Bank transfer");
    expect(englishReceipt).toContain("50,000 XOF");

    // From the invoice's month on: its line and the payment's are in the period whatever today is.
    const url = `/admin/statements/shipper/${shipperId}/statement.pdf?from=2026-11-01&to=${today}`;
    const params = { kind: "shipper", partyId: shipperId };
    const statement = await read(staffStatementPdf, url, params);
    expect(statement).toContain("RELEVÉ DE COMPTE");
    expect(statement).toContain("Facture INV-");
    expect(statement).toContain("Solde dû : 100 000 F CFA");
    const english = await read(staffStatementPdf, `${url}&lang=en`, params);
    expect(english).toContain("STATEMENT OF ACCOUNT");
    expect(english).toContain("Balance due: 100,000 XOF");
  });
});

describe("the customer account's PDFs", () => {
  it("are French at the French addresses and English at the English ones", async () => {
    const customer = await signedInCustomer(services);
    const { id } = await issuedInvoice({
      db: services.db,
      staffId: staff.userId,
      customer: customer.shipper,
      amount: "1500000",
      currency: "XOF",
    });
    const pdf = async (loader: Loader, path: string, params: Record<string, string> = {}) => {
      const response = (await callAccount(services, loader as never, { path, params, customer })) as Response;
      expect(response.status).toBe(200);
      return textOf(Buffer.from(await response.arrayBuffer()));
    };
    const french = await pdf(accountInvoicePdf, `/fr/compte/factures/${id}/invoice.pdf`, { id });
    expect(french).toContain("Solde dû 1 500 000 F CFA");
    expect(french).toContain(`${SITE}/fr/compte/factures/${id}`);
    const english = await pdf(accountInvoicePdf, `/account/invoices/${id}/invoice.pdf`, { id });
    expect(english).toContain("Balance due 1,500,000 XOF");
    const statement = await pdf(
      accountStatementPdf,
      "/fr/compte/statement.pdf?from=2026-11-01&to=2026-11-30",
    );
    expect(statement).toContain("RELEVÉ DE COMPTE");
    expect(statement).toContain("Du 1 nov. 2026 au 30 nov. 2026");
  });
});

describe("an e-mailed invoice", () => {
  it("carries its PDF in the billed party's language", async () => {
    const sent = await sendInvoice({
      db: services.db,
      config: services.config,
      logger: services.logger,
      id: invoiceId,
      to: "",
      submissionKey: "french-documents-invoice-mail-0001",
      staffId: staff.userId,
      settings: await services.siteSettings.get(),
    });
    expect(sent.ok).toBe(true);
    const [attached] = await services.db
      .select({ content: outboxAttachments.content })
      .from(outboxAttachments)
      .where(eq(outboxAttachments.filename, `Invoice-${await numberOf(invoiceId)}.pdf`));
    const text = await textOf(Buffer.from(attached!.content));
    expect(text).toContain("FACTURE");
    expect(text).toContain("Consultez cette facture en ligne, téléchargez-la et payez :");
  });
});

async function numberOf(id: string) {
  const [row] = await services.db
    .select({ number: invoices.number })
    .from(invoices)
    .where(eq(invoices.id, id));
  return row!.number!;
}
