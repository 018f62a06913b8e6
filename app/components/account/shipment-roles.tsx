import { Badge } from "#app/components/ui/badge.tsx";
import { useT } from "#app/lib/i18n/use-words.ts";
import type { CompanyRole } from "#app/server/customers/customer-shipment-views.ts";

/** The company's part in a shipment: 'Shipper', 'Consignee', or both. */
export function ShipmentRoles({ roles }: { roles: CompanyRole[] }) {
  const t = useT();
  return (
    <span className="flex flex-wrap gap-1">
      {roles.map((role) => (
        <Badge
          key={role}
          tone="grey"
          title={t("Your company is the {role} of this shipment", { role: t(role) })}
        >
          <span className="sr-only">{t("You are the ")}</span>
          {t(role === "shipper" ? "Shipper" : "Consignee")}
        </Badge>
      ))}
    </span>
  );
}
