// The quote form's amounts and checks (docs/decisions/016): typed amounts read exactly into minor units (no
// floating point on money), and the form refused field by field. No database: the quote flow's tests are
// quotes.server.test.ts and bookings.server.test.ts.
import { describe, expect, it } from "vitest";
import { formatMinor, parseAmount } from "#app/lib/money.ts";
import { readQuoteForm, validateQuoteForm } from "#app/schemas/quote.ts";

describe("amounts in minor units", () => {
  it("reads typed amounts exactly and refuses bad ones", () => {
    expect(parseAmount("1,250.50", "USD")).toEqual({ ok: true, minor: 125050 });
    expect(parseAmount("0.1", "USD")).toEqual({ ok: true, minor: 10 });
    expect(parseAmount("999999999999.99", "USD")).toEqual({ ok: true, minor: 99999999999999 });
    expect(parseAmount("1500", "JPY")).toEqual({ ok: true, minor: 1500 });
    expect(parseAmount("15.5", "JPY").ok).toBe(false);
    expect(parseAmount("1.005", "USD").ok).toBe(false);
    expect(parseAmount("-1", "USD").ok).toBe(false);
    expect(parseAmount("1e5", "USD").ok).toBe(false);
    expect(parseAmount("1234567890123", "USD").ok).toBe(false);
    expect(formatMinor(125050, "USD")).toBe("1,250.50");
    expect(formatMinor(5, "USD")).toBe("0.05");
  });

  it("validates the form: at least one line, no past validity, messages per field", () => {
    const form = new FormData();
    form.set("currency", "USD");
    form.set("validUntil", "2026-11-22");
    form.append("lineDescription", "Freight");
    form.append("lineAmount", "-5");
    form.append("lineDescription", "");
    form.append("lineAmount", "");
    const result = validateQuoteForm(readQuoteForm(form), { today: "2026-11-23" });
    expect(result).toEqual({
      ok: false,
      errors: {
        validUntil: "The validity date cannot be in the past",
        "lines.0.amount": "The amount cannot be negative",
      },
    });
    const empty = new FormData();
    empty.set("currency", "USD");
    empty.set("validUntil", "2026-11-23");
    expect(validateQuoteForm(readQuoteForm(empty), { today: "2026-11-23" })).toEqual({
      ok: false,
      errors: { lines: "A quote needs at least one line" },
    });
  });
});
