import { type ComponentProps, type ReactNode, useEffect, useSyncExternalStore } from "react";
import { Form, useNavigation } from "react-router";
import { controlProps, type PublicFieldMeta } from "#app/components/site/forms/use-public-form.ts";
import { Icon } from "#app/components/site/icons.tsx";
import { Field, Input, Select, Textarea } from "#app/components/ui/field.tsx";
import { cn } from "#app/lib/cn.ts";
import { useT } from "#app/lib/i18n/use-words.ts";
import { toast } from "#app/lib/toast.tsx";
import { QUOTE_LIMITS } from "#app/schemas/rules/form-options.ts";
import { PHONE_MAX_LENGTH } from "#app/schemas/rules/form-rules.ts";
import {
  HONEYPOT_FIELD,
  INTENT_FIELD,
  type PublicFormName,
  type PublicFormReply,
  SUBMISSION_KEY_FIELD,
} from "#app/schemas/rules/public-form.ts";

/** What the page gives each public form. */
export type PublicFormProps = {
  /** The action's answer, if any (each form picks its own by name). */
  reply: PublicFormReply | undefined;
  /** A fresh key from the loader: a double click or a resubmitted page stores one row. */
  submissionKey: string;
  /** Where the form posts, with the form's section as the fragment so the page opens there after a post without JavaScript. */
  action: string;
};

const subscribeNever = () => () => {};

/** False in the server render and before hydration, true once React runs in the browser. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
}

/** True while this form's POST (and the reload after it) is under way. */
export function useFormPending(form: PublicFormName): boolean {
  const navigation = useNavigation();
  return navigation.state !== "idle" && navigation.formData?.get(INTENT_FIELD) === form;
}

type FeedbackMessage = { title: string; description?: string };

/**
 * Success and failure of a submission: sonner toasts once the page runs JavaScript; without it, the
 * server-rendered page shows a failure's words in a notice box (returned here for the form to render)
 * and a success's in the confirmation panel (useSentPanel).
 */
export function useFormFeedback(
  reply: PublicFormReply | undefined,
  messages: { success: FeedbackMessage; failure: FeedbackMessage },
): ReactNode {
  const hydrated = useHydrated();
  const t = useT();
  const { success, failure } = messages;
  // A new translator alone (the page's data revalidated) must not show the toast again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: toasts once per answer, in the page's language
  useEffect(() => {
    if (!reply) return;
    // Deferred so the toaster has mounted when the page hydrates with a result.
    const id = setTimeout(() => {
      const words = reply.outcome === "success" ? success : failure;
      const description = words.description && t(words.description);
      if (reply.outcome === "success") toast.success(t(words.title), { description });
      if (reply.outcome === "failed") toast.error(t(words.title), { description });
    }, 0);
    return () => clearTimeout(id);
  }, [reply, success, failure]);
  if (hydrated || !reply) return null;
  if (reply.outcome === "failed") return <FormNotice tone="error" {...failure} />;
  return null;
}

export function FormNotice({ tone, title, description }: { tone: "success" | "error" } & FeedbackMessage) {
  const t = useT();
  return (
    <div
      role={tone === "success" ? "status" : "alert"}
      className={cn(
        "mb-5 flex gap-3 rounded-md border p-4 text-sm",
        tone === "success"
          ? "border-green-300 bg-green-50 text-green-900"
          : "border-red-300 bg-red-50 text-red-900",
      )}
    >
      <Icon
        name={tone === "success" ? "circle-check" : "circle-alert"}
        aria-hidden="true"
        className="mt-0.5 size-5 shrink-0"
      />
      <div>
        <p className="font-semibold">{t(title)}</p>
        {description ? <p className="mt-0.5">{t(description)}</p> : null}
      </div>
    </div>
  );
}

/** Errors about the whole form (e.g. the rate limit), read out when they appear. */
export function FormErrors({ errors, errorId }: { errors: string[] | undefined; errorId: string }) {
  if (!errors?.length) return null;
  return (
    <div
      id={errorId}
      role="alert"
      className="mb-5 flex gap-3 rounded-md border border-red-300 bg-red-50 p-4 text-sm text-red-900"
    >
      <Icon name="circle-alert" aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <p>{errors[0]}</p>
    </div>
  );
}

/**
 * The frame every public form shares: a post to the page's action that keeps the scroll position, hidden
 * while its sent panel shows, opening with its notice, the errors about the whole form and the hidden fields.
 */
export function PublicFormFrame({
  form,
  formName,
  submissionKey,
  action,
  hidden,
  notice,
  children,
  ...label
}: {
  form: { props: ComponentProps<typeof Form>; errors: string[] | undefined; errorId: string };
  formName: PublicFormName;
  submissionKey: string;
  action: string;
  hidden: boolean;
  notice: ReactNode;
  children: ReactNode;
} & ({ "aria-label": string } | { "aria-labelledby": string })) {
  return (
    <Form method="post" action={action} preventScrollReset {...form.props} hidden={hidden} {...label}>
      {notice}
      <FormErrors errors={form.errors} errorId={form.errorId} />
      <HiddenFormFields form={formName} submissionKey={submissionKey} />
      {children}
    </Form>
  );
}

/** The hidden fields every public form sends: which form it is, its submission key, and the honeypot. */
export function HiddenFormFields({ form, submissionKey }: { form: PublicFormName; submissionKey: string }) {
  const t = useT();
  return (
    <>
      <input type="hidden" name={INTENT_FIELD} value={form} />
      <input type="hidden" name={SUBMISSION_KEY_FIELD} value={submissionKey} />
      <div aria-hidden="true" className="sr-only">
        <label htmlFor={`${form}-${HONEYPOT_FIELD}`}>{t("Leave this field empty")}</label>
        <input
          id={`${form}-${HONEYPOT_FIELD}`}
          type="text"
          name={HONEYPOT_FIELD}
          tabIndex={-1}
          autoComplete="off"
        />
      </div>
    </>
  );
}

/** A field's label with '(optional)' after it, both in the page's language. */
export function OptionalLabel({ label }: { label: string }) {
  const t = useT();
  return (
    <>
      {label} <span className="font-normal text-slate-600">{t("(optional)")}</span>
    </>
  );
}

type TextFieldProps = {
  meta: PublicFieldMeta;
  label: ReactNode;
  type?: "text" | "email" | "tel" | "date";
  autoComplete?: string;
  placeholder?: string;
  maxLength?: number;
  required?: boolean;
  className?: string;
};

/** A labelled text input wired to its Conform field: kept value, error message, aria-invalid, aria-describedby. */
export function TextFormField({ meta, label, type = "text", className, ...rest }: TextFieldProps) {
  return (
    <Field label={label} htmlFor={meta.id} errors={meta.errors} errorId={meta.errorId} className={className}>
      <Input key={meta.key} {...controlProps(meta)} type={type} {...rest} />
    </Field>
  );
}

/**
 * The public forms' optional phone number and its country: a plain list (the page's loader gives its options in
 * the page's language), so the server reads a number typed the local way in the right country; a number that
 * starts with + names its own. Whether it is a valid number is checked on the server only (decision 023).
 */
export function PhoneFormField({
  meta,
  country,
  countries,
}: {
  meta: PublicFieldMeta;
  country: PublicFieldMeta;
  countries: readonly { value: string; label: string }[];
}) {
  const t = useT();
  return (
    <div className="grid grid-cols-2 gap-3">
      <SelectFormField meta={country} label={t("Country code")} options={countries} />
      <TextFormField
        meta={meta}
        label={<OptionalLabel label={t("Phone")} />}
        type="tel"
        autoComplete="tel"
        maxLength={PHONE_MAX_LENGTH}
      />
    </div>
  );
}

/** The route of a quote request: where from and where to, both required (the two quote forms). */
export function RouteFormFields({ from, to }: { from: PublicFieldMeta; to: PublicFieldMeta }) {
  const t = useT();
  return (
    <>
      <TextFormField meta={from} label={t("City of Departure")} maxLength={QUOTE_LIMITS.city} required />
      <TextFormField meta={to} label={t("Delivery City")} maxLength={QUOTE_LIMITS.city} required />
    </>
  );
}

export function TextareaFormField({
  meta,
  label,
  className,
  rows = 5,
  ...rest
}: Omit<TextFieldProps, "type" | "autoComplete"> & { rows?: number }) {
  return (
    <Field label={label} htmlFor={meta.id} errors={meta.errors} errorId={meta.errorId} className={className}>
      <Textarea key={meta.key} rows={rows} {...controlProps(meta)} {...rest} />
    </Field>
  );
}

export function SelectFormField({
  meta,
  label,
  placeholder,
  options,
  required,
  className,
}: {
  meta: PublicFieldMeta;
  label: ReactNode;
  /** The empty first choice, if the list has one. */
  placeholder?: string;
  options: readonly { value: string; label: string }[];
  required?: boolean;
  className?: string;
}) {
  return (
    <Field label={label} htmlFor={meta.id} errors={meta.errors} errorId={meta.errorId} className={className}>
      <Select key={meta.key} {...controlProps(meta)} required={required}>
        {placeholder ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Select>
    </Field>
  );
}
