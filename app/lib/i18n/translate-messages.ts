// Finished messages read back through the catalog's templates (decision 030): 'Name must be at most 100
// characters' is the template '{label} must be at most {max} characters' with its values, so it comes out as
// 'Nom : 100 caractères au plus'. For the server (validation messages, toasts, messages) and the forms' checks;
// pages' scripts use the plain translator of translate.ts.
import { type Catalog, interpolate, type Translate } from "#app/lib/i18n/translate.ts";

const PLACEHOLDER = /\{(\w+)\}/g;

type Pattern = { regex: RegExp; names: string[]; french: string };
const patternsByCatalog = new WeakMap<Catalog, Pattern[]>();

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The catalog's templates as patterns that read a finished English message, longest first. */
function patternsOf(catalog: Catalog): Pattern[] {
  let patterns = patternsByCatalog.get(catalog);
  if (patterns) return patterns;
  patterns = [];
  for (const [english, french] of Object.entries(catalog)) {
    const names = [...english.matchAll(PLACEHOLDER)].map((match) => match[1]!);
    if (!names.length) continue;
    const source = english
      .split(PLACEHOLDER)
      .map((part, i) => (i % 2 === 1 ? "(.+?)" : escapeRegex(part)))
      .join("");
    patterns.push({ regex: new RegExp(`^${source}$`, "s"), names, french });
  }
  patterns.sort((a, b) => b.regex.source.length - a.regex.source.length);
  patternsByCatalog.set(catalog, patterns);
  return patterns;
}

/** A translator over `catalog` that also reads back finished messages built from its templates. */
export function makeMessageTranslate(catalog: Catalog | undefined): Translate {
  if (!catalog) return interpolate;
  return (text, vars) => {
    const french = catalog[text];
    if (french !== undefined) return interpolate(french, vars);
    if (vars) return interpolate(text, vars);
    // A finished message built from a template ('Name must be at most 100 characters'): read its values
    // back, translate those that are words themselves (a field's label), and fill the French template.
    for (const pattern of patternsOf(catalog)) {
      const match = pattern.regex.exec(text);
      if (!match) continue;
      const values: Record<string, string> = {};
      pattern.names.forEach((name, i) => {
        const value = match[i + 1]!;
        values[name] = catalog[value] ?? value;
      });
      return interpolate(pattern.french, values);
    }
    return text;
  };
}
