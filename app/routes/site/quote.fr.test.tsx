// /fr/devis/:token (decision 030): the customer's quote in French, from its loader's data to the page a customer
// reads, before and after 'Accepter le devis'.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import QuotePage, { action, loader } from "#app/routes/site/quote.$token.tsx";
import { createQuoteRequest } from "#app/server/quotes/quote-requests.server.ts";
import { defaultValidUntil, saveQuoteDraft, sendQuote } from "#app/server/quotes/quotes.server.ts";
import type { Services } from "#app/server/services.server.ts";
import { renderSitePage } from "#tests/setup/render-site-page.tsx";
import { createTestContext, createTestServices } from "#tests/setup/test-db.ts";

let services: Services;
beforeAll(async () => {
  services = await createTestServices({ SITE_URL: "https://freight.example" });
});
afterAll(() => services?.close());

// Intl writes French numbers with narrow no-break spaces (U+202F) and a no-break space before the symbol.
const plain = (text: string) => text.replace(/[\u202f\u00a0]/g, " ");

async function sentQuote() {
  const { id } = await createQuoteRequest({
    db: services.db,
    input: {
      firstName: "Awa",
      lastName: "Koné",
      email: "awa@example.com",
      cityDeparture: "Abidjan",
      deliveryCity: "Monrovia",
      parcelType: "Pallets",
      weight: "250 kg",
      specialInfo: "",
      freightTypes: ["sea"],
    },
    submissionKey: crypto.randomUUID(),
    language: "fr",
  });
  const settings = await services.siteSettings.get();
  await saveQuoteDraft({
    db: services.db,
    requestId: id!,
    input: {
      currency: "XOF",
      validUntil: defaultValidUntil(settings.timeZone),
      transitTime: null,
      incoterm: "FOB",
      terms: null,
      note: null,
      lines: [{ description: "Fret maritime", amountMinor: 150_000 }],
    },
    staffId: null,
    timeZone: settings.timeZone,
  });
  const sent = await sendQuote({
    db: services.db,
    config: services.config,
    logger: services.logger,
    requestId: id!,
    staffId: null,
    settings,
  });
  if (!sent.ok) throw new Error(sent.reason);
  return sent.token;
}

function call(fn: typeof loader | typeof action, path: string, form?: Record<string, string>) {
  const url = `https://freight.example${path}`;
  const token = path.split("/").pop()!;
  const request = form
    ? new Request(url, { method: "POST", body: new URLSearchParams(form) })
    : new Request(url);
  return fn({
    request,
    params: { token },
    context: createTestContext(services),
  } as never) as Promise<Record<string, unknown>>;
}

/** The page as the server renders it at `path`, with the loader's data. */
const render = (path: string, loaderData: unknown) =>
  renderSitePage({ services, pattern: "/fr/devis/:token", path, Page: QuotePage, loaderData });

describe("/fr/devis/:token", () => {
  it("gives the quote's money and words in French, and the page reads in French", async () => {
    const token = await sentQuote();
    const path = `/fr/devis/${token}`;
    const data = await call(loader, path);
    expect(data).toMatchObject({ kind: "found", route: "Abidjan → Monrovia" });
    expect(plain(data.total as string)).toBe("150 000 F CFA");
    const html = await render(path, data);
    for (const french of [
      "Votre devis: Abidjan → Monrovia",
      "Pour Awa Koné",
      "Valable jusqu&#x27;au",
      "FOB (Franco à bord)",
      "Télécharger ce devis en PDF",
      "Accepter le devis",
      "Commentaire (facultatif)",
    ])
      expect(html).toContain(french);
    expect(html).not.toContain("Accept quote");
    expect(html).toContain(`href="/fr/devis/${token}/pdf"`);

    // Accepted from the French page: the status line says so in French, with a French date.
    expect(await call(action, path, { intent: "accept", name: "Awa Koné" })).toEqual({
      ok: true,
      outcome: "accepted",
    });
    const after = await render(path, await call(loader, path));
    expect(after).toMatch(
      /Ce devis a été accepté par Awa Koné le \d{1,2} [a-zéû]+ \d{4}[ ,à]+\d{2}:\d{2}\. Merci: nous vous contacterons/,
    );
  });

  it("keeps the English page as it was", async () => {
    const token = await sentQuote();
    const data = await call(loader, `/quote/${token}`);
    expect(data).toMatchObject({ kind: "found", route: "Abidjan to Monrovia", total: "150,000 XOF" });
    expect(data.words).toBeUndefined();
  });
});
