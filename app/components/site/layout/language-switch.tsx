// The language switch of the header and footer, and the offer of French to a French browser on an English
// page (decision 030): never a forced redirect; the choice is remembered in a cookie for a year.
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { LOCALE_NAMES, type Locale, localizePath } from "#app/lib/i18n/locale.ts";
import { useLocale, usePageAddresses } from "#app/lib/i18n/use-words.ts";

/** The cookie that remembers a visitor's choice of language ('en' or 'fr'). */
export const LANGUAGE_COOKIE = "lang";

function rememberLanguage(locale: Locale) {
  // biome-ignore lint/suspicious/noDocumentCookie: one plain cookie; the Cookie Store API is not in every browser
  document.cookie = `${LANGUAGE_COOKIE}=${locale}; Path=/; Max-Age=31536000; SameSite=Lax`;
}

function rememberedLanguage(): Locale | undefined {
  const match = new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=(en|fr)`).exec(document.cookie);
  return match ? (match[1] as Locale) : undefined;
}

/** A link to this page in the other language, named in that language. */
export function LanguageSwitch({ className }: { className?: string }) {
  const locale = useLocale();
  const other: Locale = locale === "en" ? "fr" : "en";
  // A page with no version in the other language (a post not translated) switches to that language's home.
  const address = usePageAddresses()[other] ?? localizePath("/", other);
  return (
    <Link
      to={address}
      lang={other}
      hrefLang={other}
      className={className}
      onClick={() => rememberLanguage(other)}
    >
      {LOCALE_NAMES[other]}
    </Link>
  );
}

/**
 * On an English page, a visitor whose browser asks for French first (or who chose French before) is offered
 * this page in French, in French, at the foot of the screen (so nothing moves). 'Non merci' keeps English
 * and is remembered too.
 */
export function LanguageOffer() {
  const locale = useLocale();
  const french = usePageAddresses().fr;
  const [offered, setOffered] = useState(false);
  useEffect(() => {
    if (locale !== "en") return;
    const remembered = rememberedLanguage();
    const browser = navigator.languages?.[0] ?? navigator.language ?? "";
    setOffered(remembered === "fr" || (remembered === undefined && /^fr\b/i.test(browser)));
  }, [locale]);
  if (!offered || locale !== "en" || !french) return null;
  return (
    <section
      lang="fr"
      aria-label="Langue"
      className="fixed inset-x-3 bottom-3 z-50 mx-auto flex max-w-xl flex-wrap items-center gap-3 rounded-lg bg-brand-900 px-4 py-3 text-sm text-white shadow-lg"
    >
      <p className="min-w-0 flex-1">Cette page existe en français.</p>
      <Link
        to={french}
        hrefLang="fr"
        className="rounded-md bg-white px-3 py-2 font-semibold text-brand-900 hover:bg-slate-100"
        onClick={() => {
          rememberLanguage("fr");
          setOffered(false);
        }}
      >
        Voir en français
      </Link>
      <button
        type="button"
        className="rounded-md px-3 py-2 font-medium text-white underline hover:bg-white/10"
        onClick={() => {
          rememberLanguage("en");
          setOffered(false);
        }}
      >
        Non merci
      </button>
    </section>
  );
}
