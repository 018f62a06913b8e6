import { ArrowLeft, MapPin, Package, PackageCheck, Pencil, Trash2, Truck } from "lucide-react";
import { Form, Link, useNavigation, useSearchParams } from "react-router";
import { Button, buttonClass } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { ConfirmDialog } from "#app/components/ui/dialog.tsx";
import { Field, Input, Textarea } from "#app/components/ui/field.tsx";
import { cn } from "#app/lib/cn.ts";
import { type TimelineIcon, timelineIconKind } from "#app/lib/shipment-status.ts";
import { COMMON_STATUSES } from "#app/schemas/shipment.ts";
import { SHIPMENT_DETAIL_INTENTS } from "#app/schemas/shipment-admin.ts";
import { FormAlert, INTENT, useSubmitting } from "#app/components/admin/form-fields.tsx";
import {
  echoedValues,
  type FieldErrors,
  PartyFields,
  type PartyValues,
} from "#app/components/admin/shipments/shipment-party-fields.tsx";
import { ShipmentStatusBadge } from "#app/components/admin/shipments/shipment-status-badge.tsx";

type PartyKind = "shipper" | "consignee";
export type DetailParty = PartyValues & { id: string };
export type DetailEntry = {
  id: string;
  status: string;
  location: string;
  notes: string;
  date: string;
  iso: string;
};
export type DetailShipment = {
  id: string;
  trackingNumber: string;
  status: string;
  originLocation: string;
  destinationLocation: string;
  currentLocation: string | null;
  estimatedDelivery: string | null;
  weight: number | null;
  dimensions: string | null;
  notes: string | null;
  createdAt: string;
  overdue: boolean;
  shipper: DetailParty | null;
  consignee: DetailParty | null;
  history: DetailEntry[];
};
export type DetailActionData =
  | { intent: string | null; target: string | null; result: { error?: FieldErrors; initialValue?: unknown } }
  | undefined;

const STATUS_LIST_ID = "history-status-options";

/** The shipment detail page: details, shipper, consignee and status history, each editable in place. */
export function ShipmentDetail({
  shipment,
  formKey,
  actionData,
}: {
  shipment: DetailShipment;
  formKey: number;
  actionData: DetailActionData;
}) {
  const navigation = useNavigation();
  const loading =
    navigation.state === "loading" &&
    !navigation.formData &&
    navigation.location.pathname === `/admin/shipments/${shipment.id}`;
  const [searchParams] = useSearchParams();
  const editing = searchParams.get("edit");
  const replyFor = (intent: string, target: string) =>
    actionData?.intent === intent && actionData.target === target ? actionData.result : undefined;
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <Link
            to="/admin/shipments"
            className={buttonClass({ variant: "ghost", size: "sm", className: "-ml-3" })}
          >
            <ArrowLeft aria-hidden="true" className="size-4" />
            Back
          </Link>
          <h1 className="mt-2 break-all text-3xl font-bold text-slate-900">
            Shipment {shipment.trackingNumber}
          </h1>
        </div>
        <Link to={`/admin/shipments/${shipment.id}/edit`} className={buttonClass()}>
          <Pencil aria-hidden="true" className="size-4" />
          Edit Shipment
        </Link>
      </div>
      <p role="status" className={cn("text-sm font-medium text-brand-700", !loading && "sr-only")}>
        {loading ? "Loading shipment details..." : ""}
      </p>
      <div className="grid gap-6 lg:grid-cols-3">
        <DetailsCard shipment={shipment} />
        <PartyCard
          kind="shipper"
          party={shipment.shipper}
          editing={editing === "shipper"}
          reply={replyFor(SHIPMENT_DETAIL_INTENTS.updateShipper, "shipper")}
        />
        <PartyCard
          kind="consignee"
          party={shipment.consignee}
          editing={editing === "consignee"}
          reply={replyFor(SHIPMENT_DETAIL_INTENTS.updateConsignee, "consignee")}
        />
      </div>
      <HistoryCard
        shipment={shipment}
        formKey={formKey}
        editing={editing}
        addReply={replyFor(SHIPMENT_DETAIL_INTENTS.addStatus, "new")}
        editReply={editing ? replyFor(SHIPMENT_DETAIL_INTENTS.updateStatus, editing) : undefined}
        formError={
          actionData && !actionData.target ? (actionData.result.error?.[""] ?? undefined) : undefined
        }
      />
    </div>
  );
}

function Item({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="break-words font-medium text-slate-900">{children}</dd>
    </div>
  );
}

function DetailsCard({ shipment }: { shipment: DetailShipment }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Shipment Details</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="flex flex-col gap-3">
          <Item label="Tracking Number">{shipment.trackingNumber}</Item>
          <Item label="Status">
            <ShipmentStatusBadge status={shipment.status} />
          </Item>
          <Item label="Origin">{shipment.originLocation}</Item>
          <Item label="Destination">{shipment.destinationLocation}</Item>
          <Item label="Current Location">{shipment.currentLocation || "Unknown"}</Item>
          <Item label="Estimated Delivery">
            {shipment.estimatedDelivery ?? "-"}
            {shipment.overdue ? (
              <span className="ml-2 text-sm font-semibold text-red-700">(overdue)</span>
            ) : null}
          </Item>
          <Item label="Weight">{shipment.weight === null ? "-" : `${shipment.weight} kg`}</Item>
          <Item label="Dimensions">{shipment.dimensions || "-"}</Item>
          {shipment.notes ? (
            <Item label="Notes">
              <span className="whitespace-pre-line font-normal">{shipment.notes}</span>
            </Item>
          ) : null}
          <Item label="Created">{shipment.createdAt}</Item>
        </dl>
      </CardContent>
    </Card>
  );
}

function PartyCard({
  kind,
  party,
  editing,
  reply,
}: {
  kind: PartyKind;
  party: DetailParty | null;
  editing: boolean;
  reply: { error?: FieldErrors; initialValue?: unknown } | undefined;
}) {
  const title = kind === "shipper" ? "Shipper" : "Consignee";
  const intents =
    kind === "shipper"
      ? { update: SHIPMENT_DETAIL_INTENTS.updateShipper, remove: SHIPMENT_DETAIL_INTENTS.deleteShipper }
      : { update: SHIPMENT_DETAIL_INTENTS.updateConsignee, remove: SHIPMENT_DETAIL_INTENTS.deleteConsignee };
  const saving = useSubmitting(intents.update);
  const deleting = useSubmitting(intents.remove);
  const headingId = `${kind}-title`;
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between">
        <CardTitle id={headingId}>{title}</CardTitle>
        {party && !editing ? (
          <div className="flex gap-1">
            <Link
              to={`?edit=${kind}`}
              preventScrollReset
              replace
              className={buttonClass({ variant: "ghost", size: "sm" })}
            >
              <Pencil aria-hidden="true" className="size-4" />
              Edit<span className="sr-only"> {kind}</span>
            </Link>
            <ConfirmDialog
              trigger={
                <Button variant="ghost" size="sm" className="text-red-700 hover:bg-red-50">
                  <Trash2 aria-hidden="true" className="size-4" />
                  Delete<span className="sr-only"> {kind}</span>
                </Button>
              }
              title={`Delete ${kind}?`}
              description={`${party.name} will be permanently removed from the database and from the shipment. This action cannot be undone.`}
            >
              <Form method="post" action="." preventScrollReset>
                <input type="hidden" name={INTENT} value={intents.remove} />
                <Button type="submit" variant="danger" className="w-full" disabled={deleting}>
                  {deleting ? "Deleting..." : "Delete"}
                </Button>
              </Form>
            </ConfirmDialog>
          </div>
        ) : null}
      </CardHeader>
      <CardContent>
        {!party ? (
          <p className="text-slate-600">No {kind} information available</p>
        ) : editing ? (
          <Form
            method="post"
            preventScrollReset
            noValidate
            aria-labelledby={headingId}
            className="flex flex-col gap-4"
          >
            <input type="hidden" name={INTENT} value={intents.update} />
            <PartyFields
              idPrefix={`edit-${kind}`}
              defaults={reply ? echoedValues(reply.initialValue) : party}
              errors={reply?.error}
            />
            <div className="flex gap-2">
              <Button type="submit" size="sm" disabled={saving}>
                {saving ? "Saving..." : `Save ${title}`}
              </Button>
              <Link
                to="."
                replace
                preventScrollReset
                className={buttonClass({ variant: "outline", size: "sm" })}
              >
                Cancel
              </Link>
            </div>
          </Form>
        ) : (
          <dl className="flex flex-col gap-3">
            <Item label="Name">{party.name}</Item>
            {party.company ? <Item label="Company">{party.company}</Item> : null}
            {party.email ? <Item label="Email">{party.email}</Item> : null}
            {party.phone ? <Item label="Phone">{party.phone}</Item> : null}
            {party.address ? (
              <Item label="Address">
                <span className="whitespace-pre-line">{party.address}</span>
              </Item>
            ) : null}
          </dl>
        )}
      </CardContent>
    </Card>
  );
}

function StatusFields({
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

const ICONS: Record<TimelineIcon, typeof Truck> = {
  truck: Truck,
  delivered: PackageCheck,
  location: MapPin,
  package: Package,
};

function HistoryCard({
  shipment,
  formKey,
  editing,
  addReply,
  editReply,
  formError,
}: {
  shipment: DetailShipment;
  formKey: number;
  editing: string | null;
  addReply: { error?: FieldErrors; initialValue?: unknown } | undefined;
  editReply: { error?: FieldErrors; initialValue?: unknown } | undefined;
  formError: string[] | undefined;
}) {
  const adding = useSubmitting(SHIPMENT_DETAIL_INTENTS.addStatus);
  const echoed = addReply ? echoedValues(addReply.initialValue) : undefined;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Status History</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        <datalist id={STATUS_LIST_ID}>
          {COMMON_STATUSES.map((status) => (
            <option key={status} value={status} />
          ))}
        </datalist>
        <FormAlert errors={formError} id="history-form-error" />
        <Form
          key={formKey}
          method="post"
          preventScrollReset
          noValidate
          aria-labelledby="add-status-title"
          className="flex flex-col gap-4 rounded-md border border-slate-200 bg-slate-50 p-4"
        >
          <h3 id="add-status-title" className="font-semibold text-slate-900">
            Add Status Update
          </h3>
          <input type="hidden" name={INTENT} value={SHIPMENT_DETAIL_INTENTS.addStatus} />
          <StatusFields idPrefix="new-status" defaults={echoed} errors={addReply?.error} />
          <div className="flex items-start gap-2">
            <input
              id="new-status-current"
              type="checkbox"
              name="alsoSetCurrent"
              defaultChecked={echoed?.alsoSetCurrent === "on"}
              className="mt-0.5 size-4 accent-brand-700"
            />
            <label htmlFor="new-status-current" className="text-sm text-slate-800">
              Also set as the shipment's current status and location
            </label>
          </div>
          <Button type="submit" className="self-start" disabled={adding}>
            {adding ? "Adding..." : "Add Status Update"}
          </Button>
        </Form>

        {shipment.history.length === 0 ? (
          <p className="text-slate-600">No status updates available</p>
        ) : (
          <ol aria-label="Status history" className="flex flex-col">
            {shipment.history.map((entry, index) => (
              <HistoryEntry
                key={entry.id}
                entry={entry}
                last={index === shipment.history.length - 1}
                editing={editing === entry.id}
                reply={editing === entry.id ? editReply : undefined}
              />
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}

function HistoryEntry({
  entry,
  last,
  editing,
  reply,
}: {
  entry: DetailEntry;
  last: boolean;
  editing: boolean;
  reply: { error?: FieldErrors; initialValue?: unknown } | undefined;
}) {
  const Icon = ICONS[timelineIconKind(entry.status)];
  const saving = useSubmitting(SHIPMENT_DETAIL_INTENTS.updateStatus);
  const navigation = useNavigation();
  const deleting =
    navigation.state !== "idle" &&
    navigation.formData?.get(INTENT) === SHIPMENT_DETAIL_INTENTS.deleteStatus &&
    navigation.formData?.get("id") === entry.id;
  const titleId = `entry-${entry.id}-title`;
  return (
    <li className="relative flex gap-4 pb-6 last:pb-0">
      {last ? null : (
        <span
          aria-hidden="true"
          className="absolute top-10 bottom-0 left-5 w-0.5 -translate-x-1/2 bg-brand-200"
        />
      )}
      <span
        aria-hidden="true"
        className="relative z-10 flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-700 text-white"
      >
        <Icon className="size-5" />
      </span>
      <div className="min-w-0 flex-1 pt-1">
        {editing ? (
          <Form
            method="post"
            preventScrollReset
            noValidate
            aria-labelledby={titleId}
            className="flex flex-col gap-3"
          >
            <p id={titleId} className="text-sm font-semibold text-slate-900">
              Edit status update of <time dateTime={entry.iso}>{entry.date}</time>
            </p>
            <input type="hidden" name={INTENT} value={SHIPMENT_DETAIL_INTENTS.updateStatus} />
            <input type="hidden" name="id" value={entry.id} />
            <StatusFields
              idPrefix={`entry-${entry.id}`}
              defaults={reply ? echoedValues(reply.initialValue) : entry}
              errors={reply?.error}
            />
            <div className="flex gap-2">
              <Button type="submit" size="sm" disabled={saving}>
                {saving ? "Saving..." : "Save"}
              </Button>
              <Link
                to="."
                replace
                preventScrollReset
                className={buttonClass({ variant: "outline", size: "sm" })}
              >
                Cancel
              </Link>
            </div>
          </Form>
        ) : (
          <>
            <div className="flex flex-col gap-x-3 gap-y-1 sm:flex-row sm:items-start sm:justify-between">
              <div>
                <p className="font-semibold break-words text-slate-900">
                  {entry.status}
                  <span className="sr-only"> (completed)</span>
                </p>
                <time dateTime={entry.iso} className="text-sm text-slate-600">
                  {entry.date}
                </time>
              </div>
              <div className="flex shrink-0 gap-1">
                <Link
                  to={`?edit=${entry.id}`}
                  replace
                  preventScrollReset
                  className={buttonClass({ variant: "ghost", size: "sm" })}
                >
                  <Pencil aria-hidden="true" className="size-4" />
                  Edit
                  <span className="sr-only">
                    {" "}
                    status update {entry.status}, {entry.date}
                  </span>
                </Link>
                <ConfirmDialog
                  trigger={
                    <Button variant="ghost" size="sm" className="text-red-700 hover:bg-red-50">
                      <Trash2 aria-hidden="true" className="size-4" />
                      Delete
                      <span className="sr-only">
                        {" "}
                        status update {entry.status}, {entry.date}
                      </span>
                    </Button>
                  }
                  title="Delete status update?"
                  description={`The entry '${entry.status}' of ${entry.date} will be permanently removed from the status history.`}
                >
                  <Form method="post" action="." preventScrollReset>
                    <input type="hidden" name={INTENT} value={SHIPMENT_DETAIL_INTENTS.deleteStatus} />
                    <input type="hidden" name="id" value={entry.id} />
                    <Button type="submit" variant="danger" className="w-full" disabled={deleting}>
                      {deleting ? "Deleting..." : "Delete"}
                    </Button>
                  </Form>
                </ConfirmDialog>
              </div>
            </div>
            <p className="mt-0.5 flex items-start gap-1.5 text-sm break-words text-slate-700">
              <MapPin aria-hidden="true" className="mt-0.5 size-3.5 shrink-0 text-slate-500" />
              {entry.location}
            </p>
            {entry.notes ? (
              <p className="mt-1 text-sm break-words whitespace-pre-line text-slate-600">{entry.notes}</p>
            ) : null}
          </>
        )}
      </div>
    </li>
  );
}
