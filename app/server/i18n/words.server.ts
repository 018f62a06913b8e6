// The French catalogs (decision 030), one per part of the site, and the translators the server uses for
// pages, messages and documents. Only the server imports them: a page gets the catalogs it names as loader
// data (`wordsFor`), so no script carries them.
import { elideBeforeNames } from "#app/lib/i18n/elide.ts";
import type { Locale } from "#app/lib/i18n/locale.ts";
import { type Catalog, mergeCatalogs, type Translate } from "#app/lib/i18n/translate.ts";
import { makeMessageTranslate } from "#app/lib/i18n/translate-messages.ts";
import { french } from "#app/server/i18n/fr/index.ts";

export type WordsNamespace = keyof typeof french;

/**
 * The catalog a page needs in `locale` (none in English: the code's words are the English ones). Every page
 * of the public layout gets 'site' (header, footer, errors) through the layout; a page names its own.
 */
export function wordsFor(locale: Locale, ...namespaces: WordsNamespace[]): Catalog | undefined {
  if (locale === "en") return undefined;
  // The catalogs never change: each set is joined once, not on every request of a French page.
  const key = namespaces.join(",");
  let joined = joinedWords.get(key);
  if (!joined) {
    joined = mergeCatalogs(namespaces.map((namespace) => french[namespace]));
    if (joined) joinedWords.set(key, joined);
  }
  return joined;
}

const joinedWords = new Map<string, Catalog>();

let allFrench: Catalog | undefined;

/** Every catalog at once: for messages, documents and validation messages, read on the server. */
export function translatorFor(locale: Locale): Translate {
  if (locale === "en") return makeMessageTranslate(undefined);
  allFrench ??= mergeCatalogs(Object.values(french));
  const translate = makeMessageTranslate(allFrench);
  return (text, vars) => elideBeforeNames(translate(text, vars), vars);
}
