// /account/shipments (docs/decisions/029-customer-accounts.md), its loader called as the router calls it, on a
// real database: the company's shipments newest first with its role on each, twenty a page, searched and
// filtered, and never another company's.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  customerShipmentLoaders,
  number,
  openCustomerShipments,
} from "#app/server/customers/customer-shipment-pages.test-support.ts";
import { shipments } from "#app/server/db/schema.ts";
import type { Services } from "#app/server/services.server.ts";
import type { SignedInCustomer } from "#tests/setup/customer-session.ts";

let services: Services;
let a: SignedInCustomer;
let b: SignedInCustomer;
let empty: SignedInCustomer;
let ownId = "";
beforeAll(async () => {
  ({ services, a, b, empty, ownId } = await openCustomerShipments());
});
afterAll(() => services.close());
const { list } = customerShipmentLoaders(() => services);

describe("the list", () => {
  it("lists the company's shipments, newest first, twenty a page, with its role on each", async () => {
    const first = await list(a);
    expect(first.total).toBe(26);
    expect(first.pageCount).toBe(2);
    expect(first.rows).toHaveLength(20);
    expect(first.rows[0]).toMatchObject({ trackingNumber: number(26), roles: ["consignee"] });
    expect(first.rows[1]).toMatchObject({ trackingNumber: number(25), roles: ["shipper"] });
    const second = await list(a, "?page=2");
    expect(second.page).toBe(2);
    expect(second.rows.map((row) => row.trackingNumber)).toEqual([6, 5, 4, 3, 2, 1].map((n) => number(n)));
    // Past the last page: the last page.
    expect((await list(a, "?page=99")).page).toBe(2);
    expect((await list(a, "?page=abc")).page).toBe(1);
  });

  it("never lists another company's shipment, on any page or search", async () => {
    const all = [...(await list(a)).rows, ...(await list(a, "?page=2")).rows];
    expect(all.map((row) => row.trackingNumber)).not.toContain(number(27));
    expect((await list(a, `?q=${number(27)}`)).rows).toEqual([]);
    const ofB = await list(b);
    // B is the consignee of A's 25 and the shipper of 26 and 27.
    expect(ofB.total).toBe(27);
    expect(ofB.rows[0]).toMatchObject({ trackingNumber: number(27), roles: ["shipper", "consignee"] });
  });

  it("shows the status, the estimated delivery and the latest update", async () => {
    const row = (await list(a, `?q=${number(3)}`)).rows[0]!;
    expect(row).toMatchObject({
      status: "In Transit",
      originLocation: "Monrovia, Liberia",
      destinationLocation: "Accra, Ghana",
      estimatedDelivery: { date: "Feb 1, 2026" },
      latest: { status: "In Transit", location: "Tema Port", at: { iso: "2026-01-05T14:30:00.000Z" } },
    });
    // A status set on the shipment's form, ahead of its history: no 'Latest update' that says another one.
    await services.db.update(shipments).set({ status: "Arrived" }).where(eq(shipments.id, ownId));
    try {
      expect((await list(a, `?q=${number(3)}`)).rows[0]).toMatchObject({ status: "Arrived", latest: null });
    } finally {
      await services.db.update(shipments).set({ status: "In Transit" }).where(eq(shipments.id, ownId));
    }
  });

  it("searches by number (as typed or without dashes), by place and by status", async () => {
    expect((await list(a, "?q=utg50000003")).rows.map((r) => r.trackingNumber)).toEqual([number(3)]);
    expect((await list(a, "?q=5000-0012")).rows.map((r) => r.trackingNumber)).toEqual([number(12)]);
    expect((await list(a, "?q=kumasi")).rows.map((r) => r.trackingNumber)).toEqual([number(7)]);
    const delivered = await list(a, "?status=Delivered");
    expect(delivered.total).toBe(5);
    expect(delivered.rows.every((row) => row.status === "Delivered")).toBe(true);
    const both = await list(a, "?q=accra&status=Delivered&page=1");
    expect(both.total).toBe(5);
    // A status the filter does not offer is ignored, never an error.
    expect((await list(a, "?status=%27%3Bdrop")).total).toBe(26);
  });

  it("tells 'No shipment matches' from 'No shipments yet'", async () => {
    const none = await list(a, "?q=Timbuktu");
    expect(none).toMatchObject({ rows: [], total: 0, hasAny: true });
    const fresh = await list(empty);
    expect(fresh).toMatchObject({ rows: [], total: 0, hasAny: false });
    expect((await list(empty, "?q=UTG")).hasAny).toBe(false);
  });
});
