import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_TEMPLATES } from "#app/lib/notification-templates.ts";
import { consignees, shipments, shippers, siteSettings } from "#app/server/db/schema.ts";
import { formatMailbox, queueMail, senderHeaders } from "#app/server/messaging/mail.server.ts";
import type { Services } from "#app/server/services.server.ts";
import {
  getNotificationSettings,
  NOTIFICATION_SETTINGS_KEY,
  saveNotificationTemplates,
  setNotificationsEnabled,
} from "#app/server/settings/notification-settings.server.ts";
import { getSiteSettings, updateSiteSettings } from "#app/server/settings/settings.server.ts";
import { addStatusUpdate } from "#app/server/shipments/shipments.server.ts";
import { type SmtpTestServer, startSmtpTestServer } from "#tests/setup/smtp-test-server.ts";
import { createTestServices } from "#tests/setup/test-db.ts";

// Staff's templates, sender name and reply-to, from the settings row to a real SMTP server: the scheduler and
// the outbox worker on the tests' clock, as in notifications.server.test.ts.

const clock = new Date("2026-11-23T10:00:00Z");
const SITE = "https://freight.example.com";

let smtp: SmtpTestServer;
let services: Services;
beforeAll(async () => {
  smtp = await startSmtpTestServer();
  services = await createTestServices(
    { SMTP_URL: smtp.url, SITE_URL: SITE },
    { outbox: { now: () => clock, autostart: false }, notifications: { now: () => clock, autostart: false } },
  );
  const settings = await getSiteSettings({ db: services.db });
  await updateSiteSettings({ db: services.db, settings: { ...settings, email: "desk@unitrans.example" } });
  services.siteSettings.invalidate();
});
afterAll(async () => {
  await services?.close();
  await smtp?.close();
});

beforeEach(async () => {
  smtp.received.length = 0;
  await services.db.delete(siteSettings).where(eq(siteSettings.key, NOTIFICATION_SETTINGS_KEY));
});

/** The raw message's headers, unfolded. */
const headersOf = (raw: string) => raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, " ");
/** The raw message with quoted-printable soft breaks joined and its bytes decoded. */
const decoded = (raw: string) =>
  decodeURIComponent(
    raw
      .replace(/=\r?\n/g, "")
      .replace(/%/g, "%25")
      .replace(/=([0-9A-F]{2})/g, "%$1"),
  );
/** RFC 2047 encoded words (nodemailer's Q or B encoding of a non-ASCII display name) decoded. */
const decodeWords = (header: string) =>
  header
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_m, kind: string, text: string) =>
      kind.toUpperCase() === "B"
        ? Buffer.from(text, "base64").toString("utf8")
        : decodeURIComponent(
            text
              .replace(/_/g, " ")
              .replace(/%/g, "%25")
              .replace(/=([0-9A-F]{2})/gi, "%$1"),
          ),
    );

async function shipmentWithUpdate(trackingNumber: string) {
  const [shipper] = await services.db
    .insert(shippers)
    .values({ name: "Ada Shipper", email: null, phone: null })
    .returning();
  const [consignee] = await services.db
    .insert(consignees)
    .values({ name: "Kofi Consignee", email: "consignee@example.com", phone: null })
    .returning();
  const [shipment] = await services.db
    .insert(shipments)
    .values({
      trackingNumber,
      status: "In Transit",
      originLocation: "Shanghai",
      destinationLocation: "Monrovia",
      shipperId: shipper!.id,
      consigneeId: consignee!.id,
    })
    .returning();
  await addStatusUpdate({
    db: services.db,
    shipmentId: shipment!.id,
    input: {
      status: "Arrived",
      location: "Port of Monrovia",
      notes: "Seal <b>intact</b>",
      timestamp: new Date(clock),
      alsoSetCurrent: true,
    },
    now: clock,
  });
  await services.notifications.runOnce();
  await services.outbox.drain();
}

describe("notification e-mails with staff's templates, sender name and reply-to", () => {
  it("arrive with the custom subject and text, From the sender name, Reply-To, the button, footer and unsubscribe", async () => {
    await saveNotificationTemplates({
      db: services.db,
      senderName: 'Unitrans "Notifications", Monrovia – Libéria',
      replyTo: "customers@unitrans.example",
      templates: {
        emailSubject: "Update {trackingNumber}: {headline}",
        emailBody:
          "Dear customer,\n\n<script>alert(1)</script> Your cargo: {status} at {place}.\nNote: {note}",
        sms: DEFAULT_TEMPLATES.sms,
      },
    });
    await shipmentWithUpdate("UTG-7777-0001");

    const [mail, ...others] = smtp.received;
    expect(others).toHaveLength(0);
    expect(mail!.to).toEqual(["consignee@example.com"]);
    expect(mail!.from).toBe("desk@unitrans.example");
    const headers = headersOf(mail!.raw);
    expect(headers).toMatch(/^Subject: Update UTG-7777-0001: Arrived at Port of Monrovia\r?$/m);
    const from = /^From: (.*?)\r?$/m.exec(headers)![1]!;
    // Non-ASCII makes nodemailer encode the name; decoded, it is the name as typed, then the site's address.
    expect(from).toMatch(/=\?UTF-8\?/i);
    expect(decodeWords(from)).toBe('Unitrans "Notifications", Monrovia – Libéria <desk@unitrans.example>');
    expect(headers).toMatch(/^Reply-To: customers@unitrans\.example\r?$/m);
    expect(headers).toMatch(
      /^List-Unsubscribe: <https:\/\/freight\.example\.com\/unsubscribe\/[\w-]{43}>\r?$/m,
    );
    expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    expect(mail!.raw).toMatch(/^Content-Type: text\/plain/m);
    expect(mail!.raw).toMatch(/^Content-Type: text\/html/m);

    const body = decoded(mail!.raw);
    expect(body).toContain(
      "Dear customer,\r\n\r\n<script>alert(1)</script> Your cargo: Arrived at Port of Monrovia.",
    );
    expect(body).toContain("Note: Seal <b>intact</b>");
    expect(body).toContain(
      "&lt;script&gt;alert(1)&lt;/script&gt; Your cargo: Arrived at Port of Monrovia.<br>",
    );
    expect(body).toContain("Note: Seal &lt;b&gt;intact&lt;/b&gt;");
    expect(body).not.toContain("<script>alert(1)</script> Your cargo: Arrived at Port of Monrovia.<br>");
    expect(body).toContain(`href="${SITE}/track/UTG-7777-0001"`);
    expect(body).toContain(">Track your shipment</a>");
    expect(body).toContain(`Track your shipment: ${SITE}/track/UTG-7777-0001`);
    expect(body).toMatch(/>Unsubscribe<\/a>/);
  });

  it("keep the default subject and the site's From without settings", async () => {
    await shipmentWithUpdate("UTG-7777-0002");
    const headers = headersOf(smtp.received[0]!.raw);
    expect(headers).toMatch(/^Subject: UTG-7777-0002: Arrived at Port of Monrovia\r?$/m);
    expect(headers).toMatch(/^From: .*<desk@unitrans\.example>\r?$/m);
    expect(headers).not.toMatch(/^Reply-To:/m);
  });

  it("never let a line break in a From or Reply-To become a header or a recipient", async () => {
    const hostile = "Evil\r\nBcc: victim@example.com\r\nX-Injected: 1";
    expect(formatMailbox(hostile, "desk@unitrans.example")).toBe(
      '"Evil Bcc: victim@example.com X-Injected: 1" <desk@unitrans.example>',
    );
    expect(
      senderHeaders({
        from: "Ops <ops@unitrans.example>",
        senderName: hostile,
        replyTo: "a@example.com\r\nBcc: b@example.com",
      }),
    ).toEqual({
      From: '"Evil Bcc: victim@example.com X-Injected: 1" <ops@unitrans.example>',
      "Reply-To": "a@example.comBcc:b@example.com",
    });
    // Even a row written with raw line breaks (not through senderHeaders) is read as addresses by nodemailer.
    const queued = await queueMail({
      db: services.db,
      config: services.config,
      logger: services.logger,
      mail: {
        to: "consignee@example.com",
        subject: "Header test",
        text: "x",
        headers: {
          From: `"${hostile}" <desk@unitrans.example>`,
          "Reply-To": "reply@example.com\r\nBcc: victim2@example.com",
        },
      },
      now: clock,
    });
    expect(queued.ok).toBe(true);
    await services.outbox.drain();
    const [mail] = smtp.received;
    expect(mail!.to).toEqual(["consignee@example.com"]);
    const headers = mail!.raw.split(/\r?\n\r?\n/)[0]!;
    expect(headers).not.toMatch(/^(Bcc|X-Injected):/im);
    expect(headers).toMatch(/^From: .*desk@unitrans\.example>/m);
  });
});

describe("the notifications settings row", () => {
  it("merges: the switch keeps the texts, the texts keep the switch", async () => {
    await setNotificationsEnabled({ db: services.db, enabled: false });
    await saveNotificationTemplates({
      db: services.db,
      senderName: "Ops",
      replyTo: "",
      templates: { ...DEFAULT_TEMPLATES, emailSubject: "{trackingNumber}" },
    });
    expect(await getNotificationSettings({ db: services.db })).toMatchObject({
      enabled: false,
      senderName: "Ops",
      templates: { emailSubject: "{trackingNumber}" },
      customized: { emailSubject: true, emailBody: false, sms: false },
    });
    await setNotificationsEnabled({ db: services.db, enabled: true });
    expect(await getNotificationSettings({ db: services.db })).toMatchObject({
      enabled: true,
      senderName: "Ops",
      templates: { emailSubject: "{trackingNumber}" },
    });
    const [row] = await services.db
      .select({ value: siteSettings.value })
      .from(siteSettings)
      .where(eq(siteSettings.key, NOTIFICATION_SETTINGS_KEY));
    expect(row!.value).toEqual({
      enabled: true,
      senderName: "Ops",
      replyTo: "",
      templates: { emailSubject: "{trackingNumber}" },
    });
  });

  it("means on with the defaults without a row; saving texts into no row keeps notifications on", async () => {
    expect(await getNotificationSettings({ db: services.db })).toEqual({
      enabled: true,
      senderName: "",
      replyTo: "",
      templates: DEFAULT_TEMPLATES,
      customized: { emailSubject: false, emailBody: false, sms: false },
    });
    await saveNotificationTemplates({
      db: services.db,
      senderName: "",
      replyTo: "",
      templates: DEFAULT_TEMPLATES,
    });
    expect((await getNotificationSettings({ db: services.db })).enabled).toBe(true);
  });

  it('reads the upgrade\'s {"enabled": false}, and falls back to the default for what a hand-edited row broke', async () => {
    await services.db
      .insert(siteSettings)
      .values({ key: NOTIFICATION_SETTINGS_KEY, value: { enabled: false } });
    expect(await getNotificationSettings({ db: services.db })).toMatchObject({
      enabled: false,
      templates: DEFAULT_TEMPLATES,
    });
    await services.db
      .update(siteSettings)
      .set({
        value: {
          enabled: false,
          senderName: "A\r\nBcc: x@example.com",
          replyTo: "nope",
          templates: { emailSubject: "{x}\r\n", sms: "no link", emailBody: "Kept {status}" },
        },
      })
      .where(eq(siteSettings.key, NOTIFICATION_SETTINGS_KEY));
    expect(await getNotificationSettings({ db: services.db })).toMatchObject({
      enabled: false,
      senderName: "",
      replyTo: "",
      templates: { ...DEFAULT_TEMPLATES, emailBody: "Kept {status}" },
    });
    // A row that is not an object at all: everything default, and the switch can still be saved.
    await services.db
      .update(siteSettings)
      .set({ value: "broken" })
      .where(eq(siteSettings.key, NOTIFICATION_SETTINGS_KEY));
    expect((await getNotificationSettings({ db: services.db })).enabled).toBe(true);
    await setNotificationsEnabled({ db: services.db, enabled: false });
    expect((await getNotificationSettings({ db: services.db })).enabled).toBe(false);
  });
});
