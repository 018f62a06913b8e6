// What the 'Record payment' form shows as the clerk types: the money received, worth in the invoices' currency
// by the rule the server records it with (decision 026), or nothing while the amount or the rate cannot be read.
import { describe, expect, it } from "vitest";
import { convertMinor } from "#app/lib/money.ts";
import { typedPaymentWorth } from "#app/schemas/payment.ts";

describe("typedPaymentWorth", () => {
  it("converts Liberian dollars at the typed rate as the server does, rounding once", () => {
    expect(typedPaymentWorth({ currency: "LRD", amount: "161,925.00", rate: "190.50" }, "USD")).toBe(85_000);
    expect(typedPaymentWorth({ currency: "LRD", amount: "95,250", rate: "190.5" }, "USD")).toBe(50_000);
    // 1,000.00 LRD at 187.25 is 5.3404… USD: 5.34, as recordPayment stores it.
    expect(typedPaymentWorth({ currency: "LRD", amount: "1000", rate: "187.25" }, "USD")).toBe(
      convertMinor({ amountMinor: 100_000, currency: "LRD", settledCurrency: "USD", rateMicro: 187_250_000 }),
    );
  });

  it("takes the amount as it is in the invoices' own currency, whatever the rate says", () => {
    expect(typedPaymentWorth({ currency: "USD", amount: "405.00", rate: "abc" }, "USD")).toBe(40_500);
  });

  it("is null while the amount or the rate cannot be read", () => {
    for (const values of [
      { currency: "LRD", amount: "", rate: "190.50" },
      { currency: "LRD", amount: "12.345", rate: "190.50" },
      { currency: "LRD", amount: "-5", rate: "190.50" },
      { currency: "LRD", amount: "100", rate: "" },
      { currency: "LRD", amount: "100", rate: "0" },
      { currency: "LRD", amount: "100", rate: "1.1234567" },
      { currency: "EUR?", amount: "100", rate: "1" },
    ])
      expect(typedPaymentWorth(values, "USD"), JSON.stringify(values)).toBeNull();
  });
});
