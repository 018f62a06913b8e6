// The freight documents read back by real readers: barcodes decoded by zbarimg on pages rendered by pdftoppm,
// text extracted by pdftotext, compared with the shipment they were made from.
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { DEFAULT_WAYBILL_TERMS } from "#app/schemas/document-settings.ts";
import { renderDeliveryNote } from "#app/server/documents/delivery-note.server.ts";
import type { DocumentContext, DocumentShipment } from "#app/server/documents/document-context.server.ts";
import { renderWaybill } from "#app/server/documents/house-waybill.server.ts";
import {
  decodePages,
  pdfInfo,
  pdfPagesText,
  pdfWords,
} from "#app/server/documents/pdf-readers.test-support.ts";
import { printable, UNPRINTABLE_MARK } from "#app/server/documents/pdf-text.server.ts";
import { type QuoteDocument, renderQuote } from "#app/server/documents/quote-document.server.ts";
import { renderLabels } from "#app/server/documents/shipping-label.server.ts";

const context: DocumentContext = {
  company: {
    companyName: "Unitrans Global Logistics",
    phone: "+231 77 700 1995",
    email: "info@unitrans.example",
    address: "Broad and Randell Street, Monrovia, Liberia",
  },
  siteUrl: "https://unitrans.example",
  now: new Date("2026-11-23T12:00:00Z"),
  timeZone: "Africa/Monrovia",
};

const shipment = (overrides: Partial<DocumentShipment> = {}): DocumentShipment => ({
  trackingNumber: "UTG-1234-5678",
  status: "In Transit",
  originLocation: "Shanghai, China",
  destinationLocation: "Monrovia, Liberia",
  weight: 1250.5,
  dimensions: "240 x 120 x 150 cm",
  notes: "Keep dry. Forklift needed at delivery.",
  transportMode: "sea",
  pieces: 3,
  goodsDescription: "Generator spare parts in 3 wooden crates",
  declaredValue: 12500,
  declaredCurrency: "EUR",
  incoterm: "CIF",
  shipper: {
    name: "Zhang Wei",
    company: "Shanghai Parts Co.",
    email: "zw@example.com",
    phone: "+8613800000000",
    address: "88 Century Avenue, Pudong, Shanghai",
  },
  consignee: {
    name: "Ngozi Okafor",
    company: "Monrovia Power Ltd",
    email: "ngozi@example.com",
    phone: "+231770123456",
    address: "Broad Street, Monrovia",
  },
  ...overrides,
});

/** Text as pdftotext gives it back: words separated by single spaces. */
const flat = (text: string) => text.replace(/\s+/g, " ").trim();

describe("printable", () => {
  it("keeps Latin, Latin Extended, Greek, Cyrillic and the usual symbols", () => {
    const text = "Łódź Ærø Şişli Đà Nẵng Ωμέγα Иван € ₦ № 5 ° × →";
    expect(printable(text)).toBe(text);
  });

  it("drops bidirectional marks, zero-width and control characters, and marks what the font cannot draw", () => {
    expect(printable("\u202Eevil\u202C \u200Fname\u200B\u0000")).toBe("evil name");
    expect(printable("王小明")).toBe(UNPRINTABLE_MARK);
    expect(printable("Box 📦👍🏽 ok")).toBe(`Box ${UNPRINTABLE_MARK} ok`);
    // Right-to-left scripts: no bidirectional layout in PDFKit, so marked rather than printed backwards.
    expect(printable("Ali محمد Co")).toBe(`Ali ${UNPRINTABLE_MARK} Co`);
    expect(printable("דוד לוי")).toBe(`${UNPRINTABLE_MARK} ${UNPRINTABLE_MARK}`);
    expect(printable("a\nb")).toBe("a b");
    expect(printable("a\r\nb", { multiline: true })).toBe("a\nb");
  });
});

describe("shipping labels", () => {
  it("prints one 4×6 in label per piece whose Code 128 is the tracking number and whose QR opens the tracking page", async () => {
    const pdf = await renderLabels({
      runs: [{ shipment: shipment(), from: 1, to: 3 }],
      size: "4x6",
      context,
    });
    const info = await pdfInfo(pdf);
    expect(info.pages).toBe(3);
    expect([info.width, info.height]).toEqual([288, 432]);

    const codes = await decodePages(pdf, { dpi: 200 });
    for (const page of codes) {
      expect(page).toContainEqual({ type: "CODE-128", data: "UTG-1234-5678" });
      expect(page).toContainEqual({ type: "QR-Code", data: "https://unitrans.example/track/UTG-1234-5678" });
    }

    const pages = (await pdfPagesText(pdf)).map(flat);
    pages.forEach((text, i) => {
      expect(text).toContain(`${i + 1} of 3`);
      for (const expected of [
        "UTG-1234-5678",
        "Unitrans Global Logistics",
        "Tel +231 77 700 1995",
        "Shanghai, China",
        "Monrovia, Liberia",
        "Zhang Wei",
        "Ngozi Okafor",
        "1,250.5 kg",
        "240 x 120 x 150 cm",
        "SEA",
      ]) {
        expect(text).toContain(expected);
      }
    });
  });

  it("prints A6 pages when asked", async () => {
    const pdf = await renderLabels({ runs: [{ shipment: shipment(), from: 2, to: 3 }], size: "a6", context });
    const info = await pdfInfo(pdf);
    expect(info.pages).toBe(2);
    expect([info.width, info.height]).toEqual([297.64, 419.53]);
    expect(flat((await pdfPagesText(pdf))[0]!)).toContain("2 of 3");
  });

  it("prints a shipment without any of the optional fields (one piece)", async () => {
    const bare = shipment({
      weight: null,
      dimensions: null,
      notes: null,
      transportMode: null,
      pieces: null,
      goodsDescription: null,
      declaredValue: null,
      declaredCurrency: null,
      incoterm: null,
      shipper: null,
      consignee: null,
    });
    const pdf = await renderLabels({ runs: [{ shipment: bare, from: 1, to: 1 }], size: "4x6", context });
    expect((await pdfInfo(pdf)).pages).toBe(1);
    expect(flat((await pdfPagesText(pdf))[0]!)).toContain("1 of 1");
  });

  it("checks a 50-shipment bulk PDF page by page", async () => {
    const numbers = Array.from({ length: 50 }, (_, i) => `UTG-${String(1000 + i)}-${String(5000 + i * 7)}`);
    const runs = numbers.map((trackingNumber, i) => ({
      shipment: shipment({
        trackingNumber,
        pieces: 1,
        consignee: { ...shipment().consignee!, name: `Consignee ${i}` },
      }),
      from: 1,
      to: 1,
    }));
    const pdf = await renderLabels({ runs, size: "4x6", context });
    expect((await pdfInfo(pdf)).pages).toBe(50);
    const codes = await decodePages(pdf, { dpi: 150 });
    const texts = (await pdfPagesText(pdf)).map(flat);
    expect(codes).toHaveLength(50);
    numbers.forEach((trackingNumber, i) => {
      expect(codes[i]).toContainEqual({ type: "CODE-128", data: trackingNumber });
      expect(codes[i]).toContainEqual({
        type: "QR-Code",
        data: `https://unitrans.example/track/${trackingNumber}`,
      });
      expect(texts[i]).toContain(trackingNumber);
      expect(texts[i]).toContain(`Consignee ${i}`);
      expect(texts[i]).toContain("1 of 1");
    });
  }, 120_000);
});

describe("house waybill", () => {
  it("holds the letterhead, the number, both parties in full, the cargo, the terms, and codes that read back", async () => {
    const pdf = await renderWaybill({ shipment: shipment(), terms: DEFAULT_WAYBILL_TERMS, context });
    const info = await pdfInfo(pdf);
    expect(info.pages).toBe(1);
    expect(Math.round(info.width)).toBe(595);

    const [codes] = await decodePages(pdf, { dpi: 200 });
    expect(codes).toContainEqual({ type: "QR-Code", data: "https://unitrans.example/track/UTG-1234-5678" });
    expect(codes).toContainEqual({ type: "CODE-128", data: "UTG-1234-5678" });

    const text = flat((await pdfPagesText(pdf))[0]!);
    for (const expected of [
      "HOUSE WAYBILL",
      "No. UTG-1234-5678",
      "Date 23 Nov 2026",
      "Unitrans Global Logistics",
      "Broad and Randell Street, Monrovia, Liberia",
      "Zhang Wei",
      "Shanghai Parts Co.",
      "88 Century Avenue, Pudong, Shanghai",
      "Tel +8613800000000",
      "zw@example.com",
      "Ngozi Okafor",
      "ngozi@example.com",
      "Shanghai, China",
      "Monrovia, Liberia",
      "Sea",
      "INCOTERM (2020)",
      "Sea CIF",
      "1,250.5 kg",
      "240 x 120 x 150 cm",
      "12,500.00 EUR",
      "Generator spare parts in 3 wooden crates",
      "Keep dry. Forklift needed at delivery.",
      flat(DEFAULT_WAYBILL_TERMS).slice(0, 60),
      "SHIPPER'S SIGNATURE",
    ]) {
      expect(text).toContain(expected);
    }
  });

  it("leaves the declared value out when none is given", async () => {
    const pdf = await renderWaybill({
      shipment: shipment({ declaredValue: null, declaredCurrency: null }),
      terms: "Terms.",
      context,
    });
    expect(flat((await pdfPagesText(pdf))[0]!)).not.toContain("EUR");
  });
});

describe("delivery note", () => {
  it("says what is delivered to whom, with empty proof boxes to sign on paper", async () => {
    const pdf = await renderDeliveryNote({ shipment: shipment(), context });
    expect((await pdfInfo(pdf)).pages).toBe(1);
    const [codes] = await decodePages(pdf, { dpi: 200 });
    expect(codes).toContainEqual({ type: "QR-Code", data: "https://unitrans.example/track/UTG-1234-5678" });
    const text = flat((await pdfPagesText(pdf))[0]!);
    for (const expected of [
      "DELIVERY NOTE",
      "DELIVER TO (CONSIGNEE)",
      "Ngozi Okafor",
      "Broad Street, Monrovia",
      "Generator spare parts in 3 wooden crates",
      "RECEIVER'S NAME",
      "RECEIVER'S SIGNATURE",
    ]) {
      expect(text).toContain(expected);
    }
  });

  it("prints a recorded proof of delivery: the receiver, the time, the signature and the photos", async () => {
    const png = (color: string) =>
      sharp({ create: { width: 300, height: 120, channels: 3, background: color } })
        .png()
        .toBuffer();
    const pdf = await renderDeliveryNote({
      shipment: shipment(),
      proof: {
        receiverName: "John Doe",
        deliveredAt: new Date("2026-11-21T15:40:00Z"),
        signature: await png("#222222"),
        photos: [await png("#884400")],
        receiverRemarks: "One crate scratched.",
      },
      context,
    });
    expect((await pdfInfo(pdf)).pages).toBe(2);
    const text = flat((await pdfPagesText(pdf)).join(" "));
    for (const expected of [
      "John Doe",
      "21 Nov 2026",
      "15:40",
      "One crate scratched.",
      "Delivery photos: UTG-1234-5678",
    ]) {
      expect(text).toContain(expected);
    }
  });
});

describe("hostile content", () => {
  const hostile = shipment({
    goodsDescription: "<b>bold</b> & <img src=x onerror=alert(1)>",
    notes: "N".repeat(10_000),
    shipper: {
      name: "<script>alert('x')</script>",
      company: "\u202Egnp.exe\u202C Trading",
      email: "a@example.com",
      phone: "+231770123456",
      address: "Line 1\nLine 2\n".repeat(50),
    },
    consignee: {
      name: "王小明 📦",
      company: "Иван Петров & Σία",
      email: null,
      phone: null,
      address: `${"Very long address ".repeat(40)}end`,
    },
    dimensions: "x".repeat(100),
    originLocation: "O".repeat(200),
    destinationLocation: "Łódź ₦ № °",
  });

  it("prints what was typed, or its documented fallback, on one waybill page, every word inside the page", async () => {
    const pdf = await renderWaybill({ shipment: hostile, terms: "T ".repeat(1500), context });
    expect((await pdfInfo(pdf)).pages).toBe(1);
    const text = flat((await pdfPagesText(pdf))[0]!);
    expect(text).toContain("<script>alert('x')</script>");
    expect(text).toContain("<b>bold</b> & <img src=x onerror=alert(1)>");
    expect(text).toContain("gnp.exe Trading");
    expect(text).not.toContain("\u202E");
    // '王小明 📦' is printed as '� �' (pdftotext may read the two marks without the space between).
    expect(text).toMatch(new RegExp(`${UNPRINTABLE_MARK} ?${UNPRINTABLE_MARK}`));
    expect(text).toContain("Иван Петров & Σία");
    expect(text).toContain("Łódź ₦ № °");

    const { width, height, words } = await pdfWords(pdf);
    for (const word of words) {
      expect(word.xMin).toBeGreaterThanOrEqual(30);
      expect(word.xMax).toBeLessThanOrEqual(width - 30);
      expect(word.yMax).toBeLessThanOrEqual(height - 20);
    }
    // The 10,000-character notes stop inside their box: cut with '…' above the terms' box.
    const noteWords = words.filter((w) => /^N{5,}…?$/.test(w.text));
    expect(noteWords.length).toBeGreaterThan(0);
    expect(noteWords.at(-1)!.text.endsWith("…")).toBe(true);
    const termsCaption = words.find((w) => w.text === "TERMS")!;
    expect(Math.max(...noteWords.map((w) => w.yMax))).toBeLessThan(termsCaption.yMin);
    const printedNs = noteWords.reduce((sum, w) => sum + w.text.replace("…", "").length, 0);
    expect(printedNs).toBeLessThan(10_000);
  });

  it("prints hostile labels and delivery notes without breaking, codes still readable", async () => {
    const labels = await renderLabels({ runs: [{ shipment: hostile, from: 1, to: 2 }], size: "a6", context });
    expect((await pdfInfo(labels)).pages).toBe(2);
    const [codes] = await decodePages(labels, { dpi: 200 });
    expect(codes).toContainEqual({ type: "CODE-128", data: "UTG-1234-5678" });
    const { width, words } = await pdfWords(labels);
    for (const word of words) {
      expect(word.xMin).toBeGreaterThanOrEqual(10);
      expect(word.xMax).toBeLessThanOrEqual(width - 10);
    }
    const note = await renderDeliveryNote({ shipment: hostile, context });
    expect((await pdfInfo(note)).pages).toBe(1);
  });
});

describe("quote", () => {
  const quote = (overrides: Partial<QuoteDocument> = {}): QuoteDocument => ({
    reference: "Q-3F2A9C1B",
    version: 2,
    draft: false,
    sentAt: new Date("2026-11-24T09:00:00Z"),
    validUntil: "2026-12-08",
    currency: "USD",
    totalMinor: 143550,
    lines: [
      { description: "Ocean freight Monrovia to Accra", amountMinor: 120000 },
      { description: "Origin charges", amountMinor: 15000 },
      { description: "Customs clearance", amountMinor: 8550 },
    ],
    transitTime: "5-7 days",
    incoterm: "FOB",
    terms: "Payment before release of the cargo.",
    note: "Thank you for your request.",
    customer: { name: "Musu Flomo", email: "musu@example.com" },
    request: {
      route: "Monrovia to Accra",
      parcelType: "Pallets",
      weight: "250 kg",
      freightTypes: ["Sea Freight"],
    },
    link: `https://unitrans.example/quote/${"a".repeat(43)}`,
    ...overrides,
  });

  it("prints the letterhead, the lines with their total, validity and terms, and a QR code of the customer's link", async () => {
    const pdf = await renderQuote({ quote: quote(), context });
    expect((await pdfInfo(pdf)).pages).toBe(1);
    const text = flat((await pdfPagesText(pdf))[0]!);
    for (const expected of [
      "Unitrans Global Logistics",
      "QUOTATION",
      "Version 2",
      "No. Q-3F2A9C1B",
      "Musu Flomo · musu@example.com",
      "Monrovia to Accra",
      "Ocean freight Monrovia to Accra 1,200.00 USD",
      "Customs clearance 85.50 USD",
      "Total 1,435.50 USD",
      "5-7 days",
      "FOB (Free on Board)",
      "8 Dec 2026",
      "Payment before release of the cargo.",
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain("DRAFT");
    const codes = (await decodePages(pdf)).flat();
    expect(codes).toContainEqual({
      type: "QR-Code",
      data: `https://unitrans.example/quote/${"a".repeat(43)}`,
    });
  });

  it("marks a draft, which has no link, and keeps 20 long lines and long terms on one page", async () => {
    const lines = Array.from({ length: 20 }, (_, i) => ({
      description: `${i + 1}. ${"Handling and storage at the Freeport of Monrovia ".repeat(4)}`.slice(0, 200),
      amountMinor: 99_999_999_999_999,
    }));
    const pdf = await renderQuote({
      quote: quote({
        draft: true,
        sentAt: null,
        link: null,
        lines,
        terms: "T ".repeat(2000),
        note: "N".repeat(2000),
      }),
      context,
    });
    expect((await pdfInfo(pdf)).pages).toBe(1);
    const text = flat((await pdfPagesText(pdf))[0]!);
    expect(text).toContain("QUOTATION (DRAFT)");
    expect(text).toContain("DRAFT");
    expect(text).toContain("20. Handling");
    expect(text).toContain("999,999,999,999.99 USD");
    expect(await decodePages(pdf)).toEqual([[]]);
    const { width, height, words } = await pdfWords(pdf);
    // The watermark is drawn across the page on purpose; every other word stays inside the margins.
    for (const word of words.filter((w) => w.text !== "DRAFT")) {
      expect(word.xMin).toBeGreaterThanOrEqual(30);
      expect(word.xMax).toBeLessThanOrEqual(width - 30);
      expect(word.yMax).toBeLessThanOrEqual(height - 20);
    }
  });
});
