// The table of public addresses in English and French (decision 030), apart from locale.ts so that no page's
// script carries it: the server, the routes' table and the back office import it; a French page gets it as the
// public layout's data.
import { englishPathWith, type Locale, localizePathWith, type PathTable } from "#app/lib/i18n/locale.ts";

/**
 * Each public URL pattern and its French pattern; `:name` is a parameter, kept as it is. A pattern with a
 * fixed segment comes before one with a parameter in its place.
 */
export const FRENCH_PATHS: PathTable = [
  ["/", "/fr"],
  ["/services", "/fr/services"],
  ["/services/road-transport", "/fr/services/transport-routier"],
  ["/services/:serviceId", "/fr/services/:serviceId"],
  ["/about", "/fr/a-propos"],
  ["/contact", "/fr/contact"],
  ["/track", "/fr/suivi"],
  ["/track/:trackingNumber", "/fr/suivi/:trackingNumber"],
  ["/track/:trackingNumber/updates", "/fr/suivi/:trackingNumber/alertes"],
  ["/track/:trackingNumber/details", "/fr/suivi/:trackingNumber/details"],
  ["/track/:trackingNumber/details/waybill.pdf", "/fr/suivi/:trackingNumber/details/waybill.pdf"],
  ["/track/:trackingNumber/details/delivery-note.pdf", "/fr/suivi/:trackingNumber/details/delivery-note.pdf"],
  ["/blog", "/fr/blog"],
  ["/blog/:slug", "/fr/blog/:slug"],
  ["/unsubscribe/:token", "/fr/desabonnement/:token"],
  ["/subscribe/:token", "/fr/abonnement/:token"],
  ["/quote/:token", "/fr/devis/:token"],
  ["/quote/:token/pdf", "/fr/devis/:token/pdf"],
  ["/invoice/:token", "/fr/facture/:token"],
  ["/invoice/:token/pay", "/fr/facture/:token/payer"],
  ["/invoice/:token/invoice.pdf", "/fr/facture/:token/invoice.pdf"],
  ["/delivery-note/:token", "/fr/bon-de-livraison/:token"],
  ["/account", "/fr/compte"],
  ["/account/code", "/fr/compte/code"],
  ["/account/sign-in/:token", "/fr/compte/connexion/:token"],
  ["/account/sign-out", "/fr/compte/deconnexion"],
  ["/account/shipments", "/fr/compte/expeditions"],
  ["/account/shipments/:trackingNumber", "/fr/compte/expeditions/:trackingNumber"],
  ["/account/shipments/:trackingNumber/waybill.pdf", "/fr/compte/expeditions/:trackingNumber/waybill.pdf"],
  [
    "/account/shipments/:trackingNumber/delivery-note.pdf",
    "/fr/compte/expeditions/:trackingNumber/delivery-note.pdf",
  ],
  ["/account/shipments/:trackingNumber/label.pdf", "/fr/compte/expeditions/:trackingNumber/label.pdf"],
  [
    "/account/shipments/:trackingNumber/photos/:photoId",
    "/fr/compte/expeditions/:trackingNumber/photos/:photoId",
  ],
  ["/account/quotes", "/fr/compte/devis"],
  ["/account/quotes/:id", "/fr/compte/devis/:id"],
  ["/account/quotes/:id/quote.pdf", "/fr/compte/devis/:id/quote.pdf"],
  ["/account/invoices", "/fr/compte/factures"],
  ["/account/invoices/:id", "/fr/compte/factures/:id"],
  ["/account/invoices/:id/invoice.pdf", "/fr/compte/factures/:id/invoice.pdf"],
  ["/account/statement.pdf", "/fr/compte/statement.pdf"],
  ["/account/colleagues", "/fr/compte/collegues"],
  ["/account/preferences", "/fr/compte/preferences"],
  ["/privacy-policy", "/fr/politique-de-confidentialite"],
  ["/terms-of-service", "/fr/conditions-d-utilisation"],
];

/** The English address of a path in either language ('/fr/suivi/UTG-1' → '/track/UTG-1'). */
export const englishPath = (path: string) => englishPathWith(FRENCH_PATHS, path);

/** The address of a path in `locale` ('/track/UTG-1' → '/fr/suivi/UTG-1'). */
export const localizePath = (path: string, locale: Locale) => localizePathWith(FRENCH_PATHS, path, locale);

/** A route pattern in English ('fr/suivi/:trackingNumber' → '/track/:trackingNumber'). */
export function englishPattern(pattern: string): string {
  const path = pattern.startsWith("/") ? pattern : `/${pattern}`;
  const found = FRENCH_PATHS.find(([, french]) => french === path);
  return found ? found[0] : path;
}
