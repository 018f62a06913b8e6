// What a customer may see (decision 016): the shipments their company's parties are the shipper or
// the consignee of, and what hangs off those (documents, quotes, invoices). Every account loader and action
// reaches data through these, with the company from the session, never from the request: another company's
// ids answer 404.
import { and, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import { listCompanyParties } from "#app/server/customers/customer-companies.server.ts";
import type { DbOrTx } from "#app/server/db/client.server.ts";
import { shipments } from "#app/server/db/schema.ts";

export type CompanyParties = { shipperIds: string[]; consigneeIds: string[] };

/** The condition 'this shipment is one of the company's', for a query over `shipments`. */
export function companyShipmentsWhere(parties: CompanyParties): SQL {
  const conditions: SQL[] = [];
  if (parties.shipperIds.length > 0) conditions.push(inArray(shipments.shipperId, parties.shipperIds));
  if (parties.consigneeIds.length > 0) conditions.push(inArray(shipments.consigneeId, parties.consigneeIds));
  return conditions.length > 0 ? or(...conditions)! : sql`false`;
}

/** The id of a company's shipment by its tracking number (as written in the account's addresses), or null. */
export async function findCompanyShipmentId({
  db,
  companyId,
  trackingNumber,
}: {
  db: DbOrTx;
  companyId: string;
  trackingNumber: string;
}): Promise<string | null> {
  const parties = await listCompanyParties({ db, companyId });
  const [row] = await db
    .select({ id: shipments.id })
    .from(shipments)
    .where(and(eq(shipments.trackingNumber, trackingNumber.toUpperCase()), companyShipmentsWhere(parties)));
  return row?.id ?? null;
}

/** Whether a shipment (by id) is one of the company's. */
export async function isCompanyShipment({
  db,
  companyId,
  shipmentId,
}: {
  db: DbOrTx;
  companyId: string;
  shipmentId: string;
}): Promise<boolean> {
  const parties = await listCompanyParties({ db, companyId });
  const [row] = await db
    .select({ id: shipments.id })
    .from(shipments)
    .where(and(eq(shipments.id, shipmentId), companyShipmentsWhere(parties)));
  return !!row;
}
