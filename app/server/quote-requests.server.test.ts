import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../tests/setup/test-db.ts";
import type { Database } from "#app/server/db/client.server.ts";
import { quoteRequests } from "#app/server/db/schema.ts";
import { createQuoteRequest } from "#app/server/quote-requests.server.ts";

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
