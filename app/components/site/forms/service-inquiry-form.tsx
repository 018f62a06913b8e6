import {
  PhoneFormField,
  PublicFormFrame,
  type PublicFormProps,
  RouteFormFields,
  SelectFormField,
  TextareaFormField,
  TextFormField,
  useFormFeedback,
  useFormPending,
} from "#app/components/site/forms/contact-form-parts.tsx";
import { useSentPanel } from "#app/components/site/forms/sent-panel.tsx";
import { usePublicForm } from "#app/components/site/forms/use-public-form.ts";
import { accentLinkClass } from "#app/components/site/layout/site-links.ts";
import { cn } from "#app/lib/cn.ts";
import { useT } from "#app/lib/i18n/use-words.ts";
import type { PhoneCountryChoices } from "#app/lib/phone-countries.ts";
import { CONTACT_LIMITS, shipmentTypeOptions } from "#app/schemas/rules/form-options.ts";
import { quoteFeedbackMessages } from "#app/schemas/rules/public-form.ts";

const FORM = "service-inquiry";
const feedback = {
  success: { title: quoteFeedbackMessages.success },
  failure: { title: quoteFeedbackMessages.failure },
};

/** The side 'Get a Quote' form on /services; the staff get it as a quote request, which they price and book. */
export function ServiceInquiryForm({
  reply,
  submissionKey,
  action,
  phoneCountries,
}: PublicFormProps & { phoneCountries: PhoneCountryChoices }) {
  const t = useT();
  const ownReply = reply?.form === FORM ? reply : undefined;
  const { form, fields } = usePublicForm({
    id: "service-inquiry",
    lastResult: ownReply?.result ?? null,
    defaultValue: {
      name: "",
      email: "",
      phone: "",
      phoneCountry: phoneCountries.start,
      shipmentType: "",
      cityDeparture: "",
      deliveryCity: "",
      message: "",
    },
    loadCheck: () =>
      import("#app/schemas/rules/public-form-checks.ts").then((checks) => checks.checkServiceInquiry),
  });
  const notice = useFormFeedback(ownReply, feedback);
  const sent = useSentPanel(ownReply, {
    formId: "service-inquiry",
    title: "Your quote request has been sent",
    againLabel: "Send another quote request",
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
        aria-labelledby="service-inquiry-title"
      >
        <div className="grid gap-4">
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
          <PhoneFormField
            meta={fields.phone}
            country={fields.phoneCountry}
            countries={phoneCountries.options}
          />
          <SelectFormField
            meta={fields.shipmentType}
            label={t("Shipment Type")}
            placeholder={t("Select shipment type")}
            options={shipmentTypeOptions.map(({ value, label }) => ({ value, label: t(label) }))}
            required
          />
          <RouteFormFields from={fields.cityDeparture} to={fields.deliveryCity} />
          <TextareaFormField
            meta={fields.message}
            label={t("Message")}
            rows={4}
            placeholder={t("What are you shipping, from where and to where?")}
            maxLength={CONTACT_LIMITS.message}
            required
          />
        </div>
        <button
          type="submit"
          className={cn(accentLinkClass, "mt-5 flex h-10 w-full px-4 text-sm disabled:opacity-60")}
          disabled={pending}
        >
          {t(pending ? "Submitting..." : "Request a Quote")}
        </button>
      </PublicFormFrame>
    </>
  );
}
