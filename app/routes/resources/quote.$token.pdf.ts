import { requestContext, servicesContext } from "#app/context.ts";
import { localeOf } from "#app/lib/i18n/locale.ts";
import { localizePath } from "#app/lib/i18n/paths.ts";
import { documentRefusal } from "#app/server/documents/document-response.server.ts";
import { documentWords } from "#app/server/documents/document-words.server.ts";
import { customerQuotePdf } from "#app/server/quotes/quote-answer.server.ts";
import { findQuoteByToken, limitQuoteLinks } from "#app/server/quotes/quote-link.server.ts";
import { quotePath } from "#app/server/quotes/quotes.server.ts";
import type { Route } from "./+types/quote.$token.pdf";

/**
 * The customer's quote as a PDF, from the link of the quote e-mail (decision 016): the same rules as its page (a
 * wrong token is a plain 404, every client is rate limited, nothing is cached, no referrer leaves). A version
 * replaced by a newer one is not offered: the newer e-mail has its own link. In the address's language
 * (/fr/devis/:token/pdf: French).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db, config } = context.get(servicesContext);
  const { clientIp } = context.get(requestContext);
  const locale = localeOf(request);
  const { t } = documentWords({ locale });
  const limit = await limitQuoteLinks({ db, config, clientIp });
  if (!limit.allowed) {
    const refused = documentRefusal(t("Too many requests. Please wait a few minutes and try again."), 429);
    refused.headers.set("Retry-After", String(limit.retryAfterSeconds));
    return refused;
  }
  const found = await findQuoteByToken({ db, token: params.token });
  if (!found) return documentRefusal(t("Page not found"), 404);
  const response = await customerQuotePdf({
    context,
    found,
    link: `${config.siteUrl}${localizePath(quotePath(params.token), locale)}`,
    locale,
  });
  response.headers.set("Referrer-Policy", "no-referrer");
  return response;
}
