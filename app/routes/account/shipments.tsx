import { ShipmentsPage } from "#app/components/account/shipments/shipments-page.tsx";
import { localizedSeo } from "#app/lib/seo.ts";
import { loadShipmentsPage } from "#app/server/customers/customer-shipment-pages.server.ts";
import type { Route } from "./+types/shipments";

// The company's shipments: every one its parties ship or receive, newest first, searched by a GET
// form (works without JavaScript), twenty a page.

export const meta: Route.MetaFunction = (args) =>
  localizedSeo(args, {
    title: "Your shipments",
    description: "Every shipment of your company.",
    path: "/account/shipments",
    noindex: true,
  });

export function loader({ request, context }: Route.LoaderArgs) {
  return loadShipmentsPage({ request, context });
}

export default function AccountShipments({ loaderData }: Route.ComponentProps) {
  return <ShipmentsPage data={loaderData} />;
}
