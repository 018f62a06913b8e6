import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_TEMPLATES, DEFAULT_TEMPLATES_FR } from "#app/lib/notification-templates.ts";
import { action } from "#app/routes/admin/settings.tsx";
import type { Services } from "#app/server/services.server.ts";
import {
  getFrenchNotificationTemplates,
  getNotificationSettings,
} from "#app/server/settings/notification-settings.server.ts";
import { signInStaff } from "#tests/setup/staff-session.ts";
import { createTestContext, createTestServices } from "#tests/setup/test-db.ts";

// Settings → Notifications' French templates (decision 030): saved beside the English ones, each with 'Reset to
// default' (the French default), refused with the English form's messages when wrong, changing nothing.

let services: Services;
let cookie: string;
beforeAll(async () => {
  services = await createTestServices();
  ({ cookie } = await signInStaff({
    ...services,
    email: "boss@example.com",
    password: "a sturdy staff passphrase",
  }));
});
afterAll(() => services.close());

type Reply = {
  data: { intent: string | null; result: { error?: Record<string, string[] | null> } | null };
  init: { status?: number } | null;
};
const post = (fields: Record<string, string>) =>
  action({
    request: new Request("http://localhost/admin/settings", {
      method: "POST",
      headers: { cookie },
      body: new URLSearchParams(fields),
    }),
    context: createTestContext(services),
    params: {},
  } as never);

const french = {
  intent: "notifications-messages-fr",
  emailSubject: "Votre expédition {trackingNumber} : {headline}",
  emailBody: "Bonjour,\r\n\r\nStatut : {status} ({place}).",
  sms: "{trackingNumber} : {status}. {trackingUrl}",
};
const frenchNow = () => getFrenchNotificationTemplates({ db: services.db });

describe("Settings → Notifications in French", () => {
  it("has the French defaults until staff change them", async () => {
    expect(await frenchNow()).toEqual({
      templates: DEFAULT_TEMPLATES_FR,
      customized: { emailSubject: false, emailBody: false, sms: false },
    });
  });

  it("saves the French templates and leaves the English ones and the sender alone", async () => {
    const response = (await post(french)) as Response;
    expect(response.status).toBe(302);
    expect(await frenchNow()).toEqual({
      templates: {
        emailSubject: "Votre expédition {trackingNumber} : {headline}",
        emailBody: "Bonjour,\n\nStatut : {status} ({place}).",
        sms: "{trackingNumber} : {status}. {trackingUrl}",
      },
      customized: { emailSubject: true, emailBody: true, sms: true },
    });
    expect((await getNotificationSettings({ db: services.db })).templates).toEqual(DEFAULT_TEMPLATES);
  });

  it("resets one French template to the French default, keeping the others", async () => {
    await post(french);
    const response = (await post({ ...french, reset: "sms", sms: "{bogus" })) as Response;
    expect(response.status).toBe(302);
    const after = await frenchNow();
    expect(after.templates.sms).toBe(DEFAULT_TEMPLATES_FR.sms);
    expect(after.customized).toEqual({ emailSubject: true, emailBody: true, sms: false });
    await post({ ...french, ...DEFAULT_TEMPLATES_FR });
    expect((await frenchNow()).customized).toEqual({ emailSubject: false, emailBody: false, sms: false });
  });

  it("refuses bad templates with the English form's messages, and changes nothing", async () => {
    await post(french);
    const before = await frenchNow();
    const cases: [Record<string, string>, string, RegExp][] = [
      [{ emailSubject: "{trackingNumber} {inconnu}" }, "emailSubject", /^Unknown placeholder \{inconnu\}\./],
      [{ emailSubject: "Ligne\r\nautre" }, "emailSubject", /^The subject must be one line/],
      [{ sms: "Sans lien {trackingNumber}" }, "sms", /^The SMS text must contain \{trackingUrl\}/],
      [{ emailBody: "   " }, "emailBody", /^Enter the e-mail text, or reset it to the default\.$/],
      [{ emailBody: "x".repeat(5001) }, "emailBody", /^At most 5000 characters/],
    ];
    for (const [change, field, message] of cases) {
      const reply = (await post({ ...french, ...change })) as Reply;
      expect(reply.init?.status).toBe(400);
      expect(reply.data.intent).toBe("notifications-messages-fr");
      expect(reply.data.result?.error?.[field]?.[0]).toMatch(message);
    }
    // A field left out is refused too.
    const { sms: _left, ...withoutSms } = french;
    expect(((await post(withoutSms)) as Reply).init?.status).toBe(400);
    expect(await frenchNow()).toEqual(before);
  });
});
