// The visitor's choice of language, remembered in the `lang` cookie for a year (decision 030): set by the
// switch and by the offer of French (app/components/site/layout/language-switch.tsx, language-offer.tsx).
import type { Locale } from "#app/lib/i18n/locale.ts";

/** The cookie's name (the server reads it: customer-guards.server.ts). */
export const LANGUAGE_COOKIE = "lang";

export function rememberLanguage(locale: Locale) {
  // biome-ignore lint/suspicious/noDocumentCookie: one plain cookie; the Cookie Store API is not in every browser
  document.cookie = `${LANGUAGE_COOKIE}=${locale}; Path=/; Max-Age=31536000; SameSite=Lax`;
}
