// The customer's documents in French (decision 030), read back by pdftotext: the fixed words, dates and money in
// French ('150 000 F CFA', '23 nov. 2026'), the data (names, goods, lines) as typed, and nothing left in English.
// The English documents are checked word for word by documents.server.test.ts and invoice-document.server.test.ts.
import { describe, expect, it } from "vitest";
import { formatMoneyIn } from "#app/lib/i18n/format.ts";
import { DEFAULT_WAYBILL_TERMS } from "#app/schemas/document-settings.ts";
import { renderDeliveryNote } from "#app/server/documents/delivery-note.server.ts";
import type { DocumentContext, DocumentShipment } from "#app/server/documents/document-context.server.ts";
import { renderWaybill } from "#app/server/documents/house-waybill.server.ts";
import { type InvoiceDocument, renderInvoice } from "#app/server/documents/invoice-document.server.ts";
import { decodePages, pdfInfo, pdfPagesText } from "#app/server/documents/pdf-readers.test-support.ts";
import { printable, UNPRINTABLE_MARK } from "#app/server/documents/pdf-text.server.ts";
import { type QuoteDocument, renderQuote } from "#app/server/documents/quote-document.server.ts";
import { type ReceiptDocument, renderReceipt } from "#app/server/documents/receipt-document.server.ts";
import { statementText } from "#app/server/receivables/receivables-views.ts";
import { renderStatement } from "#app/server/receivables/statement-document.server.ts";
import type { StatementCurrency } from "#app/server/receivables/statements.server.ts";

const context: DocumentContext = {
  company: {
    companyName: "Unitrans Global Logistics",
    phone: "+231 77 700 1995",
    email: "info@unitrans.example",
    address: "Broad and Randell Street, Monrovia, Liberia",
  },
  siteUrl: "https://unitrans.example",
  now: new Date("2026-11-23T12:00:00Z"),
  timeZone: "Africa/Abidjan",
};
const french: DocumentContext = { ...context, locale: "fr" };

/** The text read back, its spaces (the narrow no-break spaces of French numbers included) made single spaces. */
const readBack = async (pdf: Buffer) =>
  (await pdfPagesText(pdf, { mode: "layout" })).join(" ").replace(/[\s\u00a0\u202f]+/g, " ");
/** The page in drawing order: the watermark across it too. */
const rawText = async (pdf: Buffer) => (await pdfPagesText(pdf, { mode: "raw" })).join("\n");

const customer = {
  name: "Awa Koné",
  company: "Koné Import-Export",
  email: "awa@example.ci",
  phone: "+225 07 00 00 00",
  address: "Rue du Commerce, Plateau\nAbidjan",
};

const invoice = (overrides: Partial<InvoiceDocument> = {}): InvoiceDocument => ({
  kind: "invoice",
  state: "issued",
  number: "INV-2026-0042",
  currency: "XOF",
  issueDate: "2026-11-23",
  dueDate: "2026-12-23",
  paymentTermsDays: 30,
  voidedAt: null,
  customer,
  shipments: ["UTG-1234-5678"],
  creditedNumber: null,
  lines: [
    {
      description: "Sea freight Shanghai to Abidjan",
      quantityMilli: 2500,
      unitPriceMinor: 60_000,
      taxName: "TVA",
      taxBasisPoints: 1800,
      amountMinor: 150_000,
      taxMinor: 27_000,
    },
  ],
  subtotalMinor: 150_000,
  totalMinor: 177_000,
  credits: [{ number: "CN-2026-0003", totalMinor: 7_000 }],
  paidMinor: 20_000,
  notes: "Merci de votre confiance.",
  paymentInstructions: "Orange Money : +225 07 00 00 01",
  link: null,
  ...overrides,
});

describe("French text in the documents' font", () => {
  it("has every French letter and mark, and prints the no-break spaces of French numbers as spaces", async () => {
    const letters = "éèêëàâçîïôûùüÿœæÉÈÀÇÔŒ « » ’ €";
    expect(printable(letters)).toBe(letters);
    expect(printable(letters)).not.toContain(UNPRINTABLE_MARK);
    // Intl writes '150\u202f000\u00a0F\u00a0CFA'.
    expect(formatMoneyIn("fr", 150_000, "XOF")).toMatch(/\u202f/);
    expect(printable(formatMoneyIn("fr", 150_000, "XOF"))).toBe("150 000 F CFA");
    const pdf = await renderInvoice({ invoice: invoice({ notes: letters }), context: french });
    const raw = await rawText(pdf);
    expect(raw).toContain("Total 177 000 F CFA");
    expect(raw).toContain(letters);
    expect(raw).not.toMatch(/[\u00a0\u202f]/);
  });
});

describe("an invoice in French", () => {
  it("prints its fixed words, dates and money in French, its lines and data as typed", async () => {
    const pdf = await renderInvoice({ invoice: invoice(), context: french });
    const text = await readBack(pdf);
    for (const expected of [
      "FACTURE",
      "N° INV-2026-0042",
      "Date 23 nov. 2026",
      "Échéance le 23 déc. 2026",
      "FACTURER À",
      "Awa Koné",
      "Koné Import-Export",
      "DATE D’ÉMISSION",
      "DATE D’ÉCHÉANCE",
      "CONDITIONS DE PAIEMENT",
      "30 jours",
      "DEVISE",
      "SOLDE DÛ",
      "EXPÉDITION",
      "DÉSIGNATION",
      "QUANTITÉ",
      "PRIX UNITAIRE (XOF)",
      "MONTANT (XOF)",
      "Sea freight Shanghai to Abidjan 2,5 60 000 TVA 18 % 150 000",
      "Sous-total 150 000 F CFA",
      "TVA 18 % sur 150 000 27 000 F CFA",
      "Total 177 000 F CFA",
      "Moins l’avoir CN-2026-0003 -7 000 F CFA",
      "Montant payé -20 000 F CFA",
      "Solde dû 150 000 F CFA",
      "REMARQUES",
      "Merci de votre confiance.",
      "COMMENT PAYER",
      "Facture INV-2026-0042",
      "Page 1 sur 1",
      "Tél. +231 77 700 1995",
    ]) {
      expect(text).toContain(expected);
    }
    for (const english of ["Invoice", "Balance due", "Amount paid", "Subtotal", "Page 1 of 1", "Nov"]) {
      expect(text).not.toContain(english);
    }
  });

  it("names a credit note, a draft and a void invoice in French", async () => {
    const credit = await readBack(
      await renderInvoice({
        invoice: invoice({ kind: "credit_note", number: "CN-2026-0003", creditedNumber: "INV-2026-0042" }),
        context: french,
      }),
    );
    expect(credit).toContain("AVOIR");
    expect(credit).toContain("Pour la facture INV-2026-0042");
    expect(credit).toContain("Total crédité 177 000 F CFA");
    const draft = await renderInvoice({
      invoice: invoice({ state: "draft", number: null }),
      context: french,
    });
    expect(await readBack(draft)).toContain("Pas encore émise : sans numéro");
    expect(await rawText(draft)).toContain("BROUILLON");
    const voided = invoice({ state: "void", voidedAt: new Date("2026-11-25T10:00:00Z") });
    const voidText = await readBack(await renderInvoice({ invoice: voided, context: french }));
    expect(voidText).toContain("Annulée depuis le 25 nov. 2026 : à ne pas payer");
  });
});

describe("a quote in French", () => {
  const quote: QuoteDocument = {
    reference: "Q-3F2A9C1B",
    version: 2,
    draft: false,
    sentAt: new Date("2026-11-23T09:00:00Z"),
    validUntil: "2026-12-08",
    currency: "XOF",
    totalMinor: 150_000,
    lines: [{ description: "Fret maritime Shanghai – Abidjan", amountMinor: 150_000 }],
    transitTime: "30 jours",
    incoterm: "FOB",
    terms: "Paiement avant enlèvement.",
    note: null,
    customer: { name: "Awa Koné", email: "awa@example.ci" },
    request: {
      route: "Shanghai to Abidjan",
      places: { from: "Shanghai", to: "Abidjan" },
      parcelType: "Pallets",
      weight: "Not given",
      freightTypes: ["Sea Freight"],
    },
    link: `https://unitrans.example/fr/devis/${"a".repeat(43)}`,
  };

  it("prints its words, validity and total in French, its lines as typed", async () => {
    const text = await readBack(await renderQuote({ quote, context: french }));
    for (const expected of [
      "DEVIS",
      "Version 2",
      "N° Q-3F2A9C1B",
      "ÉTABLI POUR",
      "Shanghai à Abidjan",
      "Palettes",
      "Non précisé",
      "Fret maritime",
      "Fret maritime Shanghai – Abidjan 150 000 F CFA",
      "Total 150 000 F CFA",
      "VALABLE JUSQU’AU",
      "8 déc. 2026",
      "DÉLAI DE TRANSIT",
      // The rule's name as the ICC's French edition writes it.
      "FOB (Franco à bord)",
      "Acceptez ou refusez ce devis en ligne :",
      "Ce devis est valable jusqu’à la fin du 8 déc. 2026.",
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain("QUOTATION");
    expect(text).not.toContain(" to Abidjan");
    expect(text).not.toContain("Free on Board");
  });
});

describe("a receipt in French", () => {
  const receipt: ReceiptDocument = {
    number: "RCT-2026-0007",
    receivedOn: "2026-11-23",
    customer,
    method: "Bank transfer",
    reference: "VIR-889",
    currency: "XOF",
    amountMinor: 150_000,
    settledCurrency: "XOF",
    settledMinor: 150_000,
    rate: null,
    allocations: [{ number: "INV-2026-0042", amountMinor: 150_000 }],
    unappliedMinor: 0,
    reversal: { at: new Date("2026-11-24T10:00:00Z"), reason: "Chèque sans provision" },
  };

  it("prints its words, date and money in French", async () => {
    const pdf = await renderReceipt({ receipt, context: french });
    const text = await readBack(pdf);
    for (const expected of [
      "REÇU (ANNULÉ)",
      "Paiement reçu avec nos remerciements",
      "REÇU DE",
      "Awa Koné",
      "REÇU LE",
      "23 nov. 2026",
      "Virement bancaire",
      "MONTANT REÇU",
      "150 000 F CFA",
      "AFFECTÉ À",
      "Facture INV-2026-0042 150 000 F CFA",
      "Total 150 000 F CFA",
      "Annulé le 24 nov. 2026 : Chèque sans provision.",
      "Reçu RCT-2026-0007",
    ]) {
      expect(text).toContain(expected);
    }
    expect(await rawText(pdf)).toContain("ANNULÉ");
    expect(text).not.toContain("Received");
  });
});

describe("a statement of account in French", () => {
  const currencies: StatementCurrency[] = [
    {
      currency: "XOF",
      openingMinor: 0,
      closingMinor: 100_000,
      entries: [
        {
          kind: "invoice",
          date: "2026-11-03",
          number: "INV-2026-0042",
          invoiceId: null,
          paymentId: null,
          amountMinor: 150_000,
          balanceMinor: 150_000,
          detail: { kind: "invoice", dueDate: "2026-12-03" },
        },
        {
          kind: "payment",
          date: "2026-11-20",
          number: "RCT-2026-0007",
          invoiceId: null,
          paymentId: null,
          amountMinor: -50_000,
          balanceMinor: 100_000,
          detail: { kind: "payment", method: "mobile_money", reference: "OM-1", received: null },
        },
      ],
    },
  ];
  const statement = {
    customer,
    period: "November 1, 2026 to November 23, 2026",
    parts: statementText(currencies),
    source: { currencies, from: "2026-11-01", to: "2026-11-23" },
  };

  it("says the same figures in French words, dates and amounts", async () => {
    const text = await readBack(await renderStatement({ statement, context: french }));
    for (const expected of [
      "RELEVÉ DE COMPTE",
      "Du 1 nov. 2026 au 23 nov. 2026",
      "CLIENT",
      "SOLDE DE CLÔTURE (XOF)",
      "En XOF",
      "DÉBITS (XOF)",
      "Solde d’ouverture",
      "3 nov. 2026 Facture INV-2026-0042, échéance le 3 déc. 2026 150 000 150 000",
      // The details wrap over two lines, the amounts beside the first.
      "20 nov. 2026 Paiement RCT-2026-0007, paiement mobile (mobile 50 000 100 000 money), réf. OM-1",
      "Solde dû : 100 000 F CFA",
      "Page 1 sur 1",
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain("November");
  });

  it("in English prints the statement page's own text, as before", async () => {
    const text = await readBack(await renderStatement({ statement, context }));
    expect(text).toContain("November 1, 2026 to November 23, 2026");
    expect(text).toContain("Invoice INV-2026-0042, due December 3, 2026 150,000 150,000");
    expect(text).toContain("Balance due: 100,000 XOF");
  });
});

describe("a house waybill and a delivery note in French", () => {
  const shipment: DocumentShipment = {
    trackingNumber: "UTG-1234-5678",
    status: "Delivered",
    originLocation: "Shanghai, China",
    destinationLocation: "Abidjan, Côte d'Ivoire",
    weight: 1250.5,
    dimensions: "240 x 120 x 150 cm",
    notes: "Garder au sec.",
    transportMode: "sea",
    pieces: 3,
    goodsDescription: "Pièces détachées de groupe électrogène",
    declaredValue: 12500,
    declaredCurrency: "EUR",
    incoterm: "CIF",
    shipper: { name: "Zhang Wei", company: null, email: null, phone: null, address: null },
    consignee: customer,
  };

  it("prints the waybill's words in French, the cargo as typed, and a QR code of the French tracking page", async () => {
    const pdf = await renderWaybill({ shipment, terms: DEFAULT_WAYBILL_TERMS, context: french });
    expect((await pdfInfo(pdf)).pages).toBe(1);
    const text = await readBack(pdf);
    for (const expected of [
      "LETTRE DE TRANSPORT MAISON",
      "Récépissé de marchandises",
      "N° UTG-1234-5678",
      "EXPÉDITEUR",
      "DESTINATAIRE",
      "ORIGINE",
      "Maritime",
      "POIDS BRUT",
      "1 250,5 kg",
      "VALEUR DÉCLARÉE",
      // Money as the French pages write it (formatMoneyIn), not '12,500.00 EUR'.
      "12 500,00 €",
      "Pièces détachées de groupe électrogène",
      "SIGNATURE DE L’EXPÉDITEUR",
      "REÇU POUR UNITRANS GLOBAL LOGISTICS",
      "SUIVRE CETTE EXPÉDITION",
    ]) {
      expect(text).toContain(expected);
    }
    const codes = (await decodePages(pdf)).flat();
    expect(codes).toContainEqual({
      type: "QR-Code",
      data: "https://unitrans.example/fr/suivi/UTG-1234-5678",
    });
  });

  it("prints the delivery note and its proof in French, with the 24-hour time", async () => {
    const proof = {
      receiverName: "Awa Koné",
      deliveredAt: new Date("2026-11-21T15:40:00Z"),
      signature: null,
      photos: [],
      receiverRemarks: null,
    };
    const text = await readBack(await renderDeliveryNote({ shipment, proof, context: french }));
    for (const expected of [
      "BON DE LIVRAISON",
      "Preuve de livraison",
      "LIVRER À (DESTINATAIRE)",
      "DE (EXPÉDITEUR)",
      "Livré",
      "MARCHANDISES LIVRÉES",
      "NOM DU RÉCEPTIONNAIRE",
      "21 nov. 2026",
      "15:40",
      "Signé par nom saisi : Awa Koné",
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain("Delivered");
  });
});
