import { type FieldMetadata, getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Save } from "lucide-react";
import { useState } from "react";
import { Form } from "react-router";
import { FormAlert, INTENT, TextField, useSubmitting } from "#app/components/admin/form-fields.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Input, Label, Textarea } from "#app/components/ui/field.tsx";
import type { Locale } from "#app/lib/i18n/locale.ts";
import { type Catalog, makeTranslate } from "#app/lib/i18n/translate.ts";
import {
  applyTemplateReset,
  composeEmailText,
  defaultTemplatesFor,
  fillSms,
  fillSubject,
  frenchNotificationTemplatesFormSchema,
  type NotificationTemplates,
  notificationTemplatesFormSchema,
  PLACEHOLDERS,
  SENDER_NAME_LIMIT,
  sampleValues,
  TEMPLATE_LABELS,
  TEMPLATE_LIMITS,
  type TemplateName,
} from "#app/lib/notification-templates.ts";
import { analyzeSmsText } from "#app/lib/sms-text.ts";
import {
  NOTIFICATIONS_FRENCH_MESSAGES_INTENT,
  NOTIFICATIONS_MESSAGES_INTENT,
} from "#app/schemas/settings-intents.ts";

/** The French set: its templates, which staff changed, and the French of the e-mail's fixed words (preview). */
export type FrenchMessagesProps = {
  templates: NotificationTemplates;
  customized: Record<TemplateName, boolean>;
  /** The catalog of the messages' fixed words in French, so the preview shows what a French recipient gets. */
  words: Catalog | undefined;
  /** WhatsApp is on without a French template: French recipients get WhatsApp messages in English. */
  whatsappInEnglish: boolean;
};

export type NotificationMessagesProps = {
  senderName: string;
  replyTo: string;
  templates: NotificationTemplates;
  customized: Record<TemplateName, boolean>;
  /** The From's name when no sender name is set (MAIL_FROM's or the company's). */
  defaultSenderName: string;
  /** For the preview's sample shipment. */
  sample: { siteUrl: string; companyName: string; companyAddress: string; companyPhone: string };
};

const HINTS: Record<TemplateName, string> = {
  emailSubject: "One line, at most 200 characters.",
  emailBody:
    "Plain text, at most 5000 characters. The e-mail always adds a heading, the 'Track your shipment' button, the company's details and the unsubscribe link.",
  sms: "Must contain {trackingUrl}. Keep it to one segment (160 characters) where you can: a long status or place is shortened, never the number or the link.",
};

/**
 * Settings → Notifications' messages: sender name, reply-to and the three templates (plain text with
 * placeholders), each with 'Reset to default', and a preview with a sample shipment. Without JavaScript the
 * form saves and the preview shows the saved texts; with it, the preview follows the typing (not announced
 * on every key: it is a region with a heading, read when visited).
 */
export function NotificationMessagesForm({
  senderName,
  replyTo,
  templates,
  customized,
  defaultSenderName,
  sample,
  lastResult,
  locale = "en",
  words,
  whatsappInEnglish = false,
}: NotificationMessagesProps & {
  lastResult: SubmissionResult<string[]> | null | undefined;
  /** Which set: the English one (with the sender) or the French one (decision 030). */
  locale?: Locale;
  words?: Catalog | undefined;
  whatsappInEnglish?: boolean;
}) {
  const french = locale === "fr";
  const suffix = french ? "-fr" : "";
  const intent = french ? NOTIFICATIONS_FRENCH_MESSAGES_INTENT : NOTIFICATIONS_MESSAGES_INTENT;
  const submitting = useSubmitting(intent);
  const [form, fields] = useForm({
    id: `notification-messages${suffix}-form`,
    lastResult,
    defaultValue: { senderName, replyTo, ...templates },
    onValidate: ({ formData }) =>
      parseWithZod(applyTemplateReset(formData, locale), {
        // The French form has the templates alone (the sender's fields are the English form's).
        schema: (french
          ? frenchNotificationTemplatesFormSchema
          : notificationTemplatesFormSchema) as typeof notificationTemplatesFormSchema,
        disableAutoCoercion: true,
      }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const initial = (name: TemplateName) => {
    const value = fields[name].initialValue;
    return typeof value === "string" ? value : templates[name];
  };
  const [draft, setDraft] = useState<NotificationTemplates>(() => ({
    emailSubject: initial("emailSubject"),
    emailBody: initial("emailBody"),
    sms: initial("sms"),
  }));

  return (
    <Form
      method="post"
      {...getFormProps(form)}
      aria-labelledby={`notification-messages${suffix}-heading`}
      className="flex flex-col gap-5"
      onInput={(event) => {
        const data = new FormData(event.currentTarget);
        const text = (name: TemplateName) => String(data.get(name) ?? "").replace(/\r\n?/g, "\n");
        setDraft({ emailSubject: text("emailSubject"), emailBody: text("emailBody"), sms: text("sms") });
      }}
    >
      <h3 id={`notification-messages${suffix}-heading`} className="text-base font-semibold text-slate-900">
        {french ? "Customer messages in French" : "Messages to customers"}
      </h3>
      {french ? (
        <p className="text-sm text-slate-700">
          Shippers and consignees whose language is French, subscribers who subscribed on the French site and
          account members who chose French get these texts. The placeholders are the same as above.
          {whatsappInEnglish
            ? " No French WhatsApp template is set up: French-speaking customers get WhatsApp messages in English."
            : ""}
        </p>
      ) : null}
      <input type="hidden" name={INTENT} value={intent} />
      {/* Enter in a field saves: the form's first submit button (its default) is this one, not a 'Reset'. */}
      <button type="submit" hidden tabIndex={-1} aria-hidden="true" />
      <FormAlert errors={form.errors} id={form.errorId} />
      {french ? null : (
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            meta={fields.senderName}
            label="Sender name"
            maxLength={SENDER_NAME_LIMIT}
            autoComplete="off"
            hint={`The name customers see as the e-mail's sender. Empty: ${defaultSenderName}.`}
          />
          <TextField
            meta={fields.replyTo}
            label="Reply-to address"
            type="email"
            autoComplete="off"
            maxLength={254}
            hint="Where customers' replies go. Empty: to the sender's address."
          />
        </div>
      )}
      {french ? null : (
        <details className="rounded-md border border-slate-200 p-3 text-sm text-slate-700">
          <summary className="cursor-pointer font-medium text-slate-900">Placeholders you can use</summary>
          <p className="mt-2">
            Written in braces, they are filled for each shipment. A line whose placeholders are all empty is
            left out.
          </p>
          <dl className="mt-2 grid gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr]">
            {Object.entries(PLACEHOLDERS).map(([name, meaning]) => (
              <div key={name} className="contents">
                <dt className="font-mono text-xs text-slate-900">{`{${name}}`}</dt>
                <dd className="text-slate-600">{meaning}</dd>
              </div>
            ))}
          </dl>
        </details>
      )}
      <TemplateField
        name="emailSubject"
        meta={fields.emailSubject}
        customized={customized.emailSubject}
        locale={locale}
      />
      <TemplateField
        name="emailBody"
        meta={fields.emailBody}
        customized={customized.emailBody}
        rows={9}
        locale={locale}
      />
      <TemplateField
        name="sms"
        meta={fields.sms}
        customized={customized.sms}
        rows={3}
        counterId={`notification-sms-count${suffix}`}
        locale={locale}
      />
      <div>
        <Button type="submit" disabled={submitting}>
          <Save aria-hidden="true" className="size-4" />
          {submitting ? "Saving..." : french ? "Save French messages" : "Save messages"}
        </Button>
      </div>
      <MessagesPreview draft={draft} sample={sample} locale={locale} words={words} />
    </Form>
  );
}

type FieldMeta = FieldMetadata<string | undefined, Record<string, unknown>, string[]>;

function TemplateField({
  name,
  meta,
  customized,
  rows,
  counterId,
  locale,
}: {
  name: TemplateName;
  meta: FieldMeta;
  customized: boolean;
  /** A text area of this many rows; an input without. */
  rows?: number;
  counterId?: string;
  locale: Locale;
}) {
  const hintId = `${meta.id}-hint`;
  const describedBy = [hintId, counterId, meta.errors ? meta.errorId : undefined].filter(Boolean).join(" ");
  const common = {
    id: meta.id,
    name: meta.name,
    defaultValue:
      typeof meta.initialValue === "string" ? meta.initialValue : defaultTemplatesFor(locale)[name],
    maxLength: TEMPLATE_LIMITS[name],
    required: true,
    "aria-invalid": meta.errors ? true : undefined,
    "aria-describedby": describedBy,
  };
  return (
    <div>
      <div className="mb-1.5 flex flex-wrap items-end justify-between gap-2">
        <Label htmlFor={meta.id} className="mb-0">
          {TEMPLATE_LABELS[name]}
          {customized ? null : <span className="ml-2 text-xs font-normal text-slate-600">(default)</span>}
        </Label>
        <Button type="submit" variant="outline" size="sm" name="reset" value={name}>
          Reset to default
          <span className="sr-only">
            ({TEMPLATE_LABELS[name]}
            {locale === "fr" ? ", French" : ""})
          </span>
        </Button>
      </div>
      {rows ? (
        <Textarea key={meta.key} rows={rows} className="font-mono" {...common} />
      ) : (
        <Input key={meta.key} {...common} />
      )}
      <p id={hintId} className="mt-1 text-xs text-slate-600">
        {HINTS[name]}
      </p>
      {meta.errors?.length ? (
        <div id={meta.errorId} role="alert" className="mt-1 text-sm text-red-700">
          {meta.errors.map((error) => (
            <p key={error}>{error}</p>
          ))}
        </div>
      ) : null}
    </div>
  );
}

function MessagesPreview({
  draft,
  sample,
  locale,
  words,
}: {
  draft: NotificationTemplates;
  sample: NotificationMessagesProps["sample"];
  locale: Locale;
  words: Catalog | undefined;
}) {
  const suffix = locale === "fr" ? "-fr" : "";
  const values = sampleValues(sample, locale);
  const subject = fillSubject(draft.emailSubject, values);
  const text = composeEmailText({
    body: draft.emailBody,
    values,
    steps: [],
    unsubscribeUrl: `${sample.siteUrl.replace(/\/+$/, "")}${locale === "fr" ? "/fr/desabonnement" : "/unsubscribe"}/…`,
    t: makeTranslate(words),
  });
  const sms = fillSms(draft.sms, values);
  const analysis = analyzeSmsText(sms);
  return (
    <section
      aria-labelledby={`notification-preview${suffix}-heading`}
      className="flex flex-col gap-3 rounded-md border border-slate-200 bg-slate-50 p-4"
    >
      <div>
        <h4 id={`notification-preview${suffix}-heading`} className="text-sm font-semibold text-slate-900">
          {/* Named apart from the English set's 'Preview', which tests and screen readers look for by name. */}
          {suffix ? "As French recipients read it" : "Preview"}
        </h4>
        <p className="text-xs text-slate-600">
          With a sample shipment, UTG-1234-5678 arrived at the Port of Monrovia. Follows your typing.
        </p>
      </div>
      <dl className="flex flex-col gap-3 text-sm">
        <div>
          <dt className="font-medium text-slate-800">Subject</dt>
          <dd data-testid={`preview-subject${suffix}`} className="break-words text-slate-900">
            {subject}
          </dd>
        </div>
        <div>
          <dt className="font-medium text-slate-800">E-mail text</dt>
          <dd>
            <pre
              data-testid={`preview-email${suffix}`}
              className="whitespace-pre-wrap break-words rounded border border-slate-200 bg-white p-3 font-sans text-slate-900"
            >
              {text}
            </pre>
          </dd>
        </div>
        <div>
          <dt className="font-medium text-slate-800">SMS and WhatsApp</dt>
          <dd>
            <pre
              data-testid={`preview-sms${suffix}`}
              className="whitespace-pre-wrap break-words rounded border border-slate-200 bg-white p-3 font-sans text-slate-900"
            >
              {sms}
            </pre>
            <p id={`notification-sms-count${suffix}`} className="mt-1 text-xs text-slate-700">
              {`${analysis.units} characters: sent as ${analysis.segments} ${analysis.segments === 1 ? "text message" : "text messages joined into one"}.`}
              {analysis.nonGsmCharacters.length > 0
                ? ` Some characters (${analysis.nonGsmCharacters.join(" ")}) make each text message hold only 70 characters instead of 160.`
                : ""}
            </p>
          </dd>
        </div>
      </dl>
    </section>
  );
}
