// Parts of a back-office record's page that several share (an invoice, a payment): a labelled value of its
// details, and the card that asks why before an action that cannot be undone (voiding, reversing).
import type { ReactNode } from "react";
import { Form } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { Field, Textarea } from "#app/components/ui/field.tsx";

/** One labelled value of a record's details list (`<dl>`), its text kept as typed (line breaks too). */
export const recordRow = (label: string, value: ReactNode) => (
  <div className="min-w-0">
    <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
    <dd className="mt-0.5 whitespace-pre-wrap break-words text-sm text-slate-900">{value}</dd>
  </div>
);

/** A card with a required 'Reason' and a danger button, posting `intent` with `reason`. */
export function ReasonCard({
  title,
  description,
  intent,
  maxLength,
  error,
  busy,
  submitLabel,
  hint,
}: {
  title: string;
  description: string;
  intent: string;
  maxLength: number;
  error: string | undefined;
  busy: boolean;
  submitLabel: string;
  /** Who reads the reason besides staff, when a customer does. */
  hint?: string;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <p className="text-sm text-slate-600">{description}</p>
      </CardHeader>
      <CardContent>
        <Form method="post" className="flex flex-col gap-3" noValidate>
          <input type="hidden" name="intent" value={intent} />
          <Field
            label="Reason"
            htmlFor="reason"
            errorId="reason-error"
            errors={error ? [error] : null}
            hint={hint}
          >
            <Textarea
              id="reason"
              name="reason"
              required
              maxLength={maxLength}
              aria-invalid={error ? true : undefined}
              aria-describedby={
                [error ? "reason-error" : "", hint ? "reason-hint" : ""].join(" ").trim() || undefined
              }
            />
          </Field>
          <div>
            <Button type="submit" variant="danger" disabled={busy}>
              {submitLabel}
            </Button>
          </div>
        </Form>
      </CardContent>
    </Card>
  );
}
