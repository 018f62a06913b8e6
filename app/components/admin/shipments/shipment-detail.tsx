import { PackageCheck, Receipt } from "lucide-react";
import { Link, useNavigation, useSearchParams } from "react-router";
import { ShipmentActivityCard } from "#app/components/admin/activity/shipment-activity-card.tsx";
import { LoadingLine } from "#app/components/admin/loading-line.tsx";
import { useMayChange, useMayUse } from "#app/components/admin/shell/use-staff-role.ts";
import { AddStatusDialog } from "#app/components/admin/shipments/add-status-dialog.tsx";
import { ShipmentDeliveryCard } from "#app/components/admin/shipments/shipment-delivery-card.tsx";
import { ShipmentDetailHeader } from "#app/components/admin/shipments/shipment-detail-header.tsx";
import { ShipmentDetailsCard } from "#app/components/admin/shipments/shipment-details-card.tsx";
import { ShipmentDocumentsCard } from "#app/components/admin/shipments/shipment-documents-card.tsx";
import { ShipmentEditable } from "#app/components/admin/shipments/shipment-editable.ts";
import { ShipmentNotificationsCard } from "#app/components/admin/shipments/shipment-notifications-card.tsx";
import { ShipmentPartyCard } from "#app/components/admin/shipments/shipment-party-card.tsx";
import { ShipmentStatusHistory } from "#app/components/admin/shipments/shipment-status-history.tsx";
import { buttonClass } from "#app/components/ui/button.tsx";
import { SHIPMENT_DETAIL_INTENTS } from "#app/schemas/shipment-admin.ts";
import type { DetailActionData, ShipmentDetailData } from "#app/server/shipments/shipment-detail-views.ts";

/**
 * The shipment detail page: details, shipper, consignee, status history and notifications, each editable in place. `?edit=`
 * in the URL names what is being edited (`shipper`, `consignee` or a status update's id).
 */
export function ShipmentDetail({
  shipment,
  timeZone,
  notifications,
  documents,
  delivery,
  activity,
  actionData,
}: ShipmentDetailData & { actionData: DetailActionData | undefined }) {
  const navigation = useNavigation();
  const loading =
    navigation.state === "loading" &&
    !navigation.formData &&
    navigation.location.pathname === `/admin/shipments/${shipment.id}`;
  const [searchParams] = useSearchParams();
  const editing = searchParams.get("edit");
  const mayInvoice = useMayUse("/admin/invoices/new");
  const editable = useMayChange(`/admin/shipments/${shipment.id}`);
  const replyFor = (intent: string, target: string) =>
    actionData?.intent === intent && actionData.target === target ? actionData.result : undefined;
  return (
    <ShipmentEditable value={editable}>
      <div className="mx-auto flex max-w-5xl flex-col gap-6">
        <ShipmentDetailHeader
          shipment={shipment}
          actions={
            <>
              {mayInvoice ? (
                <Link
                  to={`/admin/invoices/new?shipment=${shipment.id}`}
                  className={buttonClass({ variant: "outline" })}
                >
                  <Receipt aria-hidden="true" className="size-4" />
                  Invoice
                </Link>
              ) : null}
              {editable ? (
                <>
                  <Link
                    to={`/admin/shipments/${shipment.id}/deliver`}
                    className={buttonClass({ variant: "outline" })}
                  >
                    <PackageCheck aria-hidden="true" className="size-4" />
                    Record delivery
                  </Link>
                  <AddStatusDialog
                    timeZone={timeZone}
                    currentStatus={shipment.status}
                    currentLocation={shipment.currentLocation}
                    historyIds={shipment.history.map((entry) => entry.id)}
                    reply={replyFor(SHIPMENT_DETAIL_INTENTS.addStatus, "new")}
                  />
                </>
              ) : null}
            </>
          }
        />
        <LoadingLine loading={loading} message="Loading shipment details..." />
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
          <ShipmentDetailsCard shipment={shipment} />
          <ShipmentPartyCard
            kind="shipper"
            party={shipment.shipper}
            editing={editing === "shipper"}
            reply={replyFor(SHIPMENT_DETAIL_INTENTS.updateShipper, "shipper")}
          />
          <ShipmentPartyCard
            kind="consignee"
            party={shipment.consignee}
            editing={editing === "consignee"}
            reply={replyFor(SHIPMENT_DETAIL_INTENTS.updateConsignee, "consignee")}
          />
        </div>
        {delivery ? (
          <ShipmentDeliveryCard delivery={delivery} deliveryNoteUrl={documents.deliveryNote} />
        ) : null}
        <ShipmentDocumentsCard documents={documents} />
        <ShipmentStatusHistory
          history={shipment.history}
          timeZone={timeZone}
          editing={editing}
          editReply={editing ? replyFor(SHIPMENT_DETAIL_INTENTS.updateStatus, editing) : undefined}
          formError={
            actionData && !actionData.target ? (actionData.result.error?.[""] ?? undefined) : undefined
          }
        />
        <ShipmentNotificationsCard
          notifications={notifications}
          formError={
            actionData?.target === "notifications" ? (actionData.result.error?.[""] ?? undefined) : undefined
          }
        />
        <ShipmentActivityCard shipmentId={shipment.id} entries={activity} />
      </div>
    </ShipmentEditable>
  );
}
