/**
 * The page a request is for, without React Router's data-request suffix and parameters: where to come back
 * to after logging in, or after an action on a list.
 */
export function requestedPath(request: Request): string {
  const url = new URL(request.url);
  let pathname = url.pathname;
  if (pathname.endsWith("/_.data")) pathname = pathname.slice(0, -"/_.data".length) || "/";
  else if (pathname.endsWith(".data")) pathname = pathname.slice(0, -".data".length);
  url.searchParams.delete("_routes");
  url.searchParams.delete("index");
  const search = url.searchParams.toString();
  return `${pathname}${search ? `?${search}` : ""}`;
}

/**
 * The addresses whose next segment is a secret token: a quote's, an unsubscribe or confirmation link's, a
 * delivery note's, an invoice's, a customer's sign-in link; in English and at their French addresses
 * (app/lib/i18n/paths.ts).
 */
const SECRET_LINKS = [
  "quote",
  "unsubscribe",
  "subscribe",
  "delivery-note",
  "invoice",
  "account/sign-in",
  "fr/devis",
  "fr/desabonnement",
  "fr/abonnement",
  "fr/bon-de-livraison",
  "fr/facture",
  "fr/compte/connexion",
];
const SECRET_LINK = new RegExp(
  `^((?:[a-z][a-z0-9+.-]*:\\/\\/[^/?#]*)?)\\/(${SECRET_LINKS.join("|")})\\/[^/?#]+`,
  "i",
);

/** A `token` query parameter's value (the staff reset link, /admin-reset-password?token=…). */
const SECRET_PARAM = /([?&]token=)[^&#]*/gi;

/**
 * A URL as the log may show it: secret links keep their shape but the token becomes '[token]', in the path or
 * in a `token` parameter. Full URLs too.
 */
export function loggedUrl(url: string): string {
  return url.replace(SECRET_LINK, "$1/$2/[token]").replace(SECRET_PARAM, "$1[token]");
}
