import { Form, Link, useNavigation } from "react-router";
import { calendarDateIn } from "#app/components/account/calendar-date.ts";
import { CustomerInvoice } from "#app/components/site/invoices/customer-invoice.tsx";
import { useLocale, useLocalePath, useT } from "#app/lib/i18n/use-words.ts";
import type { AccountInvoiceData, AccountPayReply } from "#app/server/customers/customer-billing-views.ts";

/** One invoice or credit note as the e-mail's link shows it, 'Pay by mobile money', and the payments received. */
export function InvoicePage({
  data,
  reply,
}: {
  data: AccountInvoiceData;
  reply: AccountPayReply | undefined;
}) {
  const { invoice, payments } = data;
  const busy = useNavigation().state !== "idle";
  const t = useT();
  const to = useLocalePath();
  const locale = useLocale();
  return (
    <>
      <p>
        <Link to={to("/account/invoices")} className="text-sm font-medium text-brand-700 underline">
          {t("All your invoices")}
        </Link>
      </p>
      <CustomerInvoice
        invoice={invoice}
        className="flex max-w-2xl flex-col gap-5 py-4"
        pay={
          <>
            {reply?.error ? (
              <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
                {reply.error}
              </p>
            ) : null}
            {invoice.mobileMoney && invoice.balanceDue ? (
              <Form method="post" aria-label={t("Pay online")}>
                <button
                  type="submit"
                  name="intent"
                  value="pay"
                  disabled={busy}
                  className="rounded-md bg-brand-700 px-5 py-2.5 font-medium text-white hover:bg-brand-800 disabled:opacity-60"
                >
                  {t("Pay by mobile money")}
                </button>
              </Form>
            ) : null}
          </>
        }
      >
        {payments.length > 0 ? (
          <section aria-labelledby="payments-title">
            <h2 id="payments-title" className="text-lg font-semibold text-brand-900">
              {t("Payments received")}
            </h2>
            <ul className="mt-2 flex flex-col divide-y divide-slate-200 text-sm">
              {payments.map((payment) => (
                <li key={payment.number} className="flex flex-wrap justify-between gap-x-3 py-2">
                  <span>
                    {calendarDateIn(locale, payment.receivedOn)} · {payment.method} · {payment.number}
                  </span>
                  <span className="whitespace-nowrap tabular-nums">{payment.amount}</span>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </CustomerInvoice>
    </>
  );
}
