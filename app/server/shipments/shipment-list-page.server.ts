import { data, type RouterContextProvider } from "react-router";
import { servicesContext } from "#app/context.ts";
import { formatListDate } from "#app/lib/format.ts";
import { parseShipmentListQuery, rowIdSchema, SHIPMENT_LIST_INTENTS } from "#app/schemas/shipment-admin.ts";
import { readIntent } from "#app/server/platform/forms.server.ts";
import { redirectWithToast } from "#app/server/platform/toast.server.ts";
import { findShipments } from "#app/server/shipments/shipment-list.server.ts";
import { deleteShipment } from "#app/server/shipments/shipments.server.ts";
import { requireStaffForm } from "#app/server/staff/staff-page.server.ts";

// The back office's shipment list (/admin/shipments): search, filter, sort, page, and delete a row.

type PageArgs = { request: Request; context: Readonly<RouterContextProvider> };

const PAGE_SIZE = 20;

export async function loadShipmentListPage({ request, context }: PageArgs) {
  const { db } = context.get(servicesContext);
  const query = parseShipmentListQuery(new URL(request.url).searchParams);
  const found = await findShipments({
    db,
    search: query.q,
    status: query.status || undefined,
    sort: query.sort,
    page: query.page,
    pageSize: PAGE_SIZE,
  });
  return {
    query,
    total: found.total,
    capped: found.capped,
    page: found.page,
    pageCount: found.pageCount,
    // Formatted here so the server and the browser show the same text.
    rows: found.rows.map((row) => ({
      id: row.id,
      trackingNumber: row.trackingNumber,
      status: row.status,
      originLocation: row.originLocation,
      destinationLocation: row.destinationLocation,
      createdAt: formatListDate(row.createdAt),
      estimatedDelivery: row.estimatedDelivery ? formatListDate(row.estimatedDelivery) : null,
      pieces: row.pieces ?? 1,
      shipperName: row.shipperName,
    })),
  };
}

export async function shipmentListPageAction({ request, context }: PageArgs) {
  const { services, formData } = await requireStaffForm({ request, context });
  const { db, logger } = services;
  const intent = readIntent(formData);
  if (!formData || intent !== SHIPMENT_LIST_INTENTS.deleteShipment) {
    return data({ error: "Unknown action." }, { status: 400 });
  }
  const row = rowIdSchema.safeParse({ id: formData.get("id") });
  if (!row.success) return data({ error: "This shipment does not exist." }, { status: 400 });
  // Back to the same page of the list (search, filters and page kept).
  const url = new URL(request.url);
  url.searchParams.delete("index");
  const back = `/admin/shipments${url.search}`;
  try {
    const trackingNumber = await deleteShipment({ db, id: row.data.id });
    if (!trackingNumber) {
      return redirectWithToast(back, {
        type: "error",
        title: "Failed to delete shipment. Please try again.",
      });
    }
    logger.info({ shipmentId: row.data.id }, "Shipment deleted");
    return redirectWithToast(back, {
      type: "success",
      title: `Shipment ${trackingNumber} deleted successfully`,
    });
  } catch (error) {
    logger.error({ err: error, shipmentId: row.data.id }, "Deleting a shipment failed");
    return redirectWithToast(back, { type: "error", title: "Failed to delete shipment. Please try again." });
  }
}
