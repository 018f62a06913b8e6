// /invoice/:token, the customer's invoice (decision 026) from the link of the invoice e-mail and the QR code on its
// PDF: the loader. Opening it changes nothing but the link's first opening (recorded once, in the invoice's
// history); a wrong or expired token is a plain 404, and every client is rate limited.
import { data, type RouterContextProvider } from "react-router";
import { servicesContext } from "#app/context.ts";
import { localeOf } from "#app/lib/i18n/locale.ts";
import { companyToday } from "#app/lib/time-zone.ts";
import { wordsFor } from "#app/server/i18n/words.server.ts";
import type { PublicInvoicePageData } from "#app/server/invoices/invoice-views.ts";
import { openPublicInvoice } from "#app/server/payments/invoice-public.server.ts";
import { limitLinkOpening, tooManyRequests } from "#app/server/platform/forms.server.ts";

export async function loadPublicInvoicePage({
  request,
  context,
  token,
}: {
  request: Request;
  context: Readonly<RouterContextProvider>;
  token: string;
}) {
  const { db, siteSettings, mobileMoney } = context.get(servicesContext);
  const locale = localeOf(request);
  // The page's words in French; none in English.
  const words = wordsFor(locale, "invoice");
  const wait = await limitLinkOpening(context);
  if (wait !== null)
    return tooManyRequests<PublicInvoicePageData>(
      { kind: "rate-limited", retryAfterSeconds: wait, words },
      wait,
    );
  const settings = await siteSettings.get();
  const invoice = await openPublicInvoice({
    db,
    token,
    companyName: settings.companyName,
    today: companyToday(settings.timeZone),
    walletCurrency: mobileMoney.client?.currency ?? null,
    locale,
  });
  if (!invoice) return data<PublicInvoicePageData>({ kind: "not-found", words }, { status: 404 });
  return data<PublicInvoicePageData>({
    kind: "found",
    invoice,
    mobileMoney: invoice.mobileMoney,
    words,
  });
}
