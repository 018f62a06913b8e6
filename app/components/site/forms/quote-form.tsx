import {
  OptionalLabel,
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
import { Icon } from "#app/components/site/icons.tsx";
import { accentLinkClass } from "#app/components/site/layout/site-links.ts";
import { FieldError } from "#app/components/ui/field.tsx";
import { cn } from "#app/lib/cn.ts";
import { useT } from "#app/lib/i18n/use-words.ts";
import type { PhoneCountryChoices } from "#app/lib/phone-countries.ts";
import { freightTypeOptions, parcelTypeOptions, QUOTE_LIMITS } from "#app/schemas/rules/form-options.ts";
import { quoteFeedbackMessages } from "#app/schemas/rules/public-form.ts";
import type { QuoteFormStart } from "#app/schemas/rules/quote-request-rules.ts";

const FORM = "quote";
const feedback = {
  success: { title: quoteFeedbackMessages.success },
  failure: { title: quoteFeedbackMessages.failure },
};

const EMPTY: QuoteFormStart = {
  firstName: "",
  lastName: "",
  email: "",
  company: "",
  phone: "",
  cityDeparture: "",
  deliveryCity: "",
  parcelType: "",
  weight: "",
  freightTypes: [],
};

/** The 'Get a Free Quote' form: posts to the page's action with intent "quote"; works without JavaScript. */
export function QuoteForm({
  reply,
  submissionKey,
  action,
  start = EMPTY,
  phoneCountries,
}: PublicFormProps & { start?: QuoteFormStart; phoneCountries: PhoneCountryChoices }) {
  const t = useT();
  const ownReply = reply?.form === FORM ? reply : undefined;
  const { form, fields } = usePublicForm({
    id: "quote-form",
    lastResult: ownReply?.result ?? null,
    defaultValue: { ...start, phoneCountry: phoneCountries.start, readyDate: "", specialInfo: "" },
    loadCheck: () =>
      import("#app/schemas/rules/public-form-checks.ts").then((checks) => checks.checkQuoteRequest),
  });
  const notice = useFormFeedback(ownReply, feedback);
  const sent = useSentPanel(ownReply, {
    formId: "quote-form",
    title: "Your quote request has been sent",
    againLabel: "Send another quote request",
    notice: feedback.success,
  });
  const pending = useFormPending(FORM);
  const freight = fields.freightTypes;
  const checked = new Set([freight.initialValue ?? []].flat());

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
        aria-label={t("Get a Free Quote")}
      >
        <div className="grid gap-5 sm:grid-cols-2">
          <TextFormField
            meta={fields.firstName}
            label={t("First Name")}
            autoComplete="given-name"
            maxLength={QUOTE_LIMITS.name}
            required
          />
          <TextFormField
            meta={fields.lastName}
            label={t("Last Name")}
            autoComplete="family-name"
            maxLength={QUOTE_LIMITS.name}
            required
          />
          <TextFormField
            meta={fields.company}
            label={<OptionalLabel label={t("Company")} />}
            autoComplete="organization"
            maxLength={QUOTE_LIMITS.company}
            className="sm:col-span-2"
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
          <RouteFormFields from={fields.cityDeparture} to={fields.deliveryCity} />
          <SelectFormField
            meta={fields.parcelType}
            label={t("Parcel Type")}
            placeholder={t("Select parcel type")}
            options={parcelTypeOptions.map((value) => ({ value, label: t(value) }))}
            required
          />
          <TextFormField
            meta={fields.weight}
            label={t("Weight")}
            placeholder={t("e.g. 10 kg, 2 tons")}
            maxLength={QUOTE_LIMITS.weight}
            required
          />
          <TextFormField
            meta={fields.readyDate}
            label={<OptionalLabel label={t("Cargo Ready Date")} />}
            type="date"
          />
          <fieldset
            className="sm:col-span-2"
            aria-describedby={freight.errors ? freight.errorId : undefined}
            aria-invalid={freight.errors ? true : undefined}
          >
            <legend className="mb-1.5 text-sm font-medium text-slate-800">{t("Freight Type")}</legend>
            <div key={freight.key} className="flex flex-wrap gap-x-6 gap-y-2">
              {freightTypeOptions.map((option) => (
                <label key={option.value} className="inline-flex items-center gap-2 text-sm text-slate-800">
                  <input
                    type="checkbox"
                    name={freight.name}
                    value={option.value}
                    defaultChecked={checked.has(option.value)}
                    aria-invalid={freight.errors ? true : undefined}
                    className="size-4 rounded border-slate-400 accent-brand-700"
                  />
                  {t(option.label)}
                </label>
              ))}
            </div>
            <FieldError id={freight.errorId} errors={freight.errors} />
          </fieldset>
          <TextareaFormField
            meta={fields.specialInfo}
            label={<OptionalLabel label={t("Special Information")} />}
            placeholder={t("Dimensions, handling instructions, preferred dates…")}
            maxLength={QUOTE_LIMITS.specialInfo}
            className="sm:col-span-2"
          />
        </div>
        <button
          type="submit"
          className={cn(
            accentLinkClass,
            "mt-6 inline-flex h-12 w-full px-6 text-base disabled:opacity-60 sm:w-auto",
          )}
          disabled={pending}
        >
          <Icon name="send" aria-hidden="true" className="size-4" />
          {t(pending ? "Submitting..." : "Submit Quote Request")}
        </button>
      </PublicFormFrame>
    </>
  );
}
