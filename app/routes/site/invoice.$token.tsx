import { data, Link } from "react-router";
import { LinkNotFound } from "#app/components/site/link-not-found.tsx";
import { TooManyRequests } from "#app/components/site/too-many-requests.tsx";
import { servicesContext } from "#app/context.ts";
import { formatCalendarDate } from "#app/lib/format.ts";
import { secretPageHeaders } from "#app/lib/secret-page-headers.ts";
import type { RootData } from "#app/root.tsx";
import { openPublicInvoice, type PublicInvoice } from "#app/server/invoices/invoice-public.server.ts";
import { limitLinkOpening, tooManyRequests } from "#app/server/platform/forms.server.ts";
import { companyToday } from "#app/server/quotes/quotes.server.ts";
import type { Route } from "./+types/invoice.$token";

// The customer's invoice (issue 28), from the link of the invoice e-mail and the QR code on its PDF: the
// document, what was paid and what is still due, how to pay, and its PDF. Opening it changes nothing but the
// link's first opening (recorded once, in the invoice's history). No referrer leaves the page, it is never
// indexed or cached, a wrong or expired token is a plain 404, and every client is rate limited.

export const meta: Route.MetaFunction = ({ matches }) => {
  const company = (matches.find((match) => match?.id === "root")?.loaderData as RootData | undefined)
    ?.settings.companyName;
  return [
    { title: company ? `Your invoice | ${company}` : "Your invoice" },
    { name: "robots", content: "noindex" },
    { name: "referrer", content: "no-referrer" },
  ];
};

export const headers: Route.HeadersFunction = secretPageHeaders;

type InvoicePageData =
  | { kind: "rate-limited"; retryAfterSeconds: number }
  | { kind: "not-found" }
  | { kind: "found"; invoice: PublicInvoice; mobileMoney: boolean };

export async function loader({ params, context }: Route.LoaderArgs) {
  const { db, siteSettings, mobileMoney } = context.get(servicesContext);
  const wait = await limitLinkOpening(context);
  if (wait !== null)
    return tooManyRequests<InvoicePageData>({ kind: "rate-limited", retryAfterSeconds: wait }, wait);
  const settings = await siteSettings.get();
  const invoice = await openPublicInvoice({
    db,
    token: params.token,
    companyName: settings.companyName,
    today: companyToday(settings.timeZone),
    walletCurrency: mobileMoney.client?.currency ?? null,
  });
  if (!invoice) return data<InvoicePageData>({ kind: "not-found" }, { status: 404 });
  return data<InvoicePageData>({
    kind: "found",
    invoice,
    mobileMoney: invoice.mobileMoney,
  });
}

const box = "mx-auto flex max-w-2xl flex-col gap-5 px-4 py-10";

export default function InvoicePage({ loaderData, params }: Route.ComponentProps) {
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
  const { invoice: inv, mobileMoney } = loaderData;
  const totalRow = (label: string, amount: string, strong = false) => (
    <tr key={label}>
      <th scope="row" className={`py-1 pr-3 text-left ${strong ? "font-semibold" : "font-normal"}`}>
        {label}
      </th>
      <td className={`whitespace-nowrap py-1 text-right tabular-nums ${strong ? "font-semibold" : ""}`}>
        {amount}
      </td>
    </tr>
  );
  return (
    <section className={box} aria-labelledby="invoice-title">
      <div>
        <p className="font-semibold text-slate-700">{inv.company}</p>
        <h1 id="invoice-title" className="break-words text-2xl font-bold text-brand-900">
          Invoice {inv.number}
        </h1>
        <p className="mt-1 break-words text-slate-700">For {inv.customer}</p>
        <p
          role="status"
          className="mt-3 inline-block rounded-md border border-brand-100 bg-brand-50 px-3 py-1 font-semibold text-brand-900"
        >
          {inv.status}
        </p>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="font-medium text-slate-700">Issue date</dt>
        <dd>{formatCalendarDate(inv.issueDate)}</dd>
        <dt className="font-medium text-slate-700">Due date</dt>
        <dd>{formatCalendarDate(inv.dueDate)}</dd>
      </dl>
      <ul className="flex flex-col divide-y divide-slate-200 border-y border-slate-300 text-sm">
        {inv.lines.map((line, index) => (
          <li key={`${index}-${line.description}`} className="flex flex-col gap-0.5 py-2">
            <div className="flex justify-between gap-3">
              <span className="min-w-0 [overflow-wrap:anywhere]">{line.description}</span>
              <span className="whitespace-nowrap tabular-nums">{line.amount}</span>
            </div>
            <span className="text-slate-600">
              {line.quantity} × {line.unitPrice} · {line.tax}
            </span>
          </li>
        ))}
      </ul>
      <table className="w-full text-sm">
        <caption className="sr-only">Totals</caption>
        <tbody>
          {totalRow("Subtotal", inv.subtotal)}
          {inv.taxes.map((tax) => totalRow(tax.label, tax.amount))}
          {totalRow("Total", inv.total, true)}
          {inv.credits.map((credit) => totalRow(credit.label, credit.amount))}
          {totalRow("Amount paid", inv.paid)}
          {inv.balanceDue ? totalRow("Balance due", inv.balanceDue, true) : null}
        </tbody>
      </table>
      {inv.paymentInstructions ? (
        <div>
          <h2 className="text-lg font-semibold text-brand-900">How to pay</h2>
          <p className="whitespace-pre-wrap break-words text-sm text-slate-700">{inv.paymentInstructions}</p>
        </div>
      ) : null}
      {/* Pay by mobile money (issue 28): the payment page, offered while something is due and mobile money is on. */}
      {mobileMoney && inv.balanceDue ? (
        <section aria-label="Pay online">
          <Link
            to={`/invoice/${params.token}/pay`}
            className="inline-block rounded-md bg-brand-700 px-5 py-2.5 font-medium text-white hover:bg-brand-800"
          >
            Pay by mobile money
          </Link>
        </section>
      ) : null}
      <p>
        {/* A plain link: the PDF is a document the browser opens or saves, not a page of the app. */}
        <a href={inv.pdfPath} className="font-medium text-brand-700 underline" download>
          Download PDF
        </a>
      </p>
    </section>
  );
}
