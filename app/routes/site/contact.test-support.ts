import { action } from "#app/routes/site/contact.tsx";
import type { PublicFormReply } from "#app/schemas/rules/public-form.ts";
import type { Services } from "#app/server/services.server.ts";
import { createTestContext } from "#tests/setup/test-db.ts";

// The contact page's tests' fixtures: the two forms' fields as the browser posts them, and the page's action
// called as React Router calls it.

export type Reply = { data: PublicFormReply; init: ResponseInit | null };
export type Entries = [string, string | Blob][];

let counter = 0;
export function uniqueEmail(label: string) {
  counter += 1;
  return `${label}-${counter}-${Date.now()}@example.com`;
}

export function quoteEntries(email: string, overrides: Record<string, string> = {}): Entries {
  const fields = {
    intent: "quote",
    submissionKey: crypto.randomUUID(),
    website: "",
    firstName: "Musu",
    lastName: "Flomo",
    email,
    cityDeparture: "Monrovia",
    deliveryCity: "Accra",
    parcelType: "Pallets",
    weight: "10 kg, 2 tons",
    specialInfo: "",
    ...overrides,
  };
  return [...Object.entries(fields), ["freightTypes", "air"], ["freightTypes", "sea"]];
}

export function contactEntries(email: string, overrides: Record<string, string> = {}): Entries {
  return Object.entries({
    intent: "contact",
    submissionKey: crypto.randomUUID(),
    website: "",
    name: "Joseph Kollie",
    email,
    subject: "Shipping a car",
    message: "Hello,\nI would like to ship a car to Accra.",
    ...overrides,
  });
}

export function formData(entries: Entries) {
  const body = new FormData();
  for (const [name, value] of entries) body.append(name, value);
  return body;
}

/** Posts to the contact page's action as a browser would, with the services' context unless told otherwise. */
export async function postContact(
  services: Services,
  body: BodyInit,
  {
    context = createTestContext(services),
    headers,
  }: { context?: ReturnType<typeof createTestContext>; headers?: HeadersInit } = {},
) {
  const request = new Request("http://localhost/contact", { method: "POST", body, headers });
  return (await action({ request, params: {}, context } as unknown as Parameters<
    typeof action
  >[0])) as unknown as Reply;
}
