import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, createTestServices } from "../../../tests/setup/test-db.ts";
import { createAdminUser, findAdminByEmail } from "#app/server/auth/staff-accounts.server.ts";
import type { Services } from "#app/server/platform/services.server.ts";
import { createSession, getSessionUser } from "#app/server/auth/sessions.server.ts";
import { getSiteSettings } from "#app/server/settings.server.ts";
import { parseSiteSettings } from "#app/schemas/site-settings.ts";
import { action } from "#app/routes/admin/settings.tsx";
import { getNotificationSettings } from "#app/server/notifications/notification-settings.server.ts";
import { outbox } from "#app/server/db/schema.ts";
import { getDocumentSettings } from "#app/server/documents/document-settings.server.ts";
import { DEFAULT_WAYBILL_TERMS } from "#app/schemas/document-settings.ts";

let services: Services;
let cookie: string;
let token: string;
let userId: string;
const PASSWORD = "a sturdy staff passphrase";

beforeAll(async () => {
  services = await createTestServices();
  userId = (await createAdminUser({ db: services.db, email: "boss@example.com", password: PASSWORD }))!.id;
  token = (await createSession({ db: services.db, config: services.config, userId })).token;
  cookie = `admin_session=${token}`;
});
afterAll(() => services.close());

type Reply = {
  data: { intent: string | null; result: { error?: Record<string, string[] | null> } | null };
  init: { status?: number } | null;
};

async function post(fields: Record<string, string> | [string, string][]) {
  const request = new Request("http://localhost/admin/settings", {
    method: "POST",
    headers: { cookie },
    body: new URLSearchParams(fields),
  });
  return action({ request, context: createTestContext(services), params: {} } as never);
}

const site = {
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

describe("the settings action", () => {
  it("saves the site details (text stays text; empty hour rows are dropped)", async () => {
    const response = (await post(site)) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/settings");
    expect(await getSiteSettings({ db: services.db })).toEqual({
      companyName: "Unitrans <b>Global</b>",
      phone: "+231 88 123 4567",
      email: "desk@example.com",
      address: "Broad Street, Monrovia",
      businessHours: [
        { days: "Monday - Friday", hours: "8:00 AM - 5:00 PM" },
        { days: "Saturday", hours: "Closed" },
      ],
      social: { facebook: "https://facebook.com/unitrans", twitter: "", linkedin: "", instagram: "" },
      timeZone: "Europe/London",
    });
  });

  it("keeps the company's time zone only when it is one of Intl's IANA zones", async () => {
    const before = await getSiteSettings({ db: services.db });
    const unknown = "Unknown time zone. Choose one from the list, like Africa/Monrovia or Europe/London.";
    for (const timeZone of [
      "Mars/Olympus_Mons",
      "europe/london",
      "GMT+1",
      "Europe/London\u0000",
      "<b>UTC</b>",
    ]) {
      const reply = (await post({ ...site, timeZone })) as Reply;
      expect(reply.init?.status, timeZone).toBe(400);
      expect(reply.data.result?.error?.timeZone, timeZone).toEqual([unknown]);
    }
    const empty = (await post({ ...site, timeZone: "" })) as Reply;
    expect(empty.data.result?.error?.timeZone).toEqual(["Choose a time zone."]);
    const { timeZone: _, ...withoutZone } = site;
    const missing = (await post(withoutZone)) as Reply;
    expect(missing.data.result?.error?.timeZone).toEqual(["Choose a time zone."]);
    expect(await getSiteSettings({ db: services.db })).toEqual(before);

    expect(((await post({ ...site, timeZone: "Africa/Monrovia" })) as Response).status).toBe(302);
    expect((await getSiteSettings({ db: services.db })).timeZone).toBe("Africa/Monrovia");
  });

  it("falls back to Monrovia's time zone alone when the stored one is unknown to this runtime", () => {
    expect(parseSiteSettings({ companyName: "Kept", timeZone: "Atlantis/Capital" })).toMatchObject({
      companyName: "Kept",
      timeZone: "Africa/Monrovia",
    });
    expect(parseSiteSettings({ companyName: "Old settings" })).toMatchObject({
      companyName: "Old settings",
      timeZone: "Africa/Monrovia",
    });
  });

  it("refuses invalid site details with the messages, and keeps the stored ones", async () => {
    const before = await getSiteSettings({ db: services.db });
    const reply = (await post({
      ...site,
      phone: "call us",
      email: "nope",
      "businessHours[0].hours": "",
      "social.facebook": "javascript:alert(1)",
    })) as Reply;
    expect(reply.init?.status).toBe(400);
    expect(reply.data.result?.error).toMatchObject({
      phone: ["Enter a phone number using digits, spaces and + ( ) - ."],
      email: ["Please enter a valid email address."],
      "businessHours[0].hours": ["Enter both the days and the hours, or leave both empty."],
      "social.facebook": ["Enter a full https:// address or leave empty."],
    });
    const noHours = (await post({
      ...site,
      "businessHours[0].days": "",
      "businessHours[0].hours": "",
      "businessHours[2].days": "",
      "businessHours[2].hours": "",
    })) as Reply;
    expect(noHours.data.result?.error?.businessHours).toEqual([
      "Enter the business hours of at least one day.",
    ]);
    const missing = (await post({ intent: "site" })) as Reply;
    expect(missing.init?.status).toBe(400);
    expect(await getSiteSettings({ db: services.db })).toEqual(before);
  });

  it("adds a staff account with a temporary password, once per address", async () => {
    const fields = {
      intent: "add-user",
      email: "Clerk@Example.com",
      name: "Clerk",
      password: "a temporary passphrase",
    };
    const added = (await post(fields)) as Response;
    expect(added.status).toBe(302);
    const clerk = await findAdminByEmail({ db: services.db, email: "clerk@example.com" });
    expect(clerk).toMatchObject({ email: "Clerk@Example.com", name: "Clerk", mustChangePassword: true });
    const again = (await post({ ...fields, email: "clerk@EXAMPLE.com" })) as Reply;
    expect(again.init?.status).toBe(400);
    expect(again.data.result?.error?.email).toEqual(["An account with this email already exists."]);
    const weak = (await post({ ...fields, email: "weak@example.com", password: "password1234" })) as Reply;
    expect(weak.data.result?.error?.password?.[0]).toContain("too common");
  });

  it("removes another account but never one's own", async () => {
    const clerk = (await findAdminByEmail({ db: services.db, email: "clerk@example.com" }))!;
    const self = (await post({ intent: "remove-user", userId })) as Response;
    expect(self.status).toBe(302);
    expect(await findAdminByEmail({ db: services.db, email: "boss@example.com" })).not.toBeNull();
    const other = (await post({ intent: "remove-user", userId: clerk.id })) as Response;
    expect(other.status).toBe(302);
    expect(await findAdminByEmail({ db: services.db, email: "clerk@example.com" })).toBeNull();
    const junk = (await post({ intent: "remove-user", userId: "'; drop table admin_users; --" })) as Reply;
    expect(junk.init?.status).toBe(400);
  });

  it("changes the password after checking the current one, and renews the session", async () => {
    const change = {
      intent: "change-password",
      newPassword: "a brand new passphrase",
      confirmPassword: "a brand new passphrase",
    };
    const wrong = (await post({ ...change, currentPassword: "not it at all" })) as Reply;
    expect(wrong.init?.status).toBe(400);
    expect(wrong.data.result?.error?.[""]).toEqual(["The current password is not correct."]);
    const done = (await post({ ...change, currentPassword: PASSWORD })) as Response;
    expect(done.status).toBe(302);
    expect(await getSessionUser({ db: services.db, config: services.config, token })).toBeNull();
    const renewed = done.headers.getSetCookie().find((c) => c.startsWith("admin_session="))!;
    cookie = renewed.split(";")[0]!;
    expect(
      await getSessionUser({ db: services.db, config: services.config, token: cookie.split("=")[1]! }),
    ).not.toBeNull();
  });

  it("answers an unknown or repeated intent with 400", async () => {
    expect(((await post({ intent: "drop-everything" })) as Reply).init?.status).toBe(400);
    expect(
      (
        (await post([
          ["intent", "site"],
          ["intent", "add-user"],
        ])) as Reply
      ).init?.status,
    ).toBe(400);
  });
});

describe("Settings → Notifications", () => {
  it("turns the master switch off and on, and refuses anything but true or false", async () => {
    expect(((await post({ intent: "notifications-switch", enabled: "false" })) as Response).status).toBe(302);
    expect(await getNotificationSettings({ db: services.db })).toEqual({ enabled: false });
    const refused = (await post({ intent: "notifications-switch", enabled: "<script>" })) as Reply;
    expect(refused.init?.status).toBe(400);
    expect(await getNotificationSettings({ db: services.db })).toEqual({ enabled: false });
    expect(((await post({ intent: "notifications-switch", enabled: "true" })) as Response).status).toBe(302);
    expect(await getNotificationSettings({ db: services.db })).toEqual({ enabled: true });
  });

  it("puts a test message to the signed-in staff member in the outbox", async () => {
    const response = (await post({ intent: "notifications-test" })) as Response;
    expect(response.status).toBe(302);
    const rows = await services.db.select().from(outbox);
    expect(rows.some((row) => row.subject?.endsWith(": test notification"))).toBe(true);
  });
});

describe("Settings → Documents", () => {
  it("starts with the default waybill terms, saves new ones, and refuses empty or too long terms", async () => {
    expect(await getDocumentSettings({ db: services.db })).toEqual({ waybillTerms: DEFAULT_WAYBILL_TERMS });
    const saved = (await post({
      intent: "documents",
      waybillTerms: "  Our terms <b>apply</b>.\nSecond line.  ",
    })) as Response;
    expect(saved.status).toBe(302);
    expect(await getDocumentSettings({ db: services.db })).toEqual({
      waybillTerms: "Our terms <b>apply</b>.\nSecond line.",
    });
    for (const [waybillTerms, message] of [
      ["   ", "Enter the waybill terms."],
      ["x".repeat(3001), "Waybill terms must be at most 3,000 characters."],
      ["bad\u0000byte", "Waybill terms contain characters that are not allowed."],
    ]) {
      const refused = (await post({ intent: "documents", waybillTerms: waybillTerms! })) as Reply;
      expect(refused.init?.status).toBe(400);
      expect(refused.data.result?.error?.waybillTerms).toEqual([message]);
    }
    expect((await getDocumentSettings({ db: services.db })).waybillTerms).toBe(
      "Our terms <b>apply</b>.\nSecond line.",
    );
  });
});
