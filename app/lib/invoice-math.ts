// The arithmetic of invoices (decision 015): exact, in integers. A quantity is kept in thousandths
// (2.5 → 2500), a tax rate in hundredths of a percent (12 % → 1200), money in the currency's minor units.
// Rounding, stated once: each line's amount (quantity × unit price) and each line's tax are rounded half away
// from zero to the currency's minor unit; the invoice's totals are the sums of the rounded lines.

/** Most a line or an invoice may come to, in minor units: far above any freight bill, well inside exact integers. */
export const MAX_TOTAL_MINOR = 99_999_999_999_999;

/** Most digits of a quantity before the decimal point, and after it. */
const MAX_QUANTITY_DIGITS = 7;
const QUANTITY_DECIMALS = 3;

export type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

/** Divides and rounds half away from zero (both numbers non-negative here). */
function divideRounded(numerator: bigint, denominator: bigint): bigint {
  return (numerator * 2n + denominator) / (denominator * 2n);
}

/** Reads a typed quantity ('1', '2.5', '0.125'): more than zero, at most 3 decimals → thousandths. */
export function parseQuantity(text: string): Parsed<number> {
  const value = text.trim().replace(/,(?=\d{3}(\D|$))/g, "");
  if (value === "") return { ok: false, message: "Enter a quantity" };
  const match = /^(\d+)(?:\.(\d*))?$/.exec(value);
  if (!match) return { ok: false, message: "Enter the quantity as a number, like 1 or 2.5" };
  const whole = match[1]!.replace(/^0+(?=\d)/, "");
  const fraction = match[2] ?? "";
  if (whole.length > MAX_QUANTITY_DIGITS)
    return {
      ok: false,
      message: `The quantity can have at most ${MAX_QUANTITY_DIGITS} digits before the decimal point`,
    };
  if (fraction.length > QUANTITY_DECIMALS)
    return { ok: false, message: `The quantity can have at most ${QUANTITY_DECIMALS} decimals` };
  const milli = Number(whole + fraction.padEnd(QUANTITY_DECIMALS, "0"));
  if (milli === 0) return { ok: false, message: "The quantity must be more than zero" };
  return { ok: true, value: milli };
}

/** 2500 → '2.5'; 1000 → '1'. */
export function formatQuantity(milli: number): string {
  const whole = Math.floor(milli / 1000);
  const fraction = String(milli % 1000)
    .padStart(QUANTITY_DECIMALS, "0")
    .replace(/0+$/, "");
  return fraction ? `${whole}.${fraction}` : String(whole);
}

/** Reads a tax rate in percent ('12', '7.5'): from 0 to 100, at most 2 decimals → hundredths of a percent. */
export function parsePercent(text: string): Parsed<number> {
  const value = text.trim().replace(/\s*%$/, "");
  const match = /^(\d{1,3})(?:\.(\d{0,2}))?$/.exec(value);
  if (!match) return { ok: false, message: "Enter the rate as a percentage from 0 to 100, like 12 or 7.5" };
  const basisPoints = Number(match[1]! + (match[2] ?? "").padEnd(2, "0"));
  if (basisPoints > 10_000) return { ok: false, message: "The rate cannot be more than 100 %" };
  return { ok: true, value: basisPoints };
}

/** 1200 → '12 %'; 750 → '7.5 %'. */
export function formatPercent(basisPoints: number): string {
  const whole = Math.floor(basisPoints / 100);
  const fraction = String(basisPoints % 100)
    .padStart(2, "0")
    .replace(/0+$/, "");
  return `${fraction ? `${whole}.${fraction}` : whole} %`;
}

export type LineInput = { quantityMilli: number; unitPriceMinor: number; taxBasisPoints: number | null };
export type LineAmounts = { amountMinor: number; taxMinor: number };

/** A line's amount and tax, each rounded once; null when the line comes to more than MAX_TOTAL_MINOR. */
export function computeLine({
  quantityMilli,
  unitPriceMinor,
  taxBasisPoints,
}: LineInput): LineAmounts | null {
  const amount = divideRounded(BigInt(quantityMilli) * BigInt(unitPriceMinor), 1000n);
  const tax = divideRounded(amount * BigInt(taxBasisPoints ?? 0), 10_000n);
  if (amount + tax > BigInt(MAX_TOTAL_MINOR)) return null;
  return { amountMinor: Number(amount), taxMinor: Number(tax) };
}

export type Totals = { subtotalMinor: number; taxMinor: number; totalMinor: number };

/** The sums of the rounded lines; null when they come to more than MAX_TOTAL_MINOR. */
export function computeTotals(lines: readonly LineAmounts[]): Totals | null {
  let subtotal = 0n;
  let tax = 0n;
  for (const line of lines) {
    subtotal += BigInt(line.amountMinor);
    tax += BigInt(line.taxMinor);
  }
  if (subtotal + tax > BigInt(MAX_TOTAL_MINOR)) return null;
  return { subtotalMinor: Number(subtotal), taxMinor: Number(tax), totalMinor: Number(subtotal + tax) };
}

export type TaxedLine = { taxName: string | null; taxBasisPoints: number | null } & LineAmounts;
export type TaxTotal = { name: string; basisPoints: number; baseMinor: number; taxMinor: number };

/**
 * One line per tax rate, in the lines' order: its name and rate, the amount it is charged on and its tax. The staff
 * page, the PDF and the form's live total all print these.
 */
export function taxSummary(lines: readonly TaxedLine[]): TaxTotal[] {
  const rates = new Map<string, TaxTotal>();
  for (const line of lines) {
    if (line.taxName === null || line.taxBasisPoints === null) continue;
    const key = `${line.taxName}\u0000${line.taxBasisPoints}`;
    const rate = rates.get(key) ?? {
      name: line.taxName,
      basisPoints: line.taxBasisPoints,
      baseMinor: 0,
      taxMinor: 0,
    };
    rate.baseMinor += line.amountMinor;
    rate.taxMinor += line.taxMinor;
    rates.set(key, rate);
  }
  return [...rates.values()];
}

/**
 * 'GST (12 %)': a rate as the back office names it (the form's choices, the lines, the totals); `percent` writes
 * the figure in another language ('7,5 %').
 */
export const taxRateLabel = (
  rate: { name: string; basisPoints: number },
  percent: (basisPoints: number) => string = formatPercent,
) => `${rate.name} (${percent(rate.basisPoints)})`;

/** What is still to be paid on an invoice: its total less its issued credit notes (payments are not recorded yet). */
export function balanceDueMinor(totalMinor: number, credits: readonly { totalMinor: number }[]): number {
  return Math.max(
    0,
    credits.reduce((left, credit) => left - credit.totalMinor, totalMinor),
  );
}
