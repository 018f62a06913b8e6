// The inboxes' pages: the quote requests' and contact messages' lists and details (reading, toggling,
// deleting), their helpers and the language a request was sent in, against one database and one signed-in
// clerk.
import { describe, expect, it } from "vitest";
import { freightTypeLabels } from "#app/lib/freight-terms.ts";
import * as contactDetail from "#app/routes/admin/contact-submissions.$id.tsx";
import * as contactList from "#app/routes/admin/contact-submissions.tsx";
import * as quoteDetail from "#app/routes/admin/quote-requests.$id.tsx";
import * as quoteList from "#app/routes/admin/quote-requests.tsx";
import {
  createContactSubmission,
  getContactSubmissionById,
} from "#app/server/inbox/contact-submissions.server.ts";
import { mailtoHref } from "#app/server/inbox/inbox-pages.server.ts";
import { createQuoteRequest, getQuoteRequestById } from "#app/server/quotes/quote-requests.server.ts";
import type { Services } from "#app/server/services.server.ts";
import { BASE, quoteInput, signedInClerk, thrown } from "./inbox-routes.test-support.ts";

let services: Services;
let keyCounter = 0;
const { newQuote, newMessage, post, args } = signedInClerk((opened) => {
  services = opened;
});

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

describe("the language of a request or message (decision 030)", () => {
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
