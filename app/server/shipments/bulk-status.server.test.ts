import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  consignees,
  notificationSubscribers,
  shipmentNotificationRecipients,
  shipmentNotificationState,
  shipmentStatusHistory,
  shipments,
} from "#app/server/db/schema.ts";
import type { Services } from "#app/server/services.server.ts";
import { addStatusUpdates, previewBulkTarget } from "#app/server/shipments/bulk-status.server.ts";
import { createTestServices } from "#tests/setup/test-db.ts";

let services: Services;
beforeAll(async () => {
  services = await createTestServices();
});
afterAll(() => services?.close());

let serial = 0;
async function newShipments(n: number, prefix: string) {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    serial++;
    const [consignee] = await services.db
      .insert(consignees)
      .values({ name: `Consignee ${serial}`, email: `bulk-${serial}@example.com` })
      .returning();
    const [row] = await services.db
      .insert(shipments)
      .values({
        trackingNumber: `${prefix}-${String(serial).padStart(5, "0")}`,
        status: "In Transit",
        originLocation: "Antwerp",
        destinationLocation: "Monrovia",
        consigneeId: consignee!.id,
      })
      .returning();
    ids.push(row!.id);
  }
  return ids;
}

const NOW = new Date("2026-11-24T10:00:00Z");
const input = {
  status: "Arrived",
  location: "Port of Monrovia",
  notes: "Discharged",
  timestamp: new Date("2026-11-24T09:30:00Z"),
  alsoSetCurrent: true,
};
const history = (ids: string[]) =>
  services.db.select().from(shipmentStatusHistory).where(inArray(shipmentStatusHistory.shipmentId, ids));
const pending = (ids: string[]) =>
  services.db
    .select()
    .from(shipmentNotificationState)
    .where(inArray(shipmentNotificationState.shipmentId, ids));

describe("addStatusUpdates", () => {
  it("adds one entry to each chosen shipment, sets the current status, tells customers, and does it once per key", async () => {
    const ids = await newShipments(40, "BULKA");
    const key = crypto.randomUUID();
    const first = await addStatusUpdates({
      db: services.db,
      target: { ids },
      input,
      notify: true,
      key,
      now: NOW,
    });
    expect(first).toEqual({ ok: true, count: 40, told: 40, repeated: false });
    // The same form posted again (a retry, a second tab): nothing more.
    const again = await addStatusUpdates({
      db: services.db,
      target: { ids },
      input,
      notify: true,
      key,
      now: NOW,
    });
    expect(again).toEqual({ ok: true, count: 40, told: null, repeated: true });
    const entries = await history(ids);
    expect(entries).toHaveLength(40);
    expect(new Set(entries.map((e) => e.shipmentId)).size).toBe(40);
    const rows = await services.db.select().from(shipments).where(inArray(shipments.id, ids));
    expect(rows.every((r) => r.status === "Arrived" && r.currentLocation === "Port of Monrovia")).toBe(true);
    expect(await pending(ids)).toHaveLength(40);
  });

  it("tells no one when 'Notify customers' is off", async () => {
    const ids = await newShipments(3, "BULKB");
    const done = await addStatusUpdates({
      db: services.db,
      target: { ids },
      input: { ...input, alsoSetCurrent: false },
      notify: false,
      key: crypto.randomUUID(),
      now: NOW,
    });
    expect(done).toEqual({ ok: true, count: 3, told: 0, repeated: false });
    expect(await history(ids)).toHaveLength(3);
    expect(await pending(ids)).toEqual([]);
    const [row] = await services.db.select().from(shipments).where(eq(shipments.id, ids[0]!));
    expect(row!.status).toBe("In Transit");
  });

  it("tells no one of an update that does not become the shipments' status, even with 'Notify customers' on", async () => {
    const ids = await newShipments(2, "BULKN");
    const done = await addStatusUpdates({
      db: services.db,
      target: { ids },
      input: { ...input, alsoSetCurrent: false },
      notify: true,
      key: crypto.randomUUID(),
      now: NOW,
    });
    expect(done).toEqual({ ok: true, count: 2, told: 0, repeated: false });
    expect(await history(ids)).toHaveLength(2);
    // Their tracking pages still say 'In Transit': a message saying 'Arrived' would contradict them.
    expect(await pending(ids)).toEqual([]);
  });

  it("counts as told only the shipments with someone to tell: contacts on file and switched on, or a subscriber", async () => {
    const [withContact, bare, switchedOff, subscribed] = await newShipments(4, "BULKR");
    const noContact = await services.db.insert(consignees).values({ name: "No contact" }).returning();
    await services.db
      .update(shipments)
      .set({ consigneeId: noContact[0]!.id })
      .where(inArray(shipments.id, [bare!, subscribed!]));
    await services.db
      .insert(shipmentNotificationRecipients)
      .values({ shipmentId: switchedOff!, role: "consignee", enabled: false });
    await services.db.insert(notificationSubscribers).values({
      shipmentId: subscribed!,
      channel: "email",
      address: "watcher@example.com",
      confirmedAt: NOW,
    });
    const all = [withContact!, bare!, switchedOff!, subscribed!];
    const done = await addStatusUpdates({
      db: services.db,
      target: { ids: all },
      input,
      notify: true,
      key: crypto.randomUUID(),
      now: NOW,
    });
    expect(done).toEqual({ ok: true, count: 4, told: 2, repeated: false });
    const none = await addStatusUpdates({
      db: services.db,
      target: { ids: [bare!, switchedOff!] },
      input: { ...input, timestamp: new Date("2026-11-24T09:45:00Z") },
      notify: true,
      key: crypto.randomUUID(),
      now: NOW,
    });
    expect(none).toEqual({ ok: true, count: 2, told: 0, repeated: false });
  });

  it("counts a phone, and an SMS subscriber, as told only while a text channel has a provider", async () => {
    const [phoneOnly, smsSubscribed] = await newShipments(2, "BULKT");
    const [texted] = await services.db
      .insert(consignees)
      .values({ name: "Phone only", phone: "+231770123456" })
      .returning();
    const noContact = await services.db.insert(consignees).values({ name: "No contact" }).returning();
    await services.db.update(shipments).set({ consigneeId: texted!.id }).where(eq(shipments.id, phoneOnly!));
    await services.db
      .update(shipments)
      .set({ consigneeId: noContact[0]!.id })
      .where(eq(shipments.id, smsSubscribed!));
    await services.db.insert(notificationSubscribers).values({
      shipmentId: smsSubscribed!,
      channel: "sms",
      address: "+231770654321",
      confirmedAt: NOW,
    });
    const update = (minute: number, textChannels?: { sms: boolean; whatsapp: boolean }) =>
      addStatusUpdates({
        db: services.db,
        target: { ids: [phoneOnly!, smsSubscribed!] },
        input: { ...input, timestamp: new Date(`2026-11-24T09:${minute}:00Z`) },
        notify: true,
        key: crypto.randomUUID(),
        now: NOW,
        ...(textChannels ? { textChannels } : {}),
      });
    // No provider (and none said): no one is told, whatever is on file.
    expect(await update(31)).toEqual({ ok: true, count: 2, told: 0, repeated: false });
    expect(await update(32, { sms: false, whatsapp: false })).toEqual({
      ok: true,
      count: 2,
      told: 0,
      repeated: false,
    });
    // WhatsApp alone texts the party's phone, not the SMS subscriber; SMS reaches both.
    expect(await update(33, { sms: false, whatsapp: true })).toEqual({
      ok: true,
      count: 2,
      told: 1,
      repeated: false,
    });
    expect(await update(34, { sms: true, whatsapp: false })).toEqual({
      ok: true,
      count: 2,
      told: 2,
      repeated: false,
    });
  });

  it("finds scanned numbers however they are typed, and changes nothing when one is unknown", async () => {
    const ids = await newShipments(2, "BULKC");
    const numbers = (await services.db.select().from(shipments).where(inArray(shipments.id, ids))).map(
      (r) => r.trackingNumber,
    );
    const refused = await addStatusUpdates({
      db: services.db,
      target: { trackingNumbers: [...numbers, "NOPE-0000"] },
      input,
      notify: true,
      key: crypto.randomUUID(),
      now: NOW,
    });
    expect(refused).toEqual({ ok: false, reason: "unknown", unknown: ["NOPE-0000"] });
    expect(await history(ids)).toEqual([]);
    const key = crypto.randomUUID();
    const scanned = numbers.map((n) => ` ${n.toLowerCase().replace("-", "")} `);
    expect(
      await addStatusUpdates({
        db: services.db,
        target: { trackingNumbers: scanned },
        input,
        notify: true,
        key,
        now: NOW,
      }),
    ).toEqual({ ok: true, count: 2, told: 2, repeated: false });
    expect(await history(ids)).toHaveLength(2);
  });

  it("applies to every shipment the list's search matches, and previews them", async () => {
    const ids = await newShipments(5, "BULKD");
    const target = { filter: { search: "BULKD" } };
    const preview = await previewBulkTarget({ db: services.db, target });
    expect(preview.count).toBe(5);
    expect(preview.sample).toHaveLength(5);
    const done = await addStatusUpdates({
      db: services.db,
      target,
      input,
      notify: false,
      key: crypto.randomUUID(),
      now: NOW,
    });
    expect(done).toEqual({ ok: true, count: 5, told: 0, repeated: false });
    expect(await history(ids)).toHaveLength(5);
    const none = await addStatusUpdates({
      db: services.db,
      target: { filter: { search: "no shipment is called this" } },
      input,
      notify: false,
      key: crypto.randomUUID(),
      now: NOW,
    });
    expect(none).toEqual({ ok: false, reason: "none" });
  });

  it("lets two instances' posts of one form through once, and two different forms over the same shipments both", async () => {
    const ids = await newShipments(20, "BULKE");
    const key = crypto.randomUUID();
    const same = await Promise.all(
      [1, 2, 3].map(() =>
        addStatusUpdates({ db: services.db, target: { ids }, input, notify: true, key, now: NOW }),
      ),
    );
    expect(same.filter((r) => r.ok && !r.repeated)).toHaveLength(1);
    expect(await history(ids)).toHaveLength(20);
    const other = await Promise.all(
      [1, 2].map(() =>
        addStatusUpdates({
          db: services.db,
          target: { ids: [...ids].reverse() },
          input,
          notify: true,
          key: crypto.randomUUID(),
          now: NOW,
        }),
      ),
    );
    expect(other.every((r) => r.ok && !r.repeated)).toBe(true);
    expect(await history(ids)).toHaveLength(60);
  });
});
