import { data, Form, Link, redirect, useNavigation } from "react-router";
import { calendarDateIn } from "#app/components/account/calendar-date.ts";
import { CustomerInvoice } from "#app/components/site/invoices/customer-invoice.tsx";
import { servicesContext } from "#app/context.ts";
import { formatMoneyIn } from "#app/lib/i18n/format.ts";
import { localeOf } from "#app/lib/i18n/locale.ts";
import { localizePath } from "#app/lib/i18n/paths.ts";
import { useLocale, useLocalePath, useT, type WithWords } from "#app/lib/i18n/use-words.ts";
import { localizedSeo } from "#app/lib/seo.ts";
import { companyToday } from "#app/lib/time-zone.ts";
import { PAYMENT_METHOD_LABELS } from "#app/schemas/payment.ts";
import type { AccountInvoiceData, AccountPayReply } from "#app/server/customers/customer-billing-views.ts";
import { getCustomer, notFound, requireCustomer } from "#app/server/customers/customer-guards.server.ts";
import { findCompanyInvoice } from "#app/server/customers/customer-invoices.server.ts";
import { translatorFor, wordsFor } from "#app/server/i18n/words.server.ts";
import { getInvoiceBalances } from "#app/server/invoices/invoice-balances.server.ts";
import { createInvoiceLink, invoicePath } from "#app/server/invoices/invoice-links.server.ts";
import { listInvoicePayments } from "#app/server/invoices/invoice-payments.server.ts";
import { getInvoice } from "#app/server/invoices/invoices.server.ts";
import { customerInvoiceView } from "#app/server/payments/invoice-public.server.ts";
import { closedReason } from "#app/server/payments/mobile-money/mobile-money.server.ts";
import { readFormData, readIntent } from "#app/server/platform/forms.server.ts";
import type { Route } from "./+types/invoices.$id";

// One of the customer's invoices or credit notes (issue 29), as the e-mail's link shows it, with the payments
// received; 'Pay' opens the same payment page as that link (through a fresh link of its own). Another company's
// invoice answers 404, like none at all.

export const meta: Route.MetaFunction = (args) =>
  localizedSeo(args, { title: "Your invoice", description: "", path: "/account/invoices", noindex: true });

/** How long the link made by 'Pay' opens the payment page. */
const PAY_LINK_HOURS = 24;

export async function loader({
  params,
  request,
  context,
}: Route.LoaderArgs): Promise<AccountInvoiceData & WithWords> {
  const locale = localeOf(request);
  const t = translatorFor(locale);
  const customer = getCustomer(context);
  const { db, siteSettings, mobileMoney } = context.get(servicesContext);
  const found = await findCompanyInvoice({ db, companyId: customer.companyId, invoiceId: params.id });
  if (!found) notFound();
  const settings = await siteSettings.get();
  const [invoice, payments] = await Promise.all([
    customerInvoiceView({
      db,
      invoiceId: found.id,
      companyName: settings.companyName,
      today: companyToday(settings.timeZone),
      walletCurrency: mobileMoney.client?.currency ?? null,
      // The PDF in the page's language (its French address).
      pdfPath: localizePath(`/account/invoices/${found.id}/invoice.pdf`, locale),
      locale,
    }),
    listInvoicePayments({ db, invoiceId: found.id }),
  ]);
  if (!invoice) notFound();
  return {
    id: found.id,
    invoice,
    payments:
      found.kind === "invoice"
        ? payments
            .filter((payment) => payment.state === "received")
            .map((payment) => ({
              number: payment.number,
              receivedOn: payment.receivedOn,
              method: t(PAYMENT_METHOD_LABELS[payment.method]),
              amount: formatMoneyIn(locale, payment.amountMinor, found.currency),
            }))
        : [],
    // The invoice's own words (its component's) beside the account's.
    words: wordsFor(locale, "invoice"),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const customer = await requireCustomer({ request, context });
  const { db, mobileMoney } = context.get(servicesContext);
  const locale = localeOf(request);
  const t = translatorFor(locale);
  const found = await findCompanyInvoice({ db, companyId: customer.companyId, invoiceId: params.id });
  if (!found) notFound();
  const formData = await readFormData(request);
  if (!formData || readIntent(formData) !== "pay")
    return data<AccountPayReply>(
      { error: t("The form could not be read. Please try again.") },
      { status: 400 },
    );
  const [invoice, balances] = await Promise.all([
    getInvoice({ db, id: found.id }),
    getInvoiceBalances({ db, ids: [found.id] }),
  ]);
  const balance = balances.get(found.id);
  if (!invoice || !balance) notFound();
  // What the payment page would refuse, said here: a credit note or a void invoice, nothing owed, mobile money off.
  const closed =
    invoice.kind === "credit_note"
      ? "A credit note is not paid: it lowers what you owe."
      : closedReason(
          { state: invoice.state, currency: invoice.currency, balanceMinor: balance.balanceMinor },
          mobileMoney.client?.currency ?? null,
        );
  if (closed) return data<AccountPayReply>({ error: t(closed) }, { status: 409 });
  const token = await createInvoiceLink({
    db,
    invoiceId: invoice.id,
    staffId: null,
    expiresAt: new Date(Date.now() + PAY_LINK_HOURS * 3_600_000),
  });
  // The payment page in the page's language.
  return redirect(localizePath(`${invoicePath(token)}/pay`, locale), {
    headers: { "Cache-Control": "no-store" },
  });
}

export default function AccountInvoice({ loaderData, actionData }: Route.ComponentProps) {
  const { invoice, payments } = loaderData;
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
            {actionData?.error ? (
              <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
                {actionData.error}
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
