import { Form, Link, useNavigation } from "react-router";
import { Data, Filled, SLOT } from "#app/components/account/filled.tsx";
import { ShipmentFullDetails } from "#app/components/site/tracking/tracking-details.tsx";
import { buttonClass } from "#app/components/ui/button-class.ts";
import { FieldError, Input, Label } from "#app/components/ui/field.tsx";
import { useLocalePath, useT } from "#app/lib/i18n/use-words.ts";
import {
  type DetailsPageData,
  type DetailsReply,
  tooManyLookupsMessage,
} from "#app/server/customers/shipment-details-views.ts";

// 'Show full details' of one shipment (tracking in tiers): its parties unmasked, its goods and its
// documents, or the forms that ask for a code. A page of its own, so the tracking page's script stays within its
// budget; it works without JavaScript (plain forms, answers rendered on the server).

// No import of app/lib/tracking-number.ts here: the loader gives the paths (a module shared with the tracking
// page would split out of its chunk).

const SECTION = "mx-auto flex wrap-anywhere max-w-xl flex-col gap-6 px-4 py-10";
const BUTTON = buttonClass({ className: "mt-4 w-full sm:w-auto" });

function NotShown({ page, reply }: { page: DetailsPageData; reply: DetailsReply | undefined }) {
  const t = useT();
  const to = useLocalePath();
  const number = "number" in page ? page.number : "";
  const rateLimited = page.kind === "rate-limited";
  return (
    <section className="mx-auto flex wrap-anywhere max-w-xl flex-col gap-4 px-4 py-12">
      <h1 className="text-2xl font-bold text-brand-900">{t("Full details")}</h1>
      {rateLimited ? (
        <p role="alert" className="text-slate-700">
          {t(tooManyLookupsMessage(page.retryAfterSeconds))}
        </p>
      ) : reply?.step === "failed" && reply.status !== "not-found" ? (
        <p role="alert" className="text-slate-700">
          {reply.error}
        </p>
      ) : (
        <p className="break-words text-slate-700">
          {t("We couldn't find a shipment with tracking number:")}{" "}
          <span className="font-mono font-semibold" translate="no">
            {number}
          </span>
        </p>
      )}
      <Link to={to("/track")} className="font-medium text-brand-700 underline">
        {t("Track a shipment")}
      </Link>
    </section>
  );
}

export function TrackingDetailsPage({
  loaderData: page,
  actionData: reply,
}: {
  loaderData: DetailsPageData;
  actionData?: DetailsReply;
}) {
  const busy = useNavigation().state === "submitting";
  const t = useT();
  const to = useLocalePath();
  if (
    page.kind === "rate-limited" ||
    page.kind === "not-found" ||
    (reply?.step === "failed" && reply.status === "not-found")
  ) {
    return <NotShown page={page} reply={reply} />;
  }
  const back = (
    <Link to={page.trackingPath} className="font-medium wrap-anywhere text-brand-700 underline">
      <Filled text={t("Back to shipment {number}", { number: SLOT })} value={<Data>{page.number}</Data>} />
    </Link>
  );
  if (page.kind === "details") {
    return (
      <section className="mx-auto flex wrap-anywhere max-w-3xl flex-col gap-6 px-4 py-10">
        <div>
          <h1 className="text-2xl font-bold break-words text-brand-900">
            <Filled
              text={t("Full details of {number}", { number: SLOT })}
              value={<Data>{page.number}</Data>}
            />
          </h1>
          <p className="mt-2 text-slate-700">
            {page.accountPath
              ? t("You see this shipment's full details because it is one of your company's shipments.")
              : t("This browser sees this shipment's full details for 24 hours after the code was typed.")}
          </p>
          {page.accountPath ? (
            <Link to={page.accountPath} className="mt-2 block w-fit font-medium text-brand-700 underline">
              {t("Open it in your account")}
            </Link>
          ) : null}
        </div>
        <ShipmentFullDetails details={page.details} />
        {back}
      </section>
    );
  }
  const failed = reply?.step === "failed" || reply?.step === "expired" ? reply.error : null;
  const attempt = reply?.step === "expired" ? null : page.attempt;
  // 8 digits once the site has seen many wrong codes (decision 029).
  const long = attempt?.digits === 8;
  return (
    <section className={SECTION}>
      <div>
        <h1 className="text-2xl font-bold break-words text-brand-900">
          <Filled text={t("Full details of {number}", { number: SLOT })} value={<Data>{page.number}</Data>} />
        </h1>
        <p className="mt-2 text-slate-700">
          {page.sms
            ? t(
                "The names, addresses, goods and documents of this shipment are shown to its shipper and its consignee. Type the e-mail address or mobile number we have for either of them, and we send it a code.",
              )
            : t(
                "The names, addresses, goods and documents of this shipment are shown to its shipper and its consignee. Type the e-mail address we have for either of them, and we send it a code.",
              )}
        </p>
      </div>
      {failed ? (
        <p role="alert" className="text-red-700">
          {failed}
        </p>
      ) : null}
      {attempt ? (
        <>
          <Form
            method="post"
            noValidate
            aria-labelledby="code-title"
            className="flex flex-col rounded-lg border border-slate-200 bg-white p-4"
          >
            <h2 id="code-title" className="text-lg font-semibold text-slate-900">
              {t("Enter the code")}
            </h2>
            <p className="mb-3 break-words text-slate-700">
              <Filled
                text={
                  attempt.channel === "email"
                    ? long
                      ? t(
                          "If {address} is on file for this shipment's shipper or consignee, we have e-mailed it an 8-digit code. It works for 10 minutes.",
                          { address: SLOT },
                        )
                      : t(
                          "If {address} is on file for this shipment's shipper or consignee, we have e-mailed it a 6-digit code. It works for 10 minutes.",
                          { address: SLOT },
                        )
                    : long
                      ? t(
                          "If {address} is on file for this shipment's shipper or consignee, we have texted it an 8-digit code. It works for 10 minutes.",
                          { address: SLOT },
                        )
                      : t(
                          "If {address} is on file for this shipment's shipper or consignee, we have texted it a 6-digit code. It works for 10 minutes.",
                          { address: SLOT },
                        )
                }
                value={<Data>{attempt.sentTo}</Data>}
              />
            </p>
            <input type="hidden" name="intent" value="code" />
            <Label htmlFor="code">{long ? t("8-digit code") : t("6-digit code")}</Label>
            <Input
              id="code"
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={long ? 9 : 7}
              required
              aria-invalid={reply?.step === "code" ? true : undefined}
              aria-describedby={reply?.step === "code" ? "code-error" : undefined}
            />
            <FieldError id="code-error" errors={reply?.step === "code" ? [reply.error] : null} />
            <button type="submit" className={BUTTON} disabled={busy}>
              {t("Confirm")}
            </button>
          </Form>
          <Form method="post">
            <input type="hidden" name="intent" value="restart" />
            <button type="submit" className="font-medium text-brand-700 underline" disabled={busy}>
              {t("Ask for a new code, or use another address")}
            </button>
          </Form>
        </>
      ) : (
        <ContactForm sms={page.sms} reply={reply} busy={busy} />
      )}
      <p className="text-slate-700">
        {t("Have a customer account?")}{" "}
        <Link to={to("/account")} className="font-medium text-brand-700 underline">
          {t("Sign in")}
        </Link>{" "}
        {t("to see all your shipments.")}
      </p>
      {back}
    </section>
  );
}

function ContactForm({ sms, reply, busy }: { sms: boolean; reply: DetailsReply | undefined; busy: boolean }) {
  const t = useT();
  const error = reply?.step === "contact" ? reply.error : undefined;
  const described = [sms ? "contact-hint" : "", error ? "contact-error" : ""].join(" ").trim();
  return (
    <Form
      method="post"
      noValidate
      aria-labelledby="contact-title"
      className="flex flex-col rounded-lg border border-slate-200 bg-white p-4"
    >
      <h2 id="contact-title" className="mb-3 text-lg font-semibold text-slate-900">
        {t("Get a code")}
      </h2>
      <input type="hidden" name="intent" value="contact" />
      <Label htmlFor="contact">{sms ? t("E-mail address or mobile number") : t("E-mail address")}</Label>
      <Input
        id="contact"
        name="contact"
        type={sms ? "text" : "email"}
        autoComplete={sms ? "username" : "email"}
        required
        defaultValue={reply?.step === "contact" ? reply.value : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
      />
      {sms ? (
        <p id="contact-hint" className="mt-1 text-xs text-slate-600">
          {t("Liberian numbers as you dial them (0770 123 456); others with + and the country code.")}
        </p>
      ) : null}
      <FieldError id="contact-error" errors={error ? [error] : null} />
      <button type="submit" className={BUTTON} disabled={busy}>
        {t("Send me a code")}
      </button>
    </Form>
  );
}
