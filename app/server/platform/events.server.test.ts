import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactSubmissions, quoteRequests } from "#app/server/db/schema.ts";
import type { AppEvent as InboxEvent } from "#app/server/platform/events.server.ts";
import type { Services } from "#app/server/services.server.ts";
import { createTestServices } from "#tests/setup/test-db.ts";

let services: Services;
beforeAll(async () => {
  services = await createTestServices();
});
afterAll(() => services.close());

function nextEvents(count: number, timeoutMs = 5000): Promise<InboxEvent[]> {
  return new Promise((resolve, reject) => {
    const seen: InboxEvent[] = [];
    const timer = setTimeout(
      () => reject(new Error(`only ${seen.length} of ${count} events arrived`)),
      timeoutMs,
    );
    const unsubscribe = services.events.subscribe((event) => {
      seen.push(event);
      if (seen.length === count) {
        clearTimeout(timer);
        unsubscribe();
        resolve(seen);
      }
    });
  });
}

describe("event bus", () => {
  it("announces every new quote request and contact message, from the database itself", async () => {
    const { db } = services;
    const arriving = nextEvents(2);
    const [quote] = await db
      .insert(quoteRequests)
      .values({
        firstName: "Ama",
        lastName: "Mensah",
        email: "ama@example.com",
        cityDeparture: "Accra",
        deliveryCity: "Monrovia",
        parcelType: "Parcels",
        weight: "10 kg",
        freightTypes: ["air"],
      })
      .returning();
    const [message] = await db
      .insert(contactSubmissions)
      .values({
        name: "Kofi",
        email: "kofi@example.com",
        subject: "Hello there",
        message: "A question about rates.",
      })
      .returning();
    const events = await arriving;
    expect(events).toEqual([
      { type: "quote_request.created", id: quote!.id },
      { type: "contact_submission.created", id: message!.id },
    ]);
  });

  it("stops delivering to a listener that unsubscribed", async () => {
    const received: InboxEvent[] = [];
    const unsubscribe = services.events.subscribe((event) => received.push(event));
    unsubscribe();
    const other = nextEvents(1);
    await services.db.insert(contactSubmissions).values({
      name: "Kofi",
      email: "kofi@example.com",
      subject: "Hello again",
      message: "Another question.",
    });
    await other;
    expect(received).toEqual([]);
  });
});
