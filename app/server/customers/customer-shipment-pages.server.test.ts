// Longer than 450 lines: the list and the page of a customer's shipments against one set of fixtures (two companies,
// both roles, a delivery), which every case reads.
// /account/shipments and /account/shipments/:trackingNumber (issue 29), their loaders and action called as the
// router calls them, on a real database: what a customer sees of their company's shipments, and never another's.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  action as shipmentAction,
  loader as shipmentLoader,
} from "#app/routes/account/shipments.$tracking-number.tsx";
import { loader as listLoader } from "#app/routes/account/shipments.tsx";
import { UPDATES_INTENT } from "#app/server/customers/customer-shipment-views.ts";
import {
  consignees,
  invoiceShipments,
  invoices,
  quoteRequests,
  quotes,
  shipmentDeliveries,
  shipmentNotificationRecipients,
  shipmentStatusHistory,
  shipments,
  shippers,
} from "#app/server/db/schema.ts";
import type { Services } from "#app/server/services.server.ts";
import { asCustomer, type SignedInCustomer, signInCustomer } from "#tests/setup/customer-session.ts";
import { createTestContext, createTestServices } from "#tests/setup/test-db.ts";

let services: Services;
/** Company A: a shipper and a consignee of the address book. B: the other company. */
let a: SignedInCustomer;
let b: SignedInCustomer;
let empty: SignedInCustomer;
const party = { shipperA: "", consigneeA: "", shipperB: "", consigneeB: "" };
const number = (n: number) => `UTG-5000-${String(n).padStart(4, "0")}`;
const STAFF_MARKER = "STAFF-ONLY-7d1f";
let ownId = "";

async function insertParty(table: typeof shippers | typeof consignees, name: string) {
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

beforeAll(async () => {
  services = await createTestServices();
  const { db } = services;
  party.shipperA = await insertParty(shippers, "Ama Shipper");
  party.consigneeA = await insertParty(consignees, "Ama Consignee");
  party.shipperB = await insertParty(shippers, "Kofi Shipper");
  party.consigneeB = await insertParty(consignees, "Kofi Consignee");
  a = await signInCustomer({ ...services, shippers: [party.shipperA], consignees: [party.consigneeA] });
  b = await signInCustomer({
    ...services,
    shippers: [party.shipperB],
    consignees: [party.consigneeB],
    companyName: "Kofi Imports",
  });
  empty = await signInCustomer({ ...services, companyName: "New Customer" });

  // 25 shipments A ships to B (1…25), then one B ships to A (26, the newest), then one of B alone (27).
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
  ownId = inserted.find((row) => row.n === number(3))!.id;
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
});
afterAll(() => services.close());

const get = (path: string, cookie?: string) =>
  new Request(`http://localhost${path}`, { headers: cookie ? { cookie } : {} });

async function list(customer: SignedInCustomer, query = "") {
  return listLoader({
    request: get(`/account/shipments${query}`),
    context: asCustomer(createTestContext(services), customer.user),
    params: {},
  } as never);
}

async function detail(customer: SignedInCustomer, trackingNumber: string, prefix = "/account/shipments") {
  return shipmentLoader({
    request: get(`${prefix}/${trackingNumber}`),
    context: asCustomer(createTestContext(services), customer.user),
    params: { trackingNumber },
  } as never);
}

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

describe("the updates switch", () => {
  const post = (customer: SignedInCustomer | null, trackingNumber: string, fields: [string, string][]) =>
    statusOfAction(() =>
      shipmentAction({
        request: new Request(`http://localhost/account/shipments/${trackingNumber}`, {
          method: "POST",
          headers: customer ? { cookie: customer.cookie } : {},
          body: new URLSearchParams(fields),
        }),
        context: createTestContext(services),
        params: { trackingNumber },
      } as never),
    );
  async function statusOfAction(run: () => Promise<unknown>) {
    try {
      const result = (await run()) as { data: unknown; init?: { status?: number } };
      return { status: result.init?.status ?? 200, data: result.data };
    } catch (error) {
      if (error instanceof Response) return { status: error.status, data: error.headers.get("Location") };
      throw error;
    }
  }
  const switches = async (trackingNumber: string) => {
    const [shipment] = await services.db
      .select({ id: shipments.id })
      .from(shipments)
      .where(eq(shipments.trackingNumber, trackingNumber));
    return services.db
      .select({ role: shipmentNotificationRecipients.role, enabled: shipmentNotificationRecipients.enabled })
      .from(shipmentNotificationRecipients)
      .where(eq(shipmentNotificationRecipients.shipmentId, shipment!.id))
      .orderBy(shipmentNotificationRecipients.role);
  };

  it("switches off and on only the company's role on the shipment, whatever role the form names", async () => {
    const off = await post(a, number(8), [
      ["intent", UPDATES_INTENT],
      ["updates", "off"],
      ["role", "consignee"],
    ]);
    expect(off.status).toBe(200);
    expect(await switches(number(8))).toEqual([{ role: "shipper", enabled: false }]);
    expect((await detail(a, number(8))).notifications).toEqual({ roles: ["shipper"], enabled: false });
    // B, the consignee, still gets them.
    expect((await detail(b, number(8))).notifications).toEqual({ roles: ["consignee"], enabled: true });
    await post(a, number(8), [
      ["intent", UPDATES_INTENT],
      ["updates", "on"],
    ]);
    expect(await switches(number(8))).toEqual([{ role: "shipper", enabled: true }]);
  });

  it("refuses bad input with a 400 and changes nothing", async () => {
    for (const fields of [
      [["intent", UPDATES_INTENT]],
      [
        ["intent", UPDATES_INTENT],
        ["updates", "maybe"],
      ],
      [
        ["intent", UPDATES_INTENT],
        ["updates", "off"],
        ["updates", "off"],
      ],
      [
        ["intent", "delete"],
        ["updates", "off"],
      ],
      [["updates", "off"]],
    ] as [string, string][][]) {
      const reply = await post(a, number(9), fields);
      expect(reply.status).toBe(400);
      expect(reply.data).toMatchObject({ ok: false });
    }
    expect(await switches(number(9))).toEqual([]);
  });

  it("answers 404 for another company's shipment and sends someone signed out to sign in", async () => {
    const fields: [string, string][] = [
      ["intent", UPDATES_INTENT],
      ["updates", "off"],
    ];
    expect((await post(a, number(27), fields)).status).toBe(404);
    expect(await switches(number(27))).toEqual([]);
    const signedOut = await post(null, number(8), fields);
    expect(signedOut.status).toBe(302);
    expect(signedOut.data).toMatch(/^\/account\?redirectTo=/);
    expect((await switches(number(8))).map((row) => row.role)).not.toContain("consignee");
  });
});
