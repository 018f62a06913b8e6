import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { partySchema, shipmentSchema } from "#app/schemas/shipment.ts";
import type { Database } from "#app/server/db/client.server.ts";
import {
  assertPartiesExist,
  createParty,
  deleteParty,
  findParties,
  findPartyById,
  findPartyShipments,
  getParty,
  listParties,
  PartyNotFoundError,
  unlinkParty,
  updateParty,
} from "#app/server/parties/parties.server.ts";
import { createShipment, getShipmentById } from "#app/server/shipments/shipments.server.ts";
import { createTestDatabase } from "#tests/setup/test-db.ts";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const UNKNOWN = "00000000-0000-4000-8000-000000000000";

describe("parties", () => {
  it("creates, lists by name, updates and deletes shippers and consignees apart", async () => {
    const { db } = database;
    const zed = await createParty({
      db,
      kind: "shipper",
      input: partySchema.parse({ name: "Zed", company: "Zed Ltd", email: "zed@example.com" }),
    });
    const ama = await createParty({ db, kind: "shipper", input: partySchema.parse({ name: "Ama" }) });
    const kofi = await createParty({ db, kind: "consignee", input: partySchema.parse({ name: "Kofi" }) });

    expect(await listParties({ db, kind: "shipper" })).toEqual([
      { id: ama.id, name: "Ama", company: null },
      { id: zed.id, name: "Zed", company: "Zed Ltd" },
    ]);
    expect(await listParties({ db, kind: "consignee" })).toEqual([
      { id: kofi.id, name: "Kofi", company: null },
    ]);
    expect(await getParty({ db, kind: "shipper", id: zed.id })).toMatchObject({
      name: "Zed",
      email: "zed@example.com",
    });
    // A shipper is not a consignee.
    expect(await getParty({ db, kind: "consignee", id: zed.id })).toBeNull();

    const updated = await updateParty({
      db,
      kind: "shipper",
      id: ama.id,
      input: partySchema.parse({ name: "Ama Mensah", phone: "+231 555 0100" }),
    });
    expect(updated).toMatchObject({ name: "Ama Mensah", phone: "+2315550100", company: null });
    expect(updated!.updatedAt.getTime()).toBeGreaterThanOrEqual(ama.updatedAt.getTime());

    expect(await deleteParty({ db, kind: "consignee", id: zed.id })).toBe(false);
    expect(await deleteParty({ db, kind: "shipper", id: zed.id })).toBe(true);
    expect(await getParty({ db, kind: "shipper", id: zed.id })).toBeNull();
  });

  it("names the missing party", async () => {
    const { db } = database;
    const shipper = await createParty({ db, kind: "shipper", input: partySchema.parse({ name: "Ship" }) });
    const consignee = await createParty({
      db,
      kind: "consignee",
      input: partySchema.parse({ name: "Take" }),
    });
    await expect(
      assertPartiesExist({ db, shipperId: shipper.id, consigneeId: consignee.id }),
    ).resolves.toBeUndefined();
    await expect(assertPartiesExist({ db, shipperId: null, consigneeId: null })).resolves.toBeUndefined();
    await expect(assertPartiesExist({ db, shipperId: UNKNOWN })).rejects.toThrow(
      new PartyNotFoundError("Shipper ID not found"),
    );
    await expect(assertPartiesExist({ db, shipperId: shipper.id, consigneeId: UNKNOWN })).rejects.toThrow(
      new PartyNotFoundError("Consignee ID not found"),
    );
  });

  it("answers unknown or malformed ids with nothing, never an error", async () => {
    const { db } = database;
    const input = partySchema.parse({ name: "Nobody" });
    expect(await getParty({ db, kind: "shipper", id: "not-a-uuid" })).toBeNull();
    expect(await getParty({ db, kind: "shipper", id: UNKNOWN })).toBeNull();
    expect(await updateParty({ db, kind: "shipper", id: "x'; drop table shippers; --", input })).toBeNull();
    expect(await updateParty({ db, kind: "consignee", id: UNKNOWN, input })).toBeNull();
    expect(await deleteParty({ db, kind: "shipper", id: "not-a-uuid" })).toBe(false);
    expect(await deleteParty({ db, kind: "consignee", id: UNKNOWN })).toBe(false);
  });
});

const shipmentInput = (
  trackingNumber: string,
  parties: { shipperId?: string; consigneeId?: string } = {},
) => ({
  ...shipmentSchema.parse({
    trackingNumber,
    status: "In Transit",
    originLocation: "Monrovia, Liberia",
    destinationLocation: "Accra, Ghana",
    estimatedDelivery: "2030-01-01",
    dimensions: "1 x 1 x 1 m",
  }),
  ...parties,
});

describe("the address book", () => {
  it("searches name, company, email and phone, case-insensitively, within one kind, and pages by name", async () => {
    const { db } = database;
    const okafor = await createParty({
      db,
      kind: "shipper",
      input: partySchema.parse({
        name: "Chidi Okafor",
        company: "Okafor Auto Parts",
        email: "chidi@okafor-auto.example",
        phone: "+231 77 777 0199",
      }),
    });
    const flomo = await createParty({
      db,
      kind: "shipper",
      input: partySchema.parse({ name: "Musu Flomo", company: "Flomo & Sons", phone: "0886 123 456" }),
    });
    await createParty({ db, kind: "consignee", input: partySchema.parse({ name: "Okafor Receiving" }) });

    const ids = async (search: string, kind: "shipper" | "consignee" = "shipper") =>
      (await findParties({ db, kind, search })).rows.map((row) => row.id);
    expect(await ids("OKAFOR")).toEqual([okafor.id]);
    expect(await ids("auto parts")).toEqual([okafor.id]);
    expect(await ids("@okafor-auto")).toEqual([okafor.id]);
    expect(await ids("+231777770199")).toEqual([okafor.id]);
    // Digits find a phone number however it is written.
    expect(await ids("7770199")).toEqual([okafor.id]);
    expect(await ids("(0886) 123-456")).toEqual([flomo.id]);
    expect(await ids("& sons")).toEqual([flomo.id]);
    // Wildcards are literal, fields are never joined, consignees are apart.
    expect(await ids("%")).toEqual([]);
    expect(await ids("Parts chidi")).toEqual([]);
    expect((await findParties({ db, kind: "consignee", search: "okafor" })).total).toBe(1);

    const all = await findParties({ db, kind: "shipper", pageSize: 100 });
    const names = all.rows.map((row) => row.name);
    expect(names).toEqual([...names].sort());
    const first = await findParties({ db, kind: "shipper", pageSize: 1 });
    expect(first).toMatchObject({ total: all.total, page: 1, pageCount: all.total });
    expect(first.rows.map((row) => row.id)).toEqual([all.rows[0]!.id]);
    const past = await findParties({ db, kind: "shipper", pageSize: 1, page: 99 });
    expect(past.page).toBe(all.total);
    expect(past.rows.map((row) => row.id)).toEqual([all.rows.at(-1)!.id]);
  });

  it("counts and lists the shipments a party is on, finds a party by id alone, and unlinks", async () => {
    const { db } = database;
    const shipper = await createParty({
      db,
      kind: "shipper",
      input: partySchema.parse({ name: "Aaa Sender" }),
    });
    const consignee = await createParty({
      db,
      kind: "consignee",
      input: partySchema.parse({ name: "Aaa Receiver" }),
    });
    const one = await createShipment({
      db,
      input: shipmentInput("ADR-0001", { shipperId: shipper.id, consigneeId: consignee.id }),
    });
    const two = await createShipment({ db, input: shipmentInput("ADR-0002", { shipperId: shipper.id }) });

    const listed = await findParties({ db, kind: "shipper", search: "aaa sender" });
    expect(listed.rows).toMatchObject([{ id: shipper.id, shipmentCount: 2 }]);
    const theirs = await findPartyShipments({ db, kind: "shipper", id: shipper.id });
    expect(theirs.total).toBe(2);
    expect(theirs.rows.map((row) => row.trackingNumber)).toEqual(["ADR-0002", "ADR-0001"]);
    expect((await findPartyShipments({ db, kind: "consignee", id: consignee.id })).total).toBe(1);
    // The same id as the other kind is on nothing.
    expect((await findPartyShipments({ db, kind: "consignee", id: shipper.id })).total).toBe(0);

    expect(await findPartyById({ db, id: shipper.id })).toMatchObject({
      kind: "shipper",
      party: { name: "Aaa Sender" },
    });
    expect(await findPartyById({ db, id: consignee.id })).toMatchObject({ kind: "consignee" });
    expect(await findPartyById({ db, id: UNKNOWN })).toBeNull();
    expect(await findPartyById({ db, id: "1 or 1=1" })).toBeNull();

    // Unlinking needs the party that is linked; it leaves the party and the other links.
    expect(await unlinkParty({ db, kind: "shipper", shipmentId: one.id, partyId: consignee.id })).toBe(false);
    expect(await unlinkParty({ db, kind: "consignee", shipmentId: two.id, partyId: consignee.id })).toBe(
      false,
    );
    expect(await unlinkParty({ db, kind: "shipper", shipmentId: one.id, partyId: shipper.id })).toBe(true);
    expect(await unlinkParty({ db, kind: "shipper", shipmentId: one.id, partyId: shipper.id })).toBe(false);
    expect(await getShipmentById({ db, id: one.id })).toMatchObject({
      shipperId: null,
      consigneeId: consignee.id,
    });
    expect(await getParty({ db, kind: "shipper", id: shipper.id })).not.toBeNull();
    expect((await findPartyShipments({ db, kind: "shipper", id: shipper.id })).total).toBe(1);
    expect(await unlinkParty({ db, kind: "shipper", shipmentId: "nope", partyId: shipper.id })).toBe(false);

    // Deleting a party leaves its shipments without it.
    expect(await deleteParty({ db, kind: "shipper", id: shipper.id })).toBe(true);
    expect((await getShipmentById({ db, id: two.id }))!.shipperId).toBeNull();
  });
});
