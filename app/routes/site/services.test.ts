import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as detailLoader } from "#app/routes/site/services.$service-id.tsx";
import { action, loader } from "#app/routes/site/services.tsx";
import type { PublicFormReply } from "#app/schemas/rules/public-form.ts";
import { contactSubmissions, quoteRequests } from "#app/server/db/schema.ts";
import type { Services } from "#app/server/services.server.ts";
import { createTestContext, createTestServices } from "#tests/setup/test-db.ts";

type Reply = { data: PublicFormReply; init: ResponseInit | null };

let services: Services;
beforeAll(async () => {
  services = await createTestServices();
});
afterAll(() => services.close());

function inquiry(email: string, overrides: Record<string, string> = {}) {
  const body = new FormData();
  const fields = {
    intent: "service-inquiry",
    submissionKey: crypto.randomUUID(),
    website: "",
    name: "Grace Togba",
    email,
    shipmentType: "air",
    cityDeparture: "Monrovia",
    deliveryCity: "London",
    message: "Two boxes of documents to London.",
    ...overrides,
  };
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  return body;
}

async function post(body: FormData, path = "/services") {
  const request = new Request(`http://localhost${path}`, { method: "POST", body });
  const context = createTestContext(services);
  return (await action({ request, params: {}, context } as unknown as Parameters<
    typeof action
  >[0])) as unknown as Reply;
}

const messagesFor = (email: string) =>
  services.db.select().from(contactSubmissions).where(eq(contactSubmissions.email, email));
const requestsFor = (email: string) =>
  services.db.select().from(quoteRequests).where(eq(quoteRequests.email, email));

describe("services page", () => {
  it("issues a submission key per render", () => {
    // The loader reads the page's language from its address (decision 030).
    const args = { request: new Request("http://localhost/services") } as Parameters<typeof loader>[0];
    expect(loader(args).submissionKey).not.toBe(loader(args).submissionKey);
  });

  it("records the side form as a quote request staff can price and book, never as a contact message", async () => {
    const email = `grace-${Date.now()}@example.com`;
    const reply = await post(inquiry(email, { phone: "0770 123 456" }));
    expect(reply.init?.status).toBe(200);
    expect(reply.data).toMatchObject({ form: "service-inquiry", outcome: "success" });
    expect(reply.data.sent).toEqual({
      email,
      details: [
        { label: "Route", value: "Monrovia → London" },
        { label: "Shipment type", value: "Air Freight" },
      ],
    });
    const rows = await requestsFor(email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      firstName: "Grace",
      lastName: "Togba",
      phone: "+231770123456",
      cityDeparture: "Monrovia",
      deliveryCity: "London",
      parcelType: null,
      weight: null,
      specialInfo: "Two boxes of documents to London.",
      freightTypes: ["air"],
      isRead: false,
      quoteState: null,
    });
    await post(inquiry(email, { shipmentType: "land", submissionKey: crypto.randomUUID() }));
    expect((await requestsFor(email)).map((row) => row.freightTypes[0]).sort()).toEqual(["air", "road"]);
    expect(await messagesFor(email)).toHaveLength(0);
  });

  it("answers 400 with clear messages and stores nothing for invalid or hostile input", async () => {
    const email = `bad-${Date.now()}@example.com`;
    const invalid = await post(
      inquiry(email, { name: "G", phone: "call me", shipmentType: "rocket", message: "short" }),
    );
    expect(invalid.init?.status).toBe(400);
    expect(invalid.data.result.error).toEqual({
      name: ["Name must be at least 2 characters."],
      phone: [
        "Please enter a valid phone number for the country chosen, or start it with + and the country code.",
      ],
      shipmentType: ["Please select a shipment type."],
      message: ["Message must be at least 10 characters."],
    });
    const huge = await post(inquiry(email, { message: "<script>".repeat(200_000) }));
    expect(huge.init?.status).toBe(400);
    const wrongForm = await post(inquiry(email, { intent: "quote" }));
    expect(wrongForm.init?.status).toBe(400);
    expect(await messagesFor(email)).toHaveLength(0);
    expect(await requestsFor(email)).toHaveLength(0);
  });

  it("answers success to the honeypot and stores nothing; one row per submission key", async () => {
    const email = `dup-${Date.now()}@example.com`;
    expect((await post(inquiry(email, { website: "spam" }))).data.outcome).toBe("success");
    expect(await requestsFor(email)).toHaveLength(0);
    const key = crypto.randomUUID();
    await post(inquiry(email, { submissionKey: key }));
    await post(inquiry(email, { submissionKey: key }));
    expect(await requestsFor(email)).toHaveLength(1);
  });
});

describe("service detail loader", () => {
  it("finds the three services and throws 404 for any other id", () => {
    for (const serviceId of ["air-freight", "sea-freight", "trucking"]) {
      const request = new Request(`http://localhost/services/${serviceId}`);
      const { service, others } = detailLoader({ params: { serviceId }, request } as unknown as Parameters<
        typeof detailLoader
      >[0]);
      expect(service.id).toBe(serviceId);
      expect(others.map((other) => other.id).sort()).toEqual(
        ["air-freight", "sea-freight", "trucking"].filter((id) => id !== serviceId).sort(),
      );
    }
    for (const serviceId of ["road-transport", "AIR-FREIGHT", "warehousing", ""]) {
      let thrown: unknown;
      try {
        detailLoader({ params: { serviceId } } as unknown as Parameters<typeof detailLoader>[0]);
      } catch (error) {
        thrown = error;
      }
      expect((thrown as { init?: ResponseInit }).init?.status).toBe(404);
    }
  });
});

describe("the side form on /fr/services (decision 030)", () => {
  it("answers in French, stores nothing on bad input, and keeps the page's language on the request", async () => {
    const bad = await post(
      inquiry(`fr-bad-${crypto.randomUUID()}@example.com`, { shipmentType: "rocket" }),
      "/fr/services",
    );
    expect(bad.init?.status).toBe(400);
    const errors = (bad.data.result as { error: Record<string, string[]> }).error;
    expect(errors.shipmentType?.[0]).not.toBe("Please select a shipment type.");
    const email = `fr-${crypto.randomUUID()}@example.com`;
    expect((await post(inquiry(email), "/fr/services")).data).toMatchObject({ outcome: "success" });
    const [request] = await services.db.select().from(quoteRequests).where(eq(quoteRequests.email, email));
    expect(request?.language).toBe("fr");
  });
});
