// The site's two languages (decision 030). English keeps today's addresses word for word; French
// lives under /fr with the words of a path translated (not its tracking numbers, tokens or slugs). This one
// table maps each public address to its French one, in both directions: routes.ts builds the French routes
// from it (paths.ts holds it), and every link, alternate link and message uses it. Page code never imports the
// table (it would weigh on every page's script): a French page gets it as the layout's data (`useLocalePath`).

export const LOCALES = ["en", "fr"] as const;
export type Locale = (typeof LOCALES)[number];

export function isLocale(value: unknown): value is Locale {
  return value === "en" || value === "fr";
}

/** The language's own name, for the switch ('Français' on an English page). */
export const LOCALE_NAMES: Record<Locale, string> = { en: "English", fr: "Français" };

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
  // '/fr.data' is the French home page's data, asked for by a navigation in the browser.
  return pathname === "/fr" || pathname.startsWith("/fr/") || pathname === "/fr.data" ? "fr" : "en";
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

/** The home page in a language: '/' or '/fr'. */
export const homePath = (locale: Locale) => (locale === "fr" ? "/fr" : "/");

/**
 * The blog's addresses, the same words in both languages ('/blog', '/fr/blog/a-post'): for page code, which does
 * not carry the address table.
 */
export const blogPath = (locale: Locale, slug?: string) =>
  `${locale === "fr" ? "/fr" : ""}/blog${slug === undefined ? "" : `/${encodeURIComponent(slug)}`}`;

function splitPath(path: string): [pathname: string, rest: string] {
  const cut = path.search(/[?#]/);
  return cut === -1 ? [path, ""] : [path.slice(0, cut), path.slice(cut)];
}
