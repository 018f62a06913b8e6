import { Icon, type IconName } from "#app/components/site/icons.tsx";
import type {
  AdditionalService,
  ServiceFeatureIcon,
  ServiceIcon as ServiceIconName,
} from "#app/content/services.ts";

type Name = ServiceIconName | ServiceFeatureIcon | AdditionalService["icon"];

/** The services copy names its icons as the sprite does, except 'shield' (Lucide's shield-check). */
function spriteName(name: Name): IconName {
  return name === "shield" ? "shield-check" : name;
}

/** A decorative icon for a service, feature or additional service (hidden from screen readers). */
export function ServiceIcon({ name, className }: { name: Name; className?: string }) {
  return <Icon name={spriteName(name)} aria-hidden="true" className={className} />;
}
