// What the public contact page shows (app/components/site/contact), as its loader gives it: types only.
import type { PhoneCountryChoices } from "#app/lib/phone-countries.ts";
import type { QuoteFormStart } from "#app/schemas/rules/quote-request-rules.ts";

export type ContactPageData = {
  /** A fresh key per render of each form: a double click or a resubmitted page stores one row. */
  quoteKey: string;
  contactKey: string;
  /** The office map's addresses and its note in the page's language (app/content/office-map.ts). */
  map: { embedUrl: string; pageUrl: string; note: string };
  /** The page's longer sentences in its language. */
  copy: { description: string; intro: string; messageIntro: string; quoteIntro: string };
  /** A signed-in customer's details (and with 'Book again' a shipment's route and cargo) for the quote form. */
  quoteStart: QuoteFormStart | null;
  quoteNote: string | null;
  phoneCountries: PhoneCountryChoices;
};
