import { data } from "react-router";
import { servicesContext } from "#app/context.ts";
import { getDeliveryImage } from "#app/server/shipments/deliveries.server.ts";
import { deliveryImageResponse } from "#app/server/shipments/delivery-form-page.server.ts";
import { requireAdmin } from "#app/server/staff/staff-guards.server.ts";
import type { Route } from "./+types/admin.delivery-photos.$id";

/** A delivery photo (saved or still pending on its draft), for signed-in staff only, never cached. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdmin({ request, context });
  const { db } = context.get(servicesContext);
  const image = await getDeliveryImage({ db, kind: "photo", id: params.id });
  if (!image) throw data(null, { status: 404, headers: { "Cache-Control": "private, no-store" } });
  return deliveryImageResponse(image);
}
