import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_TEMPLATES } from "#app/lib/notification-templates.ts";
import { analyzeSmsText } from "#app/lib/sms-text.ts";
import {
  consignees,
  notificationLog,
  notificationUnsubscribes,
  shipments,
  shippers,
} from "#app/server/db/schema.ts";
import { resendNotification } from "#app/server/notifications/notifications.server.ts";
import {
  ensureUnsubscribeToken,
  unsubscribeByToken,
} from "#app/server/notifications/unsubscribe-links.server.ts";
import type { Services } from "#app/server/services.server.ts";
import {
  saveNotificationTemplates,
  setNotificationsEnabled,
} from "#app/server/settings/notification-settings.server.ts";
import { addStatusUpdate } from "#app/server/shipments/shipments.server.ts";
import { type FakeTwilio, startFakeTwilio } from "#tests/fakes/twilio-server.ts";
import { type SmtpTestServer, startSmtpTestServer } from "#tests/setup/smtp-test-server.ts";
import { createTestServices } from "#tests/setup/test-db.ts";

// Shipment notifications by SMS as well as e-mail: the real scheduler and outbox worker on the tests' clock,
// sending to a real SMTP server and to the local fake of Twilio's documented API.

let clock = new Date("2026-11-23T10:00:00Z");
const advance = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};
const SITE = "https://freight.example.com";
const TWILIO = {
  TWILIO_ACCOUNT_SID: `AC${"1".repeat(32)}`,
  TWILIO_AUTH_TOKEN: "0123456789abcdef0123456789abcdef",
  TWILIO_SMS_FROM: "+15017122661",
};
const SHIPPER_PHONE = "+231770000001";
const CONSIGNEE_PHONE = "+231880000002";

let smtp: SmtpTestServer;
let twilio: FakeTwilio;
let services: Services;
beforeAll(async () => {
  smtp = await startSmtpTestServer();
  twilio = await startFakeTwilio({
    accountSid: TWILIO.TWILIO_ACCOUNT_SID,
    authToken: TWILIO.TWILIO_AUTH_TOKEN,
  });
  services = await createTestServices(
    { SMTP_URL: smtp.url, SITE_URL: SITE, ...TWILIO },
    {
      outbox: { now: () => clock, autostart: false, providers: { twilioBaseUrl: twilio.url } },
      notifications: { now: () => clock, autostart: false },
    },
  );
});
afterAll(async () => {
  await services?.close();
  await smtp?.close();
  await twilio?.close();
});

let shipmentId: string;
let trackingNumber: string;
let serial = 0;
beforeEach(async () => {
  await setNotificationsEnabled({ db: services.db, enabled: true });
  const [shipper] = await services.db
    .insert(shippers)
    .values({ name: "Ada Shipper", email: "shipper@example.com", phone: SHIPPER_PHONE })
    .returning();
  const [consignee] = await services.db
    .insert(consignees)
    .values({ name: "Kofi Consignee", email: "consignee@example.com", phone: CONSIGNEE_PHONE })
    .returning();
  serial++;
  trackingNumber = `UTG-4321-${String(1000 + serial)}`;
  const [shipment] = await services.db
    .insert(shipments)
    .values({
      trackingNumber,
      status: "In Transit",
      originLocation: "Shanghai",
      destinationLocation: "Monrovia",
      estimatedDelivery: new Date("2026-11-30T00:00:00Z"),
      shipperId: shipper!.id,
      consigneeId: consignee!.id,
    })
    .returning();
  shipmentId = shipment!.id;
  await addUpdate("In Transit", "Atlantic Ocean");
  await deliverAll();
  advance(10 * 60 * 1000);
  smtp.received.length = 0;
  twilio.requests.length = 0;
});

async function deliverAll() {
  await services.notifications.runOnce();
  await services.outbox.drain();
}
const addUpdate = (status: string, location: string) =>
  addStatusUpdate({
    db: services.db,
    shipmentId,
    input: { status, location, notes: null, timestamp: new Date(clock), alsoSetCurrent: true },
    now: clock,
  });
const smsTo = (phone: string) => twilio.requests.filter((request) => request.form.get("To") === phone);
const mailTo = (address: string) => smtp.received.filter((mail) => mail.to.includes(address));

describe("shipment notifications by SMS", () => {
  it("sends one e-mail and one SMS per recipient for a status update, the SMS in one GSM-7 segment", async () => {
    await addUpdate("Arrived", "Port of Monrovia");
    await deliverAll();
    await deliverAll();

    for (const [address, phone] of [
      ["shipper@example.com", SHIPPER_PHONE],
      ["consignee@example.com", CONSIGNEE_PHONE],
    ] as const) {
      expect(mailTo(address)).toHaveLength(1);
      expect(smsTo(phone)).toHaveLength(1);
    }
    expect(twilio.requests).toHaveLength(2);
    const text = smsTo(CONSIGNEE_PHONE)[0]!.form.get("Body")!;
    expect(text).toBe(
      `${trackingNumber}: Arrived at Port of Monrovia. Track: ${SITE}/track/${trackingNumber}`,
    );
    expect(analyzeSmsText(text)).toMatchObject({ encoding: "GSM-7", segments: 1 });
    expect(analyzeSmsText(text).units).toBeLessThanOrEqual(160);
  });

  it("uses staff's SMS template, still shortening only the headline to keep one segment", async () => {
    await saveNotificationTemplates({
      db: services.db,
      senderName: "",
      replyTo: "",
      templates: {
        ...DEFAULT_TEMPLATES,
        sms: "{companyName} - {trackingNumber}: {headline}. See {trackingUrl}",
      },
    });
    try {
      await addUpdate("Out for Delivery", `Warehouse ${"B".repeat(150)}, Bushrod Island, Monrovia`);
      await deliverAll();
      const text = smsTo(CONSIGNEE_PHONE)[0]!.form.get("Body")!;
      expect(analyzeSmsText(text)).toMatchObject({ encoding: "GSM-7", segments: 1 });
      expect(text).toMatch(
        new RegExp(
          `^.+ - ${trackingNumber}: Out for Delivery at Warehouse B+\\.\\.\\.\\. See ${SITE}/track/${trackingNumber}$`,
        ),
      );
    } finally {
      await saveNotificationTemplates({
        db: services.db,
        senderName: "",
        replyTo: "",
        templates: DEFAULT_TEMPLATES,
      });
    }
  });

  it("shortens a long place so the number and the tracking link still fit one segment", async () => {
    await addUpdate("Out for Delivery", `Warehouse ${"B".repeat(150)}, Bushrod Island, Monrovia`);
    await deliverAll();

    const text = smsTo(CONSIGNEE_PHONE)[0]!.form.get("Body")!;
    expect(analyzeSmsText(text)).toMatchObject({ encoding: "GSM-7", segments: 1 });
    expect(text.startsWith(`${trackingNumber}: Out for Delivery at Warehouse B`)).toBe(true);
    expect(text).toMatch(/\.\.\.\. Track: /);
    expect(text.endsWith(`${SITE}/track/${trackingNumber}`)).toBe(true);
  });

  it("sends no SMS to a phone unsubscribed from the shipment, and still sends its e-mail", async () => {
    const { token } = await ensureUnsubscribeToken({
      db: services.db,
      shipmentId,
      channel: "sms",
      address: CONSIGNEE_PHONE,
      now: clock,
    });
    expect(await unsubscribeByToken({ db: services.db, token, now: clock })).toBe(true);
    const [row] = await services.db
      .select()
      .from(notificationUnsubscribes)
      .where(
        and(
          eq(notificationUnsubscribes.shipmentId, shipmentId),
          eq(notificationUnsubscribes.channel, "sms"),
          eq(notificationUnsubscribes.address, CONSIGNEE_PHONE),
        ),
      );
    expect(row!.unsubscribedAt).not.toBeNull();

    await addUpdate("Delivered", "Monrovia");
    await deliverAll();

    expect(smsTo(CONSIGNEE_PHONE)).toHaveLength(0);
    expect(smsTo(SHIPPER_PHONE)).toHaveLength(1);
    expect(mailTo("consignee@example.com")).toHaveLength(1);
  });
});

describe("resending a text notification", () => {
  it("queues the SMS again on its own channel, to the same phone", async () => {
    await addUpdate("Arrived", "Port of Monrovia");
    await deliverAll();
    const log = await services.db
      .select()
      .from(notificationLog)
      .where(and(eq(notificationLog.shipmentId, shipmentId), eq(notificationLog.channel, "sms")));
    const consigneeSms = log.filter((row) => row.address === CONSIGNEE_PHONE).at(-1)!;
    twilio.requests.length = 0;

    expect(
      await resendNotification({
        db: services.db,
        config: services.config,
        logger: services.logger,
        shipmentId,
        logId: consigneeSms.id,
        now: clock,
      }),
    ).toBeNull();
    await services.outbox.drain();
    expect(twilio.requests).toHaveLength(1);
    expect(smsTo(CONSIGNEE_PHONE)[0]!.form.get("Body")).toContain("Arrived at Port of Monrovia");
  });
});
