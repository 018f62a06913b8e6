// The site's two languages (issue 30, decision 030). English keeps today's addresses word for word; French
// lives under /fr with the words of a path translated (not its tracking numbers, tokens or slugs). This one
// table maps each public address to its French one, in both directions: routes.ts builds the French routes
// from it, and every link, alternate link and message uses it. Page code never imports the table (it would
// weigh on every page's script): a French page gets it as the layout's data (`useLocalePath`).

export const LOCALES = ["en", "fr"] as const;
export type Locale = (typeof LOCALES)[number];

export function isLocale(value: unknown): value is Locale {
  return value === "en" || value === "fr";
}

/** The language's own name, for the switch ('Français' on an English page). */
export const LOCALE_NAMES: Record<Locale, string> = { en: "English", fr: "Français" };

/**
 * Each public URL pattern and its French pattern; `:name` is a parameter, kept as it is. A pattern with a
 * fixed segment comes before one with a parameter in its place.
 */
export const FRENCH_PATHS: PathTable = [
  ["/", "/fr"],
  ["/services", "/fr/services"],
  ["/services/road-transport", "/fr/services/transport-routier"],
  ["/services/:serviceId", "/fr/services/:serviceId"],
  ["/about", "/fr/a-propos"],
  ["/contact", "/fr/contact"],
  ["/track", "/fr/suivi"],
  ["/track/:trackingNumber", "/fr/suivi/:trackingNumber"],
  ["/track/:trackingNumber/updates", "/fr/suivi/:trackingNumber/alertes"],
  ["/track/:trackingNumber/details", "/fr/suivi/:trackingNumber/details"],
  ["/track/:trackingNumber/details/waybill.pdf", "/fr/suivi/:trackingNumber/details/waybill.pdf"],
  ["/track/:trackingNumber/details/delivery-note.pdf", "/fr/suivi/:trackingNumber/details/delivery-note.pdf"],
  ["/blog", "/fr/blog"],
  ["/blog/:slug", "/fr/blog/:slug"],
  ["/unsubscribe/:token", "/fr/desabonnement/:token"],
  ["/subscribe/:token", "/fr/abonnement/:token"],
  ["/quote/:token", "/fr/devis/:token"],
  ["/quote/:token/pdf", "/fr/devis/:token/pdf"],
  ["/invoice/:token", "/fr/facture/:token"],
  ["/invoice/:token/pay", "/fr/facture/:token/payer"],
  ["/invoice/:token/invoice.pdf", "/fr/facture/:token/invoice.pdf"],
  ["/delivery-note/:token", "/fr/bon-de-livraison/:token"],
  ["/account", "/fr/compte"],
  ["/account/code", "/fr/compte/code"],
  ["/account/sign-in/:token", "/fr/compte/connexion/:token"],
  ["/account/sign-out", "/fr/compte/deconnexion"],
  ["/account/shipments", "/fr/compte/expeditions"],
  ["/account/shipments/:trackingNumber", "/fr/compte/expeditions/:trackingNumber"],
  ["/account/shipments/:trackingNumber/waybill.pdf", "/fr/compte/expeditions/:trackingNumber/waybill.pdf"],
  [
    "/account/shipments/:trackingNumber/delivery-note.pdf",
    "/fr/compte/expeditions/:trackingNumber/delivery-note.pdf",
  ],
  ["/account/shipments/:trackingNumber/label.pdf", "/fr/compte/expeditions/:trackingNumber/label.pdf"],
  [
    "/account/shipments/:trackingNumber/photos/:photoId",
    "/fr/compte/expeditions/:trackingNumber/photos/:photoId",
  ],
  ["/account/quotes", "/fr/compte/devis"],
  ["/account/quotes/:id", "/fr/compte/devis/:id"],
  ["/account/quotes/:id/quote.pdf", "/fr/compte/devis/:id/quote.pdf"],
  ["/account/invoices", "/fr/compte/factures"],
  ["/account/invoices/:id", "/fr/compte/factures/:id"],
  ["/account/invoices/:id/invoice.pdf", "/fr/compte/factures/:id/invoice.pdf"],
  ["/account/statement.pdf", "/fr/compte/statement.pdf"],
  ["/account/colleagues", "/fr/compte/collegues"],
  ["/account/preferences", "/fr/compte/preferences"],
  ["/privacy-policy", "/fr/politique-de-confidentialite"],
  ["/terms-of-service", "/fr/conditions-d-utilisation"],
];

const segments = (path: string) => path.split("/").filter(Boolean);

/** The values of `pattern`'s parameters in `path`, or null when the path is not one of the pattern. */
function matchPattern(pattern: string, path: string): string[] | null {
  const want = segments(pattern);
  const have = segments(path);
  if (want.length !== have.length) return null;
  const values: string[] = [];
  for (const [i, part] of want.entries()) {
    if (part.startsWith(":")) values.push(have[i]!);
    else if (part !== have[i]) return null;
  }
  return values;
}

function fillPattern(pattern: string, values: string[]): string {
  let next = 0;
  const filled = segments(pattern).map((part) => (part.startsWith(":") ? values[next++]! : part));
  return `/${filled.join("/")}`;
}

/** The language of an address: French under /fr, English everywhere else. */
export function localeOfPath(pathname: string): Locale {
  return pathname === "/fr" || pathname.startsWith("/fr/") ? "fr" : "en";
}

/** The language a request's address is in (a loader's or an action's). */
export function localeOf(request: Request): Locale {
  return localeOfPath(new URL(request.url).pathname);
}

/** A table of address patterns, English and French (FRENCH_PATHS; the browser gets it as page data). */
export type PathTable = ReadonlyArray<readonly [english: string, french: string]>;

/**
 * The English address of a path in either language ('/fr/suivi/UTG-1' → '/track/UTG-1'), keeping its query
 * and hash. A French path with no entry in the table loses its '/fr' only.
 */
export function englishPathWith(table: PathTable, path: string): string {
  const [pathname, rest] = splitPath(path);
  if (localeOfPath(pathname) === "en") return path;
  for (const [english, french] of table) {
    const values = matchPattern(french, pathname);
    if (values) return fillPattern(english, values) + rest;
  }
  return (pathname.slice(3) || "/") + rest;
}

/**
 * The address of a path in `locale` ('/track/UTG-1' → '/fr/suivi/UTG-1'). Accepts a path in either language;
 * an address outside the table (the back office, a file) is left as it is.
 */
export function localizePathWith(table: PathTable, path: string, locale: Locale): string {
  const english = englishPathWith(table, path);
  if (locale === "en") return english;
  const [pathname, rest] = splitPath(english);
  for (const [englishPattern, french] of table) {
    const values = matchPattern(englishPattern, pathname);
    if (values) return fillPattern(french, values) + rest;
  }
  return english;
}

/** {@link englishPathWith} over the whole table: for the server and tests (pages get the table as data). */
export const englishPath = (path: string) => englishPathWith(FRENCH_PATHS, path);

/** {@link localizePathWith} over the whole table: for the server and tests (pages get the table as data). */
export const localizePath = (path: string, locale: Locale) => localizePathWith(FRENCH_PATHS, path, locale);

/** The home page in a language: '/' or '/fr'. */
export const homePath = (locale: Locale) => (locale === "fr" ? "/fr" : "/");

/**
 * The blog's addresses, the same words in both languages ('/blog', '/fr/blog/a-post'): for page code, which does
 * not carry the address table.
 */
export const blogPath = (locale: Locale, slug?: string) =>
  `${locale === "fr" ? "/fr" : ""}/blog${slug === undefined ? "" : `/${encodeURIComponent(slug)}`}`;

/** A route pattern in English ('fr/suivi/:trackingNumber' → '/track/:trackingNumber'). */
export function englishPattern(pattern: string): string {
  const path = pattern.startsWith("/") ? pattern : `/${pattern}`;
  const found = FRENCH_PATHS.find(([, french]) => french === path);
  return found ? found[0] : path;
}

function splitPath(path: string): [pathname: string, rest: string] {
  const cut = path.search(/[?#]/);
  return cut === -1 ? [path, ""] : [path.slice(0, cut), path.slice(cut)];
}
