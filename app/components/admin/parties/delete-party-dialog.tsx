import { Trash2 } from "lucide-react";
import { Form } from "react-router";
import { INTENT, useSubmitting } from "#app/components/admin/form-fields.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { ConfirmDialog } from "#app/components/ui/dialog.tsx";
import { PARTY_INTENTS, type PartyRole } from "#app/schemas/party-admin.ts";

/**
 * What deleting a party does, said before it happens: like 'Delete' on a shipment's party card, it is removed
 * from the database and from every shipment it is on (they keep no shipper or consignee).
 */
export function deletePartyConsequence({
  name,
  role,
  shipmentCount,
}: {
  name: string;
  role: PartyRole;
  shipmentCount: number;
}): string {
  if (shipmentCount === 0) {
    return `${name} will be permanently removed from the database. It is not on any shipment. This action cannot be undone.`;
  }
  const shipments = shipmentCount === 1 ? "the 1 shipment" : `all ${shipmentCount} shipments`;
  return `${name} will be permanently removed from the database and from ${shipments} it is on, which will then have no ${role}. This action cannot be undone.`;
}

/**
 * 'Delete' and its confirmation. `id` is sent for the list's action; the party page's action takes the id
 * from its URL.
 */
export function DeletePartyDialog({
  id,
  name,
  role,
  shipmentCount,
  label = "Delete",
}: {
  id?: string;
  name: string;
  role: PartyRole;
  shipmentCount: number;
  /** The trigger's visible text. */
  label?: string;
}) {
  const submitting = useSubmitting(PARTY_INTENTS.delete);
  return (
    <ConfirmDialog
      trigger={
        <Button variant="ghost" size="sm" className="text-red-700 hover:bg-red-50">
          <Trash2 aria-hidden="true" className="size-4" />
          {label}
          <span className="sr-only"> {name}</span>
        </Button>
      }
      title={`Delete ${role}?`}
      description={deletePartyConsequence({ name, role, shipmentCount })}
    >
      <Form method="post">
        <input type="hidden" name={INTENT} value={PARTY_INTENTS.delete} />
        {id ? <input type="hidden" name="id" value={id} /> : null}
        <Button type="submit" variant="danger" className="w-full" disabled={submitting}>
          {submitting ? "Deleting..." : "Delete"}
        </Button>
      </Form>
    </ConfirmDialog>
  );
}
