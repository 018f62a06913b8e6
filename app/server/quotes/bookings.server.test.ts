// Booking a quote request as a shipment (docs/decisions/016): the form filled from the request and its accepted
// quote, the shipper matched by e-mail or created, and one shipment however many clicks arrive at once. The quote
// itself: quotes.server.test.ts.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { quoteRequestStage } from "#app/lib/quote-stage.ts";
import { shipmentSchema } from "#app/schemas/shipment.ts";
import { quoteRequests, shipments, shippers } from "#app/server/db/schema.ts";
import {
  bookingPrefill,
  bookShipment,
  findOrCreateShipperForRequest,
  getQuoteRequestForBooking,
} from "#app/server/quotes/bookings.server.ts";
import { answerQuote } from "#app/server/quotes/quote-link.server.ts";
import { counter, NOW, quoteFixtures, SITE } from "#app/server/quotes/quotes.test-support.ts";
import type { Services } from "#app/server/services.server.ts";
import { createShipment } from "#app/server/shipments/shipments.server.ts";
import { createTestServices } from "#tests/setup/test-db.ts";

// No SMTP server: these tests send quotes only to book them, and read no e-mail.
let services: Services;
beforeAll(async () => {
  services = await createTestServices({ SITE_URL: SITE }, { outbox: { autostart: false } });
});
afterAll(async () => {
  await services?.close();
});
const { newRequest, sentQuote } = quoteFixtures(() => services);

describe("booking", () => {
  it("prefills route, weight, mode, goods (parcel type and weight, the message as the note) and the shipper matched by e-mail or created", async () => {
    const [existing] = await services.db
      .insert(shippers)
      .values({ name: "Kofi Ltd", email: "Kofi@Example.com" })
      .returning();
    const matched = await findOrCreateShipperForRequest({
      db: services.db,
      request: { firstName: "Kofi", lastName: "A", email: "kofi@example.COM" },
    });
    expect(matched).toEqual({ id: existing!.id, created: false });
    const both = await Promise.all([
      findOrCreateShipperForRequest({
        db: services.db,
        request: { firstName: "New", lastName: "One", email: "new@example.com" },
      }),
      findOrCreateShipperForRequest({
        db: services.db,
        request: { firstName: "New", lastName: "One", email: "NEW@example.com" },
      }),
    ]);
    expect(both[0].id).toBe(both[1].id);
    expect(both.filter((b) => b.created)).toHaveLength(1);
    // A request sent from a French page books a French-speaking shipper (decision 030).
    const french = await findOrCreateShipperForRequest({
      db: services.db,
      request: { firstName: "Awa", lastName: "Traoré", email: "awa@abidjan.example", language: "fr" },
    });
    const [awa] = await services.db.select().from(shippers).where(eq(shippers.id, french.id));
    expect(awa?.language).toBe("fr");

    const requestId = await newRequest({ weight: "2 tons", freightTypes: ["sea"] });
    const found = await getQuoteRequestForBooking({ db: services.db, id: requestId });
    expect(bookingPrefill({ ...found!, shipperId: "s1", today: "2026-11-24" })).toEqual({
      originLocation: "Monrovia",
      destinationLocation: "Accra",
      weight: "2000",
      transportMode: "sea",
      goodsDescription: "Pallets, 2 tons",
      notes: "Fragile",
      incoterm: "",
      estimatedDelivery: "",
      shipperId: "s1",
    });
    // An accepted quote's transit time gives the estimated delivery (its longer end), and its incoterm.
    const quoted = { incoterm: "FOB", transitTime: "5-7 days" };
    expect(
      bookingPrefill({ ...found!, acceptedQuote: quoted, shipperId: "s1", today: "2026-11-24" }),
    ).toMatchObject({ incoterm: "FOB", estimatedDelivery: "2026-12-01" });
    // Cargo ready later than today: the transit counts from that day; a ready date already past counts from today.
    const ready = (readyDate: string) => ({ ...found!, request: { ...found!.request, readyDate } });
    expect(
      bookingPrefill({ ...ready("2026-12-10"), acceptedQuote: quoted, shipperId: "s1", today: "2026-11-24" }),
    ).toMatchObject({ estimatedDelivery: "2026-12-17" });
    expect(
      bookingPrefill({ ...ready("2026-11-01"), acceptedQuote: quoted, shipperId: "s1", today: "2026-11-24" }),
    ).toMatchObject({ estimatedDelivery: "2026-12-01" });
    const vague = await newRequest({ weight: "10 kg, 2 tons", freightTypes: ["sea", "air"] });
    const vagueFound = await getQuoteRequestForBooking({ db: services.db, id: vague });
    expect(
      bookingPrefill({
        ...vagueFound!,
        acceptedQuote: { incoterm: null, transitTime: "depends on the vessel" },
        shipperId: null,
        today: "2026-11-24",
      }),
    ).toMatchObject({ weight: "", transportMode: "", estimatedDelivery: "", shipperId: "requester" });
  });

  it("books once under two parallel calls, linked to the request and its accepted quote", async () => {
    const requestId = await newRequest();
    const { token, quoteId } = await sentQuote(requestId);
    await answerQuote({
      db: services.db,
      token,
      answer: { kind: "accept", name: "Ama", ip: null, userAgent: null },
      now: NOW,
    });
    const shipment = (n: string) =>
      shipmentSchema.parse({
        trackingNumber: `UTG-9${n}`,
        status: "Pending",
        originLocation: "Monrovia",
        destinationLocation: "Accra",
        estimatedDelivery: "2026-12-20",
        weight: "250",
        dimensions: "120x100x150 cm",
      });
    const results = await Promise.all([
      bookShipment({ db: services.db, requestId, input: shipment(`${counter}001`) }),
      bookShipment({ db: services.db, requestId, input: shipment(`${counter}002`) }),
    ]);
    expect(results.filter((r) => r.created)).toHaveLength(1);
    const rows = await services.db.select().from(shipments).where(eq(shipments.quoteRequestId, requestId));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.quoteId).toBe(quoteId);
    const [request] = await services.db.select().from(quoteRequests).where(eq(quoteRequests.id, requestId));
    expect(request!.bookedShipmentId).toBe(rows[0]!.id);
    expect(quoteRequestStage(request!, NOW)).toBe("Booked");
    // Booking is staff acting on it: the request leaves the unread count (the customer's answer had put it back).
    expect(request!.isRead).toBe(true);
    const again = results.find((r) => !r.created);
    expect(again).toEqual({ created: false, shipmentId: rows[0]!.id });
  });

  it("creates the requester as shipper inside the booking: once, and not at all when the booking fails", async () => {
    const email = `booker-${counter}@example.com`;
    const requestId = await newRequest({ email });
    const partiesWithEmail = async () =>
      services.db.select().from(shippers).where(sql`lower(${shippers.email}) = ${email}`);
    const input = (trackingNumber: string) =>
      shipmentSchema.parse({
        trackingNumber,
        status: "Pending",
        originLocation: "Monrovia",
        destinationLocation: "Accra",
        estimatedDelivery: "2026-12-20",
        dimensions: "1x1x1 m",
      });
    // A tracking number another shipment has: the booking fails and leaves no party behind.
    const taken = `UTG-7${counter}000`;
    await createShipment({ db: services.db, input: input(taken) });
    await expect(
      bookShipment({ db: services.db, requestId, input: input(taken), shipperFromRequest: true }),
    ).rejects.toThrow();
    expect(await partiesWithEmail()).toEqual([]);
    const results = await Promise.all([
      bookShipment({
        db: services.db,
        requestId,
        input: input(`UTG-8${counter}001`),
        shipperFromRequest: true,
      }),
      bookShipment({
        db: services.db,
        requestId,
        input: input(`UTG-8${counter}002`),
        shipperFromRequest: true,
      }),
    ]);
    expect(results.filter((r) => r.created)).toHaveLength(1);
    const parties = await partiesWithEmail();
    expect(parties).toHaveLength(1);
    const [booked] = await services.db
      .select()
      .from(shipments)
      .where(eq(shipments.quoteRequestId, requestId));
    expect(booked!.shipperId).toBe(parties[0]!.id);
  });
});
