// The address book's loaders and actions, called directly with a real session on a real database.
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as pageAction, loader as pageLoader } from "#app/routes/admin/parties.$id.tsx";
import { action as newAction, loader as newLoader } from "#app/routes/admin/parties.new.tsx";
import { action as listAction, loader as listLoader } from "#app/routes/admin/parties.tsx";
import { consignees, shipments, shippers } from "#app/server/db/schema.ts";
import { createParty, getParty, updateParty } from "#app/server/parties/parties.server.ts";
import type { PartyFormData } from "#app/server/parties/party-views.ts";
import type { Services } from "#app/server/services.server.ts";
import { createShipment, getShipmentById } from "#app/server/shipments/shipments.server.ts";
import { signInStaff } from "#tests/setup/staff-session.ts";
import { createTestContext, createTestServices } from "#tests/setup/test-db.ts";

let services: Services;
let cookie: string;

beforeAll(async () => {
  services = await createTestServices();
  ({ cookie } = await signInStaff({ ...services, email: "book@example.com" }));
});
afterAll(() => services.close());

type Reply = {
  data: { result?: { error?: Record<string, string[] | null> } };
  init: { status?: number } | null;
};

function request(path: string, fields?: Record<string, string> | [string, string][], withCookie = true) {
  return new Request(`http://localhost${path}`, {
    method: fields ? "POST" : "GET",
    headers: withCookie ? { cookie } : {},
    body: fields ? new URLSearchParams(fields) : undefined,
  });
}

const call = <T>(fn: (args: never) => T, path: string, fields?: Record<string, string>, params = {}) =>
  fn({ request: request(path, fields), context: createTestContext(services), params } as never);

async function thrownStatus(promise: unknown): Promise<number> {
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

function decodeToast(response: Response) {
  const match = response.headers.get("Set-Cookie")?.match(/toast=([^;]+)/);
  return match ? JSON.parse(Buffer.from(match[1]!, "base64url").toString("utf8")) : null;
}

const partyCount = async () =>
  (await services.db.select({ n: count() }).from(shippers))[0]!.n +
  (await services.db.select({ n: count() }).from(consignees))[0]!.n;

const shipment = (trackingNumber: string, parties: { shipperId?: string; consigneeId?: string }) =>
  createShipment({
    db: services.db,
    input: {
      trackingNumber,
      status: "In Transit",
      originLocation: "Monrovia",
      destinationLocation: "Accra",
      currentLocation: null,
      estimatedDelivery: new Date("2030-01-01T00:00:00Z"),
      weight: null,
      dimensions: "1 x 1 x 1",
      notes: null,
      shipperId: null,
      consigneeId: null,
      ...parties,
    },
  });

const fields = { company: null, email: null, phone: null, address: null };

describe("the address book list", () => {
  it("lists one tab, searches it and counts each party's shipments", async () => {
    const okafor = await createParty({
      db: services.db,
      kind: "shipper",
      input: { ...fields, name: "Chidi Okafor", company: "Okafor Auto Parts", email: "chidi@example.com" },
    });
    await createParty({ db: services.db, kind: "consignee", input: { ...fields, name: "Okafor Imports" } });
    await shipment("BOOK-0001", { shipperId: okafor.id });

    type Data = Awaited<ReturnType<typeof listLoader>>;
    const shippersTab = (await call(listLoader, "/admin/parties?q=okafor")) as Data;
    expect(shippersTab.query).toEqual({ role: "shipper", q: "okafor", page: 1 });
    expect(shippersTab.rows).toMatchObject([
      { id: okafor.id, name: "Chidi Okafor", company: "Okafor Auto Parts", phone: "", shipmentCount: 1 },
    ]);
    const consigneesTab = (await call(listLoader, "/admin/parties?role=consignee&q=OKAFOR&page=x")) as Data;
    expect(consigneesTab.rows.map((row) => row.name)).toEqual(["Okafor Imports"]);
    expect(consigneesTab.rows[0]!.shipmentCount).toBe(0);
    // An unknown tab is the shippers'; a hostile search finds nothing and breaks nothing.
    const odd = (await call(listLoader, "/admin/parties?role=admins&q=%25'%20or%201=1--")) as Data;
    expect(odd.query.role).toBe("shipper");
    expect(odd.total).toBe(0);
  });

  it("deletes a party from the list: its shipments keep no shipper; back to the same tab and search", async () => {
    const party = await createParty({
      db: services.db,
      kind: "shipper",
      input: { ...fields, name: "Gone Soon" },
    });
    const linked = await shipment("BOOK-0002", { shipperId: party.id });
    const response = (await call(listAction, "/admin/parties?role=shipper&q=gone", {
      intent: "delete-party",
      id: party.id,
    })) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/parties?role=shipper&q=gone");
    expect(decodeToast(response)).toMatchObject({ type: "success", title: "Shipper deleted" });
    expect(await getParty({ db: services.db, kind: "shipper", id: party.id })).toBeNull();
    expect((await getShipmentById({ db: services.db, id: linked.id }))!.shipperId).toBeNull();

    const again = (await call(listAction, "/admin/parties?role=consignee", {
      intent: "delete-party",
      id: party.id,
    })) as Response;
    expect(decodeToast(again)).toMatchObject({ type: "error", title: "Failed to delete consignee" });
    const malformed = (await call(listAction, "/admin/parties", {
      intent: "delete-party",
      id: "1 or 1=1",
    })) as Reply;
    expect(malformed.init?.status).toBe(400);
    const unknown = (await call(listAction, "/admin/parties", { intent: "drop", id: party.id })) as Reply;
    expect(unknown.init?.status).toBe(400);
  });
});

describe("a new party", () => {
  it("starts with the tab's role", async () => {
    const data = (await call(newLoader, "/admin/parties/new?role=consignee")) as PartyFormData;
    expect(data).toMatchObject({ party: null, role: "consignee", values: { name: "" } });
    expect(((await call(newLoader, "/admin/parties/new?role=<b>")) as PartyFormData).role).toBe("shipper");
  });

  it("creates a shipper or a consignee, as chosen, and goes to its page", async () => {
    const response = (await call(newAction, "/admin/parties/new", {
      intent: "save-party",
      role: "consignee",
      name: "  Harbour Foods  ",
      company: "",
      email: "desk@harbour.example",
      phone: "+231 555 0199",
      address: "Freeport\nMonrovia",
    })) as Response;
    expect(response.status).toBe(302);
    const [row] = await services.db.select().from(consignees).where(eq(consignees.name, "Harbour Foods"));
    expect(row).toMatchObject({
      company: null,
      email: "desk@harbour.example",
      address: "Freeport\nMonrovia",
    });
    expect(response.headers.get("Location")).toBe(`/admin/parties/${row!.id}`);
    expect(decodeToast(response)).toMatchObject({ type: "success", title: "Consignee created successfully" });
    expect(await services.db.select().from(shippers).where(eq(shippers.name, "Harbour Foods"))).toEqual([]);
  });

  it("refuses invalid input with 400 and the messages, storing nothing", async () => {
    const before = await partyCount();
    const reply = (await call(newAction, "/admin/parties/new", {
      intent: "save-party",
      role: "admin",
      name: " ",
      email: "not-an-email",
      phone: "x".repeat(41),
    })) as Reply;
    expect(reply.init?.status).toBe(400);
    expect(reply.data.result!.error).toMatchObject({
      role: ["Choose Shipper or Consignee."],
      name: ["Name is required."],
      email: ["Please enter a valid email address."],
      phone: ["Phone must be at most 40 characters."],
    });
    const noRole = (await call(newAction, "/admin/parties/new", {
      intent: "save-party",
      name: "X",
    })) as Reply;
    expect(noRole.init?.status).toBe(400);
    const noIntent = (await call(newAction, "/admin/parties/new", { role: "shipper", name: "X" })) as Reply;
    expect(noIntent.init?.status).toBe(400);
    expect(await partyCount()).toBe(before);
  });

  it("sends a request without a session to the login page and changes nothing", async () => {
    const before = await partyCount();
    const status = await thrownStatus(
      newAction({
        request: request(
          "/admin/parties/new",
          { intent: "save-party", role: "shipper", name: "Sneaky" },
          false,
        ),
        context: createTestContext(services),
        params: {},
      } as never),
    );
    expect(status).toBe(302);
    expect(await partyCount()).toBe(before);
    expect(
      await thrownStatus(
        listLoader({
          request: request("/admin/parties", undefined, false),
          context: createTestContext(services),
          params: {},
        } as never),
      ),
    ).toBe(302);
  });
});

describe("a party's page", () => {
  it("saves an office landline as the contact phone and says which channels each number can get", async () => {
    const response = (await call(newAction, "/admin/parties/new", {
      intent: "save-party",
      role: "shipper",
      name: "Shanghai Office Landline",
      phone: "+86 21 5555 0188",
    })) as Response;
    expect(response.status).toBe(302);
    const [row] = await services.db
      .select()
      .from(shippers)
      .where(eq(shippers.name, "Shanghai Office Landline"));
    expect(row!.phone).toBe("+862155550188");
    const landline = (await call(pageLoader, `/admin/parties/${row!.id}`, undefined, {
      id: row!.id,
    })) as PartyFormData;
    expect(landline).toMatchObject({
      phoneChannels: "Landline: e-mail only (text messages go to mobile numbers).",
    });
    const mobile = await createParty({
      db: services.db,
      kind: "consignee",
      input: { ...fields, name: "Mobile Receiver", phone: "+231770123456" },
    });
    const mobileData = (await call(pageLoader, `/admin/parties/${mobile.id}`, undefined, {
      id: mobile.id,
    })) as PartyFormData;
    expect(mobileData).toMatchObject({ phoneChannels: "Mobile: SMS and WhatsApp, and e-mail." });
  });

  it("shows the party and the shipments it is on, newest first; unknown or malformed ids are 404", async () => {
    const party = await createParty({
      db: services.db,
      kind: "consignee",
      input: { ...fields, name: "Paged Receiver", phone: "0886 000 111" },
    });
    await shipment("BOOK-0101", { consigneeId: party.id });
    await shipment("BOOK-0102", { consigneeId: party.id });
    const data = (await call(pageLoader, `/admin/parties/${party.id}`, undefined, {
      id: party.id,
    })) as PartyFormData;
    expect(data).toMatchObject({
      role: "consignee",
      party: { id: party.id, name: "Paged Receiver", company: "", phone: "0886 000 111" },
      shipments: { total: 2, page: 1, pageCount: 1 },
    });
    expect("shipments" in data && data.shipments.rows.map((row) => row.trackingNumber)).toEqual([
      "BOOK-0102",
      "BOOK-0101",
    ]);
    for (const id of ["nope", "00000000-0000-4000-8000-000000000000", "' or 1=1 --"]) {
      expect(await thrownStatus(call(pageLoader, "/admin/parties/x", undefined, { id }))).toBe(404);
      expect(
        await thrownStatus(call(pageAction, "/admin/parties/x", { intent: "delete-party" }, { id })),
      ).toBe(404);
    }
  });

  it("saves 'No reminders' from the address book; the party's other forms leave it as it is", async () => {
    const party = await createParty({
      db: services.db,
      kind: "shipper",
      input: { ...fields, name: "Quiet" },
    });
    const url = `/admin/parties/${party.id}`;
    const save = (extra: Record<string, string>) =>
      call(pageAction, url, { intent: "save-party", name: "Quiet", ...extra }, { id: party.id });
    await save({ noReminders: "on" });
    expect((await getParty({ db: services.db, kind: "shipper", id: party.id }))!.noReminders).toBe(true);
    const loaded = (await call(pageLoader, url, undefined, { id: party.id })) as {
      values: { noReminders: boolean };
    };
    expect(loaded.values.noReminders).toBe(true);
    // A save from elsewhere (a shipment's party fields) names no such field: it stays.
    await updateParty({
      db: services.db,
      kind: "shipper",
      id: party.id,
      input: { ...fields, name: "Quiet Ltd" },
    });
    expect((await getParty({ db: services.db, kind: "shipper", id: party.id }))!.noReminders).toBe(true);
    await save({});
    expect((await getParty({ db: services.db, kind: "shipper", id: party.id }))!.noReminders).toBe(false);
  });

  it("saves the party's fields, refuses invalid ones, and deletes it", async () => {
    const party = await createParty({
      db: services.db,
      kind: "shipper",
      input: { ...fields, name: "Edit Me" },
    });
    const linked = await shipment("BOOK-0201", { shipperId: party.id });
    const url = `/admin/parties/${party.id}`;
    const saved = (await call(
      pageAction,
      url,
      { intent: "save-party", name: "Edited", company: "Edited Ltd", role: "consignee" },
      { id: party.id },
    )) as Response;
    expect(saved.headers.get("Location")).toBe(url);
    expect(decodeToast(saved)).toMatchObject({ type: "success", title: "Shipper updated" });
    // The role of an existing party does not change.
    expect(await getParty({ db: services.db, kind: "shipper", id: party.id })).toMatchObject({
      name: "Edited",
      company: "Edited Ltd",
    });

    const bad = (await call(
      pageAction,
      url,
      { intent: "save-party", name: "", email: "@" },
      { id: party.id },
    )) as Reply;
    expect(bad.init?.status).toBe(400);
    expect(bad.data.result!.error).toMatchObject({ name: ["Name is required."] });
    expect((await getParty({ db: services.db, kind: "shipper", id: party.id }))!.name).toBe("Edited");
    const unknown = (await call(pageAction, url, { intent: "unlink" }, { id: party.id })) as Reply;
    expect(unknown.init?.status).toBe(400);

    const deleted = (await call(pageAction, url, { intent: "delete-party" }, { id: party.id })) as Response;
    expect(deleted.headers.get("Location")).toBe("/admin/parties?role=shipper");
    expect(decodeToast(deleted)).toMatchObject({ type: "success", title: "Shipper deleted" });
    expect(await getParty({ db: services.db, kind: "shipper", id: party.id })).toBeNull();
    expect(await services.db.select().from(shipments).where(eq(shipments.id, linked.id))).toMatchObject([
      { shipperId: null },
    ]);
  });
});
