// Words in the page's language (decision 030). The English text is the key, as gettext does: English pages
// show exactly what the code says (the spec's words), and a French catalog maps each English text to its
// French. A text with placeholders is a template: 'Updated {date}' with { date }. A message built elsewhere
// from a template (a validation message, a toast) is translated back through the same template.

/** English text → French text. Placeholders are `{name}` and must be the same on both sides. */
export type Catalog = Readonly<Record<string, string>>;
export type Vars = Readonly<Record<string, string | number>>;
export type Translate = (text: string, vars?: Vars) => string;

const PLACEHOLDER = /\{(\w+)\}/g;

/** A template with its placeholders filled; an unknown placeholder stays as written. */
export function interpolate(template: string, vars?: Vars): string {
  if (!vars) return template;
  return template.replace(PLACEHOLDER, (whole, name: string) =>
    Object.hasOwn(vars, name) ? String(vars[name]) : whole,
  );
}

/** The placeholder names of a template, sorted (the catalog test compares them). */
export function placeholdersOf(template: string): string[] {
  return [...template.matchAll(PLACEHOLDER)].map((match) => match[1]!).sort();
}

/**
 * A translator over `catalog`; without one (English) every text is returned as written. A text with no entry
 * stays English (the untranslated-text test finds it), so a missing word never breaks a page. Pages use this
 * one; a finished message built from a template is read back by `makeMessageTranslate` (translate-messages.ts),
 * which only the server and the forms' checks load.
 */
export function makeTranslate(catalog: Catalog | undefined): Translate {
  if (!catalog) return interpolate;
  return (text, vars) => interpolate(catalog[text] ?? text, vars);
}

/** Catalogs joined into one (a later one wins on the same text). */
export function mergeCatalogs(catalogs: ReadonlyArray<Catalog | undefined>): Catalog | undefined {
  const present = catalogs.filter((catalog): catalog is Catalog => catalog !== undefined);
  if (present.length === 0) return undefined;
  if (present.length === 1) return present[0];
  return Object.assign({}, ...present) as Catalog;
}
