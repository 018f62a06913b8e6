import { describe, expect, it } from "vitest";
import { localeOfPath } from "#app/lib/i18n/locale.ts";
import { englishPath, englishPattern, localizePath } from "#app/lib/i18n/paths.ts";
import { makeTranslate } from "#app/lib/i18n/translate.ts";
import { makeMessageTranslate } from "#app/lib/i18n/translate-messages.ts";

describe("addresses in two languages", () => {
  it("translates the words of a path, never its numbers, tokens or slugs", () => {
    expect(localizePath("/track/UTG-1234-5678/updates", "fr")).toBe("/fr/suivi/UTG-1234-5678/alertes");
    expect(localizePath("/", "fr")).toBe("/fr");
    expect(localizePath("/services/road-transport", "fr")).toBe("/fr/services/transport-routier");
    expect(localizePath("/services/air-freight", "fr")).toBe("/fr/services/air-freight");
    expect(localizePath("/blog/about?x=1#top", "fr")).toBe("/fr/blog/about?x=1#top");
    expect(localizePath("/account/quotes/7", "fr")).toBe("/fr/compte/devis/7");
    expect(localizePath("/quote/abc", "fr")).toBe("/fr/devis/abc");
  });

  it("reads a French path back to its English one, and leaves other addresses alone", () => {
    expect(englishPath("/fr/compte/devis/7")).toBe("/account/quotes/7");
    expect(englishPath("/fr/devis/abc")).toBe("/quote/abc");
    expect(englishPath("/fr")).toBe("/");
    expect(englishPath("/fr/nowhere")).toBe("/nowhere");
    expect(localizePath("/admin/shipments", "fr")).toBe("/admin/shipments");
    expect(localizePath("/fr/suivi/X", "en")).toBe("/track/X");
    expect(englishPattern("fr/suivi/:trackingNumber")).toBe("/track/:trackingNumber");
    expect(localeOfPath("/fr/a-propos")).toBe("fr");
    expect(localeOfPath("/francais")).toBe("en");
    // The French home page's data, when the browser navigates to it.
    expect(localeOfPath("/fr.data")).toBe("fr");
  });
});

describe("translating", () => {
  const t = makeMessageTranslate({
    Name: "Nom",
    "{label} must be at most {max} characters": "{label} : {max} caractères au plus",
    "Updated {date}": "Mis à jour le {date}",
  });

  it("fills templates and keeps an unknown text in English", () => {
    expect(t("Updated {date}", { date: "3 déc." })).toBe("Mis à jour le 3 déc.");
    expect(t("Name")).toBe("Nom");
    expect(t("Not in the catalog")).toBe("Not in the catalog");
  });

  it("reads a finished message back through its template, translating its label", () => {
    expect(t("Name must be at most 100 characters")).toBe("Nom : 100 caractères au plus");
  });

  it("does not read messages back on pages (their script stays small)", () => {
    expect(makeTranslate({ "{label} is required": "{label} est requis" })("Name is required")).toBe(
      "Name is required",
    );
  });

  it("returns English as written with no catalog", () => {
    expect(makeTranslate(undefined)("Updated {date}", { date: "Dec 3" })).toBe("Updated Dec 3");
  });
});
