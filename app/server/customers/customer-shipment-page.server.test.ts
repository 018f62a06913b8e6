// /account/shipments/:trackingNumber (docs/decisions/029-customer-accounts.md), its loader called as the router
// calls it, on a real database: the tracking page's facts, the full parties, the cargo (in French on the French
// page), the company's sent quotes and issued invoices, and never another company's shipment or a staff-only
// field.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  customerShipmentLoaders,
  number,
  openCustomerShipments,
} from "#app/server/customers/customer-shipment-pages.test-support.ts";
import {
  invoiceShipments,
  invoices,
  quoteRequests,
  quotes,
  shipmentDeliveries,
  shipments,
} from "#app/server/db/schema.ts";
import type { Services } from "#app/server/services.server.ts";
import type { SignedInCustomer } from "#tests/setup/customer-session.ts";

let services: Services;
let a: SignedInCustomer;
let b: SignedInCustomer;
let party: Awaited<ReturnType<typeof openCustomerShipments>>["party"];
const STAFF_MARKER = "STAFF-ONLY-7d1f";
beforeAll(async () => {
  ({ services, a, b, party } = await openCustomerShipments());
});
afterAll(() => services.close());
const { detail } = customerShipmentLoaders(() => services);

/** What a thrown or returned Response says: status and body. */
async function statusOf(run: () => Promise<unknown>) {
  try {
    const result = await run();
    const init = (result as { init?: { status?: number } }).init;
    return { status: init?.status ?? 200, body: "" };
  } catch (error) {
    if (error instanceof Response) return { status: error.status, body: await error.text() };
    throw error;
  }
}

describe("one shipment", () => {
  it("shows the tracking page's facts, the full parties and the cargo", async () => {
    const page = await detail(a, number(3));
    expect(page.tracking).toMatchObject({ trackingNumber: number(3), status: "In Transit" });
    expect(page.tracking.history.map((entry) => entry.status)).toEqual(["In Transit", "Shipped"]);
    expect(page.roles).toEqual(["shipper"]);
    expect(page.shipper).toEqual({
      name: "Ama Shipper",
      company: "Ama Shipper Ltd",
      email: "ama.shipper@example.com",
      phone: "+231 77 000 0001",
      address: "1 Ama Shipper Street, Monrovia",
    });
    expect(page.consignee?.email).toBe("kofi.consignee@example.com");
    expect(page.cargo).toMatchObject({
      goodsDescription: "Solar panels",
      pieces: 3,
      weight: "120.5 kg",
      declaredValue: "1,250.00 USD",
      transportMode: "Sea",
      incoterm: "FOB: Free on Board",
    });
    expect(page.documents).toEqual({
      waybill: `/account/shipments/${number(3)}/waybill.pdf`,
      labels: [{ href: `/account/shipments/${number(3)}/label.pdf`, text: "Labels (PDF)" }],
      deliveryNote: null,
    });
    expect(page.bookAgain).toBe(`/contact?from=${number(3)}#quote`);
    expect(page.notifications).toEqual({ roles: ["shipper"], enabled: true });
  });

  it("writes the cargo's figures and the incoterm's name in French on the French page", async () => {
    const page = await detail(a, number(3), "/fr/compte/expeditions");
    const { weight, declaredValue, incoterm } = page.cargo;
    expect([weight, declaredValue, incoterm].map((text) => text?.replace(/[\u00a0\u202f]/g, " "))).toEqual([
      "120,5 kg",
      "1 250,00 $US",
      "FOB : Franco à bord",
    ]);
  });

  it("answers another company's tracking number exactly like one that does not exist", async () => {
    const other = await statusOf(() => detail(a, number(27)));
    const unknown = await statusOf(() => detail(a, "UTG-0000-0000"));
    expect(other).toEqual({ status: 404, body: "Not Found" });
    expect(unknown).toEqual(other);
    // What can never be a tracking number (a NUL byte, which the database refuses) is not looked up.
    for (const never of ["x".repeat(500), "abc\u0000def", "\u0000", " "]) {
      expect(await statusOf(() => detail(a, never))).toEqual(other);
    }
  });

  it("lists the sent quotes and the issued invoices billed to the company, never a draft or another's bill", async () => {
    const { db } = services;
    const [request] = await db
      .insert(quoteRequests)
      .values({
        firstName: "Ama",
        lastName: "Mensah",
        email: "ama@example.com",
        cityDeparture: "Monrovia",
        deliveryCity: "Accra",
        freightTypes: ["sea"],
      })
      .returning();
    const quote = (version: number, state: "draft" | "sent" | "accepted") => ({
      quoteRequestId: request!.id,
      version,
      state,
      currency: "USD" as const,
      totalMinor: 50_000 * version,
      validUntil: "2030-01-31",
      expiresAt: new Date("2030-02-01T00:00:00Z"),
      sentAt: state === "draft" ? null : new Date("2026-01-01T10:00:00Z"),
    });
    const [sent] = await db.insert(quotes).values(quote(1, "sent")).returning();
    await db.insert(quotes).values(quote(2, "draft"));
    const [shipment] = await db
      .update(shipments)
      .set({ quoteRequestId: request!.id })
      .where(eq(shipments.trackingNumber, number(4)))
      .returning();

    const invoice = async (
      partyKind: "shipper" | "consignee",
      partyId: string,
      issue: boolean,
      n: number,
    ) => {
      const [row] = await db
        .insert(invoices)
        .values({
          partyKind,
          partyId,
          customerName: "Customer",
          currency: "USD",
          paymentTermsDays: 30,
          subtotalMinor: 10_000,
          totalMinor: 10_000,
        })
        .returning();
      await db.insert(invoiceShipments).values({ invoiceId: row!.id, shipmentId: shipment!.id });
      if (issue) {
        await db
          .update(invoices)
          .set({
            state: "issued",
            number: `INV-2026-000${n}`,
            year: 2026,
            sequence: n,
            issueDate: "2026-01-10",
            dueDate: "2026-02-09",
          })
          .where(eq(invoices.id, row!.id));
      }
      return row!.id;
    };
    const mine = await invoice("shipper", party.shipperA, true, 1);
    await invoice("shipper", party.shipperA, false, 2);
    await invoice("consignee", party.consigneeB, true, 3);

    const page = await detail(a, number(4));
    expect(page.quotes).toEqual([
      {
        href: `/account/quotes/${sent!.id}`,
        version: 1,
        status: "Open",
        total: "500.00 USD",
        sentOn: "Jan 1, 2026",
      },
    ]);
    expect(page.invoices).toEqual([
      {
        href: `/account/invoices/${mine}`,
        title: "Invoice INV-2026-0001",
        state: "Issued",
        total: "100.00 USD",
        issuedOn: "Jan 10, 2026",
      },
    ]);
    // The consignee's company sees its own bill, not A's.
    expect((await detail(b, number(4))).invoices.map((i) => i.title)).toEqual(["Invoice INV-2026-0003"]);
  });

  it("never carries a staff-only field: the delivery's internal note, the parties' and shipment's ids", async () => {
    const { db } = services;
    const shipment = (
      await db
        .select()
        .from(shipments)
        .where(eq(shipments.trackingNumber, number(5)))
    )[0]!;
    await db.insert(shipmentDeliveries).values({
      shipmentId: shipment.id,
      draftId: crypto.randomUUID(),
      receiverName: "Kofi Boateng",
      deliveredAt: new Date("2026-01-20T12:00:00Z"),
      receiverRemarks: "One carton dented",
      internalNote: STAFF_MARKER,
    });
    const page = await detail(a, number(5));
    expect(page.delivery).toMatchObject({
      receiverName: "Kofi Boateng",
      receiverRemarks: "One carton dented",
    });
    expect(page.documents.deliveryNote).toBe(`/account/shipments/${number(5)}/delivery-note.pdf`);
    const sent = JSON.stringify(page);
    for (const secret of [
      STAFF_MARKER,
      shipment.id,
      shipment.trackingKey,
      party.shipperA,
      party.consigneeB,
    ]) {
      expect(sent).not.toContain(secret);
    }
  });
});
