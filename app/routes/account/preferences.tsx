import { Fragment } from "react";
import { data, Form, redirect, useNavigation } from "react-router";
import { Data, Filled, SLOT } from "#app/components/account/filled.tsx";
import { buttonClass } from "#app/components/ui/button-class.ts";
import { FieldError } from "#app/components/ui/field.tsx";
import { servicesContext } from "#app/context.ts";
import { MESSAGE_TOPICS, type MessageChannel, type MessageTopic } from "#app/lib/customer-preferences.ts";
import { LOCALE_NAMES, localeOf } from "#app/lib/i18n/locale.ts";
import { localizePath } from "#app/lib/i18n/paths.ts";
import { useT } from "#app/lib/i18n/use-words.ts";
import { localizedSeo } from "#app/lib/seo.ts";
import { getCustomer, requireCustomer } from "#app/server/customers/customer-guards.server.ts";
import { translatorFor } from "#app/server/i18n/words.server.ts";
import {
  getMemberPreferences,
  saveMemberPreferences,
} from "#app/server/notifications/member-preferences.server.ts";
import { readFormData, readIntent } from "#app/server/platform/forms.server.ts";
import type { Route } from "./+types/preferences";

// A member's own settings (issue 29): which messages they get, on which channels, and their language (issue
// 30: their messages, and the account's pages after signing in; choosing another one opens this page in it).
// SMS and WhatsApp are offered only when they are set up here and the member has a mobile number.

const SAVE_PREFERENCES = "save-preferences";

export const meta: Route.MetaFunction = (args) =>
  localizedSeo(args, {
    title: "Preferences",
    description: "Which messages you get, and how.",
    path: "/account/preferences",
    noindex: true,
  });

/** The query that tells the page, opened in a newly chosen language, that the choices were saved. */
const SAVED = "saved";

export async function loader({ request, context }: Route.LoaderArgs) {
  const customer = getCustomer(context);
  const { db, config } = context.get(servicesContext);
  const form = await getMemberPreferences({ db, config, memberId: customer.id });
  if (!form) throw new Response("Not Found", { status: 404 });
  return { ...form, saved: new URL(request.url).searchParams.has(SAVED) };
}

type Reply = { error: string } | { done: string };

export async function action({ request, context }: Route.ActionArgs) {
  const customer = await requireCustomer({ request, context });
  const { db, config } = context.get(servicesContext);
  const locale = localeOf(request);
  const t = translatorFor(locale);
  const formData = await readFormData(request);
  if (!formData || readIntent(formData) !== SAVE_PREFERENCES) {
    return data<Reply>({ error: t("The form could not be read. Please try again.") }, { status: 400 });
  }
  const saved = await saveMemberPreferences({ db, config, memberId: customer.id, formData });
  if (!saved.ok) return data<Reply>({ error: t(saved.message) }, { status: 400 });
  // Another language chosen: this page in it, saying it was saved (in its words).
  if (saved.language !== locale) {
    return redirect(`${localizePath("/account/preferences", saved.language)}?${SAVED}`, {
      headers: { "Cache-Control": "no-store" },
    });
  }
  return data<Reply>({ done: t("Your preferences are saved.") });
}

const TOPIC_LABELS: Record<MessageTopic, { title: string; hint: string }> = {
  shipments: { title: "Shipment updates", hint: "When a shipment moves, is delayed or is delivered." },
  quotes: { title: "Quotes", hint: "When we send you a quote." },
  invoices: {
    title: "Invoices and reminders",
    hint: "Invoices, and reminders before and after they are due.",
  },
};
const CHANNEL_LABELS: Record<MessageChannel, string> = { email: "E-mail", sms: "SMS", whatsapp: "WhatsApp" };

export default function Preferences({ loaderData, actionData }: Route.ComponentProps) {
  const { offered, chosen, language, email, phone, saved } = loaderData;
  const busy = useNavigation().state === "submitting";
  const t = useT();
  const error = actionData && "error" in actionData ? actionData.error : null;
  const done =
    actionData && "done" in actionData
      ? actionData.done
      : saved && !actionData
        ? t("Your preferences are saved.")
        : null;
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
      <Form method="post" className="flex flex-col gap-5" key={JSON.stringify(loaderData)}>
        <input type="hidden" name="intent" value={SAVE_PREFERENCES} />
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
