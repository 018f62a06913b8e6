import { data, Form, useLocation, useNavigation } from "react-router";
import { LinkNotFound } from "#app/components/site/link-not-found.tsx";
import { requestContext, servicesContext } from "#app/context.ts";
import { formatCalendarDate, formatDateTimeLong } from "#app/lib/format.ts";
import { INCOTERMS, type Incoterm } from "#app/lib/freight-terms.ts";
import { formatMoney } from "#app/lib/money.ts";
import { secretPageHeaders } from "#app/lib/secret-page-headers.ts";
import type { RootData } from "#app/root.tsx";
import {
  CONTROL_CHARACTER,
  CONTROL_CHARACTER_EXCEPT_LINES,
  normalizeLineBreaks,
} from "#app/schemas/rules/form-rules.ts";
import { readFormData } from "#app/server/platform/forms.server.ts";
import { consumeRateLimit } from "#app/server/platform/rate-limit.server.ts";
import {
  answerQuote,
  findQuoteByToken,
  limitQuoteLinks,
  queueQuoteAnswerMail,
} from "#app/server/quotes/quotes.server.ts";
import type { Route } from "./+types/quote.$token";

// The customer's quote (issue 17, decision 016), from the link in the quote e-mail. Opening it (GET) changes
// nothing; 'Accept quote' and 'Decline' are POSTs and work without JavaScript. No referrer leaves the page, it
// is never indexed or cached, a wrong token is a plain 404, and every client is rate limited.

export const meta: Route.MetaFunction = ({ matches }) => {
  const company = (matches.find((match) => match?.id === "root")?.loaderData as RootData | undefined)
    ?.settings.companyName;
  return [
    { title: company ? `Your quote | ${company}` : "Your quote" },
    { name: "robots", content: "noindex" },
    { name: "referrer", content: "no-referrer" },
  ];
};

export const headers: Route.HeadersFunction = secretPageHeaders;

const NAME_MAX = 100;
const COMMENT_MAX = 1000;

export async function loader({ params, context }: Route.LoaderArgs) {
  const { db, config } = context.get(servicesContext);
  const { clientIp } = context.get(requestContext);
  const limit = await limitQuoteLinks({ db, config, clientIp });
  if (!limit.allowed) {
    return data(
      { kind: "rate-limited" as const, retryAfterSeconds: limit.retryAfterSeconds },
      { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } },
    );
  }
  const found = await findQuoteByToken({ db, token: params.token });
  if (!found) return data({ kind: "not-found" as const }, { status: 404 });
  const { quote, status, request } = found;
  return {
    kind: "found" as const,
    status,
    customer: `${request.firstName} ${request.lastName}`,
    route: `${request.cityDeparture} to ${request.deliveryCity}`,
    version: quote.version,
    lines: quote.lines.map((line) => ({
      description: line.description,
      amount: formatMoney(line.amountMinor, quote.currency),
    })),
    total: formatMoney(quote.totalMinor, quote.currency),
    validUntil: quote.validUntil,
    transitTime: quote.transitTime,
    incoterm: quote.incoterm,
    terms: quote.terms,
    note: quote.note,
    acceptedName: quote.acceptedName,
    acceptedAt: quote.acceptedAt?.toISOString() ?? null,
    declinedAt: quote.declinedAt?.toISOString() ?? null,
  };
}

type ActionReply =
  | { ok: true; outcome: "accepted" | "declined" }
  | { ok: false; errors: { name?: string; comment?: string; form?: string } };

export async function action({ params, request, context }: Route.ActionArgs) {
  const { db, config, logger, siteSettings } = context.get(servicesContext);
  const { clientIp } = context.get(requestContext);
  const limit = await consumeRateLimit({
    db,
    key: `form:${clientIp}`,
    limit: config.FORM_RATE_LIMIT,
    windowSeconds: config.FORM_RATE_WINDOW_SECONDS,
  });
  if (!limit.allowed) {
    return data<ActionReply>(
      { ok: false, errors: { form: "Too many attempts. Please wait a few minutes and try again." } },
      { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } },
    );
  }
  const formData = await readFormData(request);
  const intent = formData?.get("intent");
  const field = (name: string) => {
    const value = formData?.get(name);
    return typeof value === "string" ? value.trim() : "";
  };
  let answer: Parameters<typeof answerQuote>[0]["answer"];
  if (intent === "accept") {
    const name = field("name");
    if (name === "")
      return data<ActionReply>({ ok: false, errors: { name: "Enter your name" } }, { status: 400 });
    // The name heads the staff's e-mail: a line break in it could add lines of its own (issue 32).
    if (CONTROL_CHARACTER.test(name)) {
      return data<ActionReply>(
        { ok: false, errors: { name: "Your name contains characters that are not allowed." } },
        { status: 400 },
      );
    }
    if (name.length > NAME_MAX) {
      return data<ActionReply>(
        { ok: false, errors: { name: `At most ${NAME_MAX} characters` } },
        { status: 400 },
      );
    }
    answer = {
      kind: "accept",
      name,
      ip: clientIp,
      userAgent: request.headers.get("user-agent")?.slice(0, 500) ?? null,
    };
  } else if (intent === "decline") {
    const comment = normalizeLineBreaks(field("comment"));
    if (CONTROL_CHARACTER_EXCEPT_LINES.test(comment)) {
      return data<ActionReply>(
        { ok: false, errors: { comment: "Your comment contains characters that are not allowed." } },
        { status: 400 },
      );
    }
    if (comment.length > COMMENT_MAX) {
      return data<ActionReply>(
        { ok: false, errors: { comment: `At most ${COMMENT_MAX} characters` } },
        { status: 400 },
      );
    }
    answer = { kind: "decline", comment: comment === "" ? null : comment };
  } else {
    return data<ActionReply>(
      { ok: false, errors: { form: "The form could not be read. Please try again." } },
      { status: 400 },
    );
  }
  const result = await answerQuote({ db, token: params.token, answer });
  if (result.outcome === "not-found") return data<ActionReply>({ ok: false, errors: {} }, { status: 404 });
  if (result.outcome === "closed") {
    // Answered in another tab, expired or replaced meanwhile: the page reloads and says which.
    return data<ActionReply>({ ok: false, errors: {} }, { status: 409 });
  }
  logger.info({ quoteId: result.quoteId, outcome: result.outcome }, "A customer answered a quote");
  try {
    await queueQuoteAnswerMail({
      db,
      config,
      logger,
      requestId: result.requestId,
      quoteId: result.quoteId,
      settings: await siteSettings.get(),
    });
  } catch (error) {
    // The answer is recorded and the bell hears it; a failed staff e-mail must not undo it.
    logger.error(
      { err: error, quoteId: result.quoteId },
      "Queuing the staff e-mail about a quote answer failed",
    );
  }
  return { ok: true, outcome: result.outcome } satisfies ActionReply;
}

const box = "mx-auto flex max-w-2xl flex-col gap-5 px-4 py-10";
const button =
  "rounded-md px-5 py-2.5 font-medium focus-visible:outline-2 focus-visible:outline-offset-2 disabled:opacity-60";

export default function QuotePage({ loaderData, actionData }: Route.ComponentProps) {
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  if (loaderData.kind === "rate-limited") {
    return (
      <section className={box}>
        <h1 className="text-2xl font-bold text-brand-900">Too many requests</h1>
        <p className="text-slate-700">Please wait a minute and open the link again.</p>
      </section>
    );
  }
  if (loaderData.kind === "not-found") {
    return <LinkNotFound className={box} />;
  }
  const q = loaderData;
  const errors = actionData && !actionData.ok ? actionData.errors : {};
  return (
    <section className={box} aria-labelledby="quote-title">
      <div>
        <h1 id="quote-title" className="text-2xl font-bold text-brand-900">
          Your quote: {q.route}
        </h1>
        <p className="mt-1 text-slate-700">
          For {q.customer}
          {q.version > 1 ? ` · version ${q.version}` : ""}
        </p>
      </div>
      <QuoteStatusNote
        status={q.status}
        acceptedName={q.acceptedName}
        acceptedAt={q.acceptedAt}
        declinedAt={q.declinedAt}
        validUntil={q.validUntil}
      />
      <table className="w-full text-sm">
        <caption className="sr-only">Price lines</caption>
        <thead>
          <tr className="border-b border-slate-300 text-left text-slate-700">
            <th scope="col" className="py-2 font-medium">
              Description
            </th>
            <th scope="col" className="py-2 text-right font-medium">
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          {q.lines.map((line, index) => (
            <tr key={`${index}-${line.description}`} className="border-b border-slate-100">
              <td className="py-2 pr-3 [overflow-wrap:anywhere]">{line.description}</td>
              <td className="whitespace-nowrap py-2 text-right tabular-nums">{line.amount}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" className="py-2 text-left text-base">
              Total
            </th>
            <td className="whitespace-nowrap py-2 text-right text-base font-bold tabular-nums">{q.total}</td>
          </tr>
        </tfoot>
      </table>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="font-medium text-slate-700">Valid until</dt>
        <dd>{formatCalendarDate(q.validUntil)}</dd>
        {q.transitTime ? (
          <>
            <dt className="font-medium text-slate-700">Transit time</dt>
            <dd className="break-words">{q.transitTime}</dd>
          </>
        ) : null}
        {q.incoterm ? (
          <>
            <dt className="font-medium text-slate-700">Incoterm</dt>
            <dd>
              {q.incoterm} ({INCOTERMS[q.incoterm as Incoterm]})
            </dd>
          </>
        ) : null}
      </dl>
      {q.terms ? (
        <div>
          <h2 className="text-lg font-semibold text-brand-900">Terms</h2>
          <p className="whitespace-pre-wrap break-words text-sm text-slate-700">{q.terms}</p>
        </div>
      ) : null}
      {q.note ? <p className="whitespace-pre-wrap break-words text-slate-700">{q.note}</p> : null}
      {q.status !== "replaced" && q.status !== "expired" ? (
        <p>
          {/* A plain link: the PDF is a document the browser opens or saves, not a page of the app. */}
          <a href={`${pathname}/pdf`} className="font-medium text-brand-700 underline" download>
            Download this quote as a PDF
          </a>
        </p>
      ) : null}
      {errors.form ? (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
          {errors.form}
        </p>
      ) : null}
      {q.status === "open" ? (
        <div className="flex flex-col gap-6">
          <Form method="post" className="flex flex-col gap-3 rounded-lg border border-slate-200 p-4">
            <h2 className="text-lg font-semibold text-brand-900">Accept this quote</h2>
            <div>
              <label htmlFor="name" className="mb-1 block text-sm font-medium text-slate-800">
                Your name
              </label>
              <input
                id="name"
                name="name"
                autoComplete="name"
                required
                maxLength={NAME_MAX}
                aria-invalid={errors.name ? true : undefined}
                aria-describedby={errors.name ? "name-error" : undefined}
                className="block h-11 w-full rounded-md border border-slate-400 px-3"
              />
              {errors.name ? (
                <p id="name-error" role="alert" className="mt-1 text-sm text-red-700">
                  {errors.name}
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
              Accept quote
            </button>
          </Form>
          <Form method="post" className="flex flex-col gap-3 rounded-lg border border-slate-200 p-4">
            <h2 className="text-lg font-semibold text-brand-900">Decline</h2>
            <div>
              <label htmlFor="comment" className="mb-1 block text-sm font-medium text-slate-800">
                Comment (optional)
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
                  {errors.comment}
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
              Decline
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
}: {
  status: string;
  acceptedName: string | null;
  acceptedAt: string | null;
  declinedAt: string | null;
  validUntil: string;
}) {
  const text =
    status === "accepted"
      ? `This quote was accepted${acceptedName ? ` by ${acceptedName}` : ""}${acceptedAt ? ` on ${formatDateTimeLong(acceptedAt)}` : ""}. Thank you: we will be in touch to book your shipment.`
      : status === "declined"
        ? `This quote was declined${declinedAt ? ` on ${formatDateTimeLong(declinedAt)}` : ""}.`
        : status === "expired"
          ? `This quote expired at the end of ${formatCalendarDate(validUntil)}. Contact us for a new quote.`
          : status === "replaced"
            ? "This quote was replaced by a newer version, sent to you by e-mail. Please use the link in that message."
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
