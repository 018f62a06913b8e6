import { Badge } from "#app/components/ui/badge.tsx";
import type { CompanyRole } from "#app/server/customers/customer-shipment-views.ts";

const ROLE_WORDS: Record<CompanyRole, string> = { shipper: "Shipper", consignee: "Consignee" };

/** The company's part in a shipment: 'Shipper', 'Consignee', or both. */
export function ShipmentRoles({ roles }: { roles: CompanyRole[] }) {
  return (
    <span className="flex flex-wrap gap-1">
      {roles.map((role) => (
        <Badge key={role} tone="grey" title={`Your company is the ${role} of this shipment`}>
          <span className="sr-only">You are the </span>
          {ROLE_WORDS[role]}
        </Badge>
      ))}
    </span>
  );
}
