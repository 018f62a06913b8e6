// The page's language, words and addresses in components (decision 030). The language is the address's; the
// French words come as loader data (`words` in any matched route's data), and so do the addresses of the page
// in each language and, on a French page, the address table: no page carries a catalog or the table in its
// script, and an English page carries neither at all.
import { useMemo } from "react";
import { useLocation, useMatches, useRouteLoaderData } from "react-router";
import { type Locale, localeOfPath, localizePathWith, type PathTable } from "#app/lib/i18n/locale.ts";
import { type Catalog, makeTranslate, mergeCatalogs, type Translate } from "#app/lib/i18n/translate.ts";

/** What a loader returns to give its page words: `{ words: wordsFor(locale, "tracking") }`. */
export type WithWords = { words?: Catalog };

/** The public layout's data about languages (app/routes/site/layout.tsx). */
export type LanguageData = {
  /** This page's address in each language. */
  addresses: Record<Locale, string>;
  /** FRENCH_PATHS, on French pages only (their links need it; an English page's links are English already). */
  paths?: PathTable;
};

export function useLocale(): Locale {
  return localeOfPath(useLocation().pathname);
}

/** The French words of the matched routes (none on an English page). */
export function useWords(): Catalog | undefined {
  const matches = useMatches();
  const locale = useLocale();
  // Kept while the matched routes' data stay (a fixed list of dependencies: a list that grew from an English
  // page's none to a French page's catalogs would keep the English answer).
  return useMemo(
    () =>
      locale === "en"
        ? undefined
        : mergeCatalogs(matches.map((match) => (match.loaderData as WithWords | undefined)?.words)),
    [locale, matches],
  );
}

/** A translator: an English text (or template) in the page's language. */
export function useT(): Translate {
  const words = useWords();
  return useMemo(() => makeTranslate(words), [words]);
}

function useLanguageData(): LanguageData | undefined {
  return (useRouteLoaderData("routes/site/layout") as { language?: LanguageData } | undefined)?.language;
}

/** `to("/track")`: an English address in the page's language ('/fr/suivi' on a French page). */
export function useLocalePath(): (path: string) => string {
  const locale = useLocale();
  const paths = useLanguageData()?.paths;
  return useMemo(
    () => (path: string) => (locale === "en" || !paths ? path : localizePathWith(paths, path, locale)),
    [locale, paths],
  );
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
  const layout = useLanguageData();
  for (const match of [...matches].reverse()) {
    const alternates = (match.loaderData as WithAlternates | undefined)?.alternates;
    if (alternates) return { en: alternates.en ?? null, fr: alternates.fr ?? null };
  }
  return { en: layout?.addresses.en ?? null, fr: layout?.addresses.fr ?? null };
}
