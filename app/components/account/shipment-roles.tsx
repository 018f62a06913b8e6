import { Badge } from "#app/components/ui/badge.tsx";
import { useT } from "#app/lib/i18n/use-words.ts";
import type { CompanyRole } from "#app/server/customers/customer-shipment-views.ts";

const ROLE_WORDS: Record<CompanyRole, string> = { shipper: "Shipper", consignee: "Consignee" };
const ROLE_TITLES: Record<CompanyRole, string> = {
  shipper: "Your company is the shipper of this shipment",
  consignee: "Your company is the consignee of this shipment",
};

/** The company's part in a shipment: 'Shipper', 'Consignee', or both. */
export function ShipmentRoles({ roles }: { roles: CompanyRole[] }) {
  const t = useT();
  return (
    <span className="flex flex-wrap gap-1">
      {roles.map((role) => (
        <Badge key={role} tone="grey" title={t(ROLE_TITLES[role])}>
          <span className="sr-only">{t("You are the ")}</span>
          {t(ROLE_WORDS[role])}
        </Badge>
      ))}
    </span>
  );
}
