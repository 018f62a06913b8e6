import { drizzle } from "drizzle-orm/node-postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "#app/server/db/client.server.ts";
import * as schema from "#app/server/db/schema.ts";
import { contactSubmissions, quoteRequests } from "#app/server/db/schema.ts";
import {
  countUnreadInbox,
  findAdminBell,
  findUnreadContactNotifications,
  findUnreadQuoteNotifications,
} from "#app/server/inbox/unread.server.ts";
import { watchOverlaps } from "#tests/setup/query-overlaps.ts";
import { createTestDatabase } from "#tests/setup/test-db.ts";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const quote = (firstName: string, minutesAgo: number, isRead = false) => ({
  firstName,
  lastName: "Doe",
  email: `${firstName.toLowerCase()}@example.com`,
  cityDeparture: "Monrovia",
  deliveryCity: "Accra",
  parcelType: "Parcels",
  weight: "10 kg",
  freightTypes: ["air"],
  isRead,
  createdAt: new Date(Date.now() - minutesAgo * 60_000),
});

describe("the admin shell's data", () => {
  it("lists unread quote requests newest first, for the bell", async () => {
    const { db } = database;
    expect(await findUnreadQuoteNotifications({ db })).toEqual({ items: [], total: 0 });
    await db.insert(quoteRequests).values([quote("Old", 30), quote("New", 1), quote("Read", 5, true)]);
    const { items, total } = await findUnreadQuoteNotifications({ db });
    expect(total).toBe(2);
    expect(items.map((item) => `${item.firstName} ${item.lastName}`)).toEqual(["New Doe", "Old Doe"]);
    // The count is of every unread request, not only of those listed.
    expect(await findUnreadQuoteNotifications({ db, limit: 1 })).toMatchObject({ total: 2 });
    expect((await findUnreadQuoteNotifications({ db, limit: 1 })).items).toHaveLength(1);
  });

  it("counts unread contact messages, for the sidebar's 'New' badge and count", async () => {
    const { db } = database;
    const unread = async () => (await findUnreadContactNotifications({ db })).total;
    expect(await unread()).toBe(0);
    const message = { name: "Ann", email: "ann@example.com", subject: "Hello there", message: "A message." };
    await db.insert(contactSubmissions).values({ ...message, isRead: true });
    expect(await unread()).toBe(0);
    await db.insert(contactSubmissions).values(message);
    expect(await unread()).toBe(1);
  });
});

describe("the bell's contact messages", () => {
  it("lists unread contact messages newest first, with their count", async () => {
    const { db } = database;
    await db.delete(contactSubmissions);
    expect(await findUnreadContactNotifications({ db })).toEqual({ items: [], total: 0 });
    const message = (name: string, minutesAgo: number, isRead = false) => ({
      name,
      email: `${name.toLowerCase()}@example.com`,
      subject: `From ${name}`,
      message: "A message.",
      isRead,
      createdAt: new Date(Date.now() - minutesAgo * 60_000),
    });
    await db
      .insert(contactSubmissions)
      .values([message("Old", 30), message("New", 1), message("Read", 5, true)]);
    const { items, total } = await findUnreadContactNotifications({ db });
    expect(total).toBe(2);
    expect(items.map((item) => item.name)).toEqual(["New", "Old"]);
    expect(items[0]).toMatchObject({ subject: "From New" });
  });
});

describe("the dashboard's inbox counts", () => {
  it("counts unread quote requests and unread contact messages", async () => {
    const { db } = database;
    await db.delete(quoteRequests);
    await db.delete(contactSubmissions);
    expect(await countUnreadInbox({ db })).toEqual({ quoteRequests: 0, messages: 0 });
    await db.insert(quoteRequests).values([quote("One", 3), quote("Two", 2), quote("Seen", 1, true)]);
    const message = { name: "Ann", email: "ann@example.com", subject: "Hello there", message: "A message." };
    await db.insert(contactSubmissions).values([message, { ...message, isRead: true }]);
    expect(await countUnreadInbox({ db })).toEqual({ quoteRequests: 2, messages: 1 });
  });
});

describe("the admin shell's bell on one connection", () => {
  it("sends one query at a time, as a writing request's connection needs (pg 9 refuses more)", async () => {
    // A connection of the app's own pool, as a staff member's writing request holds one (decision 021).
    const own = await openDatabase({ databaseUrl: database.url, poolSize: 1 });
    let watch = { queries: 0, overlaps: 0 };
    // Before the pool's own listener, so the watch sees what pg is asked.
    own.pool.prependListener("connect", (connection) => {
      watch = watchOverlaps(connection);
    });
    const client = await own.pool.connect();
    try {
      const bell = await findAdminBell({ db: drizzle(client, { schema }) });
      expect(bell.quotes.total).toBe(2);
      expect(bell.messages.total).toBe(1);
      expect(watch).toEqual({ queries: 2, overlaps: 0 });
      expect(await countUnreadInbox({ db: drizzle(client, { schema }) })).toEqual({
        quoteRequests: 2,
        messages: 1,
      });
      expect(watch.overlaps).toBe(0);
    } finally {
      client.release();
      await own.close();
    }
  });
});
