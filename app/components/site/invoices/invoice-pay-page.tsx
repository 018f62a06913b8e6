import { useEffect } from "react";
import { Form, Link, useNavigation, useRevalidator } from "react-router";
import { useMessageT } from "#app/lib/i18n/use-message-words.ts";
import { useLocalePath, useT } from "#app/lib/i18n/use-words.ts";
import { AMOUNT_MAX, CANCEL_INTENT, PAY_INTENT_FIELD, PAYER_MAX } from "#app/lib/mobile-money-form.ts";
import type { PayActionData, PayFormErrors, PayPageData } from "#app/server/payments/payment-views.ts";

// Paying an invoice by MTN Mobile Money (decision 027): the form asks for the wallet number and the
// amount; after it, the page says to approve on the phone and looks again every few seconds (a meta refresh
// without JavaScript, a revalidation with it, and a 'Check again' link) until the payment is in, refused or still
// waiting; the customer may cancel a waiting request, or pay from another number at once.

/** Seconds between looks while the customer approves on their phone. */
const REFRESH_SECONDS = 5;

const box = "mx-auto flex max-w-xl flex-col gap-5 px-4 py-10";
const button =
  "inline-flex min-h-11 items-center justify-center rounded-md px-5 py-2.5 font-medium focus-visible:outline-2 focus-visible:outline-offset-2 disabled:opacity-60";

/** While waiting: looks again every few seconds with JavaScript (the meta refresh does it without). */
function useLookAgain(active: boolean) {
  const { revalidate, state } = useRevalidator();
  useEffect(() => {
    if (!active) return;
    const timer = setTimeout(() => {
      if (state === "idle") void revalidate();
    }, REFRESH_SECONDS * 1000);
    return () => clearTimeout(timer);
  }, [active, revalidate, state]);
}

export function InvoicePayPage({
  loaderData: data,
  actionData: reply,
  params: { token },
}: {
  loaderData: PayPageData;
  actionData?: PayActionData;
  params: { token: string };
}) {
  const navigation = useNavigation();
  const t = useT();
  // The server's messages (a refusal, why the form is closed, MTN's reason) may be filled templates.
  const tm = useMessageT();
  const to = useLocalePath();
  const busy = navigation.state !== "idle";
  const waiting = data.kind === "found" && data.request?.state === "pending";
  useLookAgain(waiting);
  if (data.kind === "rate-limited") {
    return (
      <section className={box}>
        <h1 className="text-2xl font-bold text-brand-900">{t("Too many requests")}</h1>
        <p className="text-slate-700">{t("Please wait a minute and open the link again.")}</p>
      </section>
    );
  }
  if (data.kind === "not-found") {
    return (
      <section className={box}>
        <h1 className="text-2xl font-bold text-brand-900">{t("Page not found")}</h1>
        <p className="text-slate-700">{t("This link is not valid. Check that it was copied in full.")}</p>
        <Link to={to("/")} className="font-medium text-brand-700 underline">
          {t("Return to Home")}
        </Link>
      </section>
    );
  }
  const page = data;
  const invoicePath = to(`/invoice/${token}`);
  const payPath = to(`/invoice/${token}/pay`);
  const errors: PayFormErrors = reply?.errors ?? {};
  const request = page.request;
  return (
    <section className={box} aria-labelledby="pay-title">
      {waiting ? (
        // Only without JavaScript (which revalidates instead): a refresh once scheduled outlives the element, and
        // would reload the page seconds after a cancel, over the number the customer is typing.
        <noscript
          // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant tag, nothing from the request
          dangerouslySetInnerHTML={{ __html: `<meta http-equiv="refresh" content="${REFRESH_SECONDS}">` }}
        />
      ) : null}
      <div>
        <h1 id="pay-title" className="text-2xl font-bold text-brand-900">
          {t("Pay invoice {number} by mobile money", { number: page.number })}
        </h1>
        <p className="mt-1 text-slate-700">
          {t("For {customer}", { customer: page.customerName })} · {t("Balance due")}:{" "}
          <span className="font-semibold tabular-nums">{page.balance}</span>
        </p>
      </div>
      {request?.state === "pending" ? (
        <div role="status" className="flex flex-col gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4">
          <h2 className="text-lg font-semibold text-amber-900">{t("Approve the payment on your phone")}</h2>
          <p className="text-amber-900">
            {t(
              "MTN Mobile Money has asked {payer} to approve {amount}. Enter your PIN on the phone when it asks. This page looks again every few seconds.",
              { payer: request.payer, amount: request.amount },
            )}
          </p>
          <p>
            <Link
              to={`${payPath}?request=${request.id}`}
              className={`${button} bg-brand-700 text-white hover:bg-brand-800`}
            >
              {t("Check again")}
            </Link>
          </p>
          <Form method="post" action={payPath} className="flex flex-col gap-2 border-t border-amber-200 pt-3">
            <p className="text-amber-900">
              {t("Wrong number, or nothing on the phone? Cancel this request and pay again.")}
            </p>
            <input type="hidden" name={PAY_INTENT_FIELD} value={CANCEL_INTENT} />
            <input type="hidden" name="request" value={request.id} />
            <p>
              <button
                type="submit"
                disabled={busy}
                className={`${button} border border-amber-700 bg-white text-amber-900 hover:bg-amber-100`}
              >
                {t("Cancel this request")}
              </button>
            </p>
          </Form>
        </div>
      ) : null}
      {request?.state === "successful" ? (
        <div role="status" className="rounded-lg border border-green-300 bg-green-50 p-4 text-green-900">
          <h2 className="text-lg font-semibold">{t("Paid")}</h2>
          <p>
            {t("Thank you: {amount} was received from {payer}.", {
              amount: request.amount,
              payer: request.payer,
            })}
          </p>
        </div>
      ) : null}
      {request?.state === "ended" ? (
        <div role="status" className="rounded-lg border border-slate-300 bg-slate-50 p-4 text-slate-900">
          <h2 className="text-lg font-semibold">{t("The request has ended")}</h2>
          <p>{tm(request.reason)}</p>
        </div>
      ) : null}
      {request?.state === "failed" ? (
        <div role="alert" className="rounded-lg border border-red-300 bg-red-50 p-4 text-red-900">
          <h2 className="text-lg font-semibold">{t("The payment did not go through")}</h2>
          <p>{tm(request.reason)}</p>
        </div>
      ) : null}
      {errors.form ? (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
          {tm(errors.form)}
        </p>
      ) : null}
      {page.closed ? (
        <p className="text-slate-700">{tm(page.closed)}</p>
      ) : request?.state === "pending" ? null : (
        <Form
          method="post"
          action={payPath}
          className="flex flex-col gap-4 rounded-lg border border-slate-200 p-4"
        >
          <h2 className="text-lg font-semibold text-brand-900">
            {t("Pay from your MTN Mobile Money wallet")}
          </h2>
          <div>
            <label htmlFor="payer" className="mb-1 block text-sm font-medium text-slate-800">
              {t("Your mobile money number")}
            </label>
            <input
              id="payer"
              name="payer"
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              required
              maxLength={PAYER_MAX}
              placeholder="088 600 0001"
              aria-invalid={errors.payer ? true : undefined}
              aria-describedby={errors.payer ? "payer-error" : undefined}
              className="block h-11 w-full rounded-md border border-slate-400 px-3"
            />
            {errors.payer ? (
              <p id="payer-error" role="alert" className="mt-1 text-sm text-red-700">
                {tm(errors.payer)}
              </p>
            ) : null}
          </div>
          <div>
            <label htmlFor="amount" className="mb-1 block text-sm font-medium text-slate-800">
              {t("Amount ({currency})", { currency: page.currency })}
            </label>
            <input
              id="amount"
              name="amount"
              inputMode="decimal"
              required
              maxLength={AMOUNT_MAX}
              defaultValue={page.balanceInput}
              aria-invalid={errors.amount ? true : undefined}
              aria-describedby={errors.amount ? "amount-error" : "amount-hint"}
              className="block h-11 w-full rounded-md border border-slate-400 px-3 tabular-nums"
            />
            {errors.amount ? (
              <p id="amount-error" role="alert" className="mt-1 text-sm text-red-700">
                {tm(errors.amount)}
              </p>
            ) : (
              <p id="amount-hint" className="mt-1 text-sm text-slate-600">
                {t("The balance, or part of it.")}
              </p>
            )}
          </div>
          <button
            type="submit"
            disabled={busy}
            className={`${button} bg-brand-700 text-white hover:bg-brand-800`}
          >
            {t(request?.state === "failed" || request?.state === "ended" ? "Try again" : "Pay")}
          </button>
        </Form>
      )}
      <p>
        <a href={invoicePath} className="font-medium text-brand-700 underline">
          {t("Back to the invoice")}
        </a>
      </p>
    </section>
  );
}
