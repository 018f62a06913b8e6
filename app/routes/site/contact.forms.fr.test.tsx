// A public form on a French page (decision 030): the server answers a French page in French (submitPublicForm with the
// page's locale; the browser's checks likewise, public-form-checks.ts), and the form shows those messages, the
// field's and the form's alike, among its own French words.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ContactForm } from "#app/components/site/forms/contact-form.tsx";
import { QuoteForm } from "#app/components/site/forms/quote-form.tsx";
import { phoneCountryChoices } from "#app/lib/phone-countries.ts";
import type { PublicFormReply } from "#app/schemas/rules/public-form.ts";
import { translatorFor, wordsFor } from "#app/server/i18n/words.server.ts";
import type { Services } from "#app/server/services.server.ts";
import { renderSitePage } from "#tests/setup/render-site-page.tsx";
import { createTestServices } from "#tests/setup/test-db.ts";

let services: Services;
beforeAll(async () => {
  services = await createTestServices();
});
afterAll(() => services.close());

/** The server's answer to an invalid form, in the page's language as the action gives it. */
const invalid = (
  form: "contact" | "quote",
  error: Record<string, string[]>,
  locale: "en" | "fr" = "fr",
): PublicFormReply => {
  const t = translatorFor(locale);
  const inLanguage = Object.fromEntries(
    Object.entries(error).map(([name, messages]) => [name, messages.map((m) => t(m))]),
  );
  return { form, outcome: "invalid", result: { status: "error", error: inLanguage } };
};

let reply: PublicFormReply;
function Forms() {
  return (
    <>
      <ContactForm reply={reply} submissionKey="k-contact" action="/fr/contact#send-message" />
      <QuoteForm
        reply={reply}
        submissionKey="k-quote"
        action="/fr/contact#quote"
        phoneCountries={phoneCountryChoices({ locale: "fr" })}
      />
    </>
  );
}

const render = (path: string) =>
  renderSitePage({
    services,
    pattern: path,
    path,
    Page: Forms,
    loaderData: { words: wordsFor(path.startsWith("/fr") ? "fr" : "en", "forms") },
  });

describe("the public forms' messages on a French page", () => {
  it("show in French, labels and all, and stay English on the English page", async () => {
    const contactErrors = {
      name: ["Name must be at most 100 characters."],
      "": ["Too many submissions from your address. Please try again in 3 minutes."],
    };
    reply = invalid("contact", contactErrors);
    const french = await render("/fr/contact");
    expect(french).toContain("Nom: 100 caractères au plus.");
    expect(french).toContain("Trop d&#x27;envois depuis votre adresse. Veuillez réessayer dans 3 minutes.");
    expect(french).toContain("Envoyer le message");
    reply = invalid("contact", contactErrors, "en");
    const english = await render("/contact");
    expect(english).toContain("Name must be at most 100 characters.");

    reply = invalid("quote", { freightTypes: ["Please select at least one freight type."] });
    const quote = await render("/fr/contact");
    expect(quote).toContain("Veuillez choisir au moins un type de fret.");
    expect(quote).toContain("Date de mise à disposition des marchandises <span");
    expect(quote).toContain("(facultatif)");
  });
});
