import { describe, expect, it } from "vitest";
import {
  balanceDueMinor,
  computeLine,
  computeTotals,
  formatPercent,
  formatQuantity,
  MAX_TOTAL_MINOR,
  parsePercent,
  parseQuantity,
  taxRateLabel,
  taxSummary,
} from "#app/lib/invoice-math.ts";

describe("invoice arithmetic", () => {
  it("reads quantities exactly, in thousandths, and refuses what is not one", () => {
    expect(parseQuantity("1")).toEqual({ ok: true, value: 1000 });
    expect(parseQuantity(" 2.5 ")).toEqual({ ok: true, value: 2500 });
    expect(parseQuantity("0.125")).toEqual({ ok: true, value: 125 });
    expect(parseQuantity("1,250")).toEqual({ ok: true, value: 1_250_000 });
    expect(parseQuantity("")).toMatchObject({ ok: false, message: "Enter a quantity" });
    expect(parseQuantity("0")).toMatchObject({ ok: false, message: "The quantity must be more than zero" });
    expect(parseQuantity("-1")).toMatchObject({ ok: false });
    expect(parseQuantity("1e3")).toMatchObject({ ok: false });
    expect(parseQuantity("0.0001")).toMatchObject({
      ok: false,
      message: "The quantity can have at most 3 decimals",
    });
    expect(parseQuantity("12345678")).toMatchObject({ ok: false });
    expect(formatQuantity(2500)).toBe("2.5");
    expect(formatQuantity(1000)).toBe("1");
    expect(formatQuantity(125)).toBe("0.125");
  });

  it("reads tax rates in hundredths of a percent, from 0 to 100", () => {
    expect(parsePercent("12")).toEqual({ ok: true, value: 1200 });
    expect(parsePercent("7.5 %")).toEqual({ ok: true, value: 750 });
    expect(parsePercent("0")).toEqual({ ok: true, value: 0 });
    expect(parsePercent("100")).toEqual({ ok: true, value: 10_000 });
    expect(parsePercent("100.01")).toMatchObject({ ok: false });
    expect(parsePercent("12.345")).toMatchObject({ ok: false });
    expect(parsePercent("-5")).toMatchObject({ ok: false });
    expect(formatPercent(1200)).toBe("12 %");
    expect(formatPercent(750)).toBe("7.5 %");
  });

  it("rounds each line's amount and tax half away from zero, once, and sums the rounded lines", () => {
    // 2.5 × 0.33 = 0.825 → 0.83; 12 % of 0.83 = 0.0996 → 0.10.
    expect(computeLine({ quantityMilli: 2500, unitPriceMinor: 33, taxBasisPoints: 1200 })).toEqual({
      amountMinor: 83,
      taxMinor: 10,
    });
    // 1 × 0.05 at 10 % = 0.005 → 0.01 (half away from zero), never 0.00 (banker's) or 0.005.
    expect(computeLine({ quantityMilli: 1000, unitPriceMinor: 5, taxBasisPoints: 1000 })).toEqual({
      amountMinor: 5,
      taxMinor: 1,
    });
    expect(computeLine({ quantityMilli: 1000, unitPriceMinor: 125_000, taxBasisPoints: null })).toEqual({
      amountMinor: 125_000,
      taxMinor: 0,
    });
    // Three lines of 0.825 each: the totals sum the rounded lines (2.49), not the exact 2.475.
    const line = computeLine({ quantityMilli: 2500, unitPriceMinor: 33, taxBasisPoints: null })!;
    expect(computeTotals([line, line, line])).toEqual({ subtotalMinor: 249, taxMinor: 0, totalMinor: 249 });
  });

  it("is exact beyond a float's integers and refuses totals past the limit", () => {
    // 9,999,999 × 9,999,999.99 would lose cents as a float; here it is refused as too large instead.
    expect(
      computeLine({ quantityMilli: 9_999_999_000, unitPriceMinor: 999_999_999, taxBasisPoints: null }),
    ).toBeNull();
    const big = computeLine({ quantityMilli: 1000, unitPriceMinor: MAX_TOTAL_MINOR, taxBasisPoints: null })!;
    expect(big.amountMinor).toBe(MAX_TOTAL_MINOR);
    expect(computeTotals([big, { amountMinor: 1, taxMinor: 0 }])).toBeNull();
    // 7 × 1,234,567,890.13 at 7.5 %: exact integers all the way.
    expect(
      computeLine({ quantityMilli: 7000, unitPriceMinor: 123_456_789_013, taxBasisPoints: 750 }),
    ).toEqual({
      amountMinor: 864_197_523_091,
      taxMinor: 64_814_814_232,
    });
  });

  it("sums the tax per rate in the lines' order, and a balance never goes below zero", () => {
    const line = (
      taxName: string | null,
      taxBasisPoints: number | null,
      amountMinor: number,
      taxMinor: number,
    ) => ({
      taxName,
      taxBasisPoints,
      amountMinor,
      taxMinor,
    });
    expect(
      taxSummary([
        line("GST", 1200, 83, 10),
        line(null, null, 120_050, 0),
        line("Levy", 750, 4500, 338),
        line("GST", 1200, 3000, 360),
      ]),
    ).toEqual([
      { name: "GST", basisPoints: 1200, baseMinor: 3083, taxMinor: 370 },
      { name: "Levy", basisPoints: 750, baseMinor: 4500, taxMinor: 338 },
    ]);
    expect(taxRateLabel({ name: "Levy", basisPoints: 750 })).toBe("Levy (7.5 %)");
    expect(balanceDueMinor(52_240, [{ totalMinor: 2240 }])).toBe(50_000);
    expect(balanceDueMinor(1000, [{ totalMinor: 600 }, { totalMinor: 600 }])).toBe(0);
  });
});
