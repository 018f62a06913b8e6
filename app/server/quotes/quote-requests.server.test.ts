import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type QuoteRequestStage, quoteRequestStage } from "#app/lib/quote-stage.ts";
import type { Database } from "#app/server/db/client.server.ts";
import { quoteRequests, shipments } from "#app/server/db/schema.ts";
import { createQuoteRequest, findQuoteRequests } from "#app/server/quotes/quote-requests.server.ts";
import { createTestDatabase } from "#tests/setup/test-db.ts";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const input = {
  firstName: "Musu",
  lastName: "Flomo",
  email: "musu@example.com",
  cityDeparture: "Monrovia",
  deliveryCity: "Accra",
  parcelType: "Documents" as const,
  weight: "10 kg",
  specialInfo: "",
  freightTypes: ["air" as const, "road" as const],
};

describe("createQuoteRequest", () => {
  it("stores the request unread, with empty special information as null", async () => {
    const { db } = database;
    const result = await createQuoteRequest({ db, input, submissionKey: "key-0000000000000001" });
    expect(result.created).toBe(true);
    const [row] = await db.select().from(quoteRequests).where(eq(quoteRequests.id, result.id!));
    expect(row).toMatchObject({
      ...input,
      specialInfo: null,
      isRead: false,
      submissionKey: "key-0000000000000001",
    });
    expect(row!.createdAt).toBeInstanceOf(Date);
  });

  it("stores one row per submission key, even when the two inserts race", async () => {
    const { db } = database;
    const key = "key-0000000000000002";
    const results = await Promise.all([
      createQuoteRequest({ db, input: { ...input, specialInfo: "Keep dry" }, submissionKey: key }),
      createQuoteRequest({ db, input: { ...input, specialInfo: "Keep dry" }, submissionKey: key }),
    ]);
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(results.find((r) => !r.created)).toEqual({ created: false, id: null });
    const rows = await db.select().from(quoteRequests).where(eq(quoteRequests.submissionKey, key));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.specialInfo).toBe("Keep dry");
  });
});

describe("findQuoteRequests by stage", () => {
  it("finds each stage by the same rule as quoteRequestStage, Expired by the clock", async () => {
    const { db } = database;
    const now = new Date("2026-11-24T12:00:00Z");
    const later = new Date("2026-12-08T00:00:00Z");
    const earlier = new Date("2026-11-24T00:00:00Z");
    const [shipment] = await db
      .insert(shipments)
      .values({
        trackingNumber: "UTG-STAGE-0001",
        status: "Pending",
        originLocation: "A",
        destinationLocation: "B",
      })
      .returning();
    const facts = {
      new: { quoteState: null, quoteExpiresAt: null, bookedShipmentId: null },
      draft: { quoteState: "draft", quoteExpiresAt: later, bookedShipmentId: null },
      quoted: { quoteState: "sent", quoteExpiresAt: later, bookedShipmentId: null },
      expired: { quoteState: "sent", quoteExpiresAt: earlier, bookedShipmentId: null },
      accepted: { quoteState: "accepted", quoteExpiresAt: earlier, bookedShipmentId: null },
      declined: { quoteState: "declined", quoteExpiresAt: later, bookedShipmentId: null },
      booked: { quoteState: "accepted", quoteExpiresAt: later, bookedShipmentId: shipment!.id },
    } as const;
    const ids: Record<string, string> = {};
    for (const [name, values] of Object.entries(facts)) {
      const { id } = await createQuoteRequest({
        db,
        input: { ...input, firstName: `Stage${name}` },
        submissionKey: `stage-${name}-0000000000`,
      });
      await db.update(quoteRequests).set(values).where(eq(quoteRequests.id, id!));
      ids[name] = id!;
    }
    const found = async (stage: QuoteRequestStage, at = now) =>
      (await findQuoteRequests({ db, stage, now: at, search: "Stage", pageSize: 100 })).items
        .map((row) => row.firstName.slice("Stage".length))
        .sort();
    expect(await found("New")).toEqual(["draft", "new"]);
    expect(await found("Quoted")).toEqual(["quoted"]);
    expect(await found("Expired")).toEqual(["expired"]);
    expect(await found("Accepted")).toEqual(["accepted"]);
    expect(await found("Declined")).toEqual(["declined"]);
    expect(await found("Booked")).toEqual(["booked"]);
    // Two weeks on, the quoted request has expired by itself.
    expect(await found("Expired", new Date("2026-12-09T00:00:00Z"))).toEqual(["expired", "quoted"]);
    // The SQL and the row's rule agree on every row.
    const all = await findQuoteRequests({ db, search: "Stage", pageSize: 100 });
    for (const row of all.items) {
      const stage = quoteRequestStage(row, now);
      expect(await found(stage), row.firstName).toContain(row.firstName.slice("Stage".length));
    }
  });
});
