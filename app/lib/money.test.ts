// Typed amounts (decision 016) in the page's language: English as before ('1,250.50'), French with a decimal
// comma and spaces between thousands ('1 250,50', also with the no-break spaces Intl writes). Pure.
import { describe, expect, it } from "vitest";
import { parseAmount } from "#app/lib/money.ts";

describe("a typed amount", () => {
  it("reads the French way on a French page", () => {
    for (const text of ["1 250,50", "1\u00a0250,50", "1\u202f250,50", " 1250,50 ", "1250.50", "1 250.50"]) {
      expect(parseAmount(text, "USD", "fr"), text).toEqual({ ok: true, minor: 125_050 });
    }
    expect(parseAmount("1 250 000", "XOF", "fr")).toEqual({ ok: true, minor: 1_250_000 });
    expect(parseAmount("205,00", "USD", "fr")).toEqual({ ok: true, minor: 20_500 });
  });

  it("refuses in French what cannot be an amount, with the same messages", () => {
    expect(parseAmount("1,250", "USD", "fr")).toEqual({
      ok: false,
      message: "The amount can have at most 2 decimals in USD",
    });
    for (const text of ["12 50", "1,2,5", "1 250,50,1", "abc"]) {
      expect(parseAmount(text, "USD", "fr"), text).toEqual({
        ok: false,
        message: "Enter the amount as a number, like 1250.00",
      });
    }
  });

  it("reads English as before, where a comma groups thousands", () => {
    expect(parseAmount("1,250.50", "USD")).toEqual({ ok: true, minor: 125_050 });
    expect(parseAmount("1,250", "USD")).toEqual({ ok: true, minor: 125_000 });
    expect(parseAmount("205,00", "USD").ok).toBe(false);
    expect(parseAmount("1 250", "USD").ok).toBe(false);
  });
});
