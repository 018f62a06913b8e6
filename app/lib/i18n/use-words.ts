// The page's language and words in components (decision 030). The language is the address's; the French
// words come as loader data (`words` in any matched route's data), so no page carries a catalog in its
// script, and an English page carries none at all.
import { useMemo } from "react";
import { useLocation, useMatches } from "react-router";
import { englishPath, type Locale, localeOfPath, localizePath } from "#app/lib/i18n/locale.ts";
import { type Catalog, makeTranslate, mergeCatalogs, type Translate } from "#app/lib/i18n/translate.ts";

/** What a loader returns to give its page words: `{ words: await wordsFor(locale, "tracking") }`. */
export type WithWords = { words?: Catalog };

export function useLocale(): Locale {
  return localeOfPath(useLocation().pathname);
}

/** A translator: an English text (or template) in the page's language. */
export function useT(): Translate {
  const matches = useMatches();
  const locale = useLocale();
  const catalogs =
    locale === "en" ? [] : matches.map((match) => (match.loaderData as WithWords | undefined)?.words);
  // Catalogs change only with the matched routes' data, so the translator is kept while they stay.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the catalogs are the dependencies
  return useMemo(() => makeTranslate(mergeCatalogs(catalogs)), catalogs);
}

/** `to("/track")`: the address in the page's language ('/fr/suivi' on a French page). */
export function useLocalePath(): (path: string) => string {
  const locale = useLocale();
  return useMemo(() => (path: string) => localizePath(path, locale), [locale]);
}

/**
 * What a loader returns when its page's address in the other language is not simply its own translated (a blog
 * post and its translation have different slugs): `{ alternates: { en: "/blog/a", fr: "/fr/blog/b" } }`; null
 * when the page has no version in that language.
 */
export type WithAlternates = { alternates?: Partial<Record<Locale, string | null>> };

/** This page's address in each language (null: none), for the switch and the `hreflang` links. */
export function usePageAddresses(): Record<Locale, string | null> {
  const matches = useMatches();
  const { pathname, search } = useLocation();
  for (const match of [...matches].reverse()) {
    const alternates = (match.loaderData as WithAlternates | undefined)?.alternates;
    if (alternates) return { en: alternates.en ?? null, fr: alternates.fr ?? null };
  }
  const english = englishPath(pathname + search);
  return { en: english, fr: localizePath(english, "fr") };
}
