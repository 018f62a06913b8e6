import { ArrowLeft, ScanLine } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { FormAlert } from "#app/components/admin/form-fields.tsx";
import { echoedValues } from "#app/components/admin/shipments/shipment-party-fields.tsx";
import {
  CURRENT_HINT,
  StatusCheck,
  StatusFields,
  StatusOptions,
  useStatusFormCheck,
} from "#app/components/admin/shipments/shipment-status-fields.tsx";
import { Button, buttonClass } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { Field, Input, Textarea } from "#app/components/ui/field.tsx";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import type { BulkStatusActionData, BulkStatusView } from "#app/server/shipments/shipment-views.ts";

/**
 * 'Add status update' for many shipments (decision 017): the ticked ones, all the list's search matches, or the
 * numbers a barcode scanner types one after another (it types the number and presses Enter: each lands in the
 * list and the field is ready for the next). Then the status, location, time and note, 'also set as current',
 * and 'Notify customers' (on: each shipment's recipients are told as for a single update).
 */
export function BulkStatusPage({
  view,
  actionData,
}: {
  view: BulkStatusView;
  actionData: BulkStatusActionData | undefined;
}) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting";
  const reply = actionData?.result;
  const echoed = echoedValues(reply?.initialValue);
  const defaults = reply ? echoed : { timestamp: view.now, alsoSetCurrent: "on", notify: "on" };
  const { errors, onSubmit } = useStatusFormCheck(view.timeZone, reply?.error);
  const numbersError = reply?.error?.trackingNumbers ?? undefined;
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (reply?.error) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [reply]);

  const title =
    view.mode === "scan" ? "Scan shipments for a status update" : "Add a status update to many shipments";
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <div>
        <Link to={view.back} className={buttonClass({ variant: "ghost", size: "sm", className: "-ml-3" })}>
          <ArrowLeft aria-hidden="true" className="size-4" />
          Back
        </Link>
        <h1 className="mt-2 text-3xl font-bold text-slate-900">{title}</h1>
        <p className="mt-1 text-slate-600">
          One status update for every shipment below, in one step: all of them get it, or none does. At most{" "}
          {view.max.toLocaleString("en-US")} shipments, or {view.maxListed.toLocaleString("en-US")} scanned
          numbers, at a time.
        </p>
      </div>
      <Form ref={formRef} method="post" noValidate onSubmit={onSubmit} className="flex flex-col gap-6">
        <input type="hidden" name="key" value={view.key} />
        {view.carry.map(([name, value], index) => (
          <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
        ))}
        <FormAlert errors={reply?.error?.[""] ?? undefined} id="bulk-status-form-error" />
        <Card>
          <CardHeader>
            <CardTitle>Shipments</CardTitle>
          </CardHeader>
          <CardContent>
            {view.mode === "scan" ? (
              <Scanner defaultValue={echoed.trackingNumbers ?? ""} errors={numbersError} />
            ) : view.count === 0 ? (
              <p role="alert" className="text-red-700">
                No shipment is selected. Go back to the list and tick the shipments, or scan their numbers.
              </p>
            ) : (
              <>
                <p className="font-medium text-slate-900">
                  {view.count} {view.count === 1 ? "shipment" : "shipments"}
                  {view.mode === "matching" ? " listed by the search" : " selected"}
                </p>
                <ul className="mt-2 flex flex-wrap gap-2 text-sm" aria-label="Tracking numbers">
                  {view.sample.map((number) => (
                    <li key={number} className="break-all rounded bg-slate-100 px-2 py-0.5 font-mono">
                      {number}
                    </li>
                  ))}
                  {view.count > view.sample.length ? (
                    <li className="px-2 py-0.5 text-slate-600">and {view.count - view.sample.length} more</li>
                  ) : null}
                </ul>
              </>
            )}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Status update</CardTitle>
          </CardHeader>
          <CardContent className="flex flex-col gap-4">
            <StatusOptions />
            <StatusFields
              idPrefix="bulk-status"
              defaults={defaults}
              errors={errors}
              timeZone={view.timeZone}
            />
            <StatusCheck
              id="bulk-status-alsoSetCurrent"
              name="alsoSetCurrent"
              defaultChecked={defaults.alsoSetCurrent === "on"}
              hint={CURRENT_HINT}
            >
              Also set as each shipment's current status and location
            </StatusCheck>
            <StatusCheck id="bulk-status-notify" name="notify" defaultChecked={defaults.notify === "on"}>
              Notify customers (each shipment's shipper, consignee and subscribers, as for a single update)
            </StatusCheck>
            <Button
              type="submit"
              className="self-start"
              disabled={saving || (view.mode !== "scan" && view.count === 0)}
            >
              {saving ? "Adding..." : "Add status update"}
            </Button>
          </CardContent>
        </Card>
      </Form>
    </div>
  );
}

/**
 * The scanned numbers, one per line, in a plain field (it works without JavaScript: type or paste them). With
 * JavaScript, the 'Scan' field above it takes one number at a time: Enter adds it to the list (once) and
 * empties the field for the next scan, without sending the form.
 */
function Scanner({ defaultValue, errors }: { defaultValue: string; errors: string[] | undefined }) {
  const hydrated = useHydrated();
  const [numbers, setNumbers] = useState(defaultValue);
  const [last, setLast] = useState("");
  const count = numbers.split(/[\s,;]+/).filter(Boolean).length;
  const invalid = Boolean(errors?.length);
  return (
    <div className="flex flex-col gap-4">
      {hydrated ? (
        <Field
          label="Scan or type a tracking number, then Enter"
          htmlFor="bulk-status-scan"
          errorId="bulk-status-scan-error"
        >
          <div className="flex items-center gap-2">
            <ScanLine aria-hidden="true" className="size-5 shrink-0 text-slate-500" />
            <Input
              id="bulk-status-scan"
              // The warehouse page exists for the scanner, which types here.
              autoFocus
              autoComplete="off"
              maxLength={60}
              onKeyDown={(event) => {
                if (event.key !== "Enter") return;
                event.preventDefault();
                const value = event.currentTarget.value.trim();
                event.currentTarget.value = "";
                if (!value) return;
                const list = numbers
                  .split(/\n/)
                  .map((n) => n.trim())
                  .filter(Boolean);
                if (!list.some((n) => n.toUpperCase() === value.toUpperCase())) list.push(value);
                setNumbers(`${list.join("\n")}\n`);
                setLast(value);
              }}
            />
          </div>
        </Field>
      ) : null}
      <p aria-live="polite" className="text-sm text-slate-700">
        {count} {count === 1 ? "number" : "numbers"} in the list{last ? ` (last: ${last})` : ""}
      </p>
      <Field
        label="Tracking numbers, one per line"
        htmlFor="bulk-status-numbers"
        errorId="bulk-status-numbers-error"
        errors={errors}
      >
        <Textarea
          id="bulk-status-numbers"
          name="trackingNumbers"
          rows={8}
          value={numbers}
          onChange={(event) => setNumbers(event.currentTarget.value)}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? "bulk-status-numbers-error" : undefined}
          className="font-mono"
        />
      </Field>
    </div>
  );
}
