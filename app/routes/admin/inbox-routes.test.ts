// Longer than 450 lines: both inboxes' routes (lists, details, bulk actions, events) share one database and
// one signed-in clerk.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freightTypeLabels } from "#app/lib/freight-terms.ts";
import * as contactDetail from "#app/routes/admin/contact-submissions.$id.tsx";
import * as contactList from "#app/routes/admin/contact-submissions.tsx";
import * as events from "#app/routes/admin/events.ts";
import * as quoteDetail from "#app/routes/admin/quote-requests.$id.tsx";
import * as quoteList from "#app/routes/admin/quote-requests.tsx";
import { quoteRequests, shipments } from "#app/server/db/schema.ts";
import {
  createContactSubmission,
  getContactSubmissionById,
} from "#app/server/inbox/contact-submissions.server.ts";
import { mailtoHref } from "#app/server/inbox/inbox-pages.server.ts";
import { createQuoteRequest, getQuoteRequestById } from "#app/server/quotes/quote-requests.server.ts";
import type { Services } from "#app/server/services.server.ts";
import { signInStaff } from "#tests/setup/staff-session.ts";
import { createTestContext, createTestServices } from "#tests/setup/test-db.ts";

let services: Services;
let cookie: string;
let keyCounter = 0;

beforeAll(async () => {
  services = await createTestServices();
  ({ cookie } = await signInStaff({
    ...services,
    email: "inbox@example.com",
    password: "inbox staff passphrase",
  }));
});
afterAll(() => services?.close());

const BASE = "http://localhost";
const quoteInput = (firstName: string) => ({
  firstName,
  lastName: "Flomo",
  email: `${firstName.toLowerCase()}@example.com`,
  cityDeparture: "Monrovia",
  deliveryCity: "Accra",
  parcelType: "Pallets" as const,
  weight: "2 tons",
  specialInfo: "Fragile <b>glass</b>\nKeep dry",
  freightTypes: ["sea" as const, "road" as const],
});

async function newQuote(firstName = "Musu") {
  const { id } = await createQuoteRequest({
    db: services.db,
    input: quoteInput(firstName),
    submissionKey: `inbox-test-${++keyCounter}`,
  });
  return id!;
}

async function newMessage(name = "Joseph Kollie") {
  const { id } = await createContactSubmission({
    db: services.db,
    input: {
      name,
      email: "joseph@example.com",
      subject: "Shipping a car & more",
      message: "Line one\nLine two",
    },
    submissionKey: `inbox-test-${++keyCounter}`,
  });
  return id!;
}

function post(path: string, fields: Record<string, string | string[]>, withSession = true) {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) body.append(name, item);
  }
  return new Request(`${BASE}${path}`, {
    method: "POST",
    body,
    headers: withSession ? { cookie, origin: BASE } : { origin: BASE },
  });
}

async function thrown(promise: Promise<unknown>): Promise<Response> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Response) return error;
    if (error && typeof error === "object" && "init" in error) {
      const init = (error as { init?: ResponseInit }).init;
      return new Response(null, init ?? undefined);
    }
    throw error;
  }
  throw new Error("Expected a thrown response");
}

const args = (request: Request, params: Record<string, string> = {}) =>
  ({ request, context: createTestContext(services), params }) as never;

describe("the helpers", () => {
  it("label freight types, with 'road' and anything else as Road Transport", () => {
    expect(freightTypeLabels(["air", "sea", "road", "other"])).toEqual([
      "Air Freight",
      "Sea Freight",
      "Road Transport",
    ]);
  });

  it("build a properly encoded mailto link", () => {
    const href = mailtoHref({ to: "ann.o'neil@example.com", subject: "RE: a & b?", body: "Dear Ann,\n\n" });
    expect(href).toBe(
      "mailto:ann.o'neil@example.com?subject=RE%3A%20a%20%26%20b%3F&body=Dear%20Ann%2C%0D%0A%0D%0A",
    );
  });
});

describe("the quote requests routes", () => {
  it("list with filters from the URL, and open one request (marking it read)", async () => {
    const id = await newQuote("Opened");
    const list = await quoteList.loader(
      args(new Request(`${BASE}/admin/quote-requests?read=unread&q=opened`)),
    );
    expect(list.items.map((item) => item.id)).toEqual([id]);
    expect(list.items[0]).toMatchObject({
      name: "Opened Flomo",
      route: "Monrovia → Accra",
      parcelType: "Pallets",
    });
    expect(list.selected).toBeNull();

    const detail = await quoteDetail.loader(args(new Request(`${BASE}/admin/quote-requests/${id}`), { id }));
    expect(detail.selected).toMatchObject({
      id,
      isRead: true,
      freightTypes: ["Sea Freight", "Road Transport"],
      specialInfo: "Fragile <b>glass</b>\nKeep dry",
    });
    expect(detail.selected?.submittedOn).toMatch(/^[A-Z][a-z]+ \d{1,2}, \d{4} \d{1,2}:\d{2} [AP]M$/);
    expect(detail.selected?.replyHref).toMatch(
      /^mailto:opened@example\.com\?subject=RE%3A%20Your%20Quote%20Request&body=Dear%20Opened%2C/,
    );
    expect((await getQuoteRequestById({ db: services.db, id }))?.isRead).toBe(true);
  });

  it("answer 404 for an unknown or malformed id", async () => {
    for (const id of ["00000000-0000-4000-8000-000000000000", "nope"]) {
      const response = await thrown(
        quoteDetail.loader(args(new Request(`${BASE}/admin/quote-requests/${id}`), { id })),
      );
      expect(response.status).toBe(404);
    }
  });

  it("toggle read and unread, then back to the list with its filters and the spec's toast", async () => {
    const id = await newQuote("Toggle");
    const response = (await quoteList.action(
      args(post("/admin/quote-requests?read=unread&q=x", { intent: "toggle", id, read: "true" })),
    )) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/quote-requests?read=unread&q=x");
    const toast = response.headers.get("Set-Cookie") ?? "";
    expect(Buffer.from(toast.split("=")[1]!.split(";")[0]!, "base64url").toString()).toContain(
      "Request marked as read",
    );
    expect((await getQuoteRequestById({ db: services.db, id }))?.isRead).toBe(true);

    const back = (await quoteList.action(
      args(post("/admin/quote-requests", { intent: "toggle", id, read: "false" })),
    )) as Response;
    expect(
      Buffer.from(back.headers.get("Set-Cookie")!.split("=")[1]!.split(";")[0]!, "base64url").toString(),
    ).toContain("Request marked as unread");
    expect((await getQuoteRequestById({ db: services.db, id }))?.isRead).toBe(false);
  });

  it("delete, and fail with the spec's message when the request is gone", async () => {
    const id = await newQuote("Delete");
    const response = (await quoteList.action(
      args(post("/admin/quote-requests", { intent: "delete", id })),
    )) as Response;
    expect(response.status).toBe(302);
    expect(await getQuoteRequestById({ db: services.db, id })).toBeNull();

    const again = (await quoteList.action(args(post("/admin/quote-requests", { intent: "delete", id })))) as {
      data: unknown;
      init: ResponseInit;
    };
    expect(again.init.status).toBe(200);
    expect(again.data).toEqual({ intent: "delete", id, error: "Failed to delete quote request" });
  });

  it("refuse hostile or malformed posts with a 400, never a 500", async () => {
    const id = await newQuote("Hostile");
    const bodies: Record<string, string | string[]>[] = [
      {},
      { intent: "toggle", id, read: "maybe" },
      { intent: "toggle", id: "1 or 1=1", read: "true" },
      { intent: "toggle", id: [id, id], read: "true" },
      { intent: "explode", id },
      { intent: "delete", id: "<script>alert(1)</script>" },
    ];
    for (const body of bodies) {
      const reply = (await quoteList.action(args(post("/admin/quote-requests", body)))) as {
        init: ResponseInit;
      };
      expect(reply.init.status, JSON.stringify(body)).toBe(400);
    }
    expect(await getQuoteRequestById({ db: services.db, id })).not.toBeNull();
  });

  it("refuse a visitor without a session", async () => {
    const id = await newQuote("Guarded");
    const response = await thrown(
      quoteList.action(args(post("/admin/quote-requests", { intent: "delete", id }, false))),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(/^\/admin-login\?/);
    expect(await getQuoteRequestById({ db: services.db, id })).not.toBeNull();
  });
});

describe("the contact messages routes", () => {
  it("open a message (marking it read), toggle it and delete it", async () => {
    const id = await newMessage();
    const detail = await contactDetail.loader(
      args(new Request(`${BASE}/admin/contact-submissions/${id}`), { id }),
    );
    expect(detail.selected).toMatchObject({ id, isRead: true, message: "Line one\nLine two" });
    expect(detail.selected?.replyHref).toContain("subject=RE%3A%20Shipping%20a%20car%20%26%20more");

    const toggled = (await contactList.action(
      args(post("/admin/contact-submissions", { intent: "toggle", id, read: "false" })),
    )) as Response;
    expect(
      Buffer.from(toggled.headers.get("Set-Cookie")!.split("=")[1]!.split(";")[0]!, "base64url").toString(),
    ).toContain("Message marked as unread");
    const deleted = (await contactList.action(
      args(post("/admin/contact-submissions", { intent: "delete", id })),
    )) as Response;
    expect(
      Buffer.from(deleted.headers.get("Set-Cookie")!.split("=")[1]!.split(";")[0]!, "base64url").toString(),
    ).toContain("Message deleted successfully");
    expect(await getContactSubmissionById({ db: services.db, id })).toBeNull();
    const failed = (await contactList.action(
      args(post("/admin/contact-submissions", { intent: "toggle", id, read: "true" })),
    )) as {
      data: unknown;
    };
    expect(failed.data).toMatchObject({ error: "Failed to update message status" });
  });
});

/** Reads the stream until `text` has arrived (or fails after a few seconds). */
async function readUntil(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  text: string,
  seen = { value: "" },
) {
  const decoder = new TextDecoder();
  const deadline = Date.now() + 5000;
  while (!seen.value.includes(text)) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${text}; got ${seen.value}`);
    const chunk = await Promise.race([
      reader.read(),
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error(`Timed out: ${seen.value}`)), 5000),
      ),
    ]);
    if (chunk.done) throw new Error(`Stream ended before ${text}; got ${seen.value}`);
    seen.value += decoder.decode(chunk.value, { stream: true });
  }
  return seen.value;
}

describe("the events route (/admin/events)", () => {
  it("refuses a visitor without a session: a redirect to the login page, no stream", async () => {
    for (const headers of [
      {},
      { cookie: "admin_session=forged-token-value-that-is-long-enough-xxxx" },
    ] as Record<string, string>[]) {
      const response = await thrown(events.loader(args(new Request(`${BASE}/admin/events`, { headers }))));
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toMatch(/^\/admin-login\?/);
      expect(response.headers.get("Content-Type")).toBeNull();
    }
  });

  it("sends an Editor no inbox events (decision 019): the stream carries heartbeats only", async () => {
    const editor = await signInStaff({ ...services, email: "events-editor@example.com", role: "editor" });
    const controller = new AbortController();
    const response = await events.loader(
      args(
        new Request(`${BASE}/admin/events`, {
          headers: { cookie: editor.cookie },
          signal: controller.signal,
        }),
      ),
    );
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    const seen = { value: "" };
    await readUntil(reader, "retry: 2000", seen);
    const quoteId = await newQuote("Hidden From Editors");
    const messageId = await newMessage("Hidden Message");
    // The staff stream of the test above hears such events within milliseconds; give this one a moment.
    await new Promise((resolve) => setTimeout(resolve, 500));
    controller.abort();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      seen.value += new TextDecoder().decode(chunk.value);
    }
    expect(seen.value).not.toContain("event: inbox");
    expect(seen.value).not.toContain(quoteId);
    expect(seen.value).not.toContain(messageId);
  });

  it("streams new quote requests and messages to signed-in staff, and ends when the browser leaves", async () => {
    const controller = new AbortController();
    const response = await events.loader(
      args(new Request(`${BASE}/admin/events`, { headers: { cookie }, signal: controller.signal })),
    );
    expect(response.headers.get("Content-Type")).toMatch(/^text\/event-stream/);
    expect(response.headers.get("Cache-Control")).toBe("no-cache, no-transform");
    expect(response.headers.get("X-Accel-Buffering")).toBe("no");
    expect(response.headers.get("Connection")).toBe("close");
    const reader = response.body!.getReader();
    const seen = { value: "" };
    await readUntil(reader, "retry: 2000", seen);

    const quoteId = await newQuote("Live");
    await readUntil(reader, quoteId, seen);
    expect(seen.value).toContain(
      `event: inbox\ndata: ${JSON.stringify({ type: "quote_request.created", id: quoteId })}\n\n`,
    );
    const messageId = await newMessage("Live Message");
    await readUntil(reader, messageId, seen);
    expect(seen.value).toContain(`"type":"contact_submission.created","id":"${messageId}"`);

    controller.abort();
    expect((await reader.read()).done).toBe(true);
  });

  it("ends every open stream when the event bus closes (server shutdown)", async () => {
    const extra = await createTestServices();
    try {
      const { cookie } = await signInStaff({
        ...extra,
        email: "bye@example.com",
        password: "shutdown staff passphrase",
      });
      const response = await events.loader({
        request: new Request(`${BASE}/admin/events`, { headers: { cookie } }),
        context: createTestContext(extra),
        params: {},
      } as never);
      const reader = response.body!.getReader();
      await readUntil(reader, "retry: 2000");
      await extra.events.close();
      expect((await reader.read()).done).toBe(true);
    } finally {
      await extra.close();
    }
  });
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

describe("the language of a request or message (issue 30)", () => {
  it("shows staff the language of the page it was sent from", async () => {
    const { id: quoteId } = await createQuoteRequest({
      db: services.db,
      input: quoteInput("Awa"),
      submissionKey: `inbox-test-${++keyCounter}`,
      language: "fr",
    });
    const quote = await quoteDetail.loader(
      args(new Request(`${BASE}/admin/quote-requests/${quoteId}`), { id: quoteId! }),
    );
    expect(quote.selected?.language).toBe("French");
    const englishId = await newQuote("Plain");
    const english = await quoteDetail.loader(
      args(new Request(`${BASE}/admin/quote-requests/${englishId}`), { id: englishId }),
    );
    expect(english.selected?.language).toBe("English");

    const { id: messageId } = await createContactSubmission({
      db: services.db,
      input: { name: "Awa Koné", email: "awa@example.com", subject: "Une voiture", message: "Bonjour" },
      submissionKey: `inbox-test-${++keyCounter}`,
      language: "fr",
    });
    const message = await contactDetail.loader(
      args(new Request(`${BASE}/admin/contact-submissions/${messageId}`), { id: messageId! }),
    );
    expect(message.selected?.language).toBe("French");
  });
});
