import {
  Anchor,
  Boxes,
  Clock,
  Container,
  FileCheck,
  Globe,
  type LucideIcon,
  MapPin,
  Network,
  Package,
  Plane,
  Route,
  ShieldCheck,
  Ship,
  Truck,
  Warehouse,
} from "lucide-react";
import type {
  AdditionalService,
  ServiceFeatureIcon,
  ServiceIcon as ServiceIconName,
} from "~/content/services";

const icons: Record<ServiceIconName | ServiceFeatureIcon | AdditionalService["icon"], LucideIcon> = {
  plane: Plane,
  ship: Ship,
  truck: Truck,
  clock: Clock,
  globe: Globe,
  shield: ShieldCheck,
  package: Package,
  container: Container,
  anchor: Anchor,
  route: Route,
  "map-pin": MapPin,
  "file-check": FileCheck,
  warehouse: Warehouse,
  network: Network,
  boxes: Boxes,
};

/** A decorative icon for a service, feature or additional service (hidden from screen readers). */
export function ServiceIcon({ name, className }: { name: keyof typeof icons; className?: string }) {
  const Icon = icons[name];
  return <Icon aria-hidden="true" className={className} />;
}
