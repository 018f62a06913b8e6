import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactSubmissions, quoteRequests } from "#app/server/db/schema.ts";
import type { Services } from "#app/server/services.server.ts";
import { createTestContext, createTestServices } from "#tests/setup/test-db.ts";
import {
  contactEntries,
  type Entries,
  formData,
  postContact,
  quoteEntries,
  uniqueEmail,
} from "./contact.test-support.ts";

let services: Services;
beforeAll(async () => {
  services = await createTestServices();
});
afterAll(() => services.close());

const post = (body: BodyInit, options?: Parameters<typeof postContact>[2]) =>
  postContact(services, body, options);
const quotesFor = (email: string) =>
  services.db.select().from(quoteRequests).where(eq(quoteRequests.email, email));
const messagesFor = (email: string) =>
  services.db.select().from(contactSubmissions).where(eq(contactSubmissions.email, email));

describe("contact form", () => {
  it("stores a valid message unread", async () => {
    const email = uniqueEmail("contact");
    const reply = await post(formData(contactEntries(email)));
    expect(reply.init?.status).toBe(200);
    expect(reply.data).toMatchObject({ form: "contact", outcome: "success" });
    expect(reply.data.sent).toEqual({ email, details: [{ label: "Subject", value: "Shipping a car" }] });
    const rows = await messagesFor(email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: "Joseph Kollie",
      subject: "Shipping a car",
      message: "Hello,\nI would like to ship a car to Accra.",
      isRead: false,
    });
  });

  it("answers 400 with the spec's messages", async () => {
    const email = uniqueEmail("contact-invalid");
    const reply = await post(
      formData(contactEntries(email, { name: "J", email: "nope", subject: "Hi", message: "Short" })),
    );
    expect(reply.init?.status).toBe(400);
    expect(reply.data.result.error).toEqual({
      name: ["Name must be at least 2 characters."],
      email: ["Please enter a valid email address."],
      subject: ["Subject must be at least 5 characters."],
      message: ["Message must be at least 10 characters."],
    });
    expect(reply.data.result.initialValue).toMatchObject({ name: "J", subject: "Hi", message: "Short" });
  });

  it("stores one row per submission key and nothing for the honeypot", async () => {
    const email = uniqueEmail("contact-dup");
    const entries = contactEntries(email);
    await post(formData(entries));
    await post(formData(entries));
    await post(formData(contactEntries(email, { website: "x" })));
    expect(await messagesFor(email)).toHaveLength(1);
  });

  for (const [label, build] of [
    ["a 1 MB message", (email: string) => contactEntries(email, { message: "m".repeat(1024 * 1024) })],
    ["control characters", (email: string) => contactEntries(email, { subject: "Hello\u0007 there" })],
    [
      "repeated fields",
      (email: string) => [...contactEntries(email), ["email", "other@example.com"]] as Entries,
    ],
    [
      "missing fields",
      (email: string) =>
        [
          ["intent", "contact"],
          ["email", email],
        ] as Entries,
    ],
  ] as const) {
    it(`answers 400 and stores nothing for ${label}`, async () => {
      const email = uniqueEmail("contact-hostile");
      const reply = await post(formData(build(email)));
      expect(reply.init?.status).toBe(400);
      expect(await messagesFor(email)).toHaveLength(0);
    });
  }
});

describe("requests that name no form", () => {
  it("answers 400 for an unknown or missing intent, a JSON body and an empty body", async () => {
    const email = uniqueEmail("nointent");
    const replies = [
      await post(formData(quoteEntries(email, { intent: "admin" }))),
      await post(formData(quoteEntries(email).filter(([name]) => name !== "intent"))),
      await post(JSON.stringify({ intent: "quote" }), { headers: { "Content-Type": "application/json" } }),
      await post("", { headers: { "Content-Type": "multipart/form-data; boundary=broken" } }),
      await post(formData([...quoteEntries(email), ["intent", "contact"]])),
    ];
    for (const reply of replies) {
      expect(reply.init?.status).toBe(400);
      expect(reply.data.form).toBeNull();
      expect(reply.data.result.error?.[""]).toEqual([
        "The form could not be read. Please reload the page and try again.",
      ]);
    }
    expect(await quotesFor(email)).toHaveLength(0);
  });
});

describe("rate limit", () => {
  let limited: Services;
  beforeAll(async () => {
    limited = await createTestServices({ FORM_RATE_LIMIT: "2", FORM_RATE_WINDOW_SECONDS: "600" });
  });
  afterAll(() => limited.close());

  it("answers 429 with a clear message once an address has sent too many forms", async () => {
    const context = createTestContext(limited, "198.51.100.7");
    const email = uniqueEmail("limit");
    const send = (entries: Entries) => post(formData(entries), { context });
    expect((await send(quoteEntries(email))).data.outcome).toBe("success");
    expect((await send(contactEntries(email))).data.outcome).toBe("success");
    const third = await send(quoteEntries(email));
    expect(third.init?.status).toBe(429);
    expect(third.data.outcome).toBe("rate-limited");
    expect(third.data.result.error?.[""]).toEqual([
      "Too many submissions from your address. Please try again in 10 minutes.",
    ]);
    expect(new Headers(third.init?.headers).get("Retry-After")).toBe("600");
    expect(third.data.result.initialValue).toMatchObject({ firstName: "Musu" });
    const rows = await limited.db.select().from(quoteRequests).where(eq(quoteRequests.email, email));
    expect(rows).toHaveLength(1);
    // Another address is not affected.
    const other = await post(formData(quoteEntries(uniqueEmail("other"))), {
      context: createTestContext(limited, "198.51.100.8"),
    });
    expect(other.data.outcome).toBe("success");
  });
});

describe("database failure", () => {
  it("answers 503 with outcome 'failed' instead of throwing", async () => {
    const broken = await createTestServices();
    await broken.close();
    const reply = await post(formData(quoteEntries(uniqueEmail("down"))), {
      context: createTestContext(broken),
    });
    expect(reply.init?.status).toBe(503);
    expect(reply.data).toMatchObject({ form: "quote", outcome: "failed" });
    expect(reply.data.result.initialValue).toMatchObject({ firstName: "Musu" });
  });
});
