// What the 'Record payment' form shows as the clerk types: the money received, worth in the invoices' currency
// by the rule the server records it with (decision 026), or nothing while the amount or the rate cannot be read.
import { describe, expect, it } from "vitest";
import { convertMinor } from "#app/lib/money.ts";
import { type PaymentFormValues, typedPaymentWorth, validatePaymentForm } from "#app/schemas/payment.ts";

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

describe("validatePaymentForm's rate", () => {
  const form = (amount: string, currency: string, rate: string): PaymentFormValues => ({
    receivedOn: "2026-11-20",
    method: "cash",
    reference: "",
    currency,
    amount,
    rate,
    overpayment: true,
    note: "",
    applied: [],
  });
  const check = (values: PaymentFormValues) =>
    validatePaymentForm(values, { settledCurrency: "USD", invoiceIds: [], today: "2026-12-07" });

  it("refuses a rate that makes the money worth more than any invoice can hold, or nothing", () => {
    // 900 billion francs at a millionth of a franc to the dollar: about 10^23 cents, past PostgreSQL's bigint.
    expect(check(form("900000000000", "XOF", "0.000001"))).toEqual({
      ok: false,
      errors: { rate: "At this rate the payment is worth more than any invoice can hold: check the rate" },
    });
    expect(check(form("0.01", "LRD", "1000"))).toEqual({
      ok: false,
      errors: { rate: "At this rate the payment is worth nothing in USD: check the rate" },
    });
    expect(check(form("1000", "LRD", "190.5")).ok).toBe(true);
  });
});
