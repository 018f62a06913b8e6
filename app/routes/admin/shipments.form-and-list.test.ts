// The shipment form (new and edit) and the shipments list, called directly with a real session on a real
// database. One file: the list's search finds the shipment the form created.
import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { action as editAction, loader as editLoader } from "#app/routes/admin/shipments.$id.edit.tsx";
import { loader as detailLoader } from "#app/routes/admin/shipments.$id.tsx";
import { action as newAction, loader as newLoader } from "#app/routes/admin/shipments.new.tsx";
import { action as listAction, loader as listLoader } from "#app/routes/admin/shipments.tsx";
import { shipmentStatusHistory, shipments } from "#app/server/db/schema.ts";
import { createParty } from "#app/server/parties/parties.server.ts";
import type { Services } from "#app/server/services.server.ts";
import type { ShipmentDetailData } from "#app/server/shipments/shipment-detail-page.server.ts";
import { createShipment, getShipmentById } from "#app/server/shipments/shipments.server.ts";
import { thrownStatus } from "#tests/setup/responses.ts";
import { base, decodeToast, type Reply, signedInDesk, validShipment } from "./shipments.test-support.ts";

let services: Services;
const { context, request, load } = signedInDesk((opened) => {
  services = opened;
});

const shipmentCount = async () => (await services.db.select({ n: count() }).from(shipments))[0]!.n;

describe("the shipment form", () => {
  it("offers a fresh tracking number and the parties", async () => {
    await createParty({
      db: services.db,
      kind: "shipper",
      input: { name: "Zed Shipping", company: "Zed Ltd", email: null, phone: null, address: null },
    });
    const data = (await load(newLoader, "/admin/shipments/new")) as Awaited<ReturnType<typeof newLoader>>;
    expect(data.values.trackingNumber).toMatch(/^UTG-\d{4}-\d{4}$/);
    expect(data.shippers.map((p) => p.name)).toContain("Zed Shipping");
  });

  it("creates a shipment, leaves no party when 'none' is chosen, and goes to its page", async () => {
    const response = (await newAction({
      request: request("/admin/shipments/new", { ...validShipment("TST-0001"), weight: "12,5" }),
      context: context(),
      params: {},
    } as never)) as Response;
    expect(response.status).toBe(302);
    const [row] = await services.db.select().from(shipments).where(eq(shipments.trackingNumber, "TST-0001"));
    expect(response.headers.get("Location")).toBe(`/admin/shipments/${row!.id}`);
    expect(response.headers.get("Set-Cookie")).toContain("toast=");
    expect(row).toMatchObject({ shipperId: null, consigneeId: null, weight: 12.5, currentLocation: null });
  });

  it("saves the cargo fields the documents print, and shows them back in the form and on the detail page", async () => {
    const response = (await newAction({
      request: request("/admin/shipments/new", {
        ...validShipment("TST-CARGO-1"),
        transportMode: "air",
        pieces: "12",
        goodsDescription: "Laptops\nand chargers",
        declaredValue: "1,250.50",
        declaredCurrency: "LRD",
        incoterm: "FOB",
      }),
      context: context(),
      params: {},
    } as never)) as Response;
    expect(response.status).toBe(302);
    const [row] = await services.db
      .select()
      .from(shipments)
      .where(eq(shipments.trackingNumber, "TST-CARGO-1"));
    expect(row).toMatchObject({
      transportMode: "air",
      pieces: 12,
      goodsDescription: "Laptops\nand chargers",
      declaredValue: 1250.5,
      declaredCurrency: "LRD",
      incoterm: "FOB",
    });
    const form = (await load(editLoader, `/admin/shipments/${row!.id}/edit`, { id: row!.id })) as Awaited<
      ReturnType<typeof editLoader>
    >;
    expect(form.values).toMatchObject({
      transportMode: "air",
      pieces: "12",
      declaredValue: "1250.50",
      incoterm: "FOB",
    });
    const detail = (await load(detailLoader, `/admin/shipments/${row!.id}`, {
      id: row!.id,
    })) as ShipmentDetailData;
    expect(detail.shipment).toMatchObject({
      transportMode: "Air",
      pieces: 12,
      declaredValue: "1,250.50 LRD",
      incoterm: "FOB: Free on Board",
    });
    expect(detail.documents.labelRuns).toEqual([
      { from: 1, to: 12, href: `/admin/shipments/${row!.id}/label.pdf?size=4x6` },
    ]);
    expect(detail.documents.waybill).toBe(`/admin/shipments/${row!.id}/waybill.pdf`);
    // The test config sets no SITE_URL: the Documents card warns.
    expect(detail.documents.siteUrlSet).toBe(false);
  });

  it("refuses cargo fields out of their lists or ranges with a message each, storing nothing", async () => {
    const before = await shipmentCount();
    const reply = (await newAction({
      request: request("/admin/shipments/new", {
        ...validShipment("TST-CARGO-2"),
        transportMode: "rail",
        pieces: "0",
        goodsDescription: "x".repeat(501),
        declaredValue: "12.345",
        declaredCurrency: "BTC",
        incoterm: "FOB2",
      }),
      context: context(),
      params: {},
    } as never)) as Reply;
    expect(reply.init?.status).toBe(400);
    const errors = reply.data.result!.error!;
    expect(errors.transportMode).toEqual(["Choose air, sea or road."]);
    expect(errors.pieces).toEqual(["Pieces must be a whole number from 1 to 10,000."]);
    expect(errors.goodsDescription).toEqual(["Goods description must be at most 500 characters."]);
    expect(errors.declaredValue).toEqual([
      "Declared value must be an amount like 1250 or 1250.50 (no currency sign).",
    ]);
    expect(errors.declaredCurrency).toEqual(["Choose a currency from the list."]);
    expect(errors.incoterm).toEqual(["Choose an Incoterms 2020 rule from the list."]);

    const noCurrency = (await newAction({
      request: request("/admin/shipments/new", { ...validShipment("TST-CARGO-3"), declaredValue: "100" }),
      context: context(),
      params: {},
    } as never)) as Reply;
    expect(noCurrency.data.result!.error!.declaredCurrency).toEqual([
      "Choose the currency of the declared value.",
    ]);
    expect(await shipmentCount()).toBe(before);
  });

  it("refuses invalid input with 400 and the messages, storing nothing", async () => {
    const before = await shipmentCount();
    const reply = (await newAction({
      request: request("/admin/shipments/new", {
        ...validShipment(""),
        originLocation: "<b>",
        weight: "-1",
        estimatedDelivery: "2030-02-30",
        shipperId: "not-a-uuid",
      }),
      context: context(),
      params: {},
    } as never)) as Reply;
    expect(reply.init?.status).toBe(400);
    const errors = reply.data.result!.error!;
    expect(errors.trackingNumber).toEqual(["Tracking number is required."]);
    expect(errors.weight).toEqual(["Weight must be a non-negative number of kilograms."]);
    expect(errors.estimatedDelivery).toEqual(["Enter a real calendar date."]);
    expect(errors.shipperId).toEqual(["Choose a contact from the list."]);
    expect(await shipmentCount()).toBe(before);
  });

  it("says so when the tracking number is taken", async () => {
    const reply = (await newAction({
      request: request("/admin/shipments/new", validShipment("tst-0001")),
      context: context(),
      params: {},
    } as never)) as Reply;
    expect(reply.init?.status).toBe(400);
    expect(reply.data.result!.error!.trackingNumber).toEqual([
      "A shipment with this tracking number already exists.",
    ]);
  });

  it("refuses a number that differs from another shipment's only in dashes or case, on create and edit", async () => {
    const message =
      "This tracking number is too similar to shipment TST-0001: numbers that differ only in dashes, spaces or case count as the same.";
    const before = await shipmentCount();
    const reply = (await newAction({
      request: request("/admin/shipments/new", validShipment("tst0-001")),
      context: context(),
      params: {},
    } as never)) as Reply;
    expect(reply.init?.status).toBe(400);
    expect(reply.data.result!.error!.trackingNumber).toEqual([message]);
    expect(await shipmentCount()).toBe(before);

    const [other] = await services.db
      .insert(shipments)
      .values({
        trackingNumber: "TST-KEY-7",
        status: "Pending",
        originLocation: "A",
        destinationLocation: "B",
      })
      .returning();
    if (!other) throw new Error("not inserted");
    const edited = (await editAction({
      request: request(`/admin/shipments/${other.id}/edit`, validShipment("TST-00-01")),
      context: context(),
      params: { id: other.id },
    } as never)) as Reply;
    expect(edited.init?.status).toBe(400);
    expect(edited.data.result!.error!.trackingNumber).toEqual([message]);
    expect((await getShipmentById({ db: services.db, id: other.id }))!.trackingNumber).toBe("TST-KEY-7");
    await services.db.delete(shipments).where(eq(shipments.id, other.id));
  });

  it("refuses a party that does not exist", async () => {
    const reply = (await newAction({
      request: request("/admin/shipments/new", {
        ...validShipment("TST-0002"),
        consigneeId: "00000000-0000-4000-8000-000000000000",
      }),
      context: context(),
      params: {},
    } as never)) as Reply;
    expect(reply.init?.status).toBe(400);
    expect(reply.data.result!.error!.consigneeId).toEqual(["Consignee ID not found"]);
  });

  it("creates a party from the 'Add New' dialog and answers with it", async () => {
    const reply = (await newAction({
      request: request("/admin/shipments/new", {
        intent: "create-consignee",
        name: "Accra Imports",
        company: "",
        email: "imports@example.com",
      }),
      context: context(),
      params: {},
    } as never)) as Reply;
    expect(reply.init?.status ?? 200).toBe(200);
    expect(reply.data.party).toMatchObject({ name: "Accra Imports", company: null });
    const bad = (await newAction({
      request: request("/admin/shipments/new", { intent: "create-shipper", name: "", email: "nope" }),
      context: context(),
      params: {},
    } as never)) as Reply;
    expect(bad.init?.status).toBe(400);
    expect(bad.data.result!.error!.name).toEqual(["Name is required."]);
    expect(bad.data.result!.error!.email).toEqual(["Please enter a valid email address."]);
  });

  it("answers an unknown intent with 400", async () => {
    const reply = (await newAction({
      request: request("/admin/shipments/new", { intent: "drop-tables" }),
      context: context(),
      params: {},
    } as never)) as Reply;
    expect(reply.init?.status).toBe(400);
    const repeated = (await newAction({
      request: request("/admin/shipments/new", [
        ["intent", "save-shipment"],
        ["intent", "create-shipper"],
      ]),
      context: context(),
      params: {},
    } as never)) as Reply;
    expect(repeated.init?.status).toBe(400);
  });

  it("edits a shipment; an unknown or malformed id is a 404", async () => {
    const [row] = await services.db.select().from(shipments).where(eq(shipments.trackingNumber, "TST-0001"));
    const data = (await load(editLoader, `/admin/shipments/${row!.id}/edit`, { id: row!.id })) as Awaited<
      ReturnType<typeof editLoader>
    >;
    expect(data.values).toMatchObject({
      trackingNumber: "TST-0001",
      estimatedDelivery: "2030-05-01",
      weight: "12.5",
    });
    const response = (await editAction({
      request: request(`/admin/shipments/${row!.id}/edit`, {
        ...validShipment("TST-0001"),
        destinationLocation: "Lagos",
      }),
      context: context(),
      params: { id: row!.id },
    } as never)) as Response;
    expect(response.status).toBe(302);
    expect((await getShipmentById({ db: services.db, id: row!.id }))!.destinationLocation).toBe("Lagos");
    expect(await thrownStatus(load(editLoader, "/admin/shipments/x/edit", { id: "not-a-uuid" }))).toBe(404);
    expect(
      await thrownStatus(
        editAction({
          request: request("/admin/shipments/x/edit", validShipment("TST-0009")),
          context: context(),
          params: { id: "'; drop table shipments" },
        } as never),
      ),
    ).toBe(404);
  });

  it("sends a request without a session to the login page and changes nothing", async () => {
    const before = await shipmentCount();
    const status = await thrownStatus(
      newAction({
        request: request("/admin/shipments/new", validShipment("TST-0003"), false),
        context: context(),
        params: {},
      } as never),
    );
    expect(status).toBe(302);
    expect(await shipmentCount()).toBe(before);
  });
});

describe("the shipments list", () => {
  it("searches case-insensitively and filters active shipments", async () => {
    const data = (await load(
      listLoader,
      "/admin/shipments?q=tst-00&status=active&sort=oldest&page=abc",
    )) as Awaited<ReturnType<typeof listLoader>>;
    expect(data.query).toEqual({ q: "tst-00", status: "active", sort: "oldest", page: 1 });
    expect(data.rows.map((r) => r.trackingNumber)).toEqual(["TST-0001"]);
    expect(data.rows[0]!.estimatedDelivery).toBe("May 01, 2030");
  });

  it("deletes a shipment with its history", async () => {
    const shipment = await createShipment({ db: services.db, input: { ...base("TST-0100") } });
    await services.db
      .insert(shipmentStatusHistory)
      .values({ shipmentId: shipment.id, status: "Pending", location: "Monrovia" });
    const response = (await listAction({
      request: request("/admin/shipments?q=tst", { intent: "delete-shipment", id: shipment.id }),
      context: context(),
      params: {},
    } as never)) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/shipments?q=tst");
    expect(decodeToast(response)).toMatchObject({
      type: "success",
      title: "Shipment TST-0100 deleted successfully",
    });
    const left = await services.db
      .select()
      .from(shipmentStatusHistory)
      .where(eq(shipmentStatusHistory.shipmentId, shipment.id));
    expect(left).toEqual([]);
    const again = (await listAction({
      request: request("/admin/shipments", { intent: "delete-shipment", id: shipment.id }),
      context: context(),
      params: {},
    } as never)) as Response;
    expect(decodeToast(again)).toMatchObject({
      type: "error",
      title: "Failed to delete shipment. Please try again.",
    });
    const malformed = (await listAction({
      request: request("/admin/shipments", { intent: "delete-shipment", id: "1 or 1=1" }),
      context: context(),
      params: {},
    } as never)) as Reply;
    expect(malformed.init?.status).toBe(400);
  });
});
