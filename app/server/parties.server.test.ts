import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../tests/setup/test-db.ts";
import { partySchema } from "#app/schemas/shipment.ts";
import type { Database } from "#app/server/db/client.server.ts";
import {
  assertPartiesExist,
  createParty,
  deleteParty,
  getParty,
  listParties,
  PartyNotFoundError,
  updateParty,
} from "#app/server/parties.server.ts";

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
    expect(updated).toMatchObject({ name: "Ama Mensah", phone: "+231 555 0100", company: null });
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
