import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#app/server/db/client.server.ts";
import { contactSubmissions } from "#app/server/db/schema.ts";
import { createContactSubmission } from "#app/server/inbox/contact-submissions.server.ts";
import { createTestDatabase } from "#tests/setup/test-db.ts";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const input = {
  name: "Joseph Kollie",
  email: "joseph@example.com",
  subject: "Shipping a car",
  message: "Line one\nLine two <b>not bold</b> '; drop table contact_submissions; --",
};

describe("createContactSubmission", () => {
  it("stores the message unread, as plain text", async () => {
    const { db } = database;
    const result = await createContactSubmission({ db, input, submissionKey: "key-0000000000000001" });
    expect(result.created).toBe(true);
    const [row] = await db.select().from(contactSubmissions).where(eq(contactSubmissions.id, result.id!));
    expect(row).toMatchObject({ ...input, isRead: false });
  });

  it("stores one row per submission key", async () => {
    const { db } = database;
    const key = "key-0000000000000002";
    expect((await createContactSubmission({ db, input, submissionKey: key })).created).toBe(true);
    expect((await createContactSubmission({ db, input, submissionKey: key })).created).toBe(false);
    const rows = await db.select().from(contactSubmissions).where(eq(contactSubmissions.submissionKey, key));
    expect(rows).toHaveLength(1);
  });
});
