/**
 * The countries the public forms' phone field offers in its country list (a plain HTML select: no phone metadata
 * on public pages, decision 023), with their calling codes: Liberia and West Africa, where our customers are, and
 * the countries our cargo most often comes from. A number of any other country is typed with + and its code.
 * The server reads the number in the chosen country (app/schemas/form-text.ts) with the full metadata.
 */
export const PHONE_COUNTRIES = {
  LR: "231",
  BE: "32",
  BJ: "229",
  BF: "226",
  CM: "237",
  CV: "238",
  CN: "86",
  CI: "225",
  FR: "33",
  GM: "220",
  DE: "49",
  GH: "233",
  GN: "224",
  GW: "245",
  IN: "91",
  IT: "39",
  LB: "961",
  ML: "223",
  MR: "222",
  MA: "212",
  NL: "31",
  NE: "227",
  NG: "234",
  SN: "221",
  SL: "232",
  ZA: "27",
  ES: "34",
  TG: "228",
  TR: "90",
  AE: "971",
  GB: "44",
  US: "1",
} as const;

export type PhoneCountry = keyof typeof PHONE_COUNTRIES;

export function isPhoneCountry(value: unknown): value is PhoneCountry {
  return typeof value === "string" && Object.hasOwn(PHONE_COUNTRIES, value);
}

/**
 * The list's first choice when the delivery country is not known, by the page's language: Liberia on English
 * pages (our home, and what a number without a code always meant before the list); Côte d'Ivoire on French pages,
 * Liberia's French-speaking neighbour and the largest of the French-speaking West African countries we serve, so
 * a French visitor's local number ('07 07 12 34 56') is read as the Ivorian number it most likely is.
 */
const LANGUAGE_COUNTRY = { en: "LR", fr: "CI" } as const satisfies Record<string, PhoneCountry>;

/** Built once per language: Intl.DisplayNames and the sort by name are the costly part of a form page's loader. */
const namesByLocale = new Map<string, readonly { code: PhoneCountry; name: string }[]>();
const optionsByLocale = new Map<string, { value: PhoneCountry; label: string }[]>();

function countryNames(locale: string) {
  let list = namesByLocale.get(locale);
  if (!list) {
    const names = new Intl.DisplayNames([locale], { type: "region" });
    list = (Object.keys(PHONE_COUNTRIES) as PhoneCountry[]).map((code) => ({
      code,
      name: names.of(code) ?? code,
    }));
    namesByLocale.set(locale, list);
  }
  return list;
}

/** The list's options in the page's language, by name: 'Côte d’Ivoire (+225)'. The same list every time. */
export function phoneCountryOptions(locale: "en" | "fr"): { value: PhoneCountry; label: string }[] {
  let options = optionsByLocale.get(locale);
  if (!options) {
    options = [...countryNames(locale)]
      .sort((a, b) => a.name.localeCompare(b.name, locale))
      .map(({ code, name }) => ({ value: code, label: `${name} (+${PHONE_COUNTRIES[code]})` }));
    optionsByLocale.set(locale, options);
  }
  return options;
}

/** Lower case, no accents, straight apostrophes and single spaces, for finding a country's name in typed text. */
function folded(text: string): string {
  return ` ${text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .replace(/[’‘`]/g, "'")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}']+/gu, " ")
    .trim()} `;
}

/**
 * The country a delivery place names ('Abidjan, Côte d'Ivoire', 'Accra - Ghana', 'Conakry, Guinée'), in English or
 * French, among the list's; null when it names none (or, like 'Guinea-Bissau' beside 'Guinea', the longest name
 * that matches decides).
 */
export function countryInText(text: string | null | undefined): PhoneCountry | null {
  if (!text) return null;
  const place = folded(text);
  let found: { code: PhoneCountry; length: number } | null = null;
  for (const locale of ["en", "fr"]) {
    for (const { code, name } of countryNames(locale)) {
      const key = folded(name);
      if (place.includes(key) && key.length > (found?.length ?? 0)) found = { code, length: key.length };
    }
  }
  return found?.code ?? null;
}

/** The list's first choice: the delivery country when the place names one, else the page language's country. */
export function defaultPhoneCountry({
  deliveryCity,
  locale,
}: {
  deliveryCity?: string | null;
  locale: "en" | "fr";
}): PhoneCountry {
  return countryInText(deliveryCity) ?? LANGUAGE_COUNTRY[locale];
}

/** What a public form's phone field gets from its page's loader: the list, and the country chosen first. */
export type PhoneCountryChoices = { options: { value: string; label: string }[]; start: PhoneCountry };

export function phoneCountryChoices({
  deliveryCity,
  locale,
}: {
  deliveryCity?: string | null;
  locale: "en" | "fr";
}): PhoneCountryChoices {
  return { options: phoneCountryOptions(locale), start: defaultPhoneCountry({ deliveryCity, locale }) };
}
