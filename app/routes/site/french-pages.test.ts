// The marketing pages in French (decision 030): each /fr address's loaders, through the app's own request handler
// (middleware, layout and page), give French copy and French words, keep data (names, links' slugs) as it is,
// and leave the English pages' data exactly as it was.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { aboutPage } from "#app/content/about.ts";
import { homePage } from "#app/content/home.ts";
import { milestones } from "#app/content/milestones.ts";
import { privacyPolicy, termsOfService } from "#app/content/policies.ts";
import { additionalServices, services } from "#app/content/services.ts";
import { teamMembers } from "#app/content/team.ts";
import { testimonials } from "#app/content/testimonials.ts";
import type { Services } from "#app/server/services.server.ts";
import { type AppHandler, createAppHandler } from "#tests/setup/route-handler.ts";
import { createTestContext, createTestServices } from "#tests/setup/test-db.ts";

// biome-ignore lint/suspicious/noExplicitAny: the JSON of many loaders, read field by field
type Data = Record<string, any>;

let testServices: Services;
let app: AppHandler;
beforeAll(async () => {
  testServices = await createTestServices();
  app = await createAppHandler();
});
afterAll(() => testServices?.close());

async function get(path: string) {
  const { response, body } = await app.send(
    new Request(`http://localhost${path}`),
    createTestContext(testServices),
  );
  // A redirect has no body; a page's data comes back as JSON.
  const loaderData = (body ? JSON.parse(body).loaderData : {}) as Record<string, Data | null>;
  /** The data of route `id` ('routes/site/home') or of its French copy ('fr:routes/site/home'). */
  const of = (id: string): Data => {
    const key = Object.keys(loaderData).find((candidate) => candidate.replace(/^fr:/, "") === id);
    if (!key) throw new Error(`no data of ${id} at ${path}: ${Object.keys(loaderData).join(", ")}`);
    return loaderData[key]!;
  };
  return { response, of };
}

describe("the marketing pages in French", () => {
  it("home: French copy, French words, service cards linking to the French addresses, names kept", async () => {
    const { response, of } = await get("/fr");
    expect(response.status).toBe(200);
    const home = of("routes/site/home");
    expect(home.hero.title).toBe("Solutions logistiques internationales");
    expect(home.hero.primaryCta).toEqual({ label: "Demander un devis gratuit", path: "/fr/contact#quote" });
    expect(home.services.cards.map((card: Data) => [card.title, card.path])).toEqual([
      ["Fret aérien", "/fr/services/air-freight"],
      ["Fret maritime", "/fr/services/sea-freight"],
      ["Transport routier", "/fr/services/transport-routier"],
    ]);
    expect(home.team.members.map((member: Data) => member.name)).toEqual(teamMembers.map((m) => m.name));
    expect(home.team.members[0].role).toBe("PDG et fondateur");
    expect(home.testimonials.map((t: Data) => t.company)).toEqual(testimonials.map((t) => t.company));
    expect(home.testimonials[0].text).toContain("cacao");
    expect(home.words["What Our Customers Say"]).toBe("Ce que disent nos clients");
    expect(home.words["Rated {rating} out of 5"]).toBe("Noté {rating} sur 5");
    expect(home.words.Packages).toBe("Colis");
    const layout = of("routes/site/layout");
    expect(layout.footer.blurb).toContain("Votre partenaire de confiance");
    expect(layout.words["Monday - Friday"]).toBe("Lundi - Vendredi");
  });

  it("services: the page, every service and additional service in French, the inquiry's words sent", async () => {
    const { response, of } = await get("/fr/services");
    expect(response.status).toBe(200);
    const page = of("routes/site/services");
    expect(page.page.title).toBe("Nos services");
    expect(page.services.map((service: Data) => service.id)).toEqual(services.map((s) => s.id));
    for (const [i, service] of page.services.entries()) {
      expect(service.title).not.toBe(services[i]!.title);
      expect(service.summary).not.toBe(services[i]!.summary);
      expect(service.image.src).toBe(services[i]!.image.src);
    }
    expect(page.additionalServices.map((item: Data) => item.title)).toEqual([
      "Entreposage",
      "Dédouanement",
      "Gestion de la chaîne d'approvisionnement",
      "Colis exceptionnels",
    ]);
    expect(page.words["Get a Quote"]).toBe("Demander un devis");
    expect(page.words["Learn More"]).toBe("En savoir plus");
  });

  it("a service page in French, its other services, and a 404 for an unknown service", async () => {
    const { response, of } = await get("/fr/services/sea-freight");
    expect(response.status).toBe(200);
    const page = of("routes/site/services.$service-id");
    expect(page.service.title).toBe("Fret maritime");
    expect(page.service.description.join(" ")).toContain("connaissement");
    expect(page.service.features.map((feature: Data) => feature.icon)).toEqual(
      services[1]!.features.map((feature) => feature.icon),
    );
    expect(page.others.map((other: Data) => other.title)).toEqual(["Fret aérien", "Transport routier"]);
    expect(page.words["Key Features"]).toBe("Points forts");
    expect((await get("/fr/services/warehousing")).response.status).toBe(404);
  });

  it("road transport in French leads to the French trucking page", async () => {
    const { response } = await get("/fr/services/transport-routier");
    expect(response.status).toBe(301);
    expect(response.headers.get("location")).toBe("/fr/services/trucking");
  });

  it("about: mission, story, milestones and team in French", async () => {
    const { response, of } = await get("/fr/a-propos");
    expect(response.status).toBe(200);
    const page = of("routes/site/about");
    expect(page.hero.title).toBe("À propos");
    expect(page.mission.title).toBe("Notre mission");
    expect(page.video.close).toBe("Fermer");
    expect(page.milestones.section.title).toBe("Notre parcours");
    expect(page.milestones.items.map((m: Data) => m.year)).toEqual(milestones.map((m) => m.year));
    expect(page.milestones.items[0].title).toBe("Création de l'entreprise");
    expect(page.team.section.title).toBe("Notre équipe");
    expect(page.words["{name} on social media"]).toBe("{name} sur les réseaux sociaux");
  });

  it("the privacy policy and the terms in French, section for section, with the translation note's words", async () => {
    for (const [path, english, title] of [
      ["/fr/politique-de-confidentialite", privacyPolicy, "Politique de confidentialité"],
      ["/fr/conditions-d-utilisation", termsOfService, "Conditions d'utilisation"],
    ] as const) {
      const { response, of } = await get(path);
      expect(response.status).toBe(200);
      const page = of(
        path.includes("confidentialite") ? "routes/site/privacy-policy" : "routes/site/terms-of-service",
      );
      expect(page.document.title).toBe(title);
      expect(page.path).toBe(english === privacyPolicy ? "/privacy-policy" : "/terms-of-service");
      expect(page.document.sections.map((s: Data) => s.id)).toEqual(english.sections.map((s) => s.id));
      expect(page.document.sections.map((s: Data) => s.blocks.length)).toEqual(
        english.sections.map((s) => s.blocks.length),
      );
      expect(page.words["Read the English version"]).toBe("Lire la version anglaise");
    }
  });

  it("sends the French terms elided before the company's name, for the page to fill without an elision of its own", async () => {
    const page = (await get("/fr/conditions-d-utilisation")).of("routes/site/terms-of-service");
    const texts = JSON.stringify(page.document);
    expect(texts).toContain("qu'{companyName} (« nous »)");
    expect(texts).not.toMatch(/\bque \{companyName\}/);
  });

  it("an unknown /fr address is the 404 page with its French words", async () => {
    const { response, of } = await get("/fr/nulle-part");
    expect(response.status).toBe(404);
    expect(of("routes/site/layout").words["Package Not Found"]).toBe("Page introuvable");
  });
});

describe("the same pages in English are unchanged", () => {
  it("sends the English copy and no French words", async () => {
    const home = (await get("/")).of("routes/site/home");
    expect(home.hero).toEqual(homePage.hero);
    expect(home.services.cards.map((card: Data) => card.path)).toEqual([
      "/services/air-freight",
      "/services/sea-freight",
      "/services/road-transport",
    ]);
    expect(home.testimonials).toEqual(testimonials);
    expect(home.words).toBeUndefined();
    const list = (await get("/services")).of("routes/site/services");
    expect(list.page.title).toBe("Our Services");
    expect(list.additionalServices).toEqual(additionalServices);
    expect(list.words).toBeUndefined();
    const detail = (await get("/services/trucking")).of("routes/site/services.$service-id");
    expect(detail.service).toEqual(services[2]);
    const about = (await get("/about")).of("routes/site/about");
    expect(about.hero).toEqual(aboutPage.hero);
    expect(about.milestones.items).toEqual(milestones);
    const policy = (await get("/privacy-policy")).of("routes/site/privacy-policy");
    expect(policy.document).toEqual(privacyPolicy);
    expect(policy.words).toBeUndefined();
    const road = (await get("/services/road-transport")).response;
    expect(road.headers.get("location")).toBe("/services/trucking");
  });
});
