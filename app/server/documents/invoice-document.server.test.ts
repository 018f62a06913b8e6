// The invoice and credit note PDF read back by real readers (pdftotext, pdfinfo, pdffonts): what the customer
// reads on it, the draft and void marks, a long invoice over several pages, and how long a typical one takes.
import { describe, expect, it } from "vitest";
import type { DocumentContext } from "#app/server/documents/document-context.server.ts";
import { type InvoiceDocument, renderInvoice } from "#app/server/documents/invoice-document.server.ts";
import {
  decodePages,
  pdfFonts,
  pdfInfo,
  pdfPagesText,
} from "#app/server/documents/pdf-readers.test-support.ts";

const context: DocumentContext = {
  company: {
    companyName: "Unitrans Global Logistics",
    phone: "+231 77 700 1995",
    email: "info@unitrans.example",
    address: "Broad and Randell Street, Monrovia, Liberia",
  },
  siteUrl: "https://unitrans.example",
  now: new Date("2026-11-27T12:00:00Z"),
  timeZone: "Africa/Monrovia",
};

const GST = { taxName: "GST", taxBasisPoints: 1200 };
const invoice = (overrides: Partial<InvoiceDocument> = {}): InvoiceDocument => ({
  kind: "invoice",
  state: "issued",
  number: "INV-2026-0001",
  currency: "USD",
  issueDate: "2026-11-23",
  dueDate: "2026-12-23",
  paymentTermsDays: 30,
  voidedAt: null,
  customer: {
    name: "Ama Mensah",
    company: "Mensah Trading",
    email: "ama@example.com",
    phone: null,
    address: "12 Broad Street\nMonrovia",
  },
  shipments: ["UTG-1234-5678", "UTG-2345-6789"],
  creditedNumber: null,
  lines: [
    {
      description: "Sea freight Shanghai to Monrovia",
      quantityMilli: 1000,
      unitPriceMinor: 120_050,
      taxName: null,
      taxBasisPoints: null,
      amountMinor: 120_050,
      taxMinor: 0,
    },
    {
      description: "Handling",
      quantityMilli: 2500,
      unitPriceMinor: 33,
      ...GST,
      amountMinor: 83,
      taxMinor: 10,
    },
    {
      description: "Customs clearance",
      quantityMilli: 1000,
      unitPriceMinor: 4_500,
      taxName: "Levy",
      taxBasisPoints: 750,
      amountMinor: 4_500,
      taxMinor: 338,
    },
    {
      description: "Storage",
      quantityMilli: 3000,
      unitPriceMinor: 1_000,
      ...GST,
      amountMinor: 3_000,
      taxMinor: 360,
    },
  ],
  subtotalMinor: 127_633,
  totalMinor: 128_341,
  credits: [],
  paidMinor: 0,
  notes: "Thank you for your business.",
  paymentInstructions: "Bank: LBDI, account 001-234567-01\nMTN Mobile Money: +231 88 000 1234",
  link: null,
  ...overrides,
});

/** Text as pdftotext gives it back: words separated by single spaces. */
const flat = (text: string) => text.replace(/\s+/g, " ").trim();
/** Each page as laid out: a table's row, or a label and its amount, read as one line. */
const laidOut = (pdf: Buffer) => pdfPagesText(pdf, { mode: "layout" });
const rowsText = async (pdf: Buffer) => flat((await laidOut(pdf)).join(" "));

/** The word printed diagonally across each page (a line of its own in the order drawn), or none. */
const watermarks = async (pdf: Buffer) =>
  (await pdfPagesText(pdf, { mode: "raw" })).map(
    (page) => page.split("\n").find((line) => line === "DRAFT" || line === "VOID") ?? null,
  );

/** The value printed under a cell's label (the next line's text that starts in the label's column). */
async function cellValue(pdf: Buffer, label: string): Promise<string | null> {
  const lines = (await laidOut(pdf)).join("\n").split("\n");
  const row = lines.findIndex((line) => line.includes(label));
  if (row < 0) return null;
  const column = Math.max(0, lines[row]!.indexOf(label) - 2);
  const next = lines.slice(row + 1).find((line) => line.slice(column).trim() !== "");
  return (
    next
      ?.slice(column)
      .trim()
      .split(/\s{2,}/)[0] ?? null
  );
}

describe("the invoice PDF", () => {
  it("prints the number, both addresses, dates, shipments, lines, one line per tax rate, totals and how to pay", async () => {
    const pdf = await renderInvoice({ invoice: invoice(), context });
    const info = await pdfInfo(pdf);
    expect(info.pages).toBe(1);
    expect([info.width, info.height]).toEqual([595.28, 841.89]);
    expect(info.raw).toMatch(/^Title:\s+Invoice INV-2026-0001$/m);
    const text = await rowsText(pdf);
    for (const expected of [
      "Unitrans Global Logistics",
      "Broad and Randell Street, Monrovia, Liberia",
      "INVOICE",
      "No. INV-2026-0001",
      "Date 23 Nov 2026",
      "Ama Mensah",
      "Mensah Trading",
      "12 Broad Street",
      "ama@example.com",
      "SHIPMENTS UTG-1234-5678, UTG-2345-6789",
      "DESCRIPTION QUANTITY UNIT PRICE (USD) TAX AMOUNT (USD)",
      "Sea freight Shanghai to Monrovia 1 1,200.50 None 1,200.50",
      "Handling 2.5 0.33 GST 12 % 0.83",
      "Customs clearance 1 45.00 Levy 7.5 % 45.00",
      "Storage 3 10.00 GST 12 % 30.00",
      "Subtotal 1,276.33 USD",
      "GST 12 % on 30.83 3.70 USD",
      "Levy 7.5 % on 45.00 3.38 USD",
      "Total 1,283.41 USD",
      "Balance due 1,283.41 USD",
      "Thank you for your business.",
      "HOW TO PAY Bank: LBDI, account 001-234567-01 MTN Mobile Money: +231 88 000 1234",
      "Invoice INV-2026-0001 Page 1 of 1",
    ]) {
      expect(text).toContain(expected);
    }
    expect(await cellValue(pdf, "BILL TO")).toBe("Ama Mensah");
    expect(await cellValue(pdf, "ISSUE DATE")).toBe("23 Nov 2026");
    expect(await cellValue(pdf, "DUE DATE")).toBe("23 Dec 2026");
    expect(await cellValue(pdf, "PAYMENT TERMS")).toBe("30 days");
    expect(await cellValue(pdf, "BALANCE DUE")).toBe("1,283.41 USD");
    expect(text).not.toContain("DRAFT");
    expect(text).not.toContain("VOID");
    expect(await watermarks(pdf)).toEqual([null]);
    expect(text).not.toMatch(/paid|payment received/i);
  });

  it("embeds its fonts and renders a typical invoice quickly (time printed, not asserted)", async () => {
    await renderInvoice({ invoice: invoice(), context });
    const runs: number[] = [];
    for (let i = 0; i < 10; i++) {
      const start = performance.now();
      await renderInvoice({ invoice: invoice(), context });
      runs.push(performance.now() - start);
    }
    runs.sort((a, b) => a - b);
    console.info(
      `invoice PDF (4 lines, 1 page): median ${runs[5]!.toFixed(1)} ms, slowest ${runs[9]!.toFixed(1)} ms (target ≤ 100 ms)`,
    );
    const fonts = await pdfFonts(await renderInvoice({ invoice: invoice(), context }));
    expect(fonts.length).toBeGreaterThan(0);
    for (const font of fonts) {
      expect(font.name).toMatch(/DejaVuSans/);
      expect(font.embedded, font.name).toBe(true);
    }
  });

  it("marks a draft, which has no number, with DRAFT on every page", async () => {
    const pdf = await renderInvoice({
      invoice: invoice({ state: "draft", number: null, issueDate: null, dueDate: null }),
      context,
    });
    const text = await rowsText(pdf);
    expect(text).toContain("INVOICE (DRAFT)");
    expect(text).toContain("Not issued yet: no number");
    expect(await cellValue(pdf, "ISSUE DATE")).toBe("On issue");
    expect(await cellValue(pdf, "DUE DATE")).toBe("30 days after issue");
    expect(text).toContain("Invoice (draft) Page 1 of 1");
    expect(text).not.toContain("No. ");
    expect(text).not.toContain("INV-");
    expect(await watermarks(pdf)).toEqual(["DRAFT"]);
    const long = await renderInvoice({
      invoice: invoice({
        state: "draft",
        number: null,
        issueDate: null,
        dueDate: null,
        lines: Array.from({ length: 70 }, () => invoice().lines[1]!),
      }),
      context,
    });
    expect(await watermarks(long)).toEqual(["DRAFT", "DRAFT"]);
  });

  it("marks a void invoice VOID, keeps its number, and asks for no payment", async () => {
    const pdf = await renderInvoice({
      invoice: invoice({ state: "void", voidedAt: new Date("2026-11-25T10:00:00Z") }),
      context,
    });
    const text = await rowsText(pdf);
    expect(text).toContain("INVOICE (VOID)");
    expect(text).toContain("No. INV-2026-0001");
    expect(await cellValue(pdf, "STATUS")).toBe("Void since 25 Nov 2026: not to be paid");
    expect(text).not.toContain("Balance due");
    expect(text).not.toContain("HOW TO PAY");
    expect(await watermarks(pdf)).toEqual(["VOID"]);
  });

  it("takes an invoice's issued credit notes off its balance due", async () => {
    const text = await rowsText(
      await renderInvoice({
        invoice: invoice({ credits: [{ number: "CN-2026-0001", totalMinor: 3_360 }] }),
        context,
      }),
    );
    expect(text).toContain("Total 1,283.41 USD");
    expect(text).toContain("Less credit note CN-2026-0001 -33.60 USD");
    expect(text).toContain("Balance due 1,249.81 USD");
  });

  it("prints the QR code of the customer's page and its address beside it when the copy has a link, none without", async () => {
    const link = `https://unitrans.example/invoice/${"b".repeat(43)}`;
    const linked = await renderInvoice({ invoice: invoice({ link }), context });
    expect((await decodePages(linked)).flat()).toContainEqual({ type: "QR-Code", data: link });
    expect(flat((await pdfPagesText(linked)).join(" "))).toContain(link);
    const plain = await renderInvoice({ invoice: invoice(), context });
    expect((await decodePages(plain)).flat()).toEqual([]);
    expect(flat((await pdfPagesText(plain)).join(" "))).not.toContain("/invoice/");
  });

  it("takes the payments received off the balance due", async () => {
    const text = await rowsText(
      await renderInvoice({
        invoice: invoice({ credits: [{ number: "CN-2026-0001", totalMinor: 3_360 }], paidMinor: 49_981 }),
        context,
      }),
    );
    expect(text).toContain("Amount paid -499.81 USD");
    expect(text).toContain("Balance due 750.00 USD");
  });

  it("titles a credit note as such, with the invoice it credits and no payment asked", async () => {
    const pdf = await renderInvoice({
      invoice: invoice({
        kind: "credit_note",
        number: "CN-2026-0001",
        creditedNumber: "INV-2026-0001",
        shipments: [],
        lines: [invoice().lines[3]!],
        subtotalMinor: 3_000,
        totalMinor: 3_360,
      }),
      context,
    });
    expect((await pdfInfo(pdf)).raw).toMatch(/^Title:\s+Credit note CN-2026-0001$/m);
    const text = await rowsText(pdf);
    expect(await cellValue(pdf, "CREDIT NOTE FOR INVOICE")).toBe("INV-2026-0001");
    expect(await cellValue(pdf, "CREDITED TO")).toBe("Ama Mensah");
    expect(await cellValue(pdf, "TOTAL CREDITED")).toBe("33.60 USD");
    for (const expected of [
      "CREDIT NOTE",
      "No. CN-2026-0001",
      "For invoice INV-2026-0001",
      "Storage 3 10.00 GST 12 % 30.00",
      "GST 12 % on 30.00 3.60 USD",
      "Total credited 33.60 USD",
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain("Balance due");
    expect(text).not.toContain("HOW TO PAY");
  });

  it("flows 60 lines with long descriptions over pages, the table header on each, totals and texts after them", async () => {
    const lines = Array.from({ length: 60 }, (_, i) => ({
      description:
        `Line ${i + 1}: ${"Handling and storage at the Freeport of Monrovia ".repeat(i % 3 === 0 ? 4 : 1)}`.trim(),
      quantityMilli: 1000,
      unitPriceMinor: 1_000,
      ...GST,
      amountMinor: 1_000,
      taxMinor: 120,
    }));
    const pdf = await renderInvoice({
      invoice: invoice({
        lines,
        subtotalMinor: 60_000,
        totalMinor: 67_200,
        notes: "Note. ".repeat(300),
        paymentInstructions: "Pay by bank transfer. ".repeat(40),
      }),
      context,
    });
    const pages = (await laidOut(pdf)).map(flat);
    expect(pages.length).toBeGreaterThanOrEqual(3);
    pages.forEach((page, i) => {
      expect(page).toContain(`Invoice INV-2026-0001 Page ${i + 1} of ${pages.length}`);
      if (i > 0) expect(page).toContain("Invoice INV-2026-0001 (continued)");
    });
    // Every line printed once, in order (reading order: a wrapped description reads in one piece); the table's
    // header on every page that holds lines.
    const text = flat((await pdfPagesText(pdf)).join(" "));
    const found = lines.map((_, i) => text.indexOf(`Line ${i + 1}: `));
    expect(found.every((at) => at >= 0)).toBe(true);
    expect([...found].sort((a, b) => a - b)).toEqual(found);
    for (const page of pages.filter((p) => p.includes("Line "))) {
      expect(page).toContain("DESCRIPTION QUANTITY UNIT PRICE (USD) TAX AMOUNT (USD)");
    }
    // The long descriptions wrap in full instead of being cut.
    expect(text).toContain(
      `Line 58: ${"Handling and storage at the Freeport of Monrovia ".repeat(4).trim()}`,
    );
    const rows = pages.join(" ");
    expect(rows).toContain("Total 672.00 USD");
    expect(rows).toContain("GST 12 % on 600.00 72.00 USD");
    expect(pages.at(-1)).toContain("Pay by bank transfer.");
    expect(text).not.toContain("…");
  });
});
