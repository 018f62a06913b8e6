import { Fragment } from "react";
import { Form, useNavigation } from "react-router";
import { Data, Filled, SLOT } from "#app/components/account/filled.tsx";
import { buttonClass } from "#app/components/ui/button-class.ts";
import { FieldError } from "#app/components/ui/field.tsx";
import { MESSAGE_TOPICS, type MessageChannel, type MessageTopic } from "#app/lib/customer-preferences.ts";
import { LOCALE_NAMES } from "#app/lib/i18n/locale.ts";
import { useT } from "#app/lib/i18n/use-words.ts";
import {
  type PreferencesPageData,
  type PreferencesReply,
  SAVE_PREFERENCES_INTENT,
} from "#app/server/customers/customer-preference-views.ts";

const TOPIC_LABELS: Record<MessageTopic, { title: string; hint: string }> = {
  shipments: { title: "Shipment updates", hint: "When a shipment moves, is delayed or is delivered." },
  quotes: { title: "Quotes", hint: "When we send you a quote." },
  invoices: {
    title: "Invoices and reminders",
    hint: "Invoices, and reminders before and after they are due.",
  },
};
const CHANNEL_LABELS: Record<MessageChannel, string> = { email: "E-mail", sms: "SMS", whatsapp: "WhatsApp" };

/**
 * Which messages the member gets, on which channels (SMS and WhatsApp only when they are set up here and the
 * member has a mobile number), and their language.
 */
export function PreferencesPage({
  data,
  reply,
}: {
  data: PreferencesPageData;
  reply: PreferencesReply | undefined;
}) {
  const { offered, chosen, language, email, phone, saved } = data;
  const busy = useNavigation().state === "submitting";
  const t = useT();
  const error = reply && "error" in reply ? reply.error : null;
  const done =
    reply && "done" in reply ? reply.done : saved && !reply ? t("Your preferences are saved.") : null;
  const addresses = [email, phone].filter((address): address is string => !!address);
  return (
    <div className="flex max-w-xl flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold text-brand-900">{t("Preferences")}</h1>
        <p className="mt-2 text-sm text-slate-700">
          <Filled
            text={t("Messages go to {addresses}.", { addresses: SLOT })}
            value={addresses.map((address, index) => (
              <Fragment key={address}>
                {index > 0 ? ` ${t("and")} ` : null}
                <Data>{address}</Data>
              </Fragment>
            ))}
          />
          {phone ? "" : ` ${t("Ask us to add your mobile number to get text messages.")}`}
        </p>
      </div>
      {done ? (
        <p
          role="status"
          className="rounded-md border border-green-300 bg-green-50 p-3 text-sm text-green-900"
        >
          {done}
        </p>
      ) : null}
      <Form method="post" className="flex flex-col gap-5" key={JSON.stringify(data)}>
        <input type="hidden" name="intent" value={SAVE_PREFERENCES_INTENT} />
        {MESSAGE_TOPICS.map((topic) => (
          <fieldset key={topic} className="rounded-lg border border-slate-200 bg-white p-4">
            <legend className="px-1 text-base font-semibold text-slate-900">
              {t(TOPIC_LABELS[topic].title)}
            </legend>
            <p className="text-sm text-slate-600">{t(TOPIC_LABELS[topic].hint)}</p>
            <div className="mt-2 flex flex-wrap gap-x-6 gap-y-2">
              {offered.map((channel) => (
                <label
                  key={channel}
                  className="inline-flex min-h-10 items-center gap-2 text-sm text-slate-800"
                >
                  <input
                    type="checkbox"
                    name={topic}
                    value={channel}
                    defaultChecked={chosen[topic].includes(channel)}
                    className="size-4 accent-brand-700"
                  />
                  {t(CHANNEL_LABELS[channel])}
                </label>
              ))}
            </div>
          </fieldset>
        ))}
        <fieldset className="rounded-lg border border-slate-200 bg-white p-4">
          <legend className="px-1 text-base font-semibold text-slate-900">{t("Language")}</legend>
          <div className="mt-1 flex flex-wrap gap-6">
            {(["en", "fr"] as const).map((value) => (
              <label
                key={value}
                className="inline-flex min-h-10 items-center gap-2 text-sm text-slate-800"
                lang={value}
              >
                <input
                  type="radio"
                  name="language"
                  value={value}
                  defaultChecked={language === value}
                  className="size-4 accent-brand-700"
                />
                {/* Each language named in itself. */}
                <span translate="no">{LOCALE_NAMES[value]}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <FieldError id="preferences-error" errors={error ? [error] : null} />
        <div>
          <button type="submit" className={buttonClass({ className: "w-full sm:w-auto" })} disabled={busy}>
            {t("Save preferences")}
          </button>
        </div>
      </Form>
    </div>
  );
}
