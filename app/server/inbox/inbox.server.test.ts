import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#app/server/db/client.server.ts";
import { cleanSearch, parseInboxQuery } from "#app/server/db/inbox-records.server.ts";
import { contactSubmissions, quoteRequests } from "#app/server/db/schema.ts";
import { likePattern } from "#app/server/db/text-search.server.ts";
import {
  deleteContactSubmission,
  findContactSubmissions,
  getContactSubmissionById,
  openContactSubmission,
  setContactSubmissionRead,
} from "#app/server/inbox/contact-submissions.server.ts";
import {
  deleteQuoteRequest,
  findQuoteRequests,
  getQuoteRequestById,
  openQuoteRequest,
  setQuoteRequestRead,
} from "#app/server/quotes/quote-requests.server.ts";
import { createTestDatabase } from "#tests/setup/test-db.ts";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const MISSING = "00000000-0000-4000-8000-000000000000";
const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000);

const quote = (
  firstName: string,
  minutesAgo: number,
  overrides: Partial<typeof quoteRequests.$inferInsert> = {},
) => ({
  firstName,
  lastName: "Doe",
  email: `${firstName.toLowerCase()}@example.com`,
  cityDeparture: "Monrovia",
  deliveryCity: "Accra",
  parcelType: "Parcels",
  weight: "10 kg",
  freightTypes: ["air"],
  isRead: false,
  createdAt: ago(minutesAgo),
  ...overrides,
});

const message = (
  name: string,
  minutesAgo: number,
  overrides: Partial<typeof contactSubmissions.$inferInsert> = {},
) => ({
  name,
  email: `${name.toLowerCase().replace(/\s+/g, ".")}@example.com`,
  subject: `Question from ${name}`,
  message: "Line one\nLine two",
  isRead: false,
  createdAt: ago(minutesAgo),
  ...overrides,
});

describe("parseInboxQuery", () => {
  it("reads the filter, search and page from the URL and ignores anything odd", () => {
    expect(
      parseInboxQuery(new URL("http://x/admin/quote-requests?read=unread&q=%20Accra%20&page=3")),
    ).toEqual({
      read: "unread",
      search: "Accra",
      page: 3,
    });
    expect(parseInboxQuery(new URL("http://x/?read=maybe&q=%00%01&page=-1"))).toEqual({
      read: undefined,
      search: undefined,
      page: 1,
    });
    expect(parseInboxQuery(new URL(`http://x/?page=1e9&q=${"a".repeat(500)}`)).search).toHaveLength(200);
  });

  it("matches search terms literally", () => {
    expect(likePattern("50%_off\\")).toBe("%50\\%\\_off\\\\%");
    expect(cleanSearch(" a\tb ")).toBe("a b");
  });
});

describe("quote requests inbox", () => {
  beforeAll(async () => {
    await database.db
      .insert(quoteRequests)
      .values([
        quote("Musu", 1),
        quote("Joseph", 2, { isRead: true, deliveryCity: "Lagos" }),
        quote("Ama", 3, { cityDeparture: "Buchanan", email: "ama@shipper.lr" }),
        quote("Percent", 4, { lastName: "100% Sure" }),
        ...Array.from({ length: 21 }, (_, i) => quote(`Bulk${i}`, 10 + i, { isRead: true })),
      ]);
  });

  it("lists newest first, pages through and counts", async () => {
    const { db } = database;
    const first = await findQuoteRequests({ db, page: 1, pageSize: 10 });
    expect(first.total).toBe(25);
    expect(first.pageCount).toBe(3);
    expect(first.items.map((q) => q.firstName).slice(0, 3)).toEqual(["Musu", "Joseph", "Ama"]);
    const last = await findQuoteRequests({ db, page: 3, pageSize: 10 });
    expect(last.items).toHaveLength(5);
    // A page past the end shows the last page.
    expect((await findQuoteRequests({ db, page: 99, pageSize: 10 })).page).toBe(3);
  });

  it("filters read and unread", async () => {
    const { db } = database;
    const unread = await findQuoteRequests({ db, read: "unread" });
    expect(unread.items.map((q) => q.firstName)).toEqual(["Musu", "Ama", "Percent"]);
    expect((await findQuoteRequests({ db, read: "read" })).total).toBe(22);
  });

  it("searches name, e-mail and cities, case-insensitively and literally", async () => {
    const { db } = database;
    const names = async (search: string, read?: "read" | "unread") =>
      (await findQuoteRequests({ db, search, read })).items.map((q) => q.firstName);
    expect(await names("musu doe")).toEqual(["Musu"]);
    expect(await names("SHIPPER.LR")).toEqual(["Ama"]);
    expect(await names("buchanan")).toEqual(["Ama"]);
    expect(await names("lagos")).toEqual(["Joseph"]);
    expect(await names("lagos", "unread")).toEqual([]);
    expect(await names("100%")).toEqual(["Percent"]);
    expect(await names("%")).toEqual(["Percent"]);
    expect(await names("' or 1=1 --")).toEqual([]);
  });

  it("toggles read and unread, opens (marking read) and deletes", async () => {
    const { db } = database;
    const [row] = await db.insert(quoteRequests).values(quote("Toggle", 0)).returning();
    const id = row!.id;
    expect((await setQuoteRequestRead({ db, id, isRead: true }))?.isRead).toBe(true);
    expect((await setQuoteRequestRead({ db, id, isRead: false }))?.isRead).toBe(false);

    const opened = await openQuoteRequest({ db, id });
    expect(opened?.isRead).toBe(true);
    expect((await getQuoteRequestById({ db, id }))?.isRead).toBe(true);

    expect(await deleteQuoteRequest({ db, id })).toBe(true);
    expect(await getQuoteRequestById({ db, id })).toBeNull();
    expect(await deleteQuoteRequest({ db, id })).toBe(false);
  });

  it("answers null or false for unknown and malformed ids", async () => {
    const { db } = database;
    for (const id of [MISSING, "not-a-uuid", "1; drop table quote_requests"]) {
      expect(await getQuoteRequestById({ db, id })).toBeNull();
      expect(await openQuoteRequest({ db, id })).toBeNull();
      expect(await setQuoteRequestRead({ db, id, isRead: true })).toBeNull();
      expect(await deleteQuoteRequest({ db, id })).toBe(false);
    }
  });
});

describe("contact messages inbox", () => {
  beforeAll(async () => {
    await database.db
      .insert(contactSubmissions)
      .values([
        message("Ann Kollie", 1),
        message("Bob", 2, { isRead: true, subject: "Shipping a car" }),
        message("Cee", 3, { email: "cee@freight.lr" }),
        ...Array.from({ length: 20 }, (_, i) => message(`Bulk${i}`, 10 + i, { isRead: true })),
      ]);
  });

  it("lists newest first, filters and pages", async () => {
    const { db } = database;
    const first = await findContactSubmissions({ db, pageSize: 20 });
    expect(first).toMatchObject({ total: 23, page: 1, pageCount: 2 });
    expect(first.items[0]?.name).toBe("Ann Kollie");
    expect((await findContactSubmissions({ db, page: 2, pageSize: 20 })).items).toHaveLength(3);
    expect((await findContactSubmissions({ db, read: "unread" })).items.map((m) => m.name)).toEqual([
      "Ann Kollie",
      "Cee",
    ]);
    expect((await findContactSubmissions({ db, read: "read" })).total).toBe(21);
  });

  it("searches name, e-mail and subject", async () => {
    const { db } = database;
    const names = async (search: string) =>
      (await findContactSubmissions({ db, search })).items.map((m) => m.name);
    expect(await names("kollie")).toEqual(["Ann Kollie"]);
    expect(await names("FREIGHT.LR")).toEqual(["Cee"]);
    expect(await names("a car")).toEqual(["Bob"]);
    expect(await names("nobody-here")).toEqual([]);
  });

  it("toggles, opens (marking read) and deletes", async () => {
    const { db } = database;
    const [row] = await db.insert(contactSubmissions).values(message("Toggle", 0)).returning();
    const id = row!.id;
    expect((await setContactSubmissionRead({ db, id, isRead: true }))?.isRead).toBe(true);
    expect((await setContactSubmissionRead({ db, id, isRead: false }))?.isRead).toBe(false);
    const opened = await openContactSubmission({ db, id });
    expect(opened).toMatchObject({ isRead: true, message: "Line one\nLine two" });
    expect(await deleteContactSubmission({ db, id })).toBe(true);
    expect(await getContactSubmissionById({ db, id })).toBeNull();
    expect(await deleteContactSubmission({ db, id })).toBe(false);
    expect(await openContactSubmission({ db, id: "bad" })).toBeNull();
    expect(await setContactSubmissionRead({ db, id: MISSING, isRead: true })).toBeNull();
  });
});
