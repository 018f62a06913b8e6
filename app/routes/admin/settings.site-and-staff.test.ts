// The Settings page's site details and staff accounts cards (one intent each), against one database and one
// signed-in administrator.
import { describe, expect, it } from "vitest";
import { parseSiteSettings } from "#app/schemas/site-settings.ts";
import type { Services } from "#app/server/services.server.ts";
import { getSiteSettings } from "#app/server/settings/settings.server.ts";
import { findAdminByEmail } from "#app/server/staff/staff-accounts.server.ts";
import { getSessionUser } from "#app/server/staff/staff-sessions.server.ts";
import { PASSWORD, type Reply, settingsPost, signedInAdministrator, site } from "./settings.test-support.ts";

let services: Services;
let cookie: string;
let token: string;
let userId: string;
signedInAdministrator((signedIn) => {
  ({ services, cookie, token } = signedIn);
  userId = signedIn.user.id;
});
// Reads `cookie` at each post: changing the password renews the session.
const post = settingsPost(() => ({ services, cookie }));

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

  it("adds a staff account with the role chosen, never an Administrator by default", async () => {
    const noRole = (await post({
      intent: "add-user",
      email: "norole@example.com",
      password: "a temporary passphrase",
    })) as Reply;
    expect(noRole.init?.status).toBe(400);
    expect(noRole.data.result?.error?.role).toEqual(["Choose a role."]);
    expect(await findAdminByEmail({ db: services.db, email: "norole@example.com" })).toBeNull();
    const added = (await post({
      intent: "add-user",
      email: "desk@example.com",
      password: "a temporary passphrase",
      role: "operations",
    })) as Response;
    expect(added.status).toBe(302);
    expect(await findAdminByEmail({ db: services.db, email: "desk@example.com" })).toMatchObject({
      role: "operations",
      mustChangePassword: true,
    });
  });

  it("adds a staff account with a temporary password, once per address", async () => {
    const fields = {
      intent: "add-user",
      email: "Clerk@Example.com",
      name: "Clerk",
      password: "a temporary passphrase",
      role: "operations",
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
