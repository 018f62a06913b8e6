import {
  PublicFormFrame,
  type PublicFormProps,
  TextareaFormField,
  TextFormField,
  useFormFeedback,
  useFormPending,
} from "#app/components/site/forms/contact-form-parts.tsx";
import { useSentPanel } from "#app/components/site/forms/sent-panel.tsx";
import { usePublicForm } from "#app/components/site/forms/use-public-form.ts";
import { Icon } from "#app/components/site/icons.tsx";
import { buttonClass } from "#app/components/ui/button-class.ts";
import { useT } from "#app/lib/i18n/use-words.ts";
import {
  CONTACT_LIMITS,
  contactFeedbackMessages as contactMessages,
} from "#app/schemas/rules/form-options.ts";

const FORM = "contact";
const feedback = {
  success: { title: contactMessages.successTitle, description: contactMessages.successDescription },
  failure: { title: contactMessages.failureTitle, description: contactMessages.failureDescription },
};

/** The message form of /contact: posts to the page's action with intent "contact"; works without JavaScript. */
export function ContactForm({ reply, submissionKey, action }: PublicFormProps) {
  const t = useT();
  const ownReply = reply?.form === FORM ? reply : undefined;
  const { form, fields } = usePublicForm({
    id: "contact-form",
    lastResult: ownReply?.result ?? null,
    defaultValue: { name: "", email: "", subject: "", message: "" },
    loadCheck: () =>
      import("#app/schemas/rules/public-form-checks.ts").then((checks) => checks.checkContactMessage),
  });
  const notice = useFormFeedback(ownReply, feedback);
  const sent = useSentPanel(ownReply, {
    formId: "contact-form",
    title: "Your message has been sent",
    againLabel: "Send another message",
    notice: feedback.success,
  });
  const pending = useFormPending(FORM);

  return (
    <>
      {sent.panel}
      <PublicFormFrame
        form={form}
        formName={FORM}
        submissionKey={submissionKey}
        action={action}
        hidden={sent.formHidden}
        notice={notice}
        aria-label={t("Send us a message")}
      >
        <div className="grid gap-5 sm:grid-cols-2">
          <TextFormField
            meta={fields.name}
            label={t("Name")}
            autoComplete="name"
            maxLength={CONTACT_LIMITS.name}
            required
          />
          <TextFormField
            meta={fields.email}
            label={t("Email")}
            type="email"
            autoComplete="email"
            maxLength={254}
            required
          />
          <TextFormField
            meta={fields.subject}
            label={t("Subject")}
            maxLength={CONTACT_LIMITS.subject}
            required
            className="sm:col-span-2"
          />
          <TextareaFormField
            meta={fields.message}
            label={t("Message")}
            rows={6}
            maxLength={CONTACT_LIMITS.message}
            required
            className="sm:col-span-2"
          />
        </div>
        <button
          type="submit"
          className={buttonClass({ size: "lg", className: "mt-6 w-full sm:w-auto" })}
          disabled={pending}
        >
          <Icon name="send" aria-hidden="true" className="size-4" />
          {t(pending ? "Sending..." : "Send Message")}
        </button>
      </PublicFormFrame>
    </>
  );
}
