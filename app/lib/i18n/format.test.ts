import { describe, expect, it } from "vitest";
import {
  formatDateIn,
  formatDateTimeIn,
  formatMoneyIn,
  formatNumberIn,
  formatTimeIn,
} from "#app/lib/i18n/format.ts";
import { formatDeclaredValueIn, timeZoneNameIn } from "#app/lib/i18n/shipment-format.ts";
import { makeTranslate } from "#app/lib/i18n/translate.ts";
import { tracking as frenchTracking } from "#app/server/i18n/fr/tracking.ts";

// Intl writes French numbers with narrow no-break spaces (U+202F) and a no-break space before the symbol.
const plain = (text: string) => text.replace(/[\u202f\u00a0]/g, " ");

describe("formats in French and English", () => {
  const instant = new Date("2026-12-03T14:40:00Z");

  it("writes dates and 24-hour times in French, the spec's formats in English", () => {
    expect(formatDateTimeIn("fr", instant)).toBe("3 déc. 2026, 14:40");
    expect(formatDateIn("fr", instant)).toBe("3 déc. 2026");
    expect(formatTimeIn("fr", instant)).toBe("14:40");
    expect(formatDateIn("en", instant)).toBe("Dec 3, 2026");
    expect(formatTimeIn("en", instant)).toBe("2:40 PM");
  });

  it("writes money exactly from minor units, with the French currency names", () => {
    expect(plain(formatMoneyIn("fr", 150_000, "XOF"))).toBe("150 000 F CFA");
    expect(plain(formatMoneyIn("fr", 245_000, "USD"))).toBe("2 450,00 $US");
    expect(formatMoneyIn("en", 245_000, "USD")).toBe("2,450.00 USD");
    // Twelve digits before the point stay exact (a float would round the last cent).
    expect(plain(formatMoneyIn("fr", 99_999_999_999_999, "USD"))).toBe("999 999 999 999,99 $US");
  });

  it("groups numbers by the language", () => {
    expect(plain(formatNumberIn("fr", 12_500.5))).toBe("12 500,5");
    expect(formatNumberIn("en", 12_500.5)).toBe("12,500.5");
  });
});

describe("a time zone as customers read it", () => {
  const winter = new Date("2026-01-15T12:00:00Z");
  it("names its city, and in French its offset, never the configuration name", () => {
    expect(timeZoneNameIn("en", "Africa/Monrovia", winter)).toBe("Monrovia");
    expect(timeZoneNameIn("fr", "Africa/Monrovia", winter)).toBe("Monrovia (GMT)");
    expect(timeZoneNameIn("en", "America/New_York", winter)).toBe("New York");
    expect(timeZoneNameIn("fr", "Europe/Paris", winter)).toBe("Paris (GMT+1)");
    expect(timeZoneNameIn("en", "UTC", winter)).toBe("Greenwich");
    expect(timeZoneNameIn("fr", "Etc/UTC", winter)).toBe("Greenwich (GMT)");
  });

  it("reads in the French note, whatever the city's first letter (the page's script elides nothing)", () => {
    const note = makeTranslate(frenchTracking)("Newest first. Times are {zone} time.", {
      zone: timeZoneNameIn("fr", "Africa/Abidjan", winter),
    });
    expect(note).toBe("Du plus récent au plus ancien, en heure locale : Abidjan (GMT).");
  });
});

describe("a declared value in French", () => {
  it("never rounds cents typed in a currency without them: two decimals and the code, as in English", () => {
    expect(plain(formatDeclaredValueIn("fr", 1250.5, "XOF"))).toBe("1 250,50 XOF");
    expect(formatDeclaredValueIn("en", 1250.5, "XOF")).toBe("1,250.50 XOF");
    expect(plain(formatDeclaredValueIn("fr", 0.05, "JPY"))).toBe("0,05 JPY");
    expect(plain(formatDeclaredValueIn("fr", 99999999999.99, "GNF"))).toBe("99 999 999 999,99 GNF");
    // Whole amounts, and currencies with cents, keep the currency's own French writing.
    expect(plain(formatDeclaredValueIn("fr", 150000, "XOF"))).toBe("150 000 F CFA");
    expect(plain(formatDeclaredValueIn("fr", 4800, "USD"))).toBe("4 800,00 $US");
    expect(plain(formatDeclaredValueIn("fr", 1250.5, "EUR"))).toBe("1 250,50 €");
  });
});
