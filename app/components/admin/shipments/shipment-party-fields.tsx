import { Field, Input, Textarea } from "#app/components/ui/field.tsx";

export type PartyValues = { name: string; company: string; email: string; phone: string; address: string };
export type FieldErrors = Record<string, string[] | null> | undefined;

const describedBy = (id: string, errors: string[] | null | undefined) => (errors?.length ? id : undefined);

/** Name (required), Company, Email, Phone and Address of a shipper or consignee, with their messages. */
export function PartyFields({
  idPrefix,
  defaults,
  errors,
}: {
  idPrefix: string;
  defaults?: Partial<PartyValues> | null;
  errors?: FieldErrors;
}) {
  const field = (name: keyof PartyValues) => ({
    id: `${idPrefix}-${name}`,
    name,
    defaultValue: defaults?.[name] ?? "",
    "aria-invalid": errors?.[name]?.length ? true : undefined,
    "aria-describedby": describedBy(`${idPrefix}-${name}-error`, errors?.[name]),
  });
  const errorProps = (name: keyof PartyValues) => ({
    htmlFor: `${idPrefix}-${name}`,
    errorId: `${idPrefix}-${name}-error`,
    errors: errors?.[name],
  });
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field label="Name" {...errorProps("name")}>
        <Input {...field("name")} required maxLength={120} autoComplete="off" />
      </Field>
      <Field label="Company" {...errorProps("company")}>
        <Input {...field("company")} maxLength={160} autoComplete="off" />
      </Field>
      <Field label="Email" {...errorProps("email")}>
        <Input {...field("email")} type="email" maxLength={254} autoComplete="off" />
      </Field>
      <Field label="Phone" {...errorProps("phone")}>
        <Input {...field("phone")} type="tel" maxLength={40} autoComplete="off" />
      </Field>
      <Field label="Address" className="sm:col-span-2" {...errorProps("address")}>
        <Textarea {...field("address")} maxLength={300} className="min-h-20" />
      </Field>
    </div>
  );
}

/** The typed values a 400 answer echoes back (Conform's `initialValue`), as strings. */
export function echoedValues(initialValue: unknown): Record<string, string> {
  if (!initialValue || typeof initialValue !== "object") return {};
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(initialValue as Record<string, unknown>)) {
    if (typeof value === "string") out[key] = value;
  }
  return out;
}
