import { AlertTriangle, CalendarX, Clock, Save } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { FormAlert, INTENT } from "#app/components/admin/form-fields.tsx";
import { ShipmentStatusBadge } from "#app/components/admin/shipments/shipment-status-badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardContent } from "#app/components/ui/card.tsx";
import { Field, Input } from "#app/components/ui/field.tsx";
import { Pagination } from "#app/components/ui/pagination.tsx";
import { cn } from "#app/lib/cn.ts";
import type {
  ExceptionsBoardData as Data,
  ExceptionsActionData,
  ExceptionKind as Kind,
} from "#app/server/shipments/shipment-views.ts";

const SETTINGS_INTENT = "save-exception-settings";

export const EXCEPTION_TEXTS: Record<
  Kind,
  { title: string; icon: typeof Clock; empty: (days: number) => string }
> = {
  stalled: {
    title: "No recent update",
    icon: Clock,
    empty: (days) =>
      `No open shipment has gone ${days} ${days === 1 ? "day" : "days"} without a status update.`,
  },
  overdue: {
    title: "Past estimated delivery",
    icon: CalendarX,
    empty: () => "No open shipment is past its estimated delivery.",
  },
  delayed: { title: "Delayed", icon: AlertTriangle, empty: () => "No shipment is marked Delayed." },
};

const days = (n: number) => `${n} ${n === 1 ? "day" : "days"}`;

/**
 * The exceptions board: the open shipments that need attention, one kind at a time (tabs as links with their
 * counts), the longest waiting first, each with its age and a link; and the 'no update for N days' setting.
 */
export function ExceptionsBoard({
  data,
  actionData,
}: {
  data: Data;
  actionData: ExceptionsActionData | undefined;
}) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting";
  const errors = actionData?.result.error;
  const texts = EXCEPTION_TEXTS[data.kind];
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <div>
        <h1 className="text-3xl font-bold text-slate-900">Exceptions</h1>
        <p className="mt-1 text-slate-600">
          Open shipments that need attention: no status update for {days(data.stallDays)}, past their
          estimated delivery, or marked Delayed.
        </p>
      </div>
      <ExceptionCards counts={data.counts} current={data.kind} />
      <Card>
        <CardContent className="pt-6">
          <h2 className="mb-3 text-lg font-semibold text-slate-900">
            {texts.title} <span className="font-normal text-slate-600">({data.total})</span>
          </h2>
          {data.rows.length === 0 ? (
            <p className="rounded-lg border border-dashed border-slate-300 px-6 py-10 text-center text-slate-700">
              {texts.empty(data.stallDays)}
            </p>
          ) : (
            <ul aria-label={texts.title} className="flex flex-col divide-y divide-slate-200">
              {data.rows.map((row) => (
                <li key={row.id} className="flex flex-col gap-1 py-3 sm:flex-row sm:items-center sm:gap-4">
                  <Link
                    to={`/admin/shipments/${row.id}`}
                    className="min-w-0 break-all font-medium text-brand-700 underline sm:w-56"
                  >
                    {row.trackingNumber}
                  </Link>
                  <span className="sm:w-36">
                    <ShipmentStatusBadge status={row.status} />
                  </span>
                  <span className="min-w-0 flex-1 break-words text-sm text-slate-700">{row.destination}</span>
                  <span className="text-sm font-medium text-slate-900">
                    {data.kind === "overdue"
                      ? `${days(row.daysLate)} late (due ${row.estimatedDelivery})`
                      : `No update for ${days(row.daysSinceUpdate)}`}
                  </span>
                </li>
              ))}
            </ul>
          )}
          <Pagination page={data.page} pageCount={data.pageCount} />
        </CardContent>
      </Card>
      <Card>
        <CardContent className="pt-6">
          <Form method="post" noValidate aria-label="Exceptions settings" className="flex flex-col gap-3">
            <input type="hidden" name={INTENT} value={SETTINGS_INTENT} />
            <FormAlert errors={errors?.[""] ?? undefined} id="exception-settings-error" />
            <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
              <Field
                label="Flag a shipment after this many days without a status update"
                htmlFor="stall-days"
                errorId="stall-days-error"
                errors={errors?.stallDays ?? undefined}
                className="sm:max-w-md"
              >
                <Input
                  id="stall-days"
                  name="stallDays"
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={365}
                  defaultValue={String(data.stallDays)}
                  key={data.stallDays}
                  aria-invalid={errors?.stallDays ? true : undefined}
                  aria-describedby={errors?.stallDays ? "stall-days-error" : undefined}
                  className="sm:w-32"
                />
              </Field>
              <Button type="submit" variant="outline" disabled={saving}>
                <Save aria-hidden="true" className="size-4" />
                {saving ? "Saving..." : "Save"}
              </Button>
            </div>
          </Form>
        </CardContent>
      </Card>
    </div>
  );
}

/** The three kinds as links with their counts: the board's tabs, and the dashboard's cards. */
export function ExceptionCards({ counts, current }: { counts: Record<Kind, number>; current?: Kind }) {
  return (
    <nav aria-label="Kinds of exception" className="grid gap-3 sm:grid-cols-3">
      {(Object.keys(EXCEPTION_TEXTS) as Kind[]).map((kind) => {
        const Icon = EXCEPTION_TEXTS[kind].icon;
        const selected = kind === current;
        return (
          <Link
            key={kind}
            to={`/admin/exceptions?kind=${kind}`}
            aria-current={selected ? "page" : undefined}
            className={cn(
              "flex items-center gap-3 rounded-lg border bg-white p-4 shadow-sm hover:border-brand-300",
              selected ? "border-brand-600 ring-2 ring-brand-600/30" : "border-slate-200",
            )}
          >
            <Icon aria-hidden="true" className="size-5 shrink-0 text-accent-700" />
            <span>
              <span className="block text-2xl font-bold text-slate-900">{counts[kind]}</span>
              <span className="block text-sm text-slate-700">{EXCEPTION_TEXTS[kind].title}</span>
            </span>
          </Link>
        );
      })}
    </nav>
  );
}
