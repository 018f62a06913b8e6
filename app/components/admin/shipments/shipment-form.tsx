import { getFormProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { ArrowLeft } from "lucide-react";
import { useEffect, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import {
  type FieldMeta,
  FormAlert,
  INTENT,
  TextField,
  useSubmitting,
} from "#app/components/admin/form-fields.tsx";
import { LoadingLine } from "#app/components/admin/loading-line.tsx";
import { echoedValues } from "#app/components/admin/shipments/shipment-party-fields.tsx";
import { AddPartyDialog, PartyPicker } from "#app/components/admin/shipments/shipment-party-picker.tsx";
import { Button, buttonClass } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { Field, Select, Textarea } from "#app/components/ui/field.tsx";
import {
  CURRENCIES,
  INCOTERM_CODES,
  INCOTERMS,
  MAX_PIECES,
  TRANSPORT_MODE_LABELS,
  TRANSPORT_MODES,
} from "#app/lib/freight-terms.ts";
import { toast } from "#app/lib/toast.tsx";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import { readRequesterShipper, shipmentSchema } from "#app/schemas/shipment.ts";
import { SHIPMENT_FORM_INTENTS } from "#app/schemas/shipment-admin.ts";
import { COMMON_STATUSES } from "#app/schemas/shipment-status.ts";
import type { PartyKind } from "#app/server/parties/party-views.ts";
import type {
  PartyOption,
  ShipmentFormActionData,
  ShipmentFormValues,
} from "#app/server/shipments/shipment-views.ts";

/** The answer to the 'Save' post (the other intents answer the 'Add New' dialogs' fetchers). */
type SaveReply = Extract<ShipmentFormActionData, { intent: typeof SHIPMENT_FORM_INTENTS.save }>;

const STATUS_LIST_ID = "shipment-status-options";

/** The shipment form page: 'New Shipment' or 'Edit Shipment', Back, the form, and the 'Add New' dialogs. */
export function ShipmentFormPage({
  shipment,
  values,
  shippers,
  consignees,
  actionData,
  booking = null,
}: {
  shipment: { id: string; trackingNumber: string } | null;
  /** 'Book shipment' from a quote request (decision 016). */
  booking?: {
    requestId: string;
    name: string;
    quoteVersion: number | null;
    /** The requester as a shipper to create, when no party has their e-mail. */
    requester: PartyOption | null;
  } | null;
  values: ShipmentFormValues;
  shippers: PartyOption[];
  consignees: PartyOption[];
  actionData: ShipmentFormActionData | undefined;
}) {
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && !navigation.formData;
  const backTo = shipment ? `/admin/shipments/${shipment.id}` : "/admin/shipments";
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <div>
        <Link to={backTo} className={buttonClass({ variant: "ghost", size: "sm", className: "-ml-3" })}>
          <ArrowLeft aria-hidden="true" className="size-4" />
          Back
        </Link>
        <h1 className="mt-2 text-3xl font-bold text-slate-900">
          {shipment ? "Edit Shipment" : "New Shipment"}
        </h1>
        {shipment ? <p className="mt-1 break-all text-slate-600">{shipment.trackingNumber}</p> : null}
        {booking ? (
          <p className="mt-1 break-words text-slate-600">
            Booking {booking.name}'s quote request
            {booking.quoteVersion ? ` (accepted quote, version ${booking.quoteVersion})` : ""}.
          </p>
        ) : null}
      </div>
      <LoadingLine loading={loading} message="Loading shipment data..." />
      <ShipmentForm
        key={shipment?.id ?? "new"}
        editing={Boolean(shipment)}
        cancelTo={backTo}
        values={values}
        shippers={booking?.requester ? [booking.requester, ...shippers] : shippers}
        consignees={consignees}
        actionData={actionData?.intent === SHIPMENT_FORM_INTENTS.save ? actionData : undefined}
      />
    </div>
  );
}

function ShipmentForm({
  editing,
  cancelTo,
  values,
  shippers: initialShippers,
  consignees: initialConsignees,
  actionData,
}: {
  editing: boolean;
  cancelTo: string;
  values: ShipmentFormValues;
  shippers: PartyOption[];
  consignees: PartyOption[];
  actionData: SaveReply | undefined;
}) {
  const hydrated = useHydrated();
  const submitting = useSubmitting(SHIPMENT_FORM_INTENTS.save);
  const lastResult = actionData?.result;
  const [form, fields] = useForm({
    id: "shipment-form",
    lastResult,
    defaultValue: values,
    onValidate: ({ formData }) =>
      parseWithZod(readRequesterShipper(formData).formData, { schema: shipmentSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  // After a refused post without JavaScript, the pickers show what was chosen.
  const echoed = echoedValues(lastResult?.initialValue);
  const [shippers, setShippers] = useState(initialShippers);
  const [consignees, setConsignees] = useState(initialConsignees);
  const [shipperId, setShipperId] = useState(echoed.shipperId ?? values.shipperId);
  const [consigneeId, setConsigneeId] = useState(echoed.consigneeId ?? values.consigneeId);
  const [dialog, setDialog] = useState<PartyKind | null>(null);

  useEffect(() => {
    if (actionData?.failed) toast.error(editing ? "Failed to update shipment" : "Failed to create shipment");
  }, [actionData, editing]);

  const onCreated = (kind: PartyKind, party: PartyOption) => {
    const add = (list: PartyOption[]) =>
      [...list.filter((p) => p.id !== party.id), party].sort((a, b) => a.name.localeCompare(b.name));
    if (kind === "shipper") {
      setShippers(add);
      setShipperId(party.id);
    } else {
      setConsignees(add);
      setConsigneeId(party.id);
    }
  };

  const { key: notesKey, ...notesProps } = getTextareaProps(fields.notes);
  return (
    <>
      <Form
        method="post"
        {...getFormProps(form)}
        noValidate
        className="flex flex-col gap-6"
        aria-labelledby="shipment-info-title"
      >
        <input type="hidden" name={INTENT} value={SHIPMENT_FORM_INTENTS.save} />
        <FormAlert errors={form.errors} id={form.errorId} />
        <Card>
          <CardHeader>
            <CardTitle id="shipment-info-title">Shipment Information</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4 sm:grid-cols-2">
            <TextField
              meta={fields.trackingNumber}
              label="Tracking Number"
              hint="Like UTG-1234-5678."
              maxLength={64}
              autoComplete="off"
              required
            />
            <TextField
              meta={fields.status}
              label="Status"
              list={STATUS_LIST_ID}
              maxLength={60}
              autoComplete="off"
              hint="Choose a usual status or type another."
              required
            />
            <datalist id={STATUS_LIST_ID}>
              {COMMON_STATUSES.map((status) => (
                <option key={status} value={status} />
              ))}
            </datalist>
            <TextField meta={fields.originLocation} label="Origin" maxLength={200} required />
            <TextField meta={fields.destinationLocation} label="Destination" maxLength={200} required />
            <TextField meta={fields.currentLocation} label="Current Location (optional)" maxLength={200} />
            <TextField meta={fields.estimatedDelivery} label="Estimated Delivery" type="date" required />
            <TextField
              meta={fields.weight}
              label="Weight (kg, optional)"
              inputMode="decimal"
              maxLength={20}
              hint="Leave empty when not known."
            />
            <TextField
              meta={fields.dimensions}
              label="Dimensions"
              placeholder="Length x Width x Height"
              maxLength={100}
              required
            />
            <Field
              label="Notes (optional)"
              htmlFor={fields.notes.id}
              errors={fields.notes.errors}
              errorId={fields.notes.errorId}
              hint="Printed on the house waybill the customer gets."
              className="sm:col-span-2"
            >
              <Textarea key={notesKey} {...notesProps} maxLength={5000} />
            </Field>
          </CardContent>
        </Card>

        <CargoFields fields={fields} />

        <Card>
          <CardHeader>
            <CardTitle>Parties</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4 sm:grid-cols-2">
            <PartyPicker
              kind="shipper"
              meta={fields.shipperId}
              parties={shippers}
              value={shipperId}
              onChange={setShipperId}
              onAddNew={hydrated ? () => setDialog("shipper") : undefined}
            />
            <PartyPicker
              kind="consignee"
              meta={fields.consigneeId}
              parties={consignees}
              value={consigneeId}
              onChange={setConsigneeId}
              onAddNew={hydrated ? () => setDialog("consignee") : undefined}
            />
          </CardContent>
        </Card>

        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Link to={cancelTo} className={buttonClass({ variant: "outline" })}>
            Cancel
          </Link>
          <Button type="submit" disabled={submitting}>
            {submitting ? "Saving..." : editing ? "Update Shipment" : "Create Shipment"}
          </Button>
        </div>
      </Form>
      {/* Outside the main form, also in the React tree, so its submit never reaches the shipment form. */}
      <AddPartyDialog
        kind="shipper"
        open={dialog === "shipper"}
        onOpenChange={(open) => setDialog(open ? "shipper" : null)}
        onCreated={(party) => onCreated("shipper", party)}
      />
      <AddPartyDialog
        kind="consignee"
        open={dialog === "consignee"}
        onOpenChange={(open) => setDialog(open ? "consignee" : null)}
        onCreated={(party) => onCreated("consignee", party)}
      />
    </>
  );
}

/** A select bound to a conform field, with its label and error. */
function ChoiceField({
  meta,
  label,
  hint,
  options,
}: {
  meta: FieldMeta;
  label: string;
  hint?: string;
  options: { value: string; label: string }[];
}) {
  const invalid = Boolean(meta.errors?.length);
  return (
    <Field label={label} htmlFor={meta.id} errors={meta.errors} errorId={meta.errorId} hint={hint}>
      <Select
        id={meta.id}
        name={meta.name}
        key={meta.key}
        defaultValue={meta.initialValue ?? ""}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? meta.errorId : undefined}
      >
        <option value="">Not given</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Select>
    </Field>
  );
}

/** What the freight documents print (decision 015): mode, pieces, goods, declared value and incoterm; all optional. */
type CargoField =
  | "transportMode"
  | "pieces"
  | "goodsDescription"
  | "declaredValue"
  | "declaredCurrency"
  | "incoterm";

function CargoFields({ fields }: { fields: Record<CargoField, FieldMeta> }) {
  const { key: goodsKey, ...goodsProps } = getTextareaProps(fields.goodsDescription);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Cargo</CardTitle>
        <p className="text-sm text-slate-600">Printed on the labels and the waybill. All optional.</p>
      </CardHeader>
      <CardContent className="grid gap-4 sm:grid-cols-2">
        <ChoiceField
          meta={fields.transportMode}
          label="Mode of Transport (optional)"
          options={TRANSPORT_MODES.map((mode) => ({ value: mode, label: TRANSPORT_MODE_LABELS[mode] }))}
        />
        <TextField
          meta={fields.pieces}
          label="Pieces (optional)"
          inputMode="numeric"
          maxLength={6}
          hint={`How many packages; one label each (1 to ${MAX_PIECES.toLocaleString("en-US")}).`}
        />
        <Field
          label="Goods Description (optional)"
          htmlFor={fields.goodsDescription.id}
          errors={fields.goodsDescription.errors}
          errorId={fields.goodsDescription.errorId}
          hint="What the packages hold, as the waybill should say it. Up to 500 characters."
          className="sm:col-span-2"
        >
          <Textarea key={goodsKey} {...goodsProps} maxLength={500} rows={3} />
        </Field>
        <TextField
          meta={fields.declaredValue}
          label="Declared Value (optional)"
          inputMode="decimal"
          maxLength={20}
          hint="An amount like 1250.50, without a currency sign."
        />
        <ChoiceField
          meta={fields.declaredCurrency}
          label="Currency (optional)"
          hint="Required with a declared value."
          options={CURRENCIES.map((code) => ({ value: code, label: code }))}
        />
        <ChoiceField
          meta={fields.incoterm}
          label="Incoterm (optional)"
          hint="Incoterms 2020."
          options={INCOTERM_CODES.map((code) => ({ value: code, label: `${code}: ${INCOTERMS[code]}` }))}
        />
      </CardContent>
    </Card>
  );
}

/** A party added from the 'Add New' dialog does not reload the form (it would draw a new tracking number). */
export function shipmentFormShouldRevalidate({
  formData,
  defaultShouldRevalidate,
}: {
  formData?: FormData;
  defaultShouldRevalidate: boolean;
}) {
  const intent = formData?.get(INTENT);
  if (intent === SHIPMENT_FORM_INTENTS.createShipper || intent === SHIPMENT_FORM_INTENTS.createConsignee) {
    return false;
  }
  return defaultShouldRevalidate;
}
