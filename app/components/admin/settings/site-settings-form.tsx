import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Save } from "lucide-react";
import { Form } from "react-router";
import { FormAlert, INTENT, TextField, useSubmitting } from "#app/components/admin/form-fields.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Field, Input, Select } from "#app/components/ui/field.tsx";
import { BUSINESS_HOURS_ROWS, siteSettingsFormSchema } from "#app/schemas/admin-settings.ts";
import { SITE_SETTINGS_INTENT } from "#app/schemas/settings-intents.ts";
import type { SiteSettings } from "#app/schemas/site-settings.ts";

const SOCIAL = [
  { key: "facebook", label: "Facebook" },
  { key: "twitter", label: "X (Twitter)" },
  { key: "linkedin", label: "LinkedIn" },
  { key: "instagram", label: "Instagram" },
] as const;

/** The company details shown across the public site: name, phone, e-mail, address, hours, social links. */
export function SiteSettingsForm({
  settings,
  timeZones,
  lastResult,
}: {
  settings: SiteSettings;
  /** The IANA time zones the server knows, for the 'Time zone' list. */
  timeZones: string[];
  lastResult: SubmissionResult<string[]> | null | undefined;
}) {
  const submitting = useSubmitting(SITE_SETTINGS_INTENT);
  const rows = Array.from(
    { length: BUSINESS_HOURS_ROWS },
    (_, i) => settings.businessHours[i] ?? { days: "", hours: "" },
  );
  const [form, fields] = useForm({
    id: "site-settings-form",
    lastResult,
    defaultValue: { ...settings, businessHours: rows },
    onValidate: ({ formData }) =>
      parseWithZod(formData, { schema: siteSettingsFormSchema, disableAutoCoercion: true }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const hours = fields.businessHours.getFieldList();
  const social = fields.social.getFieldset();

  return (
    <Form
      method="post"
      {...getFormProps(form)}
      noValidate
      aria-label="Site Details"
      className="flex flex-col gap-5"
    >
      <input type="hidden" name={INTENT} value={SITE_SETTINGS_INTENT} />
      <FormAlert errors={form.errors} id={form.errorId} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField meta={fields.companyName} label="Company name" maxLength={120} required />
        <TextField meta={fields.phone} label="Phone" type="tel" autoComplete="off" maxLength={40} required />
        <TextField
          meta={fields.email}
          label="Email"
          type="email"
          autoComplete="off"
          maxLength={254}
          required
        />
        <TextField meta={fields.address} label="Address" maxLength={200} required />
        <Field
          label="Time zone"
          htmlFor={fields.timeZone.id}
          errors={fields.timeZone.errors}
          errorId={fields.timeZone.errorId}
          hint="Status updates' dates and times are entered and shown in this time zone."
        >
          <Select
            id={fields.timeZone.id}
            name={fields.timeZone.name}
            defaultValue={fields.timeZone.initialValue ?? settings.timeZone}
            required
            aria-invalid={fields.timeZone.errors ? true : undefined}
            aria-describedby={fields.timeZone.errors ? fields.timeZone.errorId : undefined}
          >
            {timeZones.map((zone) => (
              <option key={zone} value={zone}>
                {zone.replaceAll("_", " ")}
              </option>
            ))}
          </Select>
        </Field>
      </div>

      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-semibold text-slate-900">Business hours</legend>
        <p className="text-xs text-slate-600">
          Up to {BUSINESS_HOURS_ROWS} rows; leave a row empty to drop it.
        </p>
        {hours.map((row, index) => {
          const { days, hours: time } = row.getFieldset();
          return (
            <div key={row.key} className="grid gap-2 sm:grid-cols-2">
              <Field
                label={<span className="sr-only">Days, row {index + 1}</span>}
                htmlFor={days.id}
                errors={days.errors}
                errorId={days.errorId}
              >
                <Input
                  id={days.id}
                  name={days.name}
                  defaultValue={days.initialValue ?? ""}
                  placeholder="Days, e.g. Monday - Friday"
                  maxLength={60}
                  aria-invalid={days.errors ? true : undefined}
                  aria-describedby={days.errors ? days.errorId : undefined}
                />
              </Field>
              <Field
                label={<span className="sr-only">Hours, row {index + 1}</span>}
                htmlFor={time.id}
                errors={time.errors}
                errorId={time.errorId}
              >
                <Input
                  id={time.id}
                  name={time.name}
                  defaultValue={time.initialValue ?? ""}
                  placeholder="Hours, e.g. 9:00 AM - 6:00 PM"
                  maxLength={60}
                  aria-invalid={time.errors ? true : undefined}
                  aria-describedby={time.errors ? time.errorId : undefined}
                />
              </Field>
            </div>
          );
        })}
        {fields.businessHours.errors ? (
          <p id={fields.businessHours.errorId} role="alert" className="text-sm text-red-700">
            {fields.businessHours.errors[0]}
          </p>
        ) : null}
      </fieldset>

      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-sm font-semibold text-slate-900">Social links</legend>
        {SOCIAL.map(({ key, label }) => (
          <TextField
            key={key}
            meta={social[key]}
            label={label}
            type="url"
            placeholder="https://"
            maxLength={300}
          />
        ))}
      </fieldset>

      <Button type="submit" className="self-start" disabled={submitting}>
        <Save aria-hidden="true" className="size-4" />
        {submitting ? "Saving..." : "Save Settings"}
      </Button>
    </Form>
  );
}
