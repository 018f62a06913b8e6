// French elides 'de' and 'que' before a name that starts with a vowel ('d'Unitrans', 'qu'Unitrans', but 'de Lomé
// Cargo'): a company's, a person's or a place's name, never a number or a code (decision 030). Applied to what the
// server writes in French (messages, documents, loaders' texts, the policies); kept out of the pages' own script,
// which the public JavaScript budget holds (a page's component texts are not elided).
import type { Vars } from "#app/lib/i18n/translate.ts";

const NAMES = ["company", "companyName", "name", "site", "zone"] as const;
const VOWEL = /^[aeiouyàâäéèêëîïôöùûüœæ]/i;
const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A filled French text with 'de'/'que' elided before the names among `vars` that start with a vowel. */
export function elideBeforeNames(text: string, vars?: Vars): string {
  if (!vars) return text;
  // The text's own apostrophe (the documents and e-mails write ’).
  const apostrophe = text.includes("’") ? "’" : "'";
  let elided = text;
  for (const key of NAMES) {
    const value = vars[key];
    if (typeof value !== "string" || !VOWEL.test(value)) continue;
    const before = new RegExp(`\\b([Dd]|[Qq]u)e (${escapeRegex(value)})`, "g");
    elided = elided.replace(before, (_whole, de: string, name: string) => `${de}${apostrophe}${name}`);
  }
  return elided;
}
