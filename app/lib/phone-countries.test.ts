// The public forms' country list (decision 023): built once per language, the same list for every page.
import { describe, expect, it } from "vitest";
import { countryInText, phoneCountryOptions } from "#app/lib/phone-countries.ts";

describe("the phone field's country list", () => {
  it("is built once per language and reused by every request, sorted by the language's names", () => {
    const english = phoneCountryOptions("en");
    expect(phoneCountryOptions("en")).toBe(english);
    expect(english[0]!.label).toBe("Belgium (+32)");
    const french = phoneCountryOptions("fr");
    expect(phoneCountryOptions("fr")).toBe(french);
    expect(french.find((option) => option.value === "DE")!.label).toBe("Allemagne (+49)");
    expect(french.map((option) => option.label)).toEqual(
      [...french.map((option) => option.label)].sort((a, b) => a.localeCompare(b, "fr")),
    );
    // Reading a place still finds its country in either language, after the lists were built.
    expect(countryInText("Abidjan, Côte d'Ivoire")).toBe("CI");
    expect(countryInText("Conakry, Guinée")).toBe("GN");
  });
});
