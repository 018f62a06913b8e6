import { Pencil, Trash2, Unlink } from "lucide-react";
import { Form, Link } from "react-router";
import { INTENT, useSubmitting } from "#app/components/admin/form-fields.tsx";
import {
  InlineEditActions,
  useInlineEditFocus,
} from "#app/components/admin/shipments/inline-edit-actions.tsx";
import { DetailItem } from "#app/components/admin/shipments/shipment-detail-item.tsx";
import { useShipmentEditable } from "#app/components/admin/shipments/shipment-editable.ts";
import { echoedValues, PartyFields } from "#app/components/admin/shipments/shipment-party-fields.tsx";
import { Button, buttonClass } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { ConfirmDialog } from "#app/components/ui/dialog.tsx";
import { SHIPMENT_DETAIL_INTENTS } from "#app/schemas/shipment-admin.ts";
import type { PartyKind } from "#app/server/parties/party-views.ts";
import type { DetailActionData, DetailParty } from "#app/server/shipments/shipment-detail-views.ts";

/**
 * The shipper's or the consignee's card: its fields (the name opens it in the address book), or (with
 * `editing`) its edit form; Edit, Unlink (from this shipment only) and Delete (from the database).
 */
export function ShipmentPartyCard({
  kind,
  party,
  editing,
  reply,
}: {
  kind: PartyKind;
  party: DetailParty | null;
  editing: boolean;
  /** The refused edit of this party, to show its messages and what was typed. */
  reply: DetailActionData["result"] | undefined;
}) {
  const title = kind === "shipper" ? "Shipper" : "Consignee";
  const intents =
    kind === "shipper"
      ? { update: SHIPMENT_DETAIL_INTENTS.updateShipper, remove: SHIPMENT_DETAIL_INTENTS.deleteShipper }
      : { update: SHIPMENT_DETAIL_INTENTS.updateConsignee, remove: SHIPMENT_DETAIL_INTENTS.deleteConsignee };
  const unlinkIntent =
    kind === "shipper" ? SHIPMENT_DETAIL_INTENTS.unlinkShipper : SHIPMENT_DETAIL_INTENTS.unlinkConsignee;
  const saving = useSubmitting(intents.update);
  const deleting = useSubmitting(intents.remove);
  const unlinking = useSubmitting(unlinkIntent);
  const headingId = `${kind}-title`;
  const { formRef, editRef, onKeyDown } = useInlineEditFocus(editing, reply);
  const editable = useShipmentEditable();
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between">
        <CardTitle id={headingId}>{title}</CardTitle>
        {party && !editing && editable ? (
          <div className="flex flex-wrap justify-end gap-1">
            <Link
              ref={editRef}
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
                <Button variant="ghost" size="sm">
                  <Unlink aria-hidden="true" className="size-4" />
                  Unlink<span className="sr-only"> {kind} from this shipment</span>
                </Button>
              }
              title={`Unlink ${kind} from this shipment?`}
              description={`${party.name} will no longer be this shipment's ${kind}. The ${kind} stays in the address book, with any other shipments.`}
            >
              <Form method="post" action="." preventScrollReset>
                <input type="hidden" name={INTENT} value={unlinkIntent} />
                <input type="hidden" name="partyId" value={party.id} />
                <Button type="submit" className="w-full" disabled={unlinking}>
                  {unlinking ? "Unlinking..." : "Unlink"}
                </Button>
              </Form>
            </ConfirmDialog>
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
            ref={formRef}
            method="post"
            preventScrollReset
            noValidate
            aria-labelledby={headingId}
            onKeyDown={onKeyDown}
            className="flex flex-col gap-4"
          >
            <input type="hidden" name={INTENT} value={intents.update} />
            <PartyFields
              idPrefix={`edit-${kind}`}
              defaults={reply ? echoedValues(reply.initialValue) : party}
              errors={reply?.error}
            />
            <InlineEditActions saving={saving} saveLabel={`Save ${title}`} />
          </Form>
        ) : (
          <dl className="flex flex-col gap-3">
            <DetailItem label="Name">
              <Link
                to={`/admin/parties/${party.id}`}
                className="text-brand-700 underline-offset-4 hover:underline"
                title="Open in the address book"
              >
                {party.name}
              </Link>
            </DetailItem>
            {party.company ? <DetailItem label="Company">{party.company}</DetailItem> : null}
            {party.email ? <DetailItem label="Email">{party.email}</DetailItem> : null}
            {party.phone ? <DetailItem label="Phone">{party.phone}</DetailItem> : null}
            {party.address ? (
              <DetailItem label="Address">
                <span className="whitespace-pre-line">{party.address}</span>
              </DetailItem>
            ) : null}
          </dl>
        )}
      </CardContent>
    </Card>
  );
}
