// The inboxes' bulk actions: marking and deleting chosen or filtered quote requests and contact messages.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as contactList from "#app/routes/admin/contact-submissions.tsx";
import * as quoteList from "#app/routes/admin/quote-requests.tsx";
import { quoteRequests, shipments } from "#app/server/db/schema.ts";
import { getContactSubmissionById } from "#app/server/inbox/contact-submissions.server.ts";
import { getQuoteRequestById } from "#app/server/quotes/quote-requests.server.ts";
import type { Services } from "#app/server/services.server.ts";
import { signedInClerk, thrown } from "./inbox-routes.test-support.ts";

let services: Services;
let keyCounter = 0;
const { newQuote, newMessage, post, args } = signedInClerk((opened) => {
  services = opened;
});

describe("bulk actions", () => {
  const toastOf = (response: Response) =>
    Buffer.from(response.headers.get("Set-Cookie")!.split("=")[1]!.split(";")[0]!, "base64url").toString();
  const isRead = async (ids: string[]) =>
    Promise.all(ids.map(async (id) => (await getQuoteRequestById({ db: services.db, id }))?.isRead ?? null));

  it("mark eight chosen requests read in one post, counting only those that changed", async () => {
    const ids = await Promise.all(Array.from({ length: 8 }, (_, i) => newQuote(`Bulk${i}x`)));
    await quoteList.action(
      args(post("/admin/quote-requests", { intent: "toggle", id: ids[0]!, read: "true" })),
    );
    const response = (await quoteList.action(
      args(post("/admin/quote-requests?q=Bulk", { intent: "bulk-read", scope: "selected", ids })),
    )) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/quote-requests?q=Bulk");
    expect(toastOf(response)).toContain("7 quote requests marked as read");
    expect(await isRead(ids)).toEqual(Array(8).fill(true));
    const unread = (await quoteList.action(
      args(post("/admin/quote-requests", { intent: "bulk-unread", scope: "selected", ids: ids.slice(0, 1) })),
    )) as Response;
    expect(toastOf(unread)).toContain("1 quote request marked as unread");
    expect(await isRead(ids.slice(0, 2))).toEqual([false, true]);
  });

  it("delete every request the filter matches, read again on the server (never the page's count)", async () => {
    const stamp = `Match${++keyCounter}z`;
    const matching = await Promise.all([1, 2, 3].map((n) => newQuote(`${stamp}${n}`)));
    const other = await newQuote(`Keep${keyCounter}z`);
    // The stage filter also applies: a booked request of the same search stays.
    const booked = await newQuote(`${stamp}9`);
    const [shipment] = await services.db
      .insert(shipments)
      .values({
        trackingNumber: `UTG-${stamp}`,
        status: "Pending",
        originLocation: "A",
        destinationLocation: "B",
      })
      .returning();
    await services.db
      .update(quoteRequests)
      .set({ bookedShipmentId: shipment!.id })
      .where(eq(quoteRequests.id, booked));
    const response = (await messageOrQuote("quote", {
      intent: "bulk-delete",
      scope: "matching",
      read: "",
      q: stamp,
      stage: "new",
    })) as Response;
    expect(toastOf(response)).toContain("3 quote requests deleted");
    for (const id of matching) expect(await getQuoteRequestById({ db: services.db, id })).toBeNull();
    expect(await getQuoteRequestById({ db: services.db, id: other })).not.toBeNull();
    expect(await getQuoteRequestById({ db: services.db, id: booked })).not.toBeNull();
  });

  it("mark contact messages unread and delete them", async () => {
    const ids = await Promise.all([newMessage("Bulk One"), newMessage("Bulk Two")]);
    const read = (await messageOrQuote("message", {
      intent: "bulk-read",
      scope: "selected",
      ids,
    })) as Response;
    expect(toastOf(read)).toContain("2 messages marked as read");
    const gone = (await messageOrQuote("message", {
      intent: "bulk-delete",
      scope: "selected",
      ids,
    })) as Response;
    expect(toastOf(gone)).toContain("2 messages deleted");
    for (const id of ids) expect(await getContactSubmissionById({ db: services.db, id })).toBeNull();
  });

  it("refuse a post it cannot read with 400, changing nothing", async () => {
    const id = await newQuote("BulkBad");
    const refused: Record<string, string | string[]>[] = [
      { intent: "bulk-delete", scope: "selected", ids: ["not-a-uuid"] },
      { intent: "bulk-delete", scope: "selected", ids: [] },
      { intent: "bulk-delete", scope: "selected", ids: Array.from({ length: 501 }, () => id) },
      { intent: "bulk-delete", scope: "everything", ids: [id] },
      { intent: "bulk-delete" },
      { intent: "bulk-delete", scope: "matching", read: "sometimes", q: "", stage: "" },
      { intent: "bulk-delete", scope: "matching", read: "", q: "", stage: "lost" },
      { intent: "bulk-delete", scope: "matching", read: ["", "read"], q: "", stage: "" },
      { intent: "bulk-explode", scope: "selected", ids: [id] },
    ];
    for (const fields of refused) {
      const reply = (await quoteList.action(args(post("/admin/quote-requests", fields)))) as {
        data: { error: string };
        init: ResponseInit;
      };
      expect(reply.init.status, JSON.stringify(fields).slice(0, 80)).toBe(400);
      expect(reply.data.error).toBe("The selection could not be read. Choose the quote requests again.");
    }
    expect(await getQuoteRequestById({ db: services.db, id })).not.toBeNull();
  });

  it("answer a post without a session with the login page, changing nothing", async () => {
    const id = await newQuote("BulkNoSession");
    const response = await thrown(
      quoteList.action(
        args(post("/admin/quote-requests", { intent: "bulk-delete", scope: "selected", ids: [id] }, false)),
      ),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(/^\/admin-login/);
    expect(await getQuoteRequestById({ db: services.db, id })).not.toBeNull();
  });
});

function messageOrQuote(kind: "quote" | "message", fields: Record<string, string | string[]>) {
  return kind === "quote"
    ? quoteList.action(args(post("/admin/quote-requests", fields)))
    : contactList.action(args(post("/admin/contact-submissions", fields)));
}
