import { Field, Input, Textarea } from "#app/components/ui/field.tsx";
import type { FieldErrors } from "#app/components/admin/shipments/shipment-party-fields.tsx";

/** The id of the status history's <datalist> of usual statuses, which every Status input offers. */
export const STATUS_LIST_ID = "history-status-options";

/** Status, Location and Notes of a status update, with their messages. */
export function StatusFields({
  idPrefix,
  defaults,
  errors,
}: {
  idPrefix: string;
  defaults?: Record<string, string>;
  errors?: FieldErrors;
}) {
  const props = (name: "status" | "location" | "notes") => ({
    id: `${idPrefix}-${name}`,
    name,
    defaultValue: defaults?.[name] ?? "",
    "aria-invalid": errors?.[name]?.length ? true : undefined,
    "aria-describedby": errors?.[name]?.length ? `${idPrefix}-${name}-error` : undefined,
  });
  const field = (name: "status" | "location" | "notes") => ({
    htmlFor: `${idPrefix}-${name}`,
    errorId: `${idPrefix}-${name}-error`,
    errors: errors?.[name],
  });
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field label="Status" {...field("status")}>
        <Input {...props("status")} list={STATUS_LIST_ID} required maxLength={60} autoComplete="off" />
      </Field>
      <Field label="Location" {...field("location")}>
        <Input {...props("location")} required maxLength={200} autoComplete="off" />
      </Field>
      <Field label="Notes (optional)" className="sm:col-span-2" {...field("notes")}>
        <Textarea {...props("notes")} maxLength={2000} className="min-h-20" />
      </Field>
    </div>
  );
}
