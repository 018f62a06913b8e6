// 'Ask for a quote' from the account (decision 029) is the contact page's quote form: for a signed-in customer the
// member's details are filled in, 'book again' (?from=) fills in one of the company's shipments (and nothing from
// another's), and the request is stored as the public form stores it.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PublicFormReply } from "#app/schemas/rules/public-form.ts";
import { quoteMessages } from "#app/schemas/rules/quote-request-rules.ts";
import {
  bodyOf,
  callAccount,
  signedInCustomer,
  statusOf,
  type TestCustomer,
} from "#app/server/customers/customer-billing.test-support.ts";
import { quoteRequests, shipments } from "#app/server/db/schema.ts";
import type { Services } from "#app/server/services.server.ts";
import { createTestServices } from "#tests/setup/test-db.ts";
import { action, loader } from "./contact.tsx";

type ContactData = Awaited<ReturnType<typeof loader>>;

let services: Services;
let ama: TestCustomer;
let kofi: TestCustomer;
beforeAll(async () => {
  services = await createTestServices({ SITE_URL: "https://freight.example" });
  ama = await signedInCustomer(services, { company: "Mensah Trading", memberEmail: "ama@mensah.example" });
  kofi = await signedInCustomer(services, {
    company: "Boateng Imports",
    memberEmail: "kofi@boateng.example",
  });
});
afterAll(() => services?.close());

async function shipmentOf(customer: TestCustomer, trackingNumber: string) {
  await services.db.insert(shipments).values({
    trackingNumber,
    status: "Delivered",
    originLocation: "Monrovia",
    destinationLocation: "Accra",
    weight: 250.5,
    transportMode: "sea",
    goodsDescription: "Pallets: machine parts",
    shipperId: customer.shipper.id,
  });
}

const open = (customer: TestCustomer, query = "") =>
  callAccount(services, loader, { path: `/contact${query}`, customer });
const send = (customer: TestCustomer, fields: [string, string][]) =>
  callAccount(services, action, { path: "/contact", customer, form: fields });

const requestsFrom = (email: string) =>
  services.db.select().from(quoteRequests).where(eq(quoteRequests.email, email));

describe("/contact for a signed-in customer", () => {
  it("fills in the member's details", async () => {
    const data = bodyOf<ContactData>(await open(ama));
    expect(data.quoteNote).toBe("Your details are filled in from your account.");
    expect(data.quoteStart).toEqual({
      firstName: "Ama",
      lastName: "Kofi Mensah",
      email: "ama@mensah.example",
      // The customer's company: a booking makes it the new shipper's, so invoices go to the firm.
      company: "Mensah Trading",
      phone: ama.user.phone,
      cityDeparture: "",
      deliveryCity: "",
      parcelType: "",
      weight: "",
      freightTypes: [],
    });
  });

  it("books again from one of the company's shipments, and fills in nothing from another company's", async () => {
    await shipmentOf(ama, "UTG-1111-2222");
    await shipmentOf(kofi, "UTG-3333-4444");
    const again = bodyOf<ContactData>(await open(ama, "?from=utg-1111-2222"));
    expect(again.quoteNote).toMatch(/route and cargo are filled in/);
    expect(again.quoteStart).toMatchObject({
      firstName: "Ama",
      email: "ama@mensah.example",
      cityDeparture: "Monrovia",
      deliveryCity: "Accra",
      parcelType: "Pallets",
      weight: "250.5 kg",
      freightTypes: ["sea"],
    });
    const plain = bodyOf<ContactData>(await open(ama));
    for (const number of ["UTG-3333-4444", "UTG-0000-0000", "<script>"]) {
      const foreign = await open(ama, `?from=${encodeURIComponent(number)}`);
      expect(statusOf(foreign)).toBe(200);
      const { quoteKey: _a, contactKey: _b, ...shown } = bodyOf<ContactData>(foreign);
      const { quoteKey: _c, contactKey: _d, ...expected } = plain;
      expect(shown).toEqual(expected);
    }
  });

  it("stores the request as the public form does, and refuses bad input with its messages, storing nothing", async () => {
    const fields = (overrides: Record<string, string> = {}): [string, string][] => [
      ...Object.entries({
        intent: "quote",
        submissionKey: crypto.randomUUID(),
        website: "",
        firstName: "Ama",
        lastName: "Mensah",
        email: "ama@mensah.example",
        phone: "",
        cityDeparture: "Monrovia",
        deliveryCity: "Freetown",
        parcelType: "Pallets",
        weight: "250 kg",
        specialInfo: "",
        ...overrides,
      }),
      ["freightTypes", "sea"],
    ];
    const before = (await requestsFrom("ama@mensah.example")).length;
    const bad = await send(ama, fields({ firstName: "A", parcelType: "Boxes", email: "nope" }));
    expect(statusOf(bad)).toBe(400);
    const errors = bodyOf<PublicFormReply>(bad).result.error as Record<string, string[]>;
    expect(errors.firstName).toEqual([quoteMessages.firstName]);
    expect(errors.parcelType).toEqual([quoteMessages.parcelType]);
    expect(errors.email).toEqual([quoteMessages.email]);
    expect(statusOf(await send(ama, [["intent", "other"]]))).toBe(400);
    expect(await requestsFrom("ama@mensah.example")).toHaveLength(before);

    const sent = await send(ama, fields());
    expect(statusOf(sent)).toBe(200);
    expect(bodyOf<PublicFormReply>(sent)).toMatchObject({ form: "quote", outcome: "success" });
    const stored = await requestsFrom("ama@mensah.example");
    expect(stored).toHaveLength(before + 1);
    expect(stored.at(-1)).toMatchObject({ deliveryCity: "Freetown", parcelType: "Pallets", isRead: false });
  });
});
