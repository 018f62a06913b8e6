// The Settings page's tests' fixtures: an administrator signed in on the file's own database, and the page's
// action called with a card's form as the browser posts it.
import { afterAll, beforeAll } from "vitest";
import { action } from "#app/routes/admin/settings.tsx";
import type { Services } from "#app/server/services.server.ts";
import { signInStaff } from "#tests/setup/staff-session.ts";
import { createTestContext, createTestServices } from "#tests/setup/test-db.ts";

export const PASSWORD = "a sturdy staff passphrase";

/** The site details card's fields as the browser posts them. */
export const site = {
  intent: "site",
  companyName: "Unitrans <b>Global</b>",
  phone: "+231 88 123 4567",
  email: "desk@example.com",
  address: "Broad Street, Monrovia",
  "businessHours[0].days": "Monday - Friday",
  "businessHours[0].hours": "8:00 AM - 5:00 PM",
  "businessHours[1].days": "",
  "businessHours[1].hours": "",
  "businessHours[2].days": "Saturday",
  "businessHours[2].hours": "Closed",
  "social.facebook": "https://facebook.com/unitrans",
  "social.twitter": "",
  "social.linkedin": "",
  "social.instagram": "",
  timeZone: "Europe/London",
};

export type Reply = {
  data: { intent: string | null; result: { error?: Record<string, string[] | null> } | null };
  init: { status?: number } | null;
};

type SignedIn = Awaited<ReturnType<typeof signInStaff>> & { services: Services };

/**
 * Opens the calling file's services and signs an administrator in (password `PASSWORD`) before its tests,
 * closes them after; call it at the file's top level. `opened` hands the file its services and the session;
 * the answer posts to the page with that session.
 */
export function signedInAdministrator(opened: (signedIn: SignedIn) => void) {
  let signedIn: SignedIn;
  beforeAll(async () => {
    const services = await createTestServices();
    signedIn = {
      services,
      ...(await signInStaff({ ...services, email: "boss@example.com", password: PASSWORD })),
    };
    opened(signedIn);
  });
  afterAll(() => signedIn.services.close());
  return settingsPost(() => signedIn);
}

/** Posts a card's fields to the Settings page's action with the session `current()` holds at the time. */
export function settingsPost(current: () => { services: Services; cookie: string }) {
  return async function post(fields: Record<string, string> | [string, string][]) {
    const { services, cookie } = current();
    const request = new Request("http://localhost/admin/settings", {
      method: "POST",
      headers: { cookie },
      body: new URLSearchParams(fields),
    });
    return action({ request, context: createTestContext(services), params: {} } as never);
  };
}
