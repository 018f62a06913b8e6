// Filling templates (decision 030): French elides 'de' and 'que' before a company's or a person's name that
// starts with a vowel; English and every other placeholder stay as written. Pure.
import { describe, expect, it } from "vitest";
import { privacyPolicy, termsOfService } from "#app/content/fr/policies.ts";
import { fillPolicyText } from "#app/content/policies.ts";
import { elideBeforeNames } from "#app/lib/i18n/elide.ts";
import { interpolate } from "#app/lib/i18n/translate.ts";
import { translatorFor } from "#app/server/i18n/words.server.ts";

describe("a French template before a name", () => {
  it("elides 'de' before a vowel, and not before a consonant, a number or a code", () => {
    const t = translatorFor("fr");
    const updates = "You already receive updates about shipment {number} from {company}: nothing more to do.";
    expect(t(updates, { number: "UTG-1234-5678", company: "Unitrans" })).toBe(
      "Vous recevez déjà les alertes de l'expédition UTG-1234-5678 d'Unitrans : rien de plus à faire.",
    );
    expect(t(updates, { number: "UTG-1234-5678", company: "Lomé Cargo" })).toContain(
      "UTG-1234-5678 de Lomé Cargo :",
    );
    expect(t("Invoice {number} from {company}", { number: "INV-1", company: "Écho Fret" })).toBe(
      "Facture INV-1 d'Écho Fret",
    );
    // With the template's own apostrophe.
    expect(
      t("You receive this message about shipment {trackingNumber} from {companyName}.", {
        trackingNumber: "UTG-1",
        companyName: "Unitrans",
      }),
    ).toBe("Vous recevez ce message au sujet de l’expédition UTG-1 de la part d’Unitrans.");
    expect(t("Cancel invitation for {name}", { name: "Awa Koné" })).toBe("Annuler l'invitation d'Awa Koné");
    expect(interpolate("Montant de {amount}", { amount: "800 $US" })).toBe("Montant de 800 $US");
    expect(interpolate("Shipments of {company}", { company: "Unitrans" })).toBe("Shipments of Unitrans");
  });

  it("elides a name again in every later text, its pattern kept, and leaves a text without it alone", () => {
    const t = translatorFor("fr");
    for (let i = 0; i < 3; i++) {
      expect(t("Invoice {number} from {company}", { number: `INV-${i}`, company: "Écho Fret" })).toBe(
        `Facture INV-${i} d'Écho Fret`,
      );
    }
    expect(elideBeforeNames("Montant de Unitrans", { company: "Écho Fret" })).toBe("Montant de Unitrans");
  });

  it("elides 'que' in the French terms ('qu'Unitrans')", () => {
    const contact = { companyName: "Unitrans", email: "a@b.c", phone: "+231", address: "Monrovia" };
    const texts =
      JSON.stringify([privacyPolicy, termsOfService]).match(/"[^"]*que \{companyName\}[^"]*"/g) ?? [];
    expect(texts.length).toBeGreaterThan(0);
    for (const text of texts) expect(fillPolicyText(JSON.parse(text), contact)).toContain("qu'Unitrans");
  });

  it("the subscription message asks in good French whether it was you", () => {
    const t = translatorFor("fr");
    expect(
      t(
        "Someone, we hope you, asked on {company}'s website for updates about shipment {number} at this address.",
        { company: "Unitrans", number: "UTG-1234-5678" },
      ),
    ).toBe(
      "Quelqu'un (vous, nous l'espérons) a demandé sur le site d'Unitrans à recevoir à cette adresse les alertes de l'expédition UTG-1234-5678.",
    );
  });
});
