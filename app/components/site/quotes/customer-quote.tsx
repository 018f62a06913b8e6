import { Form } from "react-router";
import { formatCalendarDate } from "#app/lib/format.ts";
import { INCOTERMS, type Incoterm } from "#app/lib/freight-terms.ts";
import { formatDateIn, formatDateTimeLongIn } from "#app/lib/i18n/format.ts";
import type { Locale } from "#app/lib/i18n/locale.ts";
import type { Translate } from "#app/lib/i18n/translate.ts";
import { useLocale, useT } from "#app/lib/i18n/use-words.ts";
import {
  type CustomerQuoteView,
  QUOTE_ANSWER_LIMITS,
  type QuoteAnswerReply,
} from "#app/server/quotes/quote-views.ts";

// A sent quote as its customer reads it, with 'Accept quote' and 'Decline' while it is open: the page of the
// e-mail's link (/quote/:token) and the account's (/account/quotes/:id) show it alike.

const NAME_MAX = QUOTE_ANSWER_LIMITS.name;
const COMMENT_MAX = QUOTE_ANSWER_LIMITS.comment;

/** A calendar date ('YYYY-MM-DD') in the page's language: the spec's 'Jan 5, 2025' in English. */
const calendarDate = (locale: Locale, isoDate: string) =>
  locale === "en" ? formatCalendarDate(isoDate) : formatDateIn(locale, isoDate);

const button =
  "rounded-md px-5 py-2.5 font-medium focus-visible:outline-2 focus-visible:outline-offset-2 disabled:opacity-60";

export function CustomerQuote({
  quote: q,
  reply,
  busy,
  pdfHref,
  defaultName,
  className,
}: {
  quote: CustomerQuoteView;
  reply: QuoteAnswerReply | undefined;
  busy: boolean;
  /** The PDF's address; offered while the quote is neither replaced nor expired. */
  pdfHref: string;
  /** The name 'Accept quote' starts with (the signed-in customer's). */
  defaultName?: string;
  className: string;
}) {
  const errors = reply && !reply.ok ? reply.errors : {};
  const t = useT();
  const locale = useLocale();
  return (
    <section className={className} aria-labelledby="quote-title">
      <div>
        <h1 id="quote-title" className="text-2xl font-bold text-brand-900">
          {t("Your quote: {route}", { route: q.route })}
        </h1>
        <p className="mt-1 text-slate-700">
          {t("For {customer}", { customer: q.customer })}
          {q.version > 1 ? t(" · version {version}", { version: q.version }) : ""}
        </p>
      </div>
      <QuoteStatusNote
        status={q.status}
        acceptedName={q.acceptedName}
        acceptedAt={q.acceptedAt}
        declinedAt={q.declinedAt}
        validUntil={q.validUntil}
        t={t}
        locale={locale}
      />
      <table className="w-full text-sm">
        <caption className="sr-only">{t("Price lines")}</caption>
        <thead>
          <tr className="border-b border-slate-300 text-left text-slate-700">
            <th scope="col" className="py-2 font-medium">
              {t("Description")}
            </th>
            <th scope="col" className="py-2 text-right font-medium">
              {t("Amount")}
            </th>
          </tr>
        </thead>
        <tbody>
          {q.lines.map((line, index) => (
            <tr key={`${index}-${line.description}`} className="border-b border-slate-100">
              <td translate="no" className="py-2 pr-3 [overflow-wrap:anywhere]">
                {line.description}
              </td>
              <td className="whitespace-nowrap py-2 text-right tabular-nums">{line.amount}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" className="py-2 text-left text-base">
              {t("Total")}
            </th>
            <td className="whitespace-nowrap py-2 text-right text-base font-bold tabular-nums">{q.total}</td>
          </tr>
        </tfoot>
      </table>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="font-medium text-slate-700">{t("Valid until")}</dt>
        <dd>{calendarDate(locale, q.validUntil)}</dd>
        {q.transitTime ? (
          <>
            <dt className="font-medium text-slate-700">{t("Transit time")}</dt>
            <dd translate="no" className="break-words">
              {q.transitTime}
            </dd>
          </>
        ) : null}
        {q.incoterm ? (
          <>
            <dt className="font-medium text-slate-700">{t("Incoterm")}</dt>
            <dd>
              {q.incoterm} ({t(INCOTERMS[q.incoterm as Incoterm])})
            </dd>
          </>
        ) : null}
      </dl>
      {q.terms ? (
        <div>
          <h2 className="text-lg font-semibold text-brand-900">{t("Terms")}</h2>
          <p translate="no" className="whitespace-pre-wrap break-words text-sm text-slate-700">
            {q.terms}
          </p>
        </div>
      ) : null}
      {q.note ? (
        <p translate="no" className="whitespace-pre-wrap break-words text-slate-700">
          {q.note}
        </p>
      ) : null}
      {q.status !== "replaced" && q.status !== "expired" ? (
        <p>
          {/* A plain link: the PDF is a document the browser opens or saves, not a page of the app. */}
          <a href={pdfHref} className="font-medium text-brand-700 underline" download>
            {t("Download this quote as a PDF")}
          </a>
        </p>
      ) : null}
      {errors.form ? (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
          {t(errors.form)}
        </p>
      ) : null}
      {q.status === "open" ? (
        <div className="flex flex-col gap-6">
          <Form method="post" className="flex flex-col gap-3 rounded-lg border border-slate-200 p-4">
            <h2 className="text-lg font-semibold text-brand-900">{t("Accept this quote")}</h2>
            <div>
              <label htmlFor="name" className="mb-1 block text-sm font-medium text-slate-800">
                {t("Your name")}
              </label>
              <input
                id="name"
                name="name"
                autoComplete="name"
                defaultValue={defaultName}
                required
                maxLength={NAME_MAX}
                aria-invalid={errors.name ? true : undefined}
                aria-describedby={errors.name ? "name-error" : undefined}
                className="block h-11 w-full rounded-md border border-slate-400 px-3"
              />
              {errors.name ? (
                <p id="name-error" role="alert" className="mt-1 text-sm text-red-700">
                  {t(errors.name)}
                </p>
              ) : null}
            </div>
            <button
              type="submit"
              name="intent"
              value="accept"
              disabled={busy}
              className={`${button} bg-brand-700 text-white hover:bg-brand-800`}
            >
              {t("Accept quote")}
            </button>
          </Form>
          <Form method="post" className="flex flex-col gap-3 rounded-lg border border-slate-200 p-4">
            <h2 className="text-lg font-semibold text-brand-900">{t("Decline")}</h2>
            <div>
              <label htmlFor="comment" className="mb-1 block text-sm font-medium text-slate-800">
                {t("Comment (optional)")}
              </label>
              <textarea
                id="comment"
                name="comment"
                maxLength={COMMENT_MAX}
                aria-invalid={errors.comment ? true : undefined}
                aria-describedby={errors.comment ? "comment-error" : undefined}
                className="block min-h-24 w-full rounded-md border border-slate-400 px-3 py-2"
              />
              {errors.comment ? (
                <p id="comment-error" role="alert" className="mt-1 text-sm text-red-700">
                  {t(errors.comment)}
                </p>
              ) : null}
            </div>
            <button
              type="submit"
              name="intent"
              value="decline"
              disabled={busy}
              className={`${button} border border-slate-400 bg-white text-slate-900 hover:bg-slate-50`}
            >
              {t("Decline")}
            </button>
          </Form>
        </div>
      ) : null}
    </section>
  );
}

function QuoteStatusNote({
  status,
  acceptedName,
  acceptedAt,
  declinedAt,
  validUntil,
  t,
  locale,
}: {
  status: string;
  acceptedName: string | null;
  acceptedAt: string | null;
  declinedAt: string | null;
  validUntil: string;
  t: Translate;
  locale: Locale;
}) {
  const on = (at: string | null) => (at ? t(" on {date}", { date: formatDateTimeLongIn(locale, at) }) : "");
  const text =
    status === "accepted"
      ? `${t("This quote was accepted")}${acceptedName ? t(" by {name}", { name: acceptedName }) : ""}${on(acceptedAt)}${t(". Thank you: we will be in touch to book your shipment.")}`
      : status === "declined"
        ? `${t("This quote was declined")}${on(declinedAt)}.`
        : status === "expired"
          ? t("This quote expired at the end of {date}. Contact us for a new quote.", {
              date: calendarDate(locale, validUntil),
            })
          : status === "replaced"
            ? t(
                "This quote was replaced by a newer version, sent to you by e-mail. Please use the link in that message.",
              )
            : null;
  if (!text) return null;
  return (
    <p
      role="status"
      className="rounded-md border border-brand-100 bg-brand-50 p-3 font-medium text-brand-900"
    >
      {text}
    </p>
  );
}
