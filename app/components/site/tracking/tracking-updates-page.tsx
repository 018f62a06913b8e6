import { Form, Link, useNavigation } from "react-router";
import { buttonClass } from "#app/components/ui/button-class.ts";
import { FieldError, Input, Label } from "#app/components/ui/field.tsx";
import { useLocalePath, useT } from "#app/lib/i18n/use-words.ts";
import type { UpdatesPageData, UpdatesReply } from "#app/server/notifications/subscription-views.ts";

// 'Get updates' for one shipment (decision 014): a page of its own, not a part of the tracking page, so the
// tracking page's script stays within its budget; it works without JavaScript (plain forms, answers rendered on
// the server). No import of app/lib/tracking-number.ts here: the loader gives the paths. Another route sharing
// that module would split it out of the tracking page's chunk into one more file (budget.spec.ts).

const BUTTON = buttonClass({ className: "mt-3 w-full sm:w-auto" });
const NOTE = "rounded-md border border-green-200 bg-green-50 p-4 text-green-900";

export function TrackingUpdatesPage({
  loaderData: page,
  actionData: reply,
}: {
  loaderData: UpdatesPageData;
  actionData?: UpdatesReply;
}) {
  const busy = useNavigation().state === "submitting";
  const t = useT();
  const to = useLocalePath();
  if (page.kind !== "found") {
    return (
      <section className="mx-auto flex wrap-anywhere max-w-xl flex-col gap-4 px-4 py-12">
        <h1 className="text-2xl font-bold text-brand-900">{t("Get updates")}</h1>
        {page.kind === "rate-limited" ? (
          <p role="alert" className="text-slate-700">
            {t("Too many lookups from your address. Please try again in {minutes} minutes.", {
              minutes: Math.max(1, Math.ceil(page.retryAfterSeconds / 60)),
            })}
          </p>
        ) : (
          <p className="break-words text-slate-700">
            {t("We couldn't find a shipment with tracking number:")}{" "}
            <span translate="no" className="font-mono font-semibold">
              {page.number}
            </span>
          </p>
        )}
        <Link to={to("/track")} className="font-medium text-brand-700 underline">
          {t("Track a shipment")}
        </Link>
      </section>
    );
  }
  const { number, sms } = page;
  return (
    <section className="mx-auto flex wrap-anywhere max-w-xl flex-col gap-6 px-4 py-10">
      <div>
        <h1 className="text-2xl font-bold break-words text-brand-900">
          {t("Get updates about")} <span translate="no">{number}</span>
        </h1>
        <p className="mt-2 text-slate-700">
          {t(
            "We send a message when this shipment's status changes, with nothing in it that its tracking page does not show. Every message says how to stop them.",
          )}
        </p>
      </div>
      {reply?.step === "failed" ? (
        <p role="alert" className="text-red-700">
          {reply.error}
        </p>
      ) : null}
      {reply?.step === "email-sent" ? (
        <div role="status" className={NOTE}>
          <p className="font-semibold">{t("Check your inbox")}</p>
          <p className="break-words">
            {t("If")} <span translate="no">{reply.address}</span>{" "}
            {t(
              "can receive updates about this shipment, a link to confirm is on its way. It works for 24 hours.",
            )}
          </p>
        </div>
      ) : reply?.step === "confirmed" ? (
        <div role="status" className={NOTE}>
          <p className="font-semibold">{t("You are subscribed")}</p>
          <p>
            <span translate="no">{reply.phone}</span>{" "}
            {t(
              "will get a text message when this shipment's status changes. Reply STOP to any of them to stop.",
            )}
          </p>
        </div>
      ) : reply?.step === "full" ? (
        <p role="status" className="rounded-md border border-amber-300 bg-amber-50 p-4 text-amber-900">
          {t(
            "This shipment already has as many subscribers as we can tell. Please follow it on its tracking page.",
          )}
        </p>
      ) : reply?.step === "code" ? (
        <Form method="post" noValidate aria-labelledby="code-title" className="flex flex-col">
          <h2 id="code-title" className="text-lg font-semibold text-slate-900">
            {t("Enter the code")}
          </h2>
          <p className="mb-3 text-slate-700">
            {t("If")} <span translate="no">{reply.phone}</span>{" "}
            {t(
              "can receive updates about this shipment, we have texted it a 6-digit code. It works for 10 minutes.",
            )}
          </p>
          <input type="hidden" name="intent" value="code" />
          <input type="hidden" name="phone" value={reply.phone} />
          <Label htmlFor="code">{t("6-digit code")}</Label>
          <Input
            id="code"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            required
            aria-invalid={reply.error ? true : undefined}
            aria-describedby={reply.error ? "code-error" : undefined}
          />
          <FieldError id="code-error" errors={reply.error ? [reply.error] : null} />
          <button type="submit" className={BUTTON} disabled={busy}>
            {t("Confirm")}
          </button>
          <Link to="." className="mt-4 font-medium text-brand-700 underline">
            {t("Ask for a new code, or use another number")}
          </Link>
        </Form>
      ) : (
        <>
          <AddressForm
            kind="email"
            title={t("By e-mail")}
            label={t("E-mail address")}
            type="email"
            autoComplete="email"
            button={t("Send me a confirmation link")}
            reply={reply}
            busy={busy}
          />
          {sms ? (
            <AddressForm
              kind="phone"
              title={t("By text message (SMS)")}
              label={t("Mobile number")}
              type="tel"
              autoComplete="tel"
              hint={t(
                "Liberian numbers as you dial them (0770 123 456); others with + and the country code.",
              )}
              button={t("Text me a code")}
              reply={reply}
              busy={busy}
            />
          ) : null}
        </>
      )}
      <Link to={page.trackingPath} className="font-medium wrap-anywhere text-brand-700 underline">
        {t("Back to shipment")} <span translate="no">{number}</span>
      </Link>
    </section>
  );
}

function AddressForm({
  kind,
  title,
  label,
  type,
  autoComplete,
  hint,
  button,
  reply,
  busy,
}: {
  kind: "email" | "phone";
  title: string;
  label: string;
  type: string;
  autoComplete: string;
  hint?: string;
  button: string;
  reply: UpdatesReply | undefined;
  busy: boolean;
}) {
  const error = reply?.step === kind ? reply.error : undefined;
  const described = [hint ? `${kind}-hint` : "", error ? `${kind}-error` : ""].join(" ").trim();
  return (
    <Form
      method="post"
      noValidate
      aria-labelledby={`${kind}-title`}
      className="flex flex-col rounded-lg border border-slate-200 bg-white p-4"
    >
      <h2 id={`${kind}-title`} className="mb-3 text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <input type="hidden" name="intent" value={kind} />
      <Label htmlFor={kind}>{label}</Label>
      <Input
        id={kind}
        name={kind}
        type={type}
        autoComplete={autoComplete}
        required
        defaultValue={reply?.step === kind ? reply.value : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
      />
      {hint ? (
        <p id={`${kind}-hint`} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${kind}-error`} errors={error ? [error] : null} />
      <button type="submit" className={BUTTON} disabled={busy}>
        {button}
      </button>
    </Form>
  );
}
