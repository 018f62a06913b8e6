import { type FieldMetadata, getInputProps } from "@conform-to/react";
import { CircleAlert } from "lucide-react";
import type { ComponentProps, ReactNode } from "react";
import { useNavigation } from "react-router";
import { Field, Input } from "#app/components/ui/field.tsx";

/** The hidden field that tells the action which of a page's forms was sent. */
export const INTENT = "intent";

/** True while a POST carrying this intent (or any POST, without one) and the reload after it are under way. */
export function useSubmitting(intent?: string): boolean {
  const navigation = useNavigation();
  if (navigation.state === "idle" || !navigation.formData) return false;
  return intent === undefined || navigation.formData.get(INTENT) === intent;
}

export type FieldMeta = FieldMetadata<string | undefined, Record<string, unknown>, string[]>;

/** A labelled input wired to its Conform field: kept value, error message, aria-invalid, aria-describedby. */
export function TextField({
  meta,
  label,
  type = "text",
  hint,
  className,
  ...rest
}: {
  meta: FieldMeta;
  label: ReactNode;
  type?: "text" | "email" | "password" | "tel" | "url" | "date";
  hint?: ReactNode;
  className?: string;
  autoComplete?: string;
  placeholder?: string;
  inputMode?: ComponentProps<"input">["inputMode"];
  /** The id of a datalist of suggestions. */
  list?: string;
  maxLength?: number;
  required?: boolean;
  autoFocus?: boolean;
}) {
  // Passwords are never sent back to the browser, so they are never prefilled either.
  const { key, ...props } = getInputProps(meta, { type, value: type !== "password" });
  return (
    <Field
      label={label}
      htmlFor={meta.id}
      errors={meta.errors}
      errorId={meta.errorId}
      hint={hint}
      className={className}
    >
      <Input key={key} {...props} {...rest} />
    </Field>
  );
}

/** Errors about a whole form (wrong password, too many attempts), read out when they appear. */
export function FormAlert({ errors, id }: { errors: string[] | undefined; id: string }) {
  if (!errors?.length) return null;
  return (
    <div
      id={id}
      role="alert"
      className="flex gap-3 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900"
    >
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <p>{errors[0]}</p>
    </div>
  );
}
