// The Settings page's Notifications card: the master switch, the test message, the sender and templates.
import { beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_TEMPLATES } from "#app/lib/notification-templates.ts";
import { outbox } from "#app/server/db/schema.ts";
import type { Services } from "#app/server/services.server.ts";
import { getNotificationSettings } from "#app/server/settings/notification-settings.server.ts";
import { type Reply, signedInAdministrator, site } from "./settings.test-support.ts";

let services: Services;
const post = signedInAdministrator((signedIn) => {
  ({ services } = signedIn);
});
// The messages go out from the company's address, which the site details card saves.
beforeAll(async () => {
  await post(site);
});

describe("Settings → Notifications", () => {
  const settingsNow = () => getNotificationSettings({ db: services.db });
  const messages = {
    intent: "notifications-messages",
    senderName: "Unitrans Notifications",
    replyTo: "desk@example.com",
    emailSubject: "Update on {trackingNumber}: {headline}",
    emailBody: "Dear customer,\r\n\r\nYour shipment is now: {status} ({place}).\r\nNote: {note}",
    sms: "{companyName}: {trackingNumber} {headline} {trackingUrl}",
  };

  it("turns the master switch off and on, and refuses anything but true or false", async () => {
    expect(((await post({ intent: "notifications-switch", enabled: "false" })) as Response).status).toBe(302);
    expect((await settingsNow()).enabled).toBe(false);
    const refused = (await post({ intent: "notifications-switch", enabled: "<script>" })) as Reply;
    expect(refused.init?.status).toBe(400);
    expect((await settingsNow()).enabled).toBe(false);
    expect(((await post({ intent: "notifications-switch", enabled: "true" })) as Response).status).toBe(302);
    expect((await settingsNow()).enabled).toBe(true);
  });

  it("puts a test message to the signed-in staff member in the outbox: the default notification about a sample shipment", async () => {
    const response = (await post({ intent: "notifications-test" })) as Response;
    expect(response.status).toBe(302);
    const rows = await services.db.select().from(outbox);
    const row = rows.find((r) => r.subject === "Test: UTG-1234-5678: Arrived at Port of Monrovia");
    expect(row?.to).toBe("boss@example.com");
    expect(row?.text).toContain("Status: Arrived");
    expect(row?.text).toContain("Track your shipment: ");
    expect(row?.html).toContain("Track your shipment</a>");
  });

  it("saves the sender, reply-to and templates (line breaks normalised), and the switch keeps them", async () => {
    await post({ intent: "notifications-switch", enabled: "false" });
    const response = (await post(messages)) as Response;
    expect(response.status).toBe(302);
    const saved = await settingsNow();
    expect(saved).toMatchObject({
      enabled: false,
      senderName: "Unitrans Notifications",
      replyTo: "desk@example.com",
      templates: {
        emailSubject: "Update on {trackingNumber}: {headline}",
        emailBody: "Dear customer,\n\nYour shipment is now: {status} ({place}).\nNote: {note}",
        sms: "{companyName}: {trackingNumber} {headline} {trackingUrl}",
      },
      customized: { emailSubject: true, emailBody: true, sms: true },
    });
    await post({ intent: "notifications-switch", enabled: "true" });
    expect(await settingsNow()).toEqual({ ...saved, enabled: true });

    // The test message uses them: subject, text, From with the sender name, Reply-To.
    await post({ intent: "notifications-test" });
    const rows = await services.db.select().from(outbox);
    const test = rows.find((r) => r.subject === "Test: Update on UTG-1234-5678: Arrived at Port of Monrovia");
    expect(test?.text).toContain("Dear customer,\n\nYour shipment is now: Arrived (Port of Monrovia).");
    expect(test?.headers).toMatchObject({
      From: '"Unitrans Notifications" <desk@example.com>',
      "Reply-To": "desk@example.com",
    });
  });

  it("resets one template to its default, keeping the others", async () => {
    await post(messages);
    const response = (await post({ ...messages, reset: "emailSubject", emailSubject: "{bogus" })) as Response;
    expect(response.status).toBe(302);
    const after = await settingsNow();
    expect(after.templates.emailSubject).toBe(DEFAULT_TEMPLATES.emailSubject);
    expect(after.customized).toEqual({ emailSubject: false, emailBody: true, sms: true });
    expect(after.templates.sms).toBe(messages.sms);
    // A template saved as its default text is not stored: it follows the product's default.
    await post({ ...messages, ...DEFAULT_TEMPLATES });
    expect((await settingsNow()).customized).toEqual({ emailSubject: false, emailBody: false, sms: false });
  });

  it("keeps hostile template text as plain text (it is escaped where it is sent)", async () => {
    const body = "<script>alert(1)</script> <b>{status}</b> & {note}";
    expect(((await post({ ...messages, emailBody: body })) as Response).status).toBe(302);
    expect((await settingsNow()).templates.emailBody).toBe(body);
  });

  it("refuses unknown placeholders, an SMS without the link, a subject with a line break, lengths and bad addresses, and changes nothing", async () => {
    await post(messages);
    const before = await settingsNow();
    const cases: [Record<string, string>, string, RegExp][] = [
      [
        { emailSubject: "{trackingNumber} {unknown}" },
        "emailSubject",
        /^Unknown placeholder \{unknown\}\. Use only \{trackingNumber\}, \{headline\}/,
      ],
      [
        { emailBody: "Hi {name} and { status }" },
        "emailBody",
        /^Unknown placeholders \{name\}, \{ status \}\./,
      ],
      [{ sms: "{trackingNumber}: {headline}" }, "sms", /^The SMS text must contain \{trackingUrl\}/],
      [{ emailSubject: "Hello\r\nBcc: victim@example.com" }, "emailSubject", /^The subject must be one line/],
      [{ emailSubject: "x".repeat(201) }, "emailSubject", /^At most 200 characters \(now 201\)\.$/],
      [{ emailBody: "x".repeat(5001) }, "emailBody", /^At most 5000 characters/],
      [{ sms: `{trackingUrl} ${"x".repeat(480)}` }, "sms", /^At most 480 characters/],
      [{ emailBody: "   " }, "emailBody", /^Enter the e-mail text, or reset it to the default\.$/],
      [{ emailBody: "Null \u0000 byte {status}" }, "emailBody", /^Contains control characters/],
      [{ replyTo: "not an address" }, "replyTo", /^Enter an e-mail address/],
      [{ replyTo: "a@example.com\r\nBcc: victim@example.com" }, "replyTo", /^Enter an e-mail address/],
      [{ senderName: "Evil\r\nBcc: victim@example.com" }, "senderName", /^The sender name must be one line/],
      [{ senderName: "x".repeat(101) }, "senderName", /^At most 100 characters\.$/],
    ];
    for (const [change, field, message] of cases) {
      const reply = (await post({ ...messages, ...change })) as Reply;
      expect(reply.init?.status, field).toBe(400);
      expect(reply.data.result?.error?.[field]?.[0], JSON.stringify(change)).toMatch(message);
    }
    const { emailSubject: _, ...missing } = messages;
    expect(((await post(missing)) as Reply).init?.status).toBe(400);
    // An unknown reset value resets nothing.
    expect(((await post({ ...messages, reset: "enabled" })) as Response).status).toBe(302);
    expect(await settingsNow()).toEqual(before);
  });
});
