import type { RouterContextProvider } from "react-router";
import { servicesContext } from "#app/context.ts";
import { localeOf } from "#app/lib/i18n/locale.ts";
import { documentRefusal } from "#app/server/documents/document-response.server.ts";
import { documentWords } from "#app/server/documents/document-words.server.ts";
import { deliveryNotePdfResponse } from "#app/server/documents/shipment-pdfs.server.ts";
import { limitLinkOpening } from "#app/server/platform/forms.server.ts";
import { findDeliveryNoteByToken } from "#app/server/shipments/deliveries.server.ts";

/**
 * The signed delivery note for the consignee, through the link in their delivery message (decision 015,
 * 'Proof of delivery'): the token is 32 random bytes, stored as a hash, valid for 30 days. Anything else is a
 * plain 404 that says the link is unknown or has expired. In the address's language (/fr/bon-de-livraison/:token:
 * French).
 */
export async function loadDeliveryNoteLink({
  request,
  context,
  token,
}: {
  request: Request;
  context: Readonly<RouterContextProvider>;
  token: string;
}) {
  const { db } = context.get(servicesContext);
  const locale = localeOf(request);
  const { t } = documentWords({ locale });
  const wait = await limitLinkOpening(context);
  if (wait !== null) {
    const refusal = documentRefusal(
      t("Too many requests from your address. Please try again in a minute."),
      429,
    );
    refusal.headers.set("Retry-After", String(wait));
    refusal.headers.set("Referrer-Policy", "no-referrer");
    refusal.headers.set("X-Robots-Tag", "noindex");
    return refusal;
  }
  const found = await findDeliveryNoteByToken({ db, token });
  const response = found
    ? await deliveryNotePdfResponse({
        context,
        shipmentId: found.shipmentId,
        deliveredOnly: true,
        locale,
      })
    : null;
  if (!response) {
    const refusal = documentRefusal(
      t("This delivery note link has expired or does not exist. Please ask us for the delivery note."),
      404,
    );
    refusal.headers.set("Referrer-Policy", "no-referrer");
    refusal.headers.set("X-Robots-Tag", "noindex");
    return refusal;
  }
  // The link's token stays out of any Referer the PDF's own links would send.
  response.headers.set("Referrer-Policy", "no-referrer");
  return response;
}
