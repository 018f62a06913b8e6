import { ArrowLeft, Pencil } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { buttonClass } from "#app/components/ui/button.tsx";
import type { DetailShipment } from "#app/server/shipments/shipment-detail-views.ts";

/** Back to the list, the page's heading, and the page's actions (`actions`, then 'Edit Shipment'). */
export function ShipmentDetailHeader({
  shipment,
  actions,
}: {
  shipment: Pick<DetailShipment, "id" | "trackingNumber">;
  actions?: ReactNode;
}) {
  return (
    // Wraps rather than squeezes: the actions go under the heading when both do not fit on one row.
    <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end sm:justify-between">
      <div>
        <Link
          to="/admin/shipments"
          className={buttonClass({ variant: "ghost", size: "sm", className: "-ml-3" })}
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          Back
        </Link>
        {/* The number does not break ('UTG-9125-21' over '22' reads as another number): 'Shipment' wraps above it,
            and only a number longer than the whole line (up to 64 characters) breaks, rather than run off a phone. */}
        <h1 className="mt-2 break-words text-3xl font-bold text-slate-900">
          Shipment <span className="inline-block max-w-full break-all">{shipment.trackingNumber}</span>
        </h1>
      </div>
      <div className="flex flex-wrap gap-2">
        {actions}
        <Link to={`/admin/shipments/${shipment.id}/edit`} className={buttonClass()}>
          <Pencil aria-hidden="true" className="size-4" />
          Edit Shipment
        </Link>
      </div>
    </div>
  );
}
