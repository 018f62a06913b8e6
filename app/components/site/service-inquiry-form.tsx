import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form } from "react-router";
import { cn } from "~/lib/cn";
import { CONTACT_LIMITS } from "~/schemas/contact-message";
import { quoteMessages } from "~/schemas/quote-request";
import { serviceInquirySchema, shipmentTypeOptions } from "~/schemas/service-inquiry";
import {
  FormErrors,
  HiddenFormFields,
  type PublicFormProps,
  SelectFormField,
  TextareaFormField,
  TextFormField,
  useFormFeedback,
  useFormPending,
} from "./contact-form-parts";
import { accentLinkClass } from "./site-links";

const FORM = "service-inquiry";
const feedback = {
  success: { title: quoteMessages.success },
  failure: { title: quoteMessages.failure },
};

/** The side 'Get a Quote' form on /services; the staff see it in the contact inbox as 'Quote request: …'. */
export function ServiceInquiryForm({ reply, submissionKey, action }: PublicFormProps) {
  const ownReply = reply?.form === FORM ? reply : undefined;
  const [form, fields] = useForm({
    id: "service-inquiry",
    lastResult: ownReply?.result ?? null,
    defaultValue: { name: "", email: "", shipmentType: "", message: "" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: serviceInquirySchema }),
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
      aria-labelledby="service-inquiry-title"
    >
      {notice}
      <FormErrors errors={form.errors} errorId={form.errorId} />
      <HiddenFormFields form={FORM} submissionKey={submissionKey} />
      <div className="grid gap-4">
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
        <SelectFormField
          meta={fields.shipmentType}
          label="Shipment Type"
          placeholder="Select shipment type"
          options={shipmentTypeOptions}
          required
        />
        <TextareaFormField
          meta={fields.message}
          label="Message"
          rows={4}
          placeholder="What are you shipping, from where and to where?"
          maxLength={CONTACT_LIMITS.message}
          required
        />
      </div>
      <button
        type="submit"
        className={cn(accentLinkClass, "mt-5 flex h-10 w-full px-4 text-sm disabled:opacity-60")}
        disabled={pending}
      >
        {pending ? "Submitting..." : "Request a Quote"}
      </button>
    </Form>
  );
}
