// The shipment form's shipper and consignee: a list to choose from, and the 'Add New' dialog that creates one
// without leaving the form (it answers through a fetcher; the form does not reload).
import { Plus } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { type FieldMeta, FormAlert, INTENT } from "#app/components/admin/form-fields.tsx";
import { echoedValues, PartyFields } from "#app/components/admin/shipments/shipment-party-fields.tsx";
import { Button } from "#app/components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogTitle,
} from "#app/components/ui/dialog.tsx";
import { Select } from "#app/components/ui/field.tsx";
import { toast } from "#app/lib/toast.tsx";
import { SHIPMENT_FORM_INTENTS } from "#app/schemas/shipment-admin.ts";
import type { PartyKind } from "#app/server/parties/party-views.ts";
import type { PartyOption, ShipmentFormActionData } from "#app/server/shipments/shipment-views.ts";

/** 'Name (Company)', or the name alone. */
export const partyLabel = (party: PartyOption) =>
  party.company ? `${party.name} (${party.company})` : party.name;

export function PartyPicker({
  kind,
  meta,
  parties,
  value,
  onChange,
  onAddNew,
}: {
  kind: PartyKind;
  meta: FieldMeta;
  parties: PartyOption[];
  value: string;
  onChange: (value: string) => void;
  onAddNew?: () => void;
}) {
  const label = kind === "shipper" ? "Shipper" : "Consignee";
  const invalid = Boolean(meta.errors?.length);
  return (
    <div>
      <div className="mb-1.5 flex items-center justify-between gap-2">
        <label htmlFor={meta.id} className="block text-sm font-medium text-slate-800">
          {label}
        </label>
        {onAddNew ? (
          <Button variant="ghost" size="sm" onClick={onAddNew} aria-haspopup="dialog">
            <Plus aria-hidden="true" className="size-4" />
            Add New<span className="sr-only"> {label}</span>
          </Button>
        ) : null}
      </div>
      <Select
        id={meta.id}
        name={meta.name}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? meta.errorId : undefined}
      >
        <option value="none">None</option>
        {parties.map((party) => (
          <option key={party.id} value={party.id}>
            {partyLabel(party)}
          </option>
        ))}
      </Select>
      {invalid ? (
        <p id={meta.errorId} className="mt-1 text-sm text-red-700" role="alert">
          {meta.errors?.[0]}
        </p>
      ) : null}
    </div>
  );
}

export function AddPartyDialog({
  kind,
  open,
  onOpenChange,
  onCreated,
}: {
  kind: PartyKind;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (party: PartyOption) => void;
}) {
  const fetcher = useFetcher<ShipmentFormActionData>({ key: `create-${kind}` });
  const label = kind === "shipper" ? "Shipper" : "Consignee";
  const intent =
    kind === "shipper" ? SHIPMENT_FORM_INTENTS.createShipper : SHIPMENT_FORM_INTENTS.createConsignee;
  const busy = fetcher.state !== "idle";
  const handled = useRef<ShipmentFormActionData | null>(null);
  const [formKey, setFormKey] = useState(0);

  useEffect(() => {
    const reply = fetcher.data;
    if (fetcher.state !== "idle" || !reply || handled.current === reply) return;
    handled.current = reply;
    const party = "party" in reply ? reply.party : null;
    if (party) {
      toast.success(`${label} created successfully`);
      onCreated(party);
      setFormKey((k) => k + 1);
      onOpenChange(false);
    } else if (reply.result.error?.[""]?.length) {
      toast.error(`Failed to create ${kind}`);
    }
  }, [fetcher.state, fetcher.data, label, kind, onCreated, onOpenChange]);

  const errors =
    fetcher.data && !("party" in fetcher.data && fetcher.data.party) ? fetcher.data.result.error : undefined;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogTitle>Add New {label}</DialogTitle>
        <DialogDescription>Enter the {kind}'s information.</DialogDescription>
        <fetcher.Form method="post" key={formKey} noValidate className="flex flex-col gap-4">
          <input type="hidden" name={INTENT} value={intent} />
          <FormAlert errors={errors?.[""] ?? undefined} id={`new-${kind}-form-error`} />
          <PartyFields
            idPrefix={`new-${kind}`}
            errors={errors}
            defaults={echoedValues(fetcher.data?.result.initialValue)}
          />
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? "Adding..." : `Add ${label}`}
            </Button>
          </DialogFooter>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}
