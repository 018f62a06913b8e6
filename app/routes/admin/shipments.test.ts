// Longer than 450 lines: the five shipment routes' tests share one database, one signed-in clerk and these
// request helpers.
// The shipment back office's actions and loaders, called directly with a real session on a real database.
import { count, eq } from "drizzle-orm";
import type { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toLocalDateTime } from "#app/lib/time-zone.ts";
import { action as editAction, loader as editLoader } from "#app/routes/admin/shipments.$id.edit.tsx";
import { action as detailAction, loader as detailLoader } from "#app/routes/admin/shipments.$id.tsx";
import { action as bulkAction, loader as bulkLoader } from "#app/routes/admin/shipments.bulk-update.tsx";
import { action as newAction, loader as newLoader } from "#app/routes/admin/shipments.new.tsx";
import { action as listAction, loader as listLoader } from "#app/routes/admin/shipments.tsx";
import {
  consignees,
  notificationLog,
  notificationSubscribers,
  outbox,
  shipmentStatusHistory,
  shipments,
  shippers,
} from "#app/server/db/schema.ts";
import { createParty } from "#app/server/parties/parties.server.ts";
import type { Services } from "#app/server/services.server.ts";
import { getSiteSettings, updateSiteSettings } from "#app/server/settings/settings.server.ts";
import type { ShipmentDetailData } from "#app/server/shipment-page/shipment-detail-page.server.ts";
import type { BulkStatusView } from "#app/server/shipments/shipment-views.ts";
import { createShipment, getShipmentById } from "#app/server/shipments/shipments.server.ts";
import { adminContext } from "#app/server/staff/staff-guards.server.ts";
import { signInStaff } from "#tests/setup/staff-session.ts";
import { createTestContext, createTestServices } from "#tests/setup/test-db.ts";

let services: Services;
let cookie: string;

beforeAll(async () => {
  services = await createTestServices();
  ({ cookie } = await signInStaff({ ...services, email: "desk@example.com" }));
});
afterAll(() => services.close());

type Reply = {
  data: Record<string, unknown> & { result?: { error?: Record<string, string[] | null> } };
  init: { status?: number } | null;
};

function context(): RouterContextProvider {
  const ctx = createTestContext(services);
  return ctx;
}

function request(path: string, fields?: Record<string, string> | [string, string][], withCookie = true) {
  return new Request(`http://localhost${path}`, {
    method: fields ? "POST" : "GET",
    headers: withCookie ? { cookie } : {},
    body: fields ? new URLSearchParams(fields) : undefined,
  });
}

// Loaders run below the admin layout, whose middleware sets the signed-in user.
async function load<T>(loader: (args: never) => T, path: string, params: Record<string, string> = {}) {
  const ctx = context();
  ctx.set(adminContext, { id: "x", email: "desk@example.com" } as never);
  return loader({ request: request(path), context: ctx, params } as never);
}

const validShipment = (trackingNumber: string) => ({
  intent: "save-shipment",
  trackingNumber,
  status: "In Transit",
  originLocation: "Monrovia, Liberia",
  destinationLocation: "Accra, Ghana",
  currentLocation: "",
  estimatedDelivery: "2030-05-01",
  weight: "",
  dimensions: "10 x 20 x 30",
  notes: "",
  shipperId: "none",
  consigneeId: "none",
});

const shipmentCount = async () => (await services.db.select({ n: count() }).from(shipments))[0]!.n;

async function thrownStatus(promise: Promise<unknown> | unknown): Promise<number> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Response) return error.status;
    const status = (error as { init?: { status?: number } }).init?.status;
    if (status) return status;
    throw error;
  }
  throw new Error("expected a thrown response");
}

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

describe("the bulk status update page", () => {
  /** Posts the page's form as the browser does: its hidden fields (from the loader), then the status fields. */
  async function postPage(query: string, fields: Record<string, string>) {
    const view = (await load(bulkLoader, `/admin/shipments/bulk-update?${query}`)) as BulkStatusView;
    const posted: [string, string][] = [["key", view.key], ...view.carry, ...Object.entries(fields)];
    const answer = (await bulkAction({
      request: request("/admin/shipments/bulk-update", posted),
      context: context(),
      params: {},
    } as never)) as Response | Reply;
    return { view, answer };
  }
  const update = { status: "Arrived", location: "Port of Monrovia", timestamp: "2026-11-01T10:00" };
  const statusOf = async (id: string) => (await getShipmentById({ db: services.db, id }))!.status;

  it("updates every shipment listed by a status filter, and goes back to the list as it was", async () => {
    const listed = await createShipment({
      db: services.db,
      input: { ...base("BLKF-0001"), status: "In Transit" },
    });
    const other = await createShipment({ db: services.db, input: { ...base("BLKF-0002") } });
    const list = "/admin/shipments?q=blkf&status=In+Transit&sort=oldest";
    const { view, answer } = await postPage(
      new URLSearchParams({ all: "1", q: "blkf", status: "In Transit", returnTo: list }).toString(),
      { ...update, alsoSetCurrent: "on" },
    );
    expect(view).toMatchObject({ mode: "matching", count: 1, back: list });
    expect(answer).toBeInstanceOf(Response);
    expect((answer as Response).headers.get("Location")).toBe(list);
    expect(decodeToast(answer as Response)).toMatchObject({ title: "Status update added to 1 shipment" });
    expect(await statusOf(listed.id)).toBe("Arrived");
    expect(await statusOf(other.id)).toBe("Processing");
  });

  it("says in its toast whether customers were told: nobody when no shipment has anyone to tell", async () => {
    const bare = await createShipment({ db: services.db, input: { ...base("BLKN-0001") } });
    const nobody = await postPage(new URLSearchParams({ id: bare.id }).toString(), {
      ...update,
      alsoSetCurrent: "on",
      notify: "on",
    });
    expect(decodeToast(nobody.answer as Response)).toMatchObject({
      title: "Status update added to 1 shipment",
      description:
        "No customer was told: the shipment has no one to tell (no e-mail or phone on file, or notifications off).",
    });
    const [consignee] = await services.db
      .insert(consignees)
      .values({ name: "Told Receiver", email: "told@example.com" })
      .returning();
    const reached = await createShipment({
      db: services.db,
      input: { ...base("BLKN-0002"), consigneeId: consignee!.id },
    });
    const some = await postPage(
      new URLSearchParams([
        ["id", bare.id],
        ["id", reached.id],
      ]).toString(),
      {
        ...update,
        timestamp: "2026-11-01T10:30",
        alsoSetCurrent: "on",
        notify: "on",
      },
    );
    expect(decodeToast(some.answer as Response)).toMatchObject({
      title: "Status update added to 2 shipments",
      description:
        "The customers of 1 of the 2 shipments are told as for a single update; the others have no one to tell.",
    });
    const off = await postPage(new URLSearchParams({ id: reached.id }).toString(), {
      ...update,
      timestamp: "2026-11-01T11:00",
      alsoSetCurrent: "on",
    });
    expect(decodeToast(off.answer as Response)).toMatchObject({ description: "Customers were not told." });
  });

  it("goes back to the list's search and page after updating the ticked rows; never to another page", async () => {
    const ticked = await createShipment({ db: services.db, input: { ...base("BLKT-0001") } });
    const list = "/admin/shipments?q=blkt&page=2";
    const { answer } = await postPage(new URLSearchParams({ id: ticked.id, returnTo: list }).toString(), {
      ...update,
      alsoSetCurrent: "on",
    });
    expect((answer as Response).headers.get("Location")).toBe(list);
    expect(await statusOf(ticked.id)).toBe("Arrived");
    const elsewhere = await postPage(
      new URLSearchParams({ id: ticked.id, returnTo: "https://example.com/admin/shipments" }).toString(),
      { ...update, status: "Delivered" },
    );
    expect(elsewhere.view.back).toBe("/admin/shipments");
    expect((elsewhere.answer as Response).headers.get("Location")).toBe("/admin/shipments");
  });
});

function base(trackingNumber: string) {
  return {
    trackingNumber,
    status: "Processing",
    originLocation: "Monrovia",
    destinationLocation: "Dakar",
    currentLocation: null,
    estimatedDelivery: new Date("2030-01-01T00:00:00Z"),
    weight: null,
    dimensions: "1 x 1 x 1",
    notes: null,
    shipperId: null,
    consigneeId: null,
  };
}

function decodeToast(response: Response) {
  const match = response.headers.get("Set-Cookie")?.match(/toast=([^;]+)/);
  return match ? JSON.parse(Buffer.from(match[1]!, "base64url").toString("utf8")) : null;
}

describe("the shipment detail page", () => {
  let shipmentId: string;
  let shipperId: string;
  let consigneeId: string;

  beforeAll(async () => {
    const party = { company: null, email: null, phone: null, address: null };
    shipperId = (await createParty({ db: services.db, kind: "shipper", input: { name: "Sender", ...party } }))
      .id;
    consigneeId = (
      await createParty({ db: services.db, kind: "consignee", input: { name: "Receiver", ...party } })
    ).id;
    shipmentId = (
      await createShipment({ db: services.db, input: { ...base("TST-0200"), shipperId, consigneeId } })
    ).id;
  });

  const post = (fields: Record<string, string>, id = shipmentId) =>
    detailAction({
      request: request(`/admin/shipments/${id}`, fields),
      context: context(),
      params: { id },
    } as never);

  it("loads the shipment; unknown or malformed ids are 404", async () => {
    const data = (await load(detailLoader, `/admin/shipments/${shipmentId}`, { id: shipmentId })) as Awaited<
      ReturnType<typeof detailLoader>
    >;
    expect(data.shipment).toMatchObject({
      trackingNumber: "TST-0200",
      shipper: { name: "Sender" },
      consignee: { name: "Receiver" },
    });
    expect(await thrownStatus(load(detailLoader, "/admin/shipments/x", { id: "x" }))).toBe(404);
    expect(
      await thrownStatus(
        load(detailLoader, "/admin/shipments/x", { id: "00000000-0000-4000-8000-000000000000" }),
      ),
    ).toBe(404);
    expect(await thrownStatus(post({ intent: "add-status", status: "A", location: "B" }, "nope"))).toBe(404);
  });

  it("adds a status update without changing the shipment's status, unless asked", async () => {
    const added = (await post({
      intent: "add-status",
      status: "Arrived",
      location: "Accra",
      notes: "",
      timestamp: "2026-11-01T10:00",
    })) as Response;
    expect(decodeToast(added)).toMatchObject({ title: "Status update added" });
    let shipment = await getShipmentById({ db: services.db, id: shipmentId });
    expect(shipment!.status).toBe("Processing");
    expect(shipment!.history.map((h) => h.status)).toEqual(["Arrived"]);
    await post({
      intent: "add-status",
      status: "Delivered",
      location: "Accra",
      alsoSetCurrent: "on",
      timestamp: "2026-11-01T11:00",
    });
    shipment = await getShipmentById({ db: services.db, id: shipmentId });
    expect(shipment).toMatchObject({ status: "Delivered", currentLocation: "Accra" });

    const before = shipment!.history.length;
    const bad = (await post({
      intent: "add-status",
      status: "",
      location: "x".repeat(500),
      timestamp: "2026-11-01T12:00",
    })) as Reply;
    expect(bad.init?.status).toBe(400);
    expect(bad.data.result!.error).toMatchObject({
      status: ["Status is required."],
      location: ["Location must be at most 200 characters."],
    });
    expect((await getShipmentById({ db: services.db, id: shipmentId }))!.history).toHaveLength(before);
  });

  it("edits and deletes a status update", async () => {
    const entry = (await getShipmentById({ db: services.db, id: shipmentId }))!.history.at(-1)!;
    const saved = (await post({
      intent: "update-status",
      id: entry.id,
      status: "Arrived",
      location: "Tema",
      notes: "<script>x</script>",
      timestamp: "2026-11-01T09:00",
    })) as Response;
    expect(decodeToast(saved)).toMatchObject({ title: "Status update saved" });
    const stored = (await getShipmentById({ db: services.db, id: shipmentId }))!.history.find(
      (h) => h.id === entry.id,
    )!;
    expect(stored).toMatchObject({ location: "Tema", notes: "<script>x</script>" });

    const malformed = (await post({
      intent: "update-status",
      id: "nope",
      status: "A",
      location: "B",
    })) as Reply;
    expect(malformed.init?.status).toBe(400);
    const missing = (await post({
      intent: "delete-status",
      id: "00000000-0000-4000-8000-000000000000",
    })) as Response;
    expect(decodeToast(missing)).toMatchObject({ type: "error", title: "Failed to delete status" });
    const deleted = (await post({ intent: "delete-status", id: entry.id })) as Response;
    expect(decodeToast(deleted)).toMatchObject({ type: "success", title: "Status deleted successfully" });
  });

  it("backdates status updates in the company's time zone; a bad or future time changes nothing", async () => {
    const settings = await getSiteSettings({ db: services.db });
    await updateSiteSettings({ db: services.db, settings: { ...settings, timeZone: "Europe/London" } });
    services.siteSettings.invalidate();
    try {
      const history = async () => (await getShipmentById({ db: services.db, id: shipmentId }))!.history;
      const added = (await post({
        intent: "add-status",
        status: "Loaded",
        location: "Freeport",
        timestamp: "2026-07-01T10:00",
      })) as Response;
      expect(decodeToast(added)).toMatchObject({ type: "success", title: "Status update added" });
      // An unticked 'current' is not remembered: the next update starts ticked again (the dialog's default).
      expect(added.headers.getSetCookie()).not.toContainEqual(expect.stringMatching(/^status_set_current=/));
      const loaded = (await history()).find((h) => h.status === "Loaded")!;
      expect(loaded.timestamp.toISOString()).toBe("2026-07-01T09:00:00.000Z");

      const before = await history();
      const refused = async (timestamp: string, message: string) => {
        const reply = (await post({
          intent: "add-status",
          status: "Late",
          location: "X",
          timestamp,
        })) as Reply;
        expect(reply.init?.status).toBe(400);
        expect(reply.data.result!.error).toEqual({ timestamp: [message] });
        const edit = (await post({
          intent: "update-status",
          id: loaded.id,
          status: "Late",
          location: "X",
          timestamp,
        })) as Reply;
        expect(edit.init?.status).toBe(400);
        expect(edit.data.result!.error).toEqual({ timestamp: [message] });
      };
      await refused("2026-02-30T10:00", "Enter a real date and time, like 2026-03-14 09:30.");
      await refused("", "Event date and time is required.");
      const inThreeDays = toLocalDateTime(new Date(Date.now() + 3 * 24 * 3600_000), "Europe/London");
      await refused(inThreeDays, "The event date and time cannot be more than 1 day in the future.");
      expect(await history()).toEqual(before);

      // Editing moves the entry in time.
      const saved = (await post({
        intent: "update-status",
        id: loaded.id,
        status: "Loaded",
        location: "Freeport",
        timestamp: "2026-01-05T10:00",
      })) as Response;
      expect(decodeToast(saved)).toMatchObject({ title: "Status update saved" });
      expect((await history()).find((h) => h.id === loaded.id)!.timestamp.toISOString()).toBe(
        "2026-01-05T10:00:00.000Z",
      );

      // The page shows and prefills event times in the company's zone.
      const page = async (extraCookie: string) =>
        (await detailLoader({
          request: new Request(`http://localhost/admin/shipments/${shipmentId}`, {
            headers: { cookie: `${cookie}${extraCookie}` },
          }),
          context: context(),
          params: { id: shipmentId },
        } as never)) as Awaited<ReturnType<typeof detailLoader>>;
      const shown = await page("; status_set_current=1");
      expect(shown.timeZone).toBe("Europe/London");
      // No remembered checkbox any more: an old cookie's unticked choice is not read.
      expect(shown).not.toHaveProperty("alsoSetCurrent");
      expect(await page("; status_set_current=0")).not.toHaveProperty("alsoSetCurrent");
      await post({
        intent: "update-status",
        id: loaded.id,
        status: "Loaded",
        location: "Freeport",
        timestamp: "2026-07-01T10:00",
      });
      const entry = (await page("")).shipment.history.find((h) => h.id === loaded.id)!;
      expect(entry).toMatchObject({
        date: "Jul 1, 2026 10:00 AM",
        iso: "2026-07-01T09:00:00.000Z",
        timestamp: "2026-07-01T10:00",
      });

      const current = (await post({
        intent: "add-status",
        status: "Unloaded",
        location: "Freeport",
        alsoSetCurrent: "on",
        timestamp: "2026-07-02T10:00",
      })) as Response;
      expect(current.headers.getSetCookie()).not.toContainEqual(
        expect.stringMatching(/^status_set_current=/),
      );
    } finally {
      await updateSiteSettings({ db: services.db, settings });
      services.siteSettings.invalidate();
    }
  });

  it("edits the shipper and deletes the consignee (the shipment keeps no consignee)", async () => {
    const bad = (await post({ intent: "update-shipper", name: "", email: "x" })) as Reply;
    expect(bad.init?.status).toBe(400);
    expect(bad.data.target).toBe("shipper");
    const updated = (await post({
      intent: "update-shipper",
      name: "Sender Two",
      phone: "0770 123 456",
    })) as Response;
    expect(decodeToast(updated)).toMatchObject({ title: "Shipper updated" });
    // Stored in E.164 (a Liberian mobile number typed the local way).
    expect((await services.db.select().from(shippers).where(eq(shippers.id, shipperId)))[0]).toMatchObject({
      name: "Sender Two",
      phone: "+231770123456",
    });

    const deleted = (await post({ intent: "delete-consignee" })) as Response;
    expect(decodeToast(deleted)).toMatchObject({ title: "Consignee deleted" });
    expect(await services.db.select().from(consignees).where(eq(consignees.id, consigneeId))).toEqual([]);
    expect((await getShipmentById({ db: services.db, id: shipmentId }))!.consigneeId).toBeNull();
    const again = (await post({ intent: "delete-consignee" })) as Response;
    expect(decodeToast(again)).toMatchObject({ type: "error", title: "Failed to delete consignee" });
  });

  it("unlinks the shipper from this shipment only: the shipper stays in the address book", async () => {
    const [shipper] = await services.db
      .insert(shippers)
      .values({ name: "Linked Sender" })
      .returning({ id: shippers.id });
    const other = await createShipment({
      db: services.db,
      input: { ...base("TST-0300"), shipperId: shipper!.id },
    });
    const detail = (fields: Record<string, string>) =>
      detailAction({
        request: request(`/admin/shipments/${other.id}`, fields),
        context: context(),
        params: { id: other.id },
      } as never);

    const malformed = (await detail({ intent: "unlink-shipper", partyId: "1 or 1=1" })) as Reply;
    expect(malformed.init?.status).toBe(400);
    // A page out of date (it shows another party) unlinks nothing.
    const stale = (await detail({ intent: "unlink-shipper", partyId: shipperId })) as Response;
    expect(decodeToast(stale)).toMatchObject({ type: "error", title: "Failed to unlink shipper" });
    const wrongKind = (await detail({ intent: "unlink-consignee", partyId: shipper!.id })) as Response;
    expect(decodeToast(wrongKind)).toMatchObject({ type: "error", title: "Failed to unlink consignee" });
    expect((await getShipmentById({ db: services.db, id: other.id }))!.shipperId).toBe(shipper!.id);

    const unlinked = (await detail({ intent: "unlink-shipper", partyId: shipper!.id })) as Response;
    expect(unlinked.status).toBe(302);
    expect(unlinked.headers.get("Location")).toBe(`/admin/shipments/${other.id}`);
    expect(decodeToast(unlinked)).toMatchObject({ type: "success", title: "Shipper unlinked" });
    expect((await getShipmentById({ db: services.db, id: other.id }))!.shipperId).toBeNull();
    expect(await services.db.select().from(shippers).where(eq(shippers.id, shipper!.id))).toHaveLength(1);
  });

  it("answers an unknown intent with 400", async () => {
    const reply = (await post({ intent: "explode" })) as Reply;
    expect(reply.init?.status).toBe(400);
  });
});

describe("the shipment detail's Notifications card", () => {
  let shipmentId: string;
  let logId: string;

  beforeAll(async () => {
    const contact = { company: null, address: null };
    const shipperId = (
      await createParty({
        db: services.db,
        kind: "shipper",
        input: { name: "Notified Sender", email: "sender@example.com", phone: "+231770000001", ...contact },
      })
    ).id;
    const consigneeId = (
      await createParty({
        db: services.db,
        kind: "consignee",
        input: { name: "Notified Receiver", email: "receiver@example.com", phone: null, ...contact },
      })
    ).id;
    shipmentId = (
      await createShipment({ db: services.db, input: { ...base("TST-0390"), shipperId, consigneeId } })
    ).id;
    const [message] = await services.db
      .insert(outbox)
      .values({
        channel: "email",
        to: "receiver@example.com",
        subject: "TST-0390: Arrived at Port of Monrovia",
        text: "Arrived at Port of Monrovia",
        messageId: `<${crypto.randomUUID()}@example.com>`,
        status: "failed",
        attempts: 3,
        lastError: "550 mailbox unavailable",
      })
      .returning();
    const [log] = await services.db
      .insert(notificationLog)
      .values({
        shipmentId,
        outboxId: message!.id,
        role: "consignee",
        channel: "email",
        address: "receiver@example.com",
        summary: "Arrived at Port of Monrovia",
      })
      .returning();
    logId = log!.id;
  });

  const post = (fields: Record<string, string>) =>
    detailAction({
      request: request(`/admin/shipments/${shipmentId}`, fields),
      context: context(),
      params: { id: shipmentId },
    } as never) as Promise<Response | Reply>;
  const card = async () =>
    ((await load(detailLoader, `/admin/shipments/${shipmentId}`, { id: shipmentId })) as ShipmentDetailData)
      .notifications;
  const logCount = async () =>
    (
      await services.db
        .select({ n: count() })
        .from(notificationLog)
        .where(eq(notificationLog.shipmentId, shipmentId))
    )[0]!.n;

  it("shows every recipient and every message: channel, state, retries and the provider's reason", async () => {
    const notifications = await card();
    expect(notifications.paused).toBe(false);
    expect(notifications.recipients).toEqual([
      expect.objectContaining({
        role: "shipper",
        name: "Notified Sender",
        phone: "+231770000001",
        enabled: true,
      }),
      expect.objectContaining({ role: "consignee", email: "receiver@example.com", enabled: true }),
    ]);
    expect(notifications.messages).toEqual([
      expect.objectContaining({
        id: logId,
        channel: "email",
        status: "failed",
        retries: 2,
        reason: "550 mailbox unavailable",
        summary: "Arrived at Port of Monrovia",
      }),
    ]);
  });

  it("turns a recipient off and on again", async () => {
    const off = (await post({
      intent: "set-notification-recipient",
      role: "consignee",
      enabled: "off",
    })) as Response;
    expect(off.status).toBe(302);
    expect(decodeToast(off)).toMatchObject({ type: "success", title: "The consignee will not be notified" });
    expect((await card()).recipients.find((r) => r.role === "consignee")!.enabled).toBe(false);
    await post({ intent: "set-notification-recipient", role: "consignee", enabled: "on" });
    expect((await card()).recipients.find((r) => r.role === "consignee")!.enabled).toBe(true);
  });

  it("pauses and resumes the shipment's notifications", async () => {
    const paused = (await post({ intent: "pause-notifications" })) as Response;
    expect(decodeToast(paused)).toMatchObject({ type: "success", title: "Notifications paused" });
    expect((await card()).paused).toBe(true);
    const resumed = (await post({ intent: "resume-notifications" })) as Response;
    expect(decodeToast(resumed)).toMatchObject({ type: "success", title: "Notifications resumed" });
    expect((await card()).paused).toBe(false);
  });

  it("resends one message as a new queued message", async () => {
    const response = (await post({ intent: "resend-notification", id: logId })) as Response;
    expect(response.status).toBe(302);
    expect(decodeToast(response)).toMatchObject({
      type: "success",
      title: "Message queued to be sent again",
    });
    const messages = (await card()).messages;
    expect(messages).toHaveLength(2);
    // A new copy, newest first; the original keeps its failure (the test's services have no SMTP, so the
    // outbox keeps the copy as cancelled).
    expect(messages[0]!.id).not.toBe(logId);
    expect(messages[0]).toMatchObject({
      address: "receiver@example.com",
      summary: "Arrived at Port of Monrovia",
    });
    expect(messages[1]).toMatchObject({ id: logId, status: "failed" });
  });

  it("refuses bad input with a clear message and changes nothing", async () => {
    const before = await card();
    const count = await logCount();
    const hostile: Record<string, string>[] = [
      { intent: "set-notification-recipient", role: "admin", enabled: "off" },
      { intent: "set-notification-recipient", role: "consignee", enabled: "maybe" },
      { intent: "set-notification-recipient" },
      { intent: "resend-notification", id: "not-a-uuid" },
      { intent: "resend-notification" },
    ];
    for (const fields of hostile) {
      const reply = (await post(fields)) as Reply;
      expect(reply.init?.status, JSON.stringify(fields)).toBe(400);
      expect(reply.data.target).toBe("notifications");
      expect(reply.data.result?.error?.[""]?.[0]).toBeTruthy();
    }
    // A message of another shipment (or none): a toast saying so, nothing resent.
    const unknown = (await post({ intent: "resend-notification", id: crypto.randomUUID() })) as Response;
    expect(decodeToast(unknown)).toMatchObject({
      type: "error",
      title: "Failed to resend the message",
      description: "This message does not exist.",
    });
    expect(await logCount()).toBe(count);
    expect(await card()).toEqual(before);
  });

  it("lists the public subscribers with their full address, and removes one", async () => {
    const now = new Date();
    const [confirmed, waiting] = await services.db
      .insert(notificationSubscribers)
      .values([
        // Listed oldest first (one insert gives both the same created_at unless told).
        {
          shipmentId,
          channel: "email",
          address: "follower@example.com",
          confirmedAt: now,
          createdAt: new Date(now.getTime() - 2000),
        },
        {
          shipmentId,
          createdAt: new Date(now.getTime() - 1000),
          channel: "sms",
          address: "+231770123456",
          secretHash: "b".repeat(64),
          expiresAt: new Date(now.getTime() + 10 * 60 * 1000),
        },
        // Expired before confirming: not shown, counts for nothing.
        {
          shipmentId,
          channel: "email",
          address: "gone@example.com",
          secretHash: "c".repeat(64),
          expiresAt: new Date(now.getTime() - 1000),
        },
      ])
      .returning();
    expect((await card()).subscribers).toEqual([
      expect.objectContaining({
        id: confirmed!.id,
        channel: "email",
        address: "follower@example.com",
        confirmed: true,
      }),
      expect.objectContaining({
        id: waiting!.id,
        channel: "sms",
        address: "+231770123456",
        confirmed: false,
      }),
    ]);
    for (const id of ["not-a-uuid", ""]) {
      const reply = (await post({ intent: "remove-subscriber", id })) as Reply;
      expect(reply.init?.status).toBe(400);
      expect(reply.data.result?.error?.[""]).toEqual(["This subscriber does not exist."]);
    }
    // Another shipment's subscriber (or none) is not this card's to remove.
    expect(
      ((await post({ intent: "remove-subscriber", id: crypto.randomUUID() })) as Reply).init?.status,
    ).toBe(400);
    expect((await card()).subscribers).toHaveLength(2);
    const removed = (await post({ intent: "remove-subscriber", id: confirmed!.id })) as Response;
    expect(decodeToast(removed)).toMatchObject({ type: "success", title: "Subscriber removed" });
    expect((await card()).subscribers.map((s) => s.address)).toEqual(["+231770123456"]);
    const signedOut = await thrownStatus(
      detailAction({
        request: request(
          `/admin/shipments/${shipmentId}`,
          { intent: "remove-subscriber", id: waiting!.id },
          false,
        ),
        context: context(),
        params: { id: shipmentId },
      } as never),
    );
    expect(signedOut).toBe(302);
    expect((await card()).subscribers).toHaveLength(1);
  });

  it("tells the customers an update that becomes the shipment's status, and never one that does not", async () => {
    const { timeZone } = await services.siteSettings.get();
    // Each message's summary, subject and text, as queued for the recipients.
    const summaries = async () =>
      (
        await services.db
          .select({ summary: notificationLog.summary, subject: outbox.subject, text: outbox.text })
          .from(notificationLog)
          .innerJoin(outbox, eq(outbox.id, notificationLog.outboxId))
          .where(eq(notificationLog.shipmentId, shipmentId))
      ).map((row) => `${row.summary}\n${row.subject}\n${row.text}`);
    // Unticked: an earlier step added to the history. The tracking page keeps 'Processing', so no message
    // may say 'Customs hold'.
    await post({
      intent: "add-status",
      status: "Customs hold",
      location: "Freetown",
      timestamp: toLocalDateTime(new Date(), timeZone),
    });
    await post({
      intent: "add-status",
      status: "Arrived",
      location: "Port of Monrovia",
      alsoSetCurrent: "on",
      timestamp: toLocalDateTime(new Date(), timeZone),
    });
    const shipment = await getShipmentById({ db: services.db, id: shipmentId });
    expect(shipment).toMatchObject({ status: "Arrived", currentLocation: "Port of Monrovia" });
    await services.notifications.runOnce();
    const told = await summaries();
    expect(told.filter((message) => message.includes("Arrived at Port of Monrovia")).length).toBeGreaterThan(
      0,
    );
    expect(told.filter((summary) => summary.includes("Customs hold"))).toEqual([]);
  });

  it("requires a signed-in admin", async () => {
    const status = await thrownStatus(
      detailAction({
        request: request(`/admin/shipments/${shipmentId}`, { intent: "pause-notifications" }, false),
        context: context(),
        params: { id: shipmentId },
      } as never),
    );
    expect(status).toBe(302);
    expect((await card()).paused).toBe(false);
  });
});
