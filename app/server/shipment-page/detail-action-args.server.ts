import { data } from "react-router";
import type { Services } from "#app/server/services.server.ts";
import type { DetailActionData } from "#app/server/shipment-page/shipment-detail-views.ts";
import type { getShipmentById } from "#app/server/shipments/shipments.server.ts";

// What every action family of the shipment detail page is handed, and its 400 answer.

/** One post to the detail page, its session checked and its shipment found. */
export type DetailActionArgs = {
  services: Services;
  formData: FormData;
  intent: string;
  shipment: NonNullable<Awaited<ReturnType<typeof getShipmentById>>>;
  /** The page's address, where every toast goes back to. */
  page: string;
};

/** A refused post: 400 with the message, shown at the form of `target` (nothing changed). */
export const invalid = (intent: string | null, target: string | null, message: string) =>
  data<DetailActionData>(
    { intent, target, result: { status: "error", error: { "": [message] } } },
    { status: 400 },
  );
