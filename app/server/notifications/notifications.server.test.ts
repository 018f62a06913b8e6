import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  action as unsubscribeAction,
  loader as unsubscribeLoader,
} from "#app/routes/site/unsubscribe.$token.tsx";
import { consignees, notificationLog, outbox, shipments, shippers } from "#app/server/db/schema.ts";
import {
  getShipmentNotifications,
  resendNotification,
  setNotificationsPaused,
  setRecipientEnabled,
} from "#app/server/notifications/notifications.server.ts";
import type { Services } from "#app/server/services.server.ts";
import { setNotificationsEnabled } from "#app/server/settings/notification-settings.server.ts";
import { addStatusUpdate, createShipment, updateShipment } from "#app/server/shipments/shipments.server.ts";
import { type SmtpTestServer, startSmtpTestServer } from "#tests/setup/smtp-test-server.ts";
import { createTestContext, createTestServices } from "#tests/setup/test-db.ts";

// The 'Done when', end to end on a controlled clock: a status update through the domain function, the
// notification scheduler and the outbox worker, to a real SMTP server.

let clock = new Date("2026-11-23T10:00:00Z");
const advance = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};
const SITE = "https://freight.example.com";

let smtp: SmtpTestServer;
let services: Services;
beforeAll(async () => {
  smtp = await startSmtpTestServer();
  services = await createTestServices(
    { SMTP_URL: smtp.url, SITE_URL: SITE },
    { outbox: { now: () => clock, autostart: false }, notifications: { now: () => clock, autostart: false } },
  );
});
afterAll(async () => {
  await services?.close();
  await smtp?.close();
});

let shipmentId: string;
let parties: { shipperId: string; consigneeId: string };
let trackingNumber: string;
let serial = 0;
beforeEach(async () => {
  smtp.received.length = 0;
  await setNotificationsEnabled({ db: services.db, enabled: true });
  const [shipper] = await services.db
    .insert(shippers)
    .values({ name: "Ada Shipper", email: "shipper@example.com", phone: "+231 77 000 0001" })
    .returning();
  const [consignee] = await services.db
    .insert(consignees)
    .values({ name: "Kofi Consignee", email: "consignee@example.com", phone: "+231 77 000 0002" })
    .returning();
  serial++;
  trackingNumber = `UTG-1234-${String(5670 + serial).padStart(4, "0")}`;
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
  parties = { shipperId: shipper!.id, consigneeId: consignee!.id };
  // An earlier entry, so 'newest existing entry' is defined (the shipment's status then, so it is told).
  await addStatusUpdate({
    db: services.db,
    shipmentId,
    input: {
      status: "In Transit",
      location: "Atlantic Ocean",
      notes: null,
      timestamp: new Date(clock),
      alsoSetCurrent: true,
    },
    now: clock,
  });
  await deliverAll();
  smtp.received.length = 0;
  advance(10 * 60 * 1000);
});

/** The scheduler turns due notifications into outbox messages; the worker sends them. */
async function deliverAll() {
  await services.notifications.runOnce();
  await services.outbox.drain();
}
const mailTo = (address: string) => smtp.received.filter((mail) => mail.to.includes(address));
const addUpdate = (status: string, location: string, { at = clock, notes = null as string | null } = {}) =>
  addStatusUpdate({
    db: services.db,
    shipmentId,
    input: { status, location, notes, timestamp: new Date(at), alsoSetCurrent: true },
    now: clock,
  });
/** The raw message's decoded text part (quoted-printable soft breaks joined). */
const decoded = (raw: string) =>
  decodeURIComponent(
    raw
      .replace(/=\r?\n/g, "")
      .replace(/%/g, "%25")
      .replace(/=([0-9A-F]{2})/g, "%$1"),
  );

describe("shipment notifications by e-mail", () => {
  it("tells the consignee once, at once, with the tracking link and a working one-click unsubscribe", async () => {
    await addUpdate("Arrived", "Port of Monrovia", { notes: "Container <b>MSKU</b> & seal intact" });
    await deliverAll();

    const [mail, ...others] = mailTo("consignee@example.com");
    expect(others).toHaveLength(0);
    expect(mailTo("shipper@example.com")).toHaveLength(1);
    const raw = mail!.raw;
    expect(raw).toMatch(new RegExp(`^Subject: ${trackingNumber}: Arrived at Port of Monrovia$`, "m"));
    expect(raw).toMatch(/^Content-Type: multipart\/alternative/m);
    expect(raw).toMatch(/^Content-Type: text\/plain/m);
    expect(raw).toMatch(/^Content-Type: text\/html/m);
    expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    // Headers unfolded (nodemailer folds the long List-Unsubscribe line).
    const headers = raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, " ");
    const unsubscribeUrl = /^List-Unsubscribe: <([^>]+)>\r?$/m.exec(headers)?.[1];
    expect(unsubscribeUrl).toMatch(new RegExp(`^${SITE}/unsubscribe/[A-Za-z0-9_-]{43}$`));
    const body = decoded(raw);
    expect(body).toContain(`${SITE}/track/${trackingNumber}`);
    expect(body).toContain("Shanghai → Monrovia");
    expect(body).toContain("Estimated delivery: November 30, 2026");
    // The note escaped in HTML, as typed in the text part; no party's contact details.
    expect(body).toContain("Container &lt;b&gt;MSKU&lt;/b&gt; &amp; seal intact");
    expect(body).toContain("Note: Container <b>MSKU</b> & seal intact");
    expect(body).not.toContain("shipper@example.com");
    expect(body).not.toContain("+231 77 000 0001");

    // The link's page (GET) does not unsubscribe; the mail client's one-click POST does.
    const token = unsubscribeUrl!.split("/").pop()!;
    const context = createTestContext(services);
    const page = await unsubscribeLoader({
      request: new Request(unsubscribeUrl!),
      params: { token },
      context,
    } as never);
    expect((page as { data: { found: boolean; unsubscribed: boolean } }).data).toMatchObject({
      found: true,
      unsubscribed: false,
    });
    const answer = await unsubscribeAction({
      request: new Request(unsubscribeUrl!, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "List-Unsubscribe=One-Click",
      }),
      params: { token },
      context,
    } as never);
    expect(answer).toEqual({ unsubscribed: true });

    // The next status update (after the grouping window) reaches the shipper only.
    smtp.received.length = 0;
    advance(5 * 60 * 1000);
    await addUpdate("Delivered", "Monrovia");
    await deliverAll();
    expect(mailTo("consignee@example.com")).toHaveLength(0);
    expect(mailTo("shipper@example.com")).toHaveLength(1);

    // Staff see both recipients and every message: channel, state, attempts.
    const card = await getShipmentNotifications({ db: services.db, shipmentId });
    expect(card.recipients.map((r) => [r.role, r.enabled])).toEqual([
      ["shipper", true],
      ["consignee", true],
    ]);
    expect(card.unsubscribed).toEqual([{ channel: "email", address: "consignee@example.com" }]);
    const consigneeMessages = card.messages.filter((m) => m.address === "consignee@example.com");
    expect(consigneeMessages.map((m) => [m.summary, m.channel, m.status, m.attempts])).toEqual([
      ["Arrived at Port of Monrovia", "email", "sent", 1],
      ["In Transit at Atlantic Ocean", "email", "sent", 1],
    ]);
  });

  it("sends nothing for a correction dated over an hour before the newest entry", async () => {
    await addUpdate("Customs hold", "Freetown", { at: new Date(clock.getTime() - 3 * 60 * 60 * 1000) });
    await deliverAll();
    expect(smtp.received).toHaveLength(0);
  });

  it("groups changes within two minutes of a message into one follow-up listing the steps", async () => {
    await addUpdate("Arrived", "Port of Monrovia");
    await deliverAll();
    expect(mailTo("consignee@example.com")).toHaveLength(1);

    advance(30_000);
    await addUpdate("Customs cleared", "Port of Monrovia");
    advance(30_000);
    await updateShipment({
      db: services.db,
      id: shipmentId,
      input: {
        trackingNumber,
        status: "Out for delivery",
        originLocation: "Shanghai",
        destinationLocation: "Monrovia",
        currentLocation: "Monrovia",
        estimatedDelivery: new Date("2026-11-25T00:00:00Z"),
        weight: null,
        dimensions: null,
        notes: null,
        ...parties,
      } as never,
      now: clock,
    });
    // Not yet: the window runs until two minutes after the first message.
    await deliverAll();
    expect(mailTo("consignee@example.com")).toHaveLength(1);

    advance(61_000);
    await deliverAll();
    const mails = mailTo("consignee@example.com");
    expect(mails).toHaveLength(2);
    const followUp = decoded(mails[1]!.raw);
    expect(followUp).toContain("Since our last message:");
    expect(followUp).toMatch(/- .*Customs cleared at Port of Monrovia/);
    advance(10 * 60 * 1000);
    await deliverAll();
    expect(mailTo("consignee@example.com")).toHaveLength(2);
  });

  it("sends a status update dated in the future at its time", async () => {
    await addUpdate("Arrived", "Port of Monrovia", { at: new Date(clock.getTime() + 60 * 60 * 1000) });
    await deliverAll();
    expect(smtp.received).toHaveLength(0);
    advance(60 * 60 * 1000);
    await deliverAll();
    expect(mailTo("consignee@example.com")).toHaveLength(1);
  });

  it("sends nothing with the master switch off, the shipment paused or the recipient switched off", async () => {
    await setNotificationsEnabled({ db: services.db, enabled: false });
    await addUpdate("Arrived", "Port of Monrovia");
    await deliverAll();
    expect(smtp.received).toHaveLength(0);

    await setNotificationsEnabled({ db: services.db, enabled: true });
    await setNotificationsPaused({ db: services.db, shipmentId, paused: true, now: clock });
    await addUpdate("Customs cleared", "Port of Monrovia");
    await deliverAll();
    expect(smtp.received).toHaveLength(0);

    await setNotificationsPaused({ db: services.db, shipmentId, paused: false, now: clock });
    await setRecipientEnabled({ db: services.db, shipmentId, role: "shipper", enabled: false, now: clock });
    await addUpdate("Delivered", "Monrovia");
    await deliverAll();
    expect(mailTo("shipper@example.com")).toHaveLength(0);
    expect(mailTo("consignee@example.com")).toHaveLength(1);
  });

  it("skips a recipient whose address the outbox refuses, tells the other, and does not get stuck", async () => {
    // A party row with a damaged e-mail (not an address): enqueueMessage stores nothing for it.
    await services.db
      .update(shippers)
      .set({ email: "not-an-address" })
      .where(eq(shippers.id, parties.shipperId));
    await addUpdate("Arrived", "Port of Monrovia");
    await deliverAll();
    expect(mailTo("consignee@example.com")).toHaveLength(1);
    expect(smtp.received).toHaveLength(1);
    const logged = await services.db
      .select()
      .from(notificationLog)
      .where(eq(notificationLog.shipmentId, shipmentId));
    expect(logged.map((row) => row.address)).not.toContain("not-an-address");
    expect(await services.db.select().from(outbox).where(eq(outbox.to, "not-an-address"))).toEqual([]);
    // The shipment's pending notification was cleared, not left failing: a later change is told too.
    advance(5 * 60 * 1000);
    await addUpdate("Delivered", "Monrovia");
    await deliverAll();
    expect(mailTo("consignee@example.com")).toHaveLength(2);
  });

  it("resends one message as a new copy of it", async () => {
    await addUpdate("Arrived", "Port of Monrovia");
    await deliverAll();
    const [log] = await services.db
      .select()
      .from(notificationLog)
      .where(eq(notificationLog.shipmentId, shipmentId))
      .orderBy(notificationLog.createdAt);
    const before = smtp.received.length;
    expect(
      await resendNotification({
        db: services.db,
        config: services.config,
        logger: services.logger,
        shipmentId,
        logId: log!.id,
        now: clock,
      }),
    ).toBeNull();
    await deliverAll();
    expect(smtp.received).toHaveLength(before + 1);
    const [original] = await services.db.select().from(outbox).where(eq(outbox.id, log!.outboxId));
    expect(smtp.received.at(-1)!.messageId).not.toBe(original!.messageId);
  });
});

describe("a booked shipment", () => {
  const book = (status: string, { shipperId = parties.shipperId } = {}) => {
    serial++;
    return createShipment({
      db: services.db,
      input: {
        trackingNumber: `UTG-2468-${String(serial).padStart(4, "0")}`,
        status,
        originLocation: "Monrovia",
        destinationLocation: "Accra",
        currentLocation: null,
        estimatedDelivery: new Date("2030-01-01T00:00:00Z"),
        weight: null,
        dimensions: "1 x 1 x 1 m",
        notes: null,
        ...parties,
        shipperId,
      },
      now: clock,
    });
  };

  it("tells its shipper once, at once: 'Booked', with the tracking number and link; not the consignee", async () => {
    const row = await book("Pending");
    await deliverAll();
    advance(10 * 60 * 1000);
    await deliverAll();
    const [mail, ...others] = mailTo("shipper@example.com");
    expect(others).toHaveLength(0);
    expect(mailTo("consignee@example.com")).toHaveLength(0);
    expect(mail!.raw).toMatch(new RegExp(`^Subject: ${row.trackingNumber}: Booked$`, "m"));
    const body = decoded(mail!.raw);
    expect(body).toContain(`Shipment ${row.trackingNumber}: Booked`);
    expect(body).toContain(`${SITE}/track/${row.trackingNumber}`);
    expect(body).toContain("Monrovia → Accra");
  });

  it("tells nobody when entered already in transit, or with notifications off", async () => {
    await book("In Transit");
    await setNotificationsEnabled({ db: services.db, enabled: false });
    await book("Pending");
    await deliverAll();
    expect(smtp.received).toHaveLength(0);
  });

  it("tells nobody when entered out for delivery or delayed, statuses the form offers past booking", async () => {
    await book("Out for Delivery");
    await book("delayed");
    await deliverAll();
    expect(smtp.received).toHaveLength(0);
    await book("Awaiting pickup");
    await deliverAll();
    expect(mailTo("shipper@example.com")).toHaveLength(1);
  });

  it("a booking told to nobody (no shipper) does not hold back the consignee's next update", async () => {
    const row = await book("Pending", { shipperId: null as unknown as string });
    await deliverAll();
    expect(smtp.received).toHaveLength(0);
    // A minute later, inside what would be the two minutes after a message, had one been sent.
    advance(60 * 1000);
    await addStatusUpdate({
      db: services.db,
      shipmentId: row.id,
      input: {
        status: "Arrived",
        location: "Accra",
        notes: null,
        timestamp: new Date(clock),
        alsoSetCurrent: true,
      },
      now: clock,
    });
    await deliverAll();
    expect(mailTo("consignee@example.com")).toHaveLength(1);
  });
});
