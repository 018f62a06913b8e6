// Money as integers in a currency's minor units (decision 016): '1,250.50' USD is 125050, never a float.

/** Digits after the decimal point (ISO 4217): none for the yen, the Guinean franc and the CFA franc. */
const MINOR_DIGITS: Record<string, number> = { JPY: 0, GNF: 0, XOF: 0 };

export function minorDigits(currency: string): number {
  return MINOR_DIGITS[currency] ?? 2;
}

/** Most digits before the decimal point an amount may have. */
export const MAX_AMOUNT_DIGITS = 12;

export type ParsedAmount = { ok: true; minor: number } | { ok: false; message: string };

/**
 * Reads a typed amount ('1250', '1,250.50', ' 99.9 ') in `currency`: non-negative, at most 12 digits before the
 * point, at most the currency's minor digits after it. Exact: the digits are joined as text, never multiplied
 * as a float. In French (`locale` 'fr') the comma is the decimal mark and spaces group thousands ('1 250,50',
 * as French pages write money); a point still reads as a decimal point.
 */
export function parseAmount(text: string, currency: string, locale: "en" | "fr" = "en"): ParsedAmount {
  const value =
    locale === "fr"
      ? text
          .trim()
          .replace(/(?<=\d)[ \u00a0\u202f](?=\d{3}(\D|$))/g, "")
          .replace(",", ".")
      : text.trim().replace(/,(?=\d{3}(\D|$))/g, "");
  if (value === "") return { ok: false, message: "Enter an amount" };
  if (value.startsWith("-")) return { ok: false, message: "The amount cannot be negative" };
  const match = /^(\d+)(?:\.(\d*))?$/.exec(value);
  if (!match) return { ok: false, message: "Enter the amount as a number, like 1250.00" };
  const whole = match[1]!.replace(/^0+(?=\d)/, "");
  const fraction = match[2] ?? "";
  if (whole.length > MAX_AMOUNT_DIGITS) {
    return {
      ok: false,
      message: `The amount can have at most ${MAX_AMOUNT_DIGITS} digits before the decimal point`,
    };
  }
  const digits = minorDigits(currency);
  if (fraction.length > digits) {
    return {
      ok: false,
      message:
        digits === 0
          ? `${currency} amounts have no decimals`
          : `The amount can have at most ${digits} decimals in ${currency}`,
    };
  }
  return { ok: true, minor: Number(whole + fraction.padEnd(digits, "0")) };
}

/** 125050 USD → '1,250.50' (grouped, with the currency's minor digits). */
export function formatMinor(minor: number, currency: string): string {
  const digits = minorDigits(currency);
  const text = String(minor).padStart(digits + 1, "0");
  const whole = text.slice(0, text.length - digits);
  const fraction = digits ? `.${text.slice(text.length - digits)}` : "";
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",")}${fraction}`;
}

/** For an input's value: 125050 USD → '1250.50'. */
export function minorToInput(minor: number, currency: string): string {
  return formatMinor(minor, currency).replaceAll(",", "");
}

/** '1,250.50 USD'. */
export function formatMoney(minor: number, currency: string): string {
  return `${formatMinor(minor, currency)} ${currency}`;
}

/**
 * What a payment is worth in the invoices' currency (decision 026): `amountMinor` of `currency` in
 * `settledCurrency` at `rateMicro` (units of `currency` per one of `settledCurrency`, in millionths), rounded
 * half away from zero to the settled currency's minor unit; null without a rate. Exact (BigInt): the payment
 * form shows what the server will record, as the clerk types.
 */
export function convertMinor({
  amountMinor,
  currency,
  settledCurrency,
  rateMicro,
}: {
  amountMinor: number;
  currency: string;
  settledCurrency: string;
  rateMicro: number | null;
}): number | null {
  if (currency === settledCurrency) return amountMinor;
  if (!rateMicro || rateMicro <= 0) return null;
  const numerator = BigInt(amountMinor) * 10n ** BigInt(minorDigits(settledCurrency)) * 1_000_000n;
  const denominator = BigInt(rateMicro) * 10n ** BigInt(minorDigits(currency));
  const quotient = numerator / denominator;
  const rest = numerator % denominator;
  return Number(rest * 2n >= denominator ? quotient + 1n : quotient);
}
