import { redirect } from "react-router";
import { localeOf } from "#app/lib/i18n/locale.ts";
import { localizePath } from "#app/lib/i18n/paths.ts";
import type { Route } from "./+types/services.road-transport";

/**
 * The home page's 'Road Transport' card points here; the page lives at /services/trucking (in French
 * /fr/services/transport-routier → /fr/services/trucking).
 */
export function loader({ request }: Route.LoaderArgs) {
  return redirect(localizePath("/services/trucking", localeOf(request)), 301);
}
