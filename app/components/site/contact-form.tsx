import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Send } from "lucide-react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { CONTACT_LIMITS, contactMessageSchema, contactMessages } from "~/schemas/contact-message";
import {
  FormErrors,
  HiddenFormFields,
  type PublicFormProps,
  TextareaFormField,
  TextFormField,
  useFormFeedback,
  useFormPending,
} from "./contact-form-parts";

const FORM = "contact";
const feedback = {
  success: { title: contactMessages.successTitle, description: contactMessages.successDescription },
  failure: { title: contactMessages.failureTitle, description: contactMessages.failureDescription },
};

/** The message form of /contact: posts to the page's action with intent "contact"; works without JavaScript. */
export function ContactForm({ reply, submissionKey, action }: PublicFormProps) {
  const ownReply = reply?.form === FORM ? reply : undefined;
  const [form, fields] = useForm({
    id: "contact-form",
    lastResult: ownReply?.result ?? null,
    defaultValue: { name: "", email: "", subject: "", message: "" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: contactMessageSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const notice = useFormFeedback(ownReply, feedback);
  const pending = useFormPending(FORM);

  return (
    <Form
      method="post"
      action={action}
      preventScrollReset
      {...getFormProps(form)}
      noValidate
      aria-label="Send us a message"
    >
      {notice}
      <FormErrors errors={form.errors} errorId={form.errorId} />
      <HiddenFormFields form={FORM} submissionKey={submissionKey} />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextFormField
          meta={fields.name}
          label="Name"
          autoComplete="name"
          maxLength={CONTACT_LIMITS.name}
          required
        />
        <TextFormField
          meta={fields.email}
          label="Email"
          type="email"
          autoComplete="email"
          maxLength={254}
          required
        />
        <TextFormField
          meta={fields.subject}
          label="Subject"
          maxLength={CONTACT_LIMITS.subject}
          required
          className="sm:col-span-2"
        />
        <TextareaFormField
          meta={fields.message}
          label="Message"
          rows={6}
          maxLength={CONTACT_LIMITS.message}
          required
          className="sm:col-span-2"
        />
      </div>
      <Button type="submit" size="lg" className="mt-6 w-full sm:w-auto" disabled={pending}>
        <Send aria-hidden="true" className="size-4" />
        {pending ? "Sending..." : "Send Message"}
      </Button>
    </Form>
  );
}
