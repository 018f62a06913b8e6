// A public form on a French page (issue 30): the messages reach it in English (the browser's own checks give the
// English texts, as the server does on an English page) and show in French, the field's and the form's alike.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ContactForm } from "#app/components/site/forms/contact-form.tsx";
import { QuoteForm } from "#app/components/site/forms/quote-form.tsx";
import type { PublicFormReply } from "#app/schemas/rules/public-form.ts";
import { wordsFor } from "#app/server/i18n/words.server.ts";
import type { Services } from "#app/server/services.server.ts";
import { renderSitePage } from "#tests/setup/render-site-page.tsx";
import { createTestServices } from "#tests/setup/test-db.ts";

let services: Services;
beforeAll(async () => {
  services = await createTestServices();
});
afterAll(() => services.close());

const invalid = (form: "contact" | "quote", error: Record<string, string[]>): PublicFormReply => ({
  form,
  outcome: "invalid",
  result: { status: "error", error },
});

let reply: PublicFormReply;
function Forms() {
  return (
    <>
      <ContactForm reply={reply} submissionKey="k-contact" action="/fr/contact#send-message" />
      <QuoteForm reply={reply} submissionKey="k-quote" action="/fr/contact#quote" />
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
    reply = invalid("contact", {
      name: ["Name must be at most 100 characters."],
      "": ["Too many submissions from your address. Please try again in 3 minutes."],
    });
    const french = await render("/fr/contact");
    expect(french).toContain("Nom: 100 caractères au plus.");
    expect(french).toContain("Trop d&#x27;envois depuis votre adresse. Veuillez réessayer dans 3 minutes.");
    expect(french).toContain("Envoyer le message");
    const english = await render("/contact");
    expect(english).toContain("Name must be at most 100 characters.");

    reply = invalid("quote", { freightTypes: ["Please select at least one freight type."] });
    const quote = await render("/fr/contact");
    expect(quote).toContain("Veuillez choisir au moins un type de fret.");
    expect(quote).toContain("Date de mise à disposition des marchandises <span");
    expect(quote).toContain("(facultatif)");
  });
});
