import { parseWithZod } from "@conform-to/zod/v4";
import { type FormEvent, type ReactNode, useState } from "react";
import type { FieldErrors } from "#app/components/admin/shipments/shipment-party-fields.tsx";
import { Field, Input, Textarea } from "#app/components/ui/field.tsx";
import { COMMON_STATUSES, statusUpdateSchema } from "#app/schemas/shipment-status.ts";

/** The id of the status history's <datalist> of usual statuses, which every Status input offers. */
export const STATUS_LIST_ID = "history-status-options";

/**
 * The usual statuses every Status input offers (once per page): a clerk picks one rather than typing it, so
 * French customers read it in French.
 */
export function StatusOptions() {
  return (
    <datalist id={STATUS_LIST_ID}>
      {COMMON_STATUSES.map((status) => (
        <option key={status} value={status} />
      ))}
    </datalist>
  );
}

/** What unticking 'Also set as … current status' means, under the checkbox of the single and the bulk update. */
export const CURRENT_HINT =
  "Untick it only for an earlier step added to the history: the tracking page keeps the status it shows, and customers are not told.";

/** Under a status update's Notes: the tracking page shows every entry's notes to anyone with the number. */
export const NOTES_HINT = "Customers see these notes on the tracking page.";

/** The usual step after `status`, to start a new status update with; "" when there is none (Delivered, unknown). */
const NEXT_STATUS: Record<string, string> = {
  pending: "Processing",
  processing: "Shipped",
  shipped: "In Transit",
  "in transit": "Arrived",
  delayed: "In Transit",
  arrived: "Out for Delivery",
  "out for delivery": "Delivered",
};

export function nextStatus(status: string): string {
  return NEXT_STATUS[status.trim().replace(/\s+/g, " ").toLowerCase()] ?? "";
}

type Name = "status" | "location" | "timestamp" | "notes";

/**
 * Status, Location, the event's date and time (a wall-clock time of the company's `timeZone`) and Notes of a
 * status update, with their messages.
 */
export function StatusFields({
  idPrefix,
  defaults,
  errors,
  timeZone,
}: {
  idPrefix: string;
  defaults?: Record<string, string>;
  errors?: FieldErrors;
  timeZone: string;
}) {
  const props = (name: Name) => ({
    id: `${idPrefix}-${name}`,
    name,
    defaultValue: defaults?.[name] ?? "",
    "aria-invalid": errors?.[name]?.length ? true : undefined,
    "aria-describedby": errors?.[name]?.length ? `${idPrefix}-${name}-error` : undefined,
  });
  const field = (name: Name) => ({
    htmlFor: `${idPrefix}-${name}`,
    errorId: `${idPrefix}-${name}-error`,
    errors: errors?.[name],
  });
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
      <Field label="Status" {...field("status")}>
        <Input {...props("status")} list={STATUS_LIST_ID} required maxLength={60} autoComplete="off" />
      </Field>
      <Field label="Location" {...field("location")}>
        <Input {...props("location")} required maxLength={200} autoComplete="off" />
      </Field>
      <Field
        label={
          <>
            Event date and time <span className="font-normal text-slate-600">({timeZone})</span>
          </>
        }
        className="sm:col-span-2"
        {...field("timestamp")}
      >
        <Input {...props("timestamp")} type="datetime-local" required className="min-w-0 sm:max-w-64" />
      </Field>
      <Field label="Notes (optional)" className="sm:col-span-2" hint={NOTES_HINT} {...field("notes")}>
        <Textarea
          {...props("notes")}
          aria-describedby={[`${idPrefix}-notes-hint`, props("notes")["aria-describedby"]]
            .filter(Boolean)
            .join(" ")}
          maxLength={2000}
          className="min-h-20"
        />
      </Field>
    </div>
  );
}

/**
 * The status form's rules checked in the browser before it posts (the server checks them again): a refused
 * form shows its messages at once, and the focus goes to the first field with one. `serverErrors` (the
 * answer to the last post) shows until the next check.
 */
export function useStatusFormCheck(timeZone: string, serverErrors: FieldErrors) {
  const [checked, setChecked] = useState<{ errors: FieldErrors; for: FieldErrors } | null>(null);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const form = event.currentTarget;
    const submission = parseWithZod(new FormData(form), { schema: statusUpdateSchema({ timeZone }) });
    if (submission.status === "success") {
      setChecked(null);
      return;
    }
    event.preventDefault();
    setChecked({ errors: submission.reply().error ?? undefined, for: serverErrors });
    requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  };
  // A newer answer from the server replaces the browser's messages.
  const errors = checked && checked.for === serverErrors ? checked.errors : serverErrors;
  return { errors, onSubmit };
}

/**
 * A checkbox of the status update forms with its label and, when given, the hint under it: 'Also set as …
 * current status' and 'Notify customers' on the single, the bulk and the edit form alike.
 */
export function StatusCheck({
  id,
  name,
  defaultChecked,
  hint,
  children,
}: {
  id: string;
  name: string;
  defaultChecked: boolean;
  hint?: string;
  children: ReactNode;
}) {
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className="flex items-start gap-2">
      <input
        id={id}
        type="checkbox"
        name={name}
        defaultChecked={defaultChecked}
        aria-describedby={hintId}
        className="mt-0.5 size-4 shrink-0 accent-brand-700"
      />
      <div>
        <label htmlFor={id} className="text-sm text-slate-800">
          {children}
        </label>
        {hint ? (
          <p id={hintId} className="text-sm text-slate-600">
            {hint}
          </p>
        ) : null}
      </div>
    </div>
  );
}
