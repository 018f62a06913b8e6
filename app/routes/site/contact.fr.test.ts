// /fr/contact (decision 030): the forms answer in French, the browser's messages read in French through the page's
// words, and a message or quote request keeps the language of the page it was sent from.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeMessageTranslate } from "#app/lib/i18n/translate-messages.ts";
import { action, loader } from "#app/routes/site/contact.tsx";
import type { PublicFormReply } from "#app/schemas/rules/public-form.ts";
import {
  checkContactMessage,
  checkQuoteRequest,
  checkServiceInquiry,
} from "#app/schemas/rules/public-form-checks.ts";
import { contactSubmissions, quoteRequests } from "#app/server/db/schema.ts";
import { wordsFor } from "#app/server/i18n/words.server.ts";
import type { Services } from "#app/server/services.server.ts";
import { createTestContext, createTestServices } from "#tests/setup/test-db.ts";

type Reply = { data: PublicFormReply; init: ResponseInit | null };

let services: Services;
beforeAll(async () => {
  services = await createTestServices();
});
afterAll(() => services.close());

const uniqueEmail = (label: string) => `${label}-${crypto.randomUUID()}@example.com`;

function formData(fields: Record<string, string | string[]>) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields))
    for (const one of [value].flat()) body.append(name, one);
  return body;
}

async function post(path: string, fields: Record<string, string | string[]>) {
  const request = new Request(`http://localhost${path}`, { method: "POST", body: formData(fields) });
  const context = createTestContext(services);
  return (await action({ request, params: {}, context } as unknown as Parameters<
    typeof action
  >[0])) as unknown as Reply;
}

const quoteFields = (email: string, overrides: Record<string, string | string[]> = {}) => ({
  intent: "quote",
  submissionKey: crypto.randomUUID(),
  website: "",
  firstName: "Awa",
  lastName: "Koné",
  email,
  cityDeparture: "Abidjan",
  deliveryCity: "Monrovia",
  parcelType: "Pallets",
  weight: "10 kg",
  specialInfo: "",
  freightTypes: ["air", "sea"],
  ...overrides,
});

const contactFields = (email: string, overrides: Record<string, string> = {}) => ({
  intent: "contact",
  submissionKey: crypto.randomUUID(),
  website: "",
  name: "Awa Koné",
  email,
  subject: "Expédier une voiture",
  message: "Bonjour, je voudrais expédier une voiture à Monrovia.",
  ...overrides,
});

/** The contact page's loader for `path` (/contact or /fr/contact), as a visitor. */
const load = (path: string) =>
  loader({
    request: new Request(`http://localhost${path}`),
    params: {},
    context: createTestContext(services),
  } as unknown as Parameters<typeof loader>[0]);

const quotesFor = (email: string) =>
  services.db.select().from(quoteRequests).where(eq(quoteRequests.email, email));
const messagesFor = (email: string) =>
  services.db.select().from(contactSubmissions).where(eq(contactSubmissions.email, email));

describe("/fr/contact", () => {
  it("answers a wrong contact message in French and stores nothing", async () => {
    const email = uniqueEmail("fr-bad-contact");
    const reply = await post(
      "/fr/contact",
      contactFields(email, { name: "A", subject: "x".repeat(201), email: "not-an-address" }),
    );
    expect(reply.init?.status).toBe(400);
    expect(reply.data.result.error).toMatchObject({
      name: ["Le nom doit comporter au moins 2 caractères."],
      email: ["Veuillez saisir une adresse e-mail valide."],
      subject: ["Objet: 200 caractères au plus."],
    });
    // Stored as nothing: the bad address is the one written, so nothing with the good one either.
    expect(await messagesFor("not-an-address")).toEqual([]);
    expect(await messagesFor(email)).toEqual([]);
  });

  it("answers a wrong quote request in French, labels included, and stores nothing", async () => {
    const email = uniqueEmail("fr-bad-quote");
    const reply = await post(
      "/fr/contact",
      quoteFields(email, {
        firstName: "x".repeat(101),
        parcelType: "Boats",
        readyDate: "2026-02-30",
        phone: "call me",
        freightTypes: [],
      }),
    );
    expect(reply.init?.status).toBe(400);
    expect(reply.data.result.error).toMatchObject({
      firstName: ["Prénom: 100 caractères au plus."],
      parcelType: ["Veuillez choisir un type de colis."],
      readyDate: ["Veuillez saisir une date réelle (AAAA-MM-JJ)."],
      phone: [expect.stringMatching(/^Veuillez saisir un numéro de téléphone valide/)],
      freightTypes: ["Veuillez choisir au moins un type de fret."],
    });
    expect(await quotesFor(email)).toEqual([]);
  });

  it("answers a form it cannot read in French", async () => {
    const reply = await post("/fr/contact", { intent: "nothing" });
    expect(reply.data.result.error).toEqual({
      "": ["Le formulaire n'a pas pu être lu. Veuillez recharger la page et réessayer."],
    });
  });

  it("stores a quote request and a message sent from the French page in French, and says so in French", async () => {
    const email = uniqueEmail("fr-quote");
    const quote = await post("/fr/contact", quoteFields(email));
    expect(quote.data.outcome).toBe("success");
    expect(quote.data.sent?.details).toEqual([
      { label: "Route", value: "Abidjan → Monrovia" },
      { label: "Cargo", value: "Palettes, 10 kg" },
      { label: "Freight", value: "Fret aérien, Fret maritime" },
    ]);
    expect((await quotesFor(email)).map((row) => row.language)).toEqual(["fr"]);

    const message = await post("/fr/contact", contactFields(email));
    expect(message.data.outcome).toBe("success");
    expect((await messagesFor(email)).map((row) => row.language)).toEqual(["fr"]);
  });

  it("keeps English at /contact: English messages, English summary, language 'en'", async () => {
    const email = uniqueEmail("en-quote");
    const bad = await post("/contact", contactFields(email, { name: "A" }));
    expect(bad.data.result.error).toMatchObject({ name: ["Name must be at least 2 characters."] });
    const quote = await post("/contact", quoteFields(email));
    expect(quote.data.sent?.details[1]).toEqual({ label: "Cargo", value: "Pallets, 10 kg" });
    expect((await quotesFor(email)).map((row) => row.language)).toEqual(["en"]);
    await post("/contact", contactFields(email));
    expect((await messagesFor(email)).map((row) => row.language)).toEqual(["en"]);
  });

  it("gives the French page its forms' words, and the English page none", async () => {
    const french = await load("/fr/contact");
    expect(french.words?.["Send Message"]).toBe("Envoyer le message");
    expect(french.copy.messageIntro).toBe("Nous répondons généralement sous un jour ouvré.");
    const english = await load("/contact");
    expect(english.words).toBeUndefined();
    expect(english.copy.messageIntro).toBe("We usually answer within one business day.");
  });

  it("asks the phone's country, Côte d'Ivoire first in French, and refuses a number invalid there in French", async () => {
    const french = await load("/fr/contact");
    expect(french.phoneCountries.start).toBe("CI");
    expect(french.phoneCountries.options).toContainEqual({ value: "CI", label: "Côte d’Ivoire (+225)" });
    expect(french.phoneCountries.options).toContainEqual({ value: "GN", label: "Guinée (+224)" });
    expect((await load("/contact")).phoneCountries.start).toBe("LR");

    // What the French form posts with its first choice: the Ivorian number it is (it was +231707123456).
    const email = uniqueEmail("fr-phone");
    await post("/fr/contact", quoteFields(email, { phone: "07 07 12 34 56", phoneCountry: "CI" }));
    expect((await quotesFor(email))[0]?.phone).toBe("+2250707123456");
    const wrong = uniqueEmail("fr-phone-wrong");
    const reply = await post(
      "/fr/contact",
      quoteFields(wrong, { phone: "07 07 12 34 56", phoneCountry: "LR" }),
    );
    expect(reply.init?.status).toBe(400);
    expect(reply.data.result.error).toEqual({
      phone: [
        "Veuillez saisir un numéro de téléphone valide pour le pays choisi, ou commencez-le par + et l'indicatif du pays.",
      ],
    });
    expect(await quotesFor(wrong)).toHaveLength(0);
  });
});

describe("the browser's checks on the French page", () => {
  // The checks are given the page's words (the layout's and the page's) and answer in French; the read-back of a
  // finished message goes through the same templates.
  const words = wordsFor("fr", "site", "forms");
  const t = makeMessageTranslate(words);
  const wrong = formData({
    name: "A".repeat(101),
    email: "nope",
    subject: "\u0007ok",
    message: "short",
    firstName: "",
    lastName: "x".repeat(101),
    company: "Koné\u0007 SARL",
    phone: "call me",
    cityDeparture: "",
    deliveryCity: "",
    parcelType: "",
    weight: "",
    readyDate: "2026-13-01",
    specialInfo: "x".repeat(5001),
    shipmentType: "",
  });

  it("reads every message of the three forms in French", () => {
    const checks = [checkContactMessage, checkQuoteRequest, checkServiceInquiry];
    const messages = checks.flatMap((check) => Object.values(check(wrong)).flat());
    const french = new Set(checks.flatMap((check) => Object.values(check(wrong, words)).flat()));
    expect(messages.length).toBeGreaterThan(15);
    const untranslated = messages.filter((message) => french.has(message));
    expect(untranslated).toEqual([]);
    expect(t("Name must be at most 100 characters.")).toBe("Nom: 100 caractères au plus.");
    expect(t("Subject contains characters that are not allowed.")).toBe(
      "Objet: contient des caractères non autorisés.",
    );
  });
});
