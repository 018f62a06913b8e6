import type { ReactNode } from "react";
import { formatCalendarDate } from "#app/lib/format.ts";
import { formatDateIn } from "#app/lib/i18n/format.ts";
import { useLocale, useT } from "#app/lib/i18n/use-words.ts";
import type { PublicInvoice } from "#app/server/invoices/invoice-views.ts";

// An issued invoice (or credit note) as its customer reads it: the page of the e-mail's link (/invoice/:token)
// and the account's (/account/invoices/:id) show it alike; each brings its own way to pay.

export function CustomerInvoice({
  invoice: inv,
  pay,
  children,
  className,
}: {
  invoice: PublicInvoice;
  /** 'Pay by mobile money', when offered. */
  pay: ReactNode;
  /** More, before the PDF's link (the account's payments received). */
  children?: ReactNode;
  className: string;
}) {
  const t = useT();
  const locale = useLocale();
  // A calendar date ('YYYY-MM-DD'): the spec's 'Jan 5, 2025' in English.
  const date = (isoDate: string) =>
    locale === "en" ? formatCalendarDate(isoDate) : formatDateIn(locale, isoDate);
  const totalRow = (label: string, amount: string, strong = false) => (
    <tr key={label}>
      <th scope="row" className={`py-1 pr-3 text-left ${strong ? "font-semibold" : "font-normal"}`}>
        {t(label)}
      </th>
      <td className={`whitespace-nowrap py-1 text-right tabular-nums ${strong ? "font-semibold" : ""}`}>
        {amount}
      </td>
    </tr>
  );
  return (
    <section className={className} aria-labelledby="invoice-title">
      <div>
        <p translate="no" className="font-semibold text-slate-700">
          {inv.company}
        </p>
        <h1 id="invoice-title" className="break-words text-2xl font-bold text-brand-900">
          {t(inv.creditNote ? "Credit note" : "Invoice")} {inv.number}
        </h1>
        <p className="mt-1 break-words text-slate-700">{t("For {customer}", { customer: inv.customer })}</p>
        <p
          role="status"
          className="mt-3 inline-block rounded-md border border-brand-100 bg-brand-50 px-3 py-1 font-semibold text-brand-900"
        >
          {t(inv.status)}
        </p>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="font-medium text-slate-700">{t("Issue date")}</dt>
        <dd>{date(inv.issueDate)}</dd>
        {inv.dueDate ? (
          <>
            <dt className="font-medium text-slate-700">{t("Due date")}</dt>
            <dd>{date(inv.dueDate)}</dd>
          </>
        ) : null}
      </dl>
      <ul className="flex flex-col divide-y divide-slate-200 border-y border-slate-300 text-sm">
        {inv.lines.map((line, index) => (
          <li key={`${index}-${line.description}`} className="flex flex-col gap-0.5 py-2">
            <div className="flex justify-between gap-3">
              <span translate="no" className="min-w-0 [overflow-wrap:anywhere]">
                {line.description}
              </span>
              <span className="whitespace-nowrap tabular-nums">{line.amount}</span>
            </div>
            <span className="text-slate-600">
              {line.quantity} × {line.unitPrice} · {t(line.tax)}
            </span>
          </li>
        ))}
      </ul>
      <table className="w-full text-sm">
        <caption className="sr-only">{t("Totals")}</caption>
        <tbody>
          {totalRow("Subtotal", inv.subtotal)}
          {inv.taxes.map((tax) => totalRow(tax.label, tax.amount))}
          {totalRow("Total", inv.total, true)}
          {inv.credits.map((credit) => totalRow(credit.label, credit.amount))}
          {inv.paid ? totalRow("Amount paid", inv.paid) : null}
          {inv.balanceDue ? totalRow("Balance due", inv.balanceDue, true) : null}
        </tbody>
      </table>
      {inv.paymentInstructions ? (
        <div>
          <h2 className="text-lg font-semibold text-brand-900">{t("How to pay")}</h2>
          <p translate="no" className="whitespace-pre-wrap break-words text-sm text-slate-700">
            {inv.paymentInstructions}
          </p>
        </div>
      ) : null}
      {pay}
      {children}
      <p>
        {/* A plain link: the PDF is a document the browser opens or saves, not a page of the app. */}
        <a href={inv.pdfPath} className="font-medium text-brand-700 underline" download>
          {t("Download PDF")}
        </a>
      </p>
    </section>
  );
}
