import { Badge } from "#app/components/ui/badge.tsx";
import { statusBadgeTone } from "#app/lib/shipment-status.ts";

/**
 * A shipment status in the spec's colours (In Transit blue, Delivered green, Processing amber, ...). Given a
 * `max-w-full`, a long status is cut short with an ellipsis inside the badge (the shipments list's fixed columns).
 */
export function ShipmentStatusBadge({ status, className }: { status: string; className?: string }) {
  return (
    <Badge tone={statusBadgeTone(status)} className={className}>
      <span className="truncate">{status}</span>
    </Badge>
  );
}
