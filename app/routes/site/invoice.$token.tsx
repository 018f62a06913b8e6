import { data, Link } from "react-router";
import { CustomerInvoice } from "#app/components/site/invoices/customer-invoice.tsx";
import { LinkNotFound } from "#app/components/site/link-not-found.tsx";
import { TooManyRequests } from "#app/components/site/too-many-requests.tsx";
import { servicesContext } from "#app/context.ts";
import { localeOf } from "#app/lib/i18n/locale.ts";
import { useLocalePath, useT, type WithWords } from "#app/lib/i18n/use-words.ts";
import { secretPageHeaders } from "#app/lib/secret-page-headers.ts";
import { translateFromMatches } from "#app/lib/seo.ts";
import { companyToday } from "#app/lib/time-zone.ts";
import type { RootData } from "#app/root.tsx";
import { wordsFor } from "#app/server/i18n/words.server.ts";
import { openPublicInvoice, type PublicInvoice } from "#app/server/payments/invoice-public.server.ts";
import { limitLinkOpening, tooManyRequests } from "#app/server/platform/forms.server.ts";
import type { Route } from "./+types/invoice.$token";

// The customer's invoice (issue 28), from the link of the invoice e-mail and the QR code on its PDF: the
// document, what was paid and what is still due, how to pay, and its PDF. Opening it changes nothing but the
// link's first opening (recorded once, in the invoice's history). No referrer leaves the page, it is never
// indexed or cached, a wrong or expired token is a plain 404, and every client is rate limited.

export const meta: Route.MetaFunction = ({ matches }) => {
  const company = (matches.find((match) => match?.id === "root")?.loaderData as RootData | undefined)
    ?.settings.companyName;
  const title = translateFromMatches(matches)("Your invoice");
  return [
    { title: company ? `${title} | ${company}` : title },
    { name: "robots", content: "noindex" },
    { name: "referrer", content: "no-referrer" },
  ];
};

export const headers: Route.HeadersFunction = secretPageHeaders;

type InvoicePageData = WithWords &
  (
    | { kind: "rate-limited"; retryAfterSeconds: number }
    | { kind: "not-found" }
    | { kind: "found"; invoice: PublicInvoice; mobileMoney: boolean }
  );

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { db, siteSettings, mobileMoney } = context.get(servicesContext);
  const locale = localeOf(request);
  // The page's words in French; none in English.
  const words = wordsFor(locale, "invoice");
  const wait = await limitLinkOpening(context);
  if (wait !== null)
    return tooManyRequests<InvoicePageData>({ kind: "rate-limited", retryAfterSeconds: wait, words }, wait);
  const settings = await siteSettings.get();
  const invoice = await openPublicInvoice({
    db,
    token: params.token,
    companyName: settings.companyName,
    today: companyToday(settings.timeZone),
    walletCurrency: mobileMoney.client?.currency ?? null,
    locale,
  });
  if (!invoice) return data<InvoicePageData>({ kind: "not-found", words }, { status: 404 });
  return data<InvoicePageData>({
    kind: "found",
    invoice,
    mobileMoney: invoice.mobileMoney,
    words,
  });
}

const box = "mx-auto flex max-w-2xl flex-col gap-5 px-4 py-10";

export default function InvoicePage({ loaderData, params }: Route.ComponentProps) {
  const t = useT();
  const to = useLocalePath();
  if (loaderData.kind === "rate-limited") {
    return (
      <section className={box}>
        <TooManyRequests retryAfterSeconds={loaderData.retryAfterSeconds} />
      </section>
    );
  }
  if (loaderData.kind === "not-found") {
    return <LinkNotFound className={box} />;
  }
  const { invoice, mobileMoney } = loaderData;
  return (
    <CustomerInvoice
      invoice={invoice}
      className={box}
      pay={
        /* Pay by mobile money (issue 28): the payment page, offered while something is due and mobile money is on. */
        mobileMoney && invoice.balanceDue ? (
          <section aria-label={t("Pay online")}>
            <Link
              to={to(`/invoice/${params.token}/pay`)}
              className="inline-block rounded-md bg-brand-700 px-5 py-2.5 font-medium text-white hover:bg-brand-800"
            >
              {t("Pay by mobile money")}
            </Link>
          </section>
        ) : null
      }
    />
  );
}
