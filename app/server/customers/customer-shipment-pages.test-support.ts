// Tests' fixture for a customer's shipment pages (docs/decisions/029-customer-accounts.md) on a real database:
// two companies (A: a shipper and a consignee of the address book, B: the other company) and one with nothing,
// a member of each signed in, 27 shipments between them, and the list's and the page's loaders called as the
// router calls them.

import { loader as shipmentLoader } from "#app/routes/account/shipments.$tracking-number.tsx";
import { loader as listLoader } from "#app/routes/account/shipments.tsx";
import { consignees, shipmentStatusHistory, shipments, shippers } from "#app/server/db/schema.ts";
import type { Services } from "#app/server/services.server.ts";
import { asCustomer, type SignedInCustomer, signInCustomer } from "#tests/setup/customer-session.ts";
import { createTestContext, createTestServices } from "#tests/setup/test-db.ts";

/** The tracking number of the fixture's shipment `n` (1 to 27). */
export const number = (n: number) => `UTG-5000-${String(n).padStart(4, "0")}`;

async function insertParty(services: Services, table: typeof shippers | typeof consignees, name: string) {
  const [row] = await services.db
    .insert(table)
    .values({
      name,
      company: `${name} Ltd`,
      email: `${name.toLowerCase().replace(/\s/g, ".")}@example.com`,
      phone: "+231 77 000 0001",
      address: `1 ${name} Street, Monrovia`,
    })
    .returning();
  return row!.id;
}

/**
 * A test file's services on a fresh database with the companies, their signed-in members (`a` of company A: a
 * shipper and a consignee of the address book; `b` of B, the other company; `empty` of a company with nothing),
 * their parties' ids and the shipments: 25 A ships to B (1…25), then one B ships to A (26, the newest), then one
 * of B alone (27); every fifth is Delivered, 7 leaves from Kumasi, and 3 (`ownId`) has two status updates.
 */
export async function openCustomerShipments() {
  const services = await createTestServices();
  const { db } = services;
  const party = {
    shipperA: await insertParty(services, shippers, "Ama Shipper"),
    consigneeA: await insertParty(services, consignees, "Ama Consignee"),
    shipperB: await insertParty(services, shippers, "Kofi Shipper"),
    consigneeB: await insertParty(services, consignees, "Kofi Consignee"),
  };
  const a = await signInCustomer({ ...services, shippers: [party.shipperA], consignees: [party.consigneeA] });
  const b = await signInCustomer({
    ...services,
    shippers: [party.shipperB],
    consignees: [party.consigneeB],
    companyName: "Kofi Imports",
  });
  const empty = await signInCustomer({ ...services, companyName: "New Customer" });

  const base = Date.parse("2026-01-01T00:00:00Z");
  const rows = Array.from({ length: 27 }, (_, index) => {
    const n = index + 1;
    return {
      trackingNumber: number(n),
      status: n % 5 === 0 ? "Delivered" : "In Transit",
      originLocation: n === 7 ? "Kumasi, Ghana" : "Monrovia, Liberia",
      destinationLocation: "Accra, Ghana",
      estimatedDelivery: new Date("2026-02-01T00:00:00Z"),
      shipperId: n <= 25 ? party.shipperA : party.shipperB,
      consigneeId: n === 26 ? party.consigneeA : party.consigneeB,
      goodsDescription: "Solar panels",
      pieces: 3,
      weight: 120.5,
      declaredValue: 1250,
      declaredCurrency: "USD" as const,
      transportMode: "sea" as const,
      incoterm: "FOB",
      createdAt: new Date(base + n * 60_000),
    };
  });
  const inserted = await db
    .insert(shipments)
    .values(rows)
    .returning({ id: shipments.id, n: shipments.trackingNumber });
  const ownId = inserted.find((row) => row.n === number(3))!.id;
  await db.insert(shipmentStatusHistory).values([
    {
      shipmentId: ownId,
      status: "Shipped",
      location: "Monrovia",
      timestamp: new Date("2026-01-02T08:00:00Z"),
    },
    {
      shipmentId: ownId,
      status: "In Transit",
      location: "Tema Port",
      timestamp: new Date("2026-01-05T14:30:00Z"),
    },
  ]);
  return { services, a, b, empty, party, ownId };
}

/** The list's and the page's loaders as a customer's browser calls them, on the file's services when called. */
export function customerShipmentLoaders(current: () => Services) {
  const get = (path: string, cookie?: string) =>
    new Request(`http://localhost${path}`, { headers: cookie ? { cookie } : {} });

  async function list(customer: SignedInCustomer, query = "") {
    return listLoader({
      request: get(`/account/shipments${query}`),
      context: asCustomer(createTestContext(current()), customer.user),
      params: {},
    } as never);
  }

  async function detail(customer: SignedInCustomer, trackingNumber: string, prefix = "/account/shipments") {
    return shipmentLoader({
      request: get(`${prefix}/${trackingNumber}`),
      context: asCustomer(createTestContext(current()), customer.user),
      params: { trackingNumber },
    } as never);
  }

  return { list, detail };
}
