// The inboxes' route tests' fixtures: a clerk signed in on the file's own database, quote requests and contact
// messages as the public forms store them, and the routes' arguments as React Router passes them.
import { afterAll, beforeAll } from "vitest";
import { createContactSubmission } from "#app/server/inbox/contact-submissions.server.ts";
import { createQuoteRequest } from "#app/server/quotes/quote-requests.server.ts";
import type { Services } from "#app/server/services.server.ts";
import { signInStaff } from "#tests/setup/staff-session.ts";
import { createTestContext, createTestServices } from "#tests/setup/test-db.ts";

export const BASE = "http://localhost";

export const quoteInput = (firstName: string) => ({
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

export async function thrown(promise: Promise<unknown>): Promise<Response> {
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

/**
 * Opens the calling file's services and signs a clerk in before its tests, closes them after (call it at the
 * file's top level). `opened` hands the file its services and the clerk's session cookie; the answer stores
 * requests and messages and builds the routes' arguments with that session.
 */
export function signedInClerk(opened: (services: Services, cookie: string) => void) {
  let services: Services;
  let cookie: string;
  // Submission keys of their own: the tests number theirs `inbox-test-N`.
  let keyCounter = 0;

  beforeAll(async () => {
    services = await createTestServices();
    ({ cookie } = await signInStaff({
      ...services,
      email: "inbox@example.com",
      password: "inbox staff passphrase",
    }));
    opened(services, cookie);
  });
  afterAll(() => services?.close());

  async function newQuote(firstName = "Musu") {
    const { id } = await createQuoteRequest({
      db: services.db,
      input: quoteInput(firstName),
      submissionKey: `inbox-fixture-${++keyCounter}`,
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
      submissionKey: `inbox-fixture-${++keyCounter}`,
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

  const args = (request: Request, params: Record<string, string> = {}) =>
    ({ request, context: createTestContext(services), params }) as never;

  return { newQuote, newMessage, post, args };
}
