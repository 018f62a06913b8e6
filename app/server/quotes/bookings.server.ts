import { and, desc, eq, sql } from "drizzle-orm";
import { addDaysToDate, transitDaysFromText } from "#app/lib/transit-time.ts";
import { parseWeightKg as weightKgFromText } from "#app/lib/weight-text.ts";
import { REQUESTER_SHIPPER } from "#app/schemas/shipment.ts";
import type { Db, DbOrTx } from "#app/server/db/client.server.ts";
import { quoteRequests, quotes, shipments, shippers } from "#app/server/db/schema.ts";
import { isUuid } from "#app/server/db/text-search.server.ts";
import { createShipment, type ShipmentWrite } from "#app/server/shipments/shipments.server.ts";

// 'Book shipment' (decision 016): a quote request, with or without an accepted quote, becomes one
// shipment, linked back to the request and the quote. The request's row is locked while booking and the
// shipment's link to it is unique, so a double click or a second tab books once.

export type QuoteRequestRow = typeof quoteRequests.$inferSelect;

/**
 * The shipper a request books as: the party with the requester's e-mail (any case), or a new one with everything
 * the requester typed (name, company, phone), in the language of the page the request was sent from (decision 030:
 * their messages and documents follow it). The company is the party's company, so its invoices are addressed to
 * the firm, not only to the person.
 */
export async function findOrCreateShipperForRequest({
  db,
  request,
}: {
  db: DbOrTx;
  request: Pick<QuoteRequestRow, "firstName" | "lastName" | "email"> &
    Partial<Pick<QuoteRequestRow, "language" | "company" | "phone">>;
}): Promise<{ id: string; created: boolean }> {
  const email = request.email.trim();
  return db.transaction(async (tx) => {
    // Two clerks booking the same new customer at once create one party: serialised on the e-mail.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`shipper-email:${email.toLowerCase()}`}))`);
    const [found] = await tx
      .select({ id: shippers.id })
      .from(shippers)
      .where(sql`lower(${shippers.email}) = ${email.toLowerCase()}`)
      .orderBy(shippers.createdAt, shippers.id)
      .limit(1);
    if (found) return { id: found.id, created: false };
    const [row] = await tx
      .insert(shippers)
      .values({
        name: `${request.firstName} ${request.lastName}`.trim(),
        company: request.company ?? null,
        email,
        phone: request.phone ?? null,
        language: request.language ?? "en",
      })
      .returning({ id: shippers.id });
    return { id: row!.id, created: true };
  });
}

/** The shipper already matched by e-mail, without creating one (the form's loader). */
export async function findShipperByEmail({ db, email }: { db: Db; email: string }): Promise<string | null> {
  const [found] = await db
    .select({ id: shippers.id })
    .from(shippers)
    .where(sql`lower(${shippers.email}) = ${email.trim().toLowerCase()}`)
    .orderBy(shippers.createdAt, shippers.id)
    .limit(1);
  return found?.id ?? null;
}

export async function getQuoteRequestForBooking({ db, id }: { db: Db; id: string }) {
  if (!isUuid(id)) return null;
  const [request] = await db.select().from(quoteRequests).where(eq(quoteRequests.id, id));
  if (!request) return null;
  const [accepted] = await db
    .select()
    .from(quotes)
    .where(and(eq(quotes.quoteRequestId, id), eq(quotes.state, "accepted")))
    .orderBy(desc(quotes.version))
    .limit(1);
  return { request, acceptedQuote: accepted ?? null };
}

/** The shipment form's starting values for a booking (strings, as the inputs hold them). */
export function bookingPrefill({
  request,
  acceptedQuote,
  shipperId,
  today,
}: {
  request: QuoteRequestRow;
  acceptedQuote: { incoterm: string | null; transitTime: string | null } | null;
  /** The party matched by e-mail, or null: the requester becomes a new shipper when the form is saved. */
  shipperId: string | null;
  /** The office's calendar date (`YYYY-MM-DD`), for an estimated delivery read from the transit time. */
  today: string;
}) {
  const weight = request.weight === null ? null : weightKgFromText(request.weight);
  const transitDays = transitDaysFromText(acceptedQuote?.transitTime);
  // The transit counts from the day the cargo is ready, when the request says a later day than today.
  const start = request.readyDate && request.readyDate > today ? request.readyDate : today;
  // The goods are what the cargo is and weighs ('Pallets, 250 kg'); the customer's own message is the booking's
  // note, which the waybill prints in its 'Notes' box, never the goods line the labels and documents describe.
  const goods = [request.parcelType, request.weight?.trim()].filter(Boolean).join(", ");
  return {
    originLocation: request.cityDeparture,
    destinationLocation: request.deliveryCity,
    weight: weight === null ? "" : String(weight),
    transportMode: request.freightTypes.length === 1 ? (request.freightTypes[0] ?? "") : "",
    goodsDescription: goods.slice(0, 500),
    notes: request.specialInfo?.trim() ?? "",
    incoterm: acceptedQuote?.incoterm ?? "",
    estimatedDelivery: transitDays === null ? "" : addDaysToDate(start, transitDays),
    shipperId: shipperId ?? REQUESTER_SHIPPER,
  };
}

export type BookResult =
  | { created: true; shipment: typeof shipments.$inferSelect }
  | { created: false; shipmentId: string }
  | { created: false; shipmentId: null; reason: "not-found" };

/**
 * Creates the shipment booked from a request: once. The request's row is locked; a request already booked
 * answers with its shipment. The shipment links to the request and to its accepted quote (if any).
 */
export async function bookShipment({
  db,
  requestId,
  input,
  shipperFromRequest = false,
}: {
  db: Db;
  requestId: string;
  input: ShipmentWrite;
  /** The form chose 'the requester' as shipper: matched by e-mail or created, inside the booking. */
  shipperFromRequest?: boolean;
}): Promise<BookResult> {
  if (!isUuid(requestId)) return { created: false, shipmentId: null, reason: "not-found" };
  try {
    return await db.transaction(async (tx) => {
      const [request] = await tx
        .select()
        .from(quoteRequests)
        .where(eq(quoteRequests.id, requestId))
        .for("update");
      if (!request) return { created: false, shipmentId: null, reason: "not-found" } as const;
      if (request.bookedShipmentId) return { created: false, shipmentId: request.bookedShipmentId } as const;
      const [accepted] = await tx
        .select({ id: quotes.id })
        .from(quotes)
        .where(and(eq(quotes.quoteRequestId, requestId), eq(quotes.state, "accepted")))
        .orderBy(desc(quotes.version))
        .limit(1);
      const shipperId = shipperFromRequest
        ? (await findOrCreateShipperForRequest({ db: tx, request })).id
        : input.shipperId;
      const created = await createShipment({ db: tx, input: { ...input, shipperId } });
      const [shipment] = await tx
        .update(shipments)
        .set({ quoteRequestId: requestId, quoteId: accepted?.id ?? null })
        .where(eq(shipments.id, created.id))
        .returning();
      await tx
        .update(quoteRequests)
        .set({ bookedShipmentId: created.id, isRead: true })
        .where(eq(quoteRequests.id, requestId));
      return { created: true, shipment: shipment! } as const;
    });
  } catch (error) {
    // The unique link, should anything book outside the lock: the shipment that won.
    const [existing] = await db
      .select({ id: shipments.id })
      .from(shipments)
      .where(eq(shipments.quoteRequestId, requestId));
    if (existing) return { created: false, shipmentId: existing.id };
    throw error;
  }
}
