// The firm behind a quote request reaches the invoice: 'Book shipment' makes the requester the shipper with
// everything they typed (person, company, phone), and the invoice started from that shipment is addressed to the
// firm (decision 016).
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shipmentSchema } from "#app/schemas/shipment.ts";
import { quotes, shippers } from "#app/server/db/schema.ts";
import { acceptedQuote } from "#app/server/invoices/accepted-quote.test-support.ts";
import { prefillFromShipment } from "#app/server/invoices/invoice-prefills.server.ts";
import { bookShipment } from "#app/server/quotes/bookings.server.ts";
import type { Services } from "#app/server/services.server.ts";
import { createTestServices } from "#tests/setup/test-db.ts";

let services: Services;
beforeAll(async () => {
  services = await createTestServices({}, { outbox: { autostart: false } });
});
afterAll(() => services?.close());

describe("an invoice from a booked quote request", () => {
  it("addresses a booked request's invoice to the firm the requester named, with their phone on the new shipper", async () => {
    const email = `ama-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const quoteId = await acceptedQuote({
      services,
      email,
      requester: { company: "Mensah Trading Ltd", phone: "+2250707123456" },
      settings: await services.siteSettings.get(),
      validUntil: "2099-12-31",
    });
    const [quote] = await services.db.select().from(quotes).where(eq(quotes.id, quoteId));
    const booked = await bookShipment({
      db: services.db,
      requestId: quote!.quoteRequestId,
      shipperFromRequest: true,
      input: shipmentSchema.parse({
        trackingNumber: `UTG-8${Date.now().toString().slice(-6)}`,
        status: "Pending",
        originLocation: "Monrovia",
        destinationLocation: "Accra",
        estimatedDelivery: "2026-12-20",
        dimensions: "1x1x1 m",
      }),
    });
    if (!booked.created) throw new Error("not booked");
    // Everything the requester typed reaches the new shipper: the person, the firm, the phone.
    const [shipper] = await services.db
      .select()
      .from(shippers)
      .where(eq(shippers.id, booked.shipment.shipperId!));
    expect(shipper).toMatchObject({
      name: "Ama Mensah",
      company: "Mensah Trading Ltd",
      email,
      phone: "+2250707123456",
    });
    // The invoice from the shipment (or its quote) is addressed to the firm.
    const prefill = await prefillFromShipment({
      db: services.db,
      shipmentId: booked.shipment.id,
      currency: "USD",
    });
    expect(prefill).toMatchObject({
      party: { kind: "shipper", id: shipper!.id },
      customerName: "Ama Mensah",
      customerCompany: "Mensah Trading Ltd",
    });
  });
});
