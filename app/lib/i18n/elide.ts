// French elides 'de' and 'que' before a name that starts with a vowel ('d'Unitrans', 'qu'Unitrans', but 'de Lomé
// Cargo'): a company's, a person's or a place's name, never a number or a code (decision 030). Applied to what the
// server writes in French (messages, documents, loaders' texts, the policies); kept out of the pages' own script,
// which the public JavaScript budget holds (a page's component texts are not elided).
import type { Vars } from "#app/lib/i18n/translate.ts";

const NAMES = ["company", "companyName", "name", "site", "zone"] as const;
const VOWEL = /^[aeiouyàâäéèêëîïôöùûüœæ]/i;
const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Each name's pattern, built once per value: this runs for every message the server writes in French. */
const patterns = new Map<string, RegExp>();
const PATTERNS_MAX = 200;

function patternFor(value: string): RegExp {
  let pattern = patterns.get(value);
  if (!pattern) {
    // Names are few (the company's, a party's, a city); the cap only keeps an odd run of names from growing it.
    if (patterns.size >= PATTERNS_MAX) patterns.clear();
    pattern = new RegExp(`\\b([Dd]|[Qq]u)e (${escapeRegex(value)})`, "g");
    patterns.set(value, pattern);
  }
  return pattern;
}

/** A filled French text with 'de'/'que' elided before the names among `vars` that start with a vowel. */
export function elideBeforeNames(text: string, vars?: Vars): string {
  if (!vars) return text;
  // The text's own apostrophe (the documents and e-mails write ’).
  const apostrophe = text.includes("’") ? "’" : "'";
  let elided = text;
  for (const key of NAMES) {
    const value = vars[key];
    if (typeof value !== "string" || !VOWEL.test(value) || !elided.includes(value)) continue;
    // replace() with a global pattern starts from 0 whatever its lastIndex, so a shared pattern is safe.
    elided = elided.replace(
      patternFor(value),
      (_whole, de: string, name: string) => `${de}${apostrophe}${name}`,
    );
  }
  return elided;
}

/**
 * A French template with 'de'/'que' elided before the placeholders (`{companyName}`) whose values in `vars` start
 * with a vowel, the placeholders kept: what elideBeforeNames does once they are filled. A page's loader prepares
 * its texts so, and the page fills them with interpolate alone (the policy pages: no elision in their script).
 */
export function elideBeforePlaceholders(template: string, vars: Vars): string {
  const apostrophe = template.includes("’") ? "’" : "'";
  let elided = template;
  for (const key of NAMES) {
    const value = vars[key];
    const placeholder = `{${key}}`;
    if (typeof value !== "string" || !VOWEL.test(value) || !elided.includes(placeholder)) continue;
    elided = elided.replace(
      new RegExp(`\\b([Dd]|[Qq]u)e \\{${key}\\}`, "g"),
      (_whole, de: string) => `${de}${apostrophe}${placeholder}`,
    );
  }
  return elided;
}
