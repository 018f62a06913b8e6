// The shipment detail page's Notifications card (recipients, messages, subscribers, pausing), called directly
// with a real session on a real database.
import { count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { toLocalDateTime } from "#app/lib/time-zone.ts";
import { action as detailAction, loader as detailLoader } from "#app/routes/admin/shipments.$id.tsx";
import { notificationLog, notificationSubscribers, outbox } from "#app/server/db/schema.ts";
import { createParty } from "#app/server/parties/parties.server.ts";
import type { Services } from "#app/server/services.server.ts";
import type { ShipmentDetailData } from "#app/server/shipments/shipment-detail-page.server.ts";
import { createShipment, getShipmentById } from "#app/server/shipments/shipments.server.ts";
import { thrownStatus } from "#tests/setup/responses.ts";
import { base, decodeToast, type Reply, signedInDesk } from "./shipments.test-support.ts";

let services: Services;
const { context, request, load } = signedInDesk((opened) => {
  services = opened;
});

describe("the shipment detail's Notifications card", () => {
  let shipmentId: string;
  let logId: string;

  beforeAll(async () => {
    const contact = { company: null, address: null };
    const shipperId = (
      await createParty({
        db: services.db,
        kind: "shipper",
        input: { name: "Notified Sender", email: "sender@example.com", phone: "+231770000001", ...contact },
      })
    ).id;
    const consigneeId = (
      await createParty({
        db: services.db,
        kind: "consignee",
        input: { name: "Notified Receiver", email: "receiver@example.com", phone: null, ...contact },
      })
    ).id;
    shipmentId = (
      await createShipment({ db: services.db, input: { ...base("TST-0390"), shipperId, consigneeId } })
    ).id;
    const [message] = await services.db
      .insert(outbox)
      .values({
        channel: "email",
        to: "receiver@example.com",
        subject: "TST-0390: Arrived at Port of Monrovia",
        text: "Arrived at Port of Monrovia",
        messageId: `<${crypto.randomUUID()}@example.com>`,
        status: "failed",
        attempts: 3,
        lastError: "550 mailbox unavailable",
      })
      .returning();
    const [log] = await services.db
      .insert(notificationLog)
      .values({
        shipmentId,
        outboxId: message!.id,
        role: "consignee",
        channel: "email",
        address: "receiver@example.com",
        summary: "Arrived at Port of Monrovia",
      })
      .returning();
    logId = log!.id;
  });

  const post = (fields: Record<string, string>) =>
    detailAction({
      request: request(`/admin/shipments/${shipmentId}`, fields),
      context: context(),
      params: { id: shipmentId },
    } as never) as Promise<Response | Reply>;
  const card = async () =>
    ((await load(detailLoader, `/admin/shipments/${shipmentId}`, { id: shipmentId })) as ShipmentDetailData)
      .notifications;
  const logCount = async () =>
    (
      await services.db
        .select({ n: count() })
        .from(notificationLog)
        .where(eq(notificationLog.shipmentId, shipmentId))
    )[0]!.n;

  it("shows every recipient and every message: channel, state, retries and the provider's reason", async () => {
    const notifications = await card();
    expect(notifications.paused).toBe(false);
    expect(notifications.recipients).toEqual([
      expect.objectContaining({
        role: "shipper",
        name: "Notified Sender",
        phone: "+231770000001",
        enabled: true,
      }),
      expect.objectContaining({ role: "consignee", email: "receiver@example.com", enabled: true }),
    ]);
    expect(notifications.messages).toEqual([
      expect.objectContaining({
        id: logId,
        channel: "email",
        status: "failed",
        retries: 2,
        reason: "550 mailbox unavailable",
        summary: "Arrived at Port of Monrovia",
      }),
    ]);
  });

  it("turns a recipient off and on again", async () => {
    const off = (await post({
      intent: "set-notification-recipient",
      role: "consignee",
      enabled: "off",
    })) as Response;
    expect(off.status).toBe(302);
    expect(decodeToast(off)).toMatchObject({ type: "success", title: "The consignee will not be notified" });
    expect((await card()).recipients.find((r) => r.role === "consignee")!.enabled).toBe(false);
    await post({ intent: "set-notification-recipient", role: "consignee", enabled: "on" });
    expect((await card()).recipients.find((r) => r.role === "consignee")!.enabled).toBe(true);
  });

  it("pauses and resumes the shipment's notifications", async () => {
    const paused = (await post({ intent: "pause-notifications" })) as Response;
    expect(decodeToast(paused)).toMatchObject({ type: "success", title: "Notifications paused" });
    expect((await card()).paused).toBe(true);
    const resumed = (await post({ intent: "resume-notifications" })) as Response;
    expect(decodeToast(resumed)).toMatchObject({ type: "success", title: "Notifications resumed" });
    expect((await card()).paused).toBe(false);
  });

  it("resends one message as a new queued message", async () => {
    const response = (await post({ intent: "resend-notification", id: logId })) as Response;
    expect(response.status).toBe(302);
    expect(decodeToast(response)).toMatchObject({
      type: "success",
      title: "Message queued to be sent again",
    });
    const messages = (await card()).messages;
    expect(messages).toHaveLength(2);
    // A new copy, newest first; the original keeps its failure (the test's services have no SMTP, so the
    // outbox keeps the copy as cancelled).
    expect(messages[0]!.id).not.toBe(logId);
    expect(messages[0]).toMatchObject({
      address: "receiver@example.com",
      summary: "Arrived at Port of Monrovia",
    });
    expect(messages[1]).toMatchObject({ id: logId, status: "failed" });
  });

  it("refuses bad input with a clear message and changes nothing", async () => {
    const before = await card();
    const count = await logCount();
    const hostile: Record<string, string>[] = [
      { intent: "set-notification-recipient", role: "admin", enabled: "off" },
      { intent: "set-notification-recipient", role: "consignee", enabled: "maybe" },
      { intent: "set-notification-recipient" },
      { intent: "resend-notification", id: "not-a-uuid" },
      { intent: "resend-notification" },
    ];
    for (const fields of hostile) {
      const reply = (await post(fields)) as Reply;
      expect(reply.init?.status, JSON.stringify(fields)).toBe(400);
      expect(reply.data.target).toBe("notifications");
      expect(reply.data.result?.error?.[""]?.[0]).toBeTruthy();
    }
    // A message of another shipment (or none): a toast saying so, nothing resent.
    const unknown = (await post({ intent: "resend-notification", id: crypto.randomUUID() })) as Response;
    expect(decodeToast(unknown)).toMatchObject({
      type: "error",
      title: "Failed to resend the message",
      description: "This message does not exist.",
    });
    expect(await logCount()).toBe(count);
    expect(await card()).toEqual(before);
  });

  it("lists the public subscribers with their full address, and removes one", async () => {
    const now = new Date();
    const [confirmed, waiting] = await services.db
      .insert(notificationSubscribers)
      .values([
        // Listed oldest first (one insert gives both the same created_at unless told).
        {
          shipmentId,
          channel: "email",
          address: "follower@example.com",
          confirmedAt: now,
          createdAt: new Date(now.getTime() - 2000),
        },
        {
          shipmentId,
          createdAt: new Date(now.getTime() - 1000),
          channel: "sms",
          address: "+231770123456",
          secretHash: "b".repeat(64),
          expiresAt: new Date(now.getTime() + 10 * 60 * 1000),
        },
        // Expired before confirming: not shown, counts for nothing.
        {
          shipmentId,
          channel: "email",
          address: "gone@example.com",
          secretHash: "c".repeat(64),
          expiresAt: new Date(now.getTime() - 1000),
        },
      ])
      .returning();
    expect((await card()).subscribers).toEqual([
      expect.objectContaining({
        id: confirmed!.id,
        channel: "email",
        address: "follower@example.com",
        confirmed: true,
      }),
      expect.objectContaining({
        id: waiting!.id,
        channel: "sms",
        address: "+231770123456",
        confirmed: false,
      }),
    ]);
    for (const id of ["not-a-uuid", ""]) {
      const reply = (await post({ intent: "remove-subscriber", id })) as Reply;
      expect(reply.init?.status).toBe(400);
      expect(reply.data.result?.error?.[""]).toEqual(["This subscriber does not exist."]);
    }
    // Another shipment's subscriber (or none) is not this card's to remove.
    expect(
      ((await post({ intent: "remove-subscriber", id: crypto.randomUUID() })) as Reply).init?.status,
    ).toBe(400);
    expect((await card()).subscribers).toHaveLength(2);
    const removed = (await post({ intent: "remove-subscriber", id: confirmed!.id })) as Response;
    expect(decodeToast(removed)).toMatchObject({ type: "success", title: "Subscriber removed" });
    expect((await card()).subscribers.map((s) => s.address)).toEqual(["+231770123456"]);
    const signedOut = await thrownStatus(
      detailAction({
        request: request(
          `/admin/shipments/${shipmentId}`,
          { intent: "remove-subscriber", id: waiting!.id },
          false,
        ),
        context: context(),
        params: { id: shipmentId },
      } as never),
    );
    expect(signedOut).toBe(302);
    expect((await card()).subscribers).toHaveLength(1);
  });

  it("tells the customers an update that becomes the shipment's status, and never one that does not", async () => {
    const { timeZone } = await services.siteSettings.get();
    // Each message's summary, subject and text, as queued for the recipients.
    const summaries = async () =>
      (
        await services.db
          .select({ summary: notificationLog.summary, subject: outbox.subject, text: outbox.text })
          .from(notificationLog)
          .innerJoin(outbox, eq(outbox.id, notificationLog.outboxId))
          .where(eq(notificationLog.shipmentId, shipmentId))
      ).map((row) => `${row.summary}\n${row.subject}\n${row.text}`);
    // Unticked: an earlier step added to the history. The tracking page keeps 'Processing', so no message
    // may say 'Customs hold'.
    await post({
      intent: "add-status",
      status: "Customs hold",
      location: "Freetown",
      timestamp: toLocalDateTime(new Date(), timeZone),
    });
    await post({
      intent: "add-status",
      status: "Arrived",
      location: "Port of Monrovia",
      alsoSetCurrent: "on",
      timestamp: toLocalDateTime(new Date(), timeZone),
    });
    const shipment = await getShipmentById({ db: services.db, id: shipmentId });
    expect(shipment).toMatchObject({ status: "Arrived", currentLocation: "Port of Monrovia" });
    await services.notifications.runOnce();
    const told = await summaries();
    expect(told.filter((message) => message.includes("Arrived at Port of Monrovia")).length).toBeGreaterThan(
      0,
    );
    expect(told.filter((summary) => summary.includes("Customs hold"))).toEqual([]);
  });

  it("requires a signed-in admin", async () => {
    const status = await thrownStatus(
      detailAction({
        request: request(`/admin/shipments/${shipmentId}`, { intent: "pause-notifications" }, false),
        context: context(),
        params: { id: shipmentId },
      } as never),
    );
    expect(status).toBe(302);
    expect((await card()).paused).toBe(false);
  });
});
