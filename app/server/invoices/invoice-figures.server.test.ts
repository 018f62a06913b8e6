// An invoice's figures as the customer's page shows them (decision 030): in French, quantities, rates and the credit
// notes' lines are French, a line without tax says so in French; in English, exactly as before. Pure.
import { describe, expect, it } from "vitest";
import { wordsFor } from "#app/server/i18n/words.server.ts";
import { invoiceFigures } from "#app/server/invoices/invoice-figures.server.ts";
import type { InvoiceWithParts } from "#app/server/invoices/invoices.server.ts";

const line = { description: "Customs clearance", unitPriceMinor: 10_000, amountMinor: 15_000 };
const invoice = {
  kind: "invoice",
  state: "issued",
  currency: "USD",
  lines: [
    { ...line, quantityMilli: 1500, taxName: "VAT", taxBasisPoints: 750, taxMinor: 1125 },
    { ...line, quantityMilli: 1500, taxName: null, taxBasisPoints: null, taxMinor: 0 },
  ],
  subtotalMinor: 30_000,
  totalMinor: 31_125,
  creditNotes: [{ state: "issued", number: "CN-2026-0001", totalMinor: 5000 }],
} as unknown as InvoiceWithParts;

const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

describe("an invoice's figures", () => {
  it("writes quantities, rates and the credit notes' lines in French on a French page", () => {
    const figures = invoiceFigures(invoice, "fr");
    expect(figures.lines.map((row) => [row.quantity, row.tax])).toEqual([
      ["1,5", "VAT (7,5 %)"],
      ["1,5", "No tax"],
    ]);
    expect(figures.taxes.map((tax) => [tax.label, plain(tax.amount)])).toEqual([
      ["VAT (7,5 %)", "11,25 $US"],
    ]);
    expect(figures.credits.map((credit) => [credit.label, plain(credit.amount)])).toEqual([
      ["Moins l'avoir CN-2026-0001", "-50,00 $US"],
    ]);
  });

  it("says a line without tax is not taxed ('Sans taxe'), not that its price is before tax ('Hors taxe')", () => {
    expect(wordsFor("fr", "invoice")?.["No tax"]).toBe("Sans taxe");
  });

  it("stays as it was in English", () => {
    const figures = invoiceFigures(invoice);
    expect(figures.lines.map((row) => [row.quantity, row.tax])).toEqual([
      ["1.5", "VAT (7.5 %)"],
      ["1.5", "No tax"],
    ]);
    expect(figures.credits).toEqual([{ label: "Less credit note CN-2026-0001", amount: "-50.00 USD" }]);
  });
});
