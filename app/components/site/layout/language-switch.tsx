// The language switch of the header and footer (decision 030), and the door to the offer of French: only a
// browser that asks for French first, on an English page, loads the offer's code (language-offer.tsx).
import { lazy, Suspense, useEffect, useState } from "react";
import { Link } from "react-router";
import { homePath, LOCALE_NAMES, type Locale } from "#app/lib/i18n/locale.ts";
import { rememberLanguage } from "#app/lib/i18n/remember-language.ts";
import { useLocale, usePageAddresses } from "#app/lib/i18n/use-words.ts";

/** A link to this page in the other language, named in that language. */
export function LanguageSwitch({ className }: { className?: string }) {
  const locale = useLocale();
  const other: Locale = locale === "en" ? "fr" : "en";
  // A page with no version in the other language (a post not translated) switches to that language's home.
  const address = usePageAddresses()[other] ?? homePath(other);
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

const LanguageOffer = lazy(() => import("#app/components/site/language-offer.tsx"));

/**
 * On an English page, a visitor whose browser asks for French first (or who chose French before) is offered
 * this page in French; 'Non merci' is remembered. Never a redirect.
 */
export function LanguageOfferDoor() {
  const locale = useLocale();
  const french = usePageAddresses().fr;
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    const remembered = /(?:^|;\s*)lang=(en|fr)/.exec(document.cookie)?.[1];
    setWanted(remembered === "fr" || (!remembered && /^fr\b/i.test(navigator.languages?.[0] ?? "")));
  }, []);
  if (!wanted || locale !== "en" || !french) return null;
  return (
    <Suspense fallback={null}>
      <LanguageOffer french={french} onDone={() => setWanted(false)} />
    </Suspense>
  );
}
