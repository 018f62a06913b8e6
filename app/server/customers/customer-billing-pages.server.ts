// The loaders and actions of the account's quotes and invoices: the lists, newest first and paged,
// and one quote or invoice as the e-mail's link shows it. Another company's quote or invoice answers 404, like
// none at all.
import { data, type RouterContextProvider, redirect } from "react-router";
import { requestContext } from "#app/context.ts";
import { formatMoneyIn } from "#app/lib/i18n/format.ts";
import { localizePath } from "#app/lib/i18n/paths.ts";
import type { WithWords } from "#app/lib/i18n/use-words.ts";
import { companyToday } from "#app/lib/time-zone.ts";
import { PAYMENT_METHOD_LABELS } from "#app/schemas/payment.ts";
import {
  accountPageRequest,
  accountPostRequest,
  listPageOf,
  unreadForm,
} from "#app/server/customers/customer-account-pages.server.ts";
import {
  type AccountInvoiceData,
  type AccountInvoicesData,
  type AccountPayReply,
  type AccountQuoteData,
  type AccountQuotesData,
  pagingOf,
} from "#app/server/customers/customer-billing-views.ts";
import { notFound } from "#app/server/customers/customer-guards.server.ts";
import {
  companyBalancesOwed,
  findCompanyInvoice,
  listCompanyBilledParties,
  listCompanyInvoices,
} from "#app/server/customers/customer-invoices.server.ts";
import { findCompanyQuote, listCompanyQuotes } from "#app/server/customers/customer-quotes.server.ts";
import { wordsFor } from "#app/server/i18n/words.server.ts";
import { getInvoiceBalances } from "#app/server/invoices/invoice-balances.server.ts";
import { createInvoiceLink, invoicePath } from "#app/server/invoices/invoice-links.server.ts";
import { listInvoicePayments } from "#app/server/invoices/invoice-payments.server.ts";
import { getInvoice } from "#app/server/invoices/invoices.server.ts";
import { customerInvoiceView } from "#app/server/payments/invoice-public.server.ts";
import { closedReason } from "#app/server/payments/mobile-money/mobile-money.server.ts";
import { readFormData, readIntent } from "#app/server/platform/forms.server.ts";
import { answerQuoteForm, customerQuoteView } from "#app/server/quotes/quote-answer.server.ts";

type PageArgs = { request: Request; context: Readonly<RouterContextProvider> };

/** Every quote sent to the company, newest first, with its state. */
export async function loadQuotesPage(args: PageArgs): Promise<AccountQuotesData> {
  const { customer, services, locale } = accountPageRequest(args);
  const page = listPageOf(args.request);
  const { rows, total } = await listCompanyQuotes({
    db: services.db,
    companyId: customer.companyId,
    page,
    locale,
  });
  return { rows, paging: pagingOf(page, total) };
}

/** One of the company's quotes: 'Accept quote' and 'Decline' are the same answer as the e-mail's link. */
export async function loadQuotePage({
  id,
  ...args
}: PageArgs & { id: string }): Promise<AccountQuoteData & WithWords> {
  const { customer, services, locale } = accountPageRequest(args);
  const found = await findCompanyQuote({ db: services.db, companyId: customer.companyId, quoteId: id });
  if (!found) notFound();
  return {
    id: found.quote.id,
    quote: customerQuoteView(found),
    defaultName: customer.name,
    // The PDF in the page's language (its French address).
    pdfHref: localizePath(`/account/quotes/${found.quote.id}/quote.pdf`, locale),
    // The quote's own words (its component's) beside the account's.
    words: wordsFor(locale, "quote", "forms"),
  };
}

/** The quote's answer, under the same rules as the e-mail's link (answerQuoteForm). */
export async function quotePageAction({ id, request, context }: PageArgs & { id: string }) {
  const { customer, services } = await accountPostRequest({ request, context });
  const { clientIp } = context.get(requestContext);
  const found = await findCompanyQuote({ db: services.db, companyId: customer.companyId, quoteId: id });
  if (!found) notFound();
  const formData = await readFormData(request);
  return answerQuoteForm({ services, clientIp, request, formData, key: { quoteId: found.quote.id } });
}

/** Open, paid and overdue invoices and credit notes, what is owed per currency, a statement per billed party. */
export async function loadInvoicesPage(args: PageArgs): Promise<AccountInvoicesData> {
  const { customer, services, locale, t } = accountPageRequest(args);
  const { db, siteSettings } = services;
  const { timeZone } = await siteSettings.get();
  const page = listPageOf(args.request);
  const companyId = customer.companyId;
  const [{ rows, total }, owed, billed] = await Promise.all([
    listCompanyInvoices({ db, companyId, page, today: companyToday(timeZone), locale }),
    companyBalancesOwed({ db, companyId }),
    listCompanyBilledParties({ db, companyId }),
  ]);
  return {
    rows,
    paging: pagingOf(page, total),
    owed: owed.map((row) => ({
      currency: row.currency,
      amount: formatMoneyIn(locale, row.owedMinor, row.currency),
    })),
    statements: billed.map((party) => ({
      label:
        billed.length > 1
          ? t("Statement of account: {name}", { name: party.name })
          : t("Statement of account"),
      // The statement's French address on a French page.
      href: `${localizePath("/account/statement.pdf", locale)}?${new URLSearchParams({ party: `${party.kind}:${party.id}` })}`,
    })),
  };
}

/** How long the link made by 'Pay' opens the payment page. */
const PAY_LINK_HOURS = 24;

/** One invoice or credit note as the e-mail's link shows it, with the payments received. */
export async function loadInvoicePage({
  id,
  ...args
}: PageArgs & { id: string }): Promise<AccountInvoiceData & WithWords> {
  const { customer, services, locale, t } = accountPageRequest(args);
  const { db, siteSettings, mobileMoney } = services;
  const found = await findCompanyInvoice({ db, companyId: customer.companyId, invoiceId: id });
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

/** 'Pay' opens the same payment page as the e-mail's link, through a fresh link of its own. */
export async function invoicePageAction({ id, request, context }: PageArgs & { id: string }) {
  const { customer, services, locale, t } = await accountPostRequest({ request, context });
  const { db, mobileMoney } = services;
  const found = await findCompanyInvoice({ db, companyId: customer.companyId, invoiceId: id });
  if (!found) notFound();
  const formData = await readFormData(request);
  if (!formData || readIntent(formData) !== "pay")
    return data<AccountPayReply>({ error: unreadForm(t) }, { status: 400 });
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
