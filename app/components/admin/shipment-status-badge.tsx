import { Badge } from "~/components/ui/badge";
import { statusBadgeTone } from "~/lib/shipment-status";

/** A shipment status in the spec's colours (In Transit blue, Delivered green, Processing amber, ...). */
export function ShipmentStatusBadge({ status }: { status: string }) {
  return <Badge tone={statusBadgeTone(status)}>{status}</Badge>;
}
