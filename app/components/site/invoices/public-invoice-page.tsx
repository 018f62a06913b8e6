import { Link } from "react-router";
import { CustomerInvoice } from "#app/components/site/invoices/customer-invoice.tsx";
import { LinkNotFound } from "#app/components/site/link-not-found.tsx";
import { TooManyRequests } from "#app/components/site/too-many-requests.tsx";
import { useLocalePath, useT } from "#app/lib/i18n/use-words.ts";
import type { PublicInvoicePageData } from "#app/server/invoices/invoice-views.ts";

// The customer's invoice from the link of the invoice e-mail (/invoice/:token): the document, what was paid and
// what is still due, how to pay, and its PDF; or why it is not shown.

const box = "mx-auto flex max-w-2xl flex-col gap-5 px-4 py-10";

export function PublicInvoicePage({
  loaderData: data,
  params: { token },
}: {
  loaderData: PublicInvoicePageData;
  params: { token: string };
}) {
  const t = useT();
  const to = useLocalePath();
  if (data.kind === "rate-limited") {
    return (
      <section className={box}>
        <TooManyRequests retryAfterSeconds={data.retryAfterSeconds} />
      </section>
    );
  }
  if (data.kind === "not-found") {
    return <LinkNotFound className={box} />;
  }
  const { invoice, mobileMoney } = data;
  return (
    <CustomerInvoice
      invoice={invoice}
      className={box}
      pay={
        /* Pay by mobile money (decision 026): the payment page, offered while something is due and mobile money is on. */
        mobileMoney && invoice.balanceDue ? (
          <section aria-label={t("Pay online")}>
            <Link
              to={to(`/invoice/${token}/pay`)}
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
