import { Badge } from "#app/components/ui/badge.tsx";
import { statusBadgeTone } from "#app/lib/shipment-status.ts";

/** A shipment status in the spec's colours (In Transit blue, Delivered green, Processing amber, ...). */
export function ShipmentStatusBadge({ status }: { status: string }) {
  return <Badge tone={statusBadgeTone(status)}>{status}</Badge>;
}
