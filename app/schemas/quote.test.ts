import { describe, expect, it } from "vitest";
import { type QuoteFormValues, validateQuoteForm } from "#app/schemas/quote.ts";

// The quote's texts reach the customer's e-mail and PDF: control characters are refused, line breaks
// only where a text has lines.

const valid: QuoteFormValues = {
  currency: "USD",
  validUntil: "2099-12-31",
  transitTime: "5-7 days",
  incoterm: "",
  terms: "Payment before release.\nCargo insurance not included.",
  note: "",
  lines: [{ description: "Sea freight", amount: "1,200.00" }],
};
const today = "2026-11-27";

describe("validateQuoteForm", () => {
  it("keeps line breaks in terms and note", () => {
    expect(validateQuoteForm(valid, { today }).ok).toBe(true);
  });

  it("refuses control characters in every text, and line breaks in one-line texts", () => {
    const cases: [Partial<QuoteFormValues>, string][] = [
      [{ transitTime: "5 days\r\nBcc: x@example.com" }, "transitTime"],
      [{ terms: "Terms\u0000" }, "terms"],
      [{ note: "Note\u001b[31m" }, "note"],
      [{ lines: [{ description: "Freight\nBcc: x@example.com", amount: "10" }] }, "lines.0.description"],
    ];
    for (const [change, field] of cases) {
      const result = validateQuoteForm({ ...valid, ...change }, { today });
      expect(result.ok, field).toBe(false);
      expect(!result.ok && result.errors[field], field).toBe("Contains characters that are not allowed");
    }
  });
});
