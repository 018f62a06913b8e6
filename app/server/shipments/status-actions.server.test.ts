// Editing and deleting the newest status update on a real database, through the admin layout's middleware (so
// the activity log records the staff member): the shipment's own status and location follow its newest entry
// in the same transaction, the tracking page's status and latest update agree, and customers are told only
// when asked (docs/decisions/013, 'Editing the newest entry').
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { toLocalDateTime } from "#app/lib/time-zone.ts";
import { action as detailAction } from "#app/routes/admin/shipments.$id.tsx";
import { findShipmentActivity } from "#app/server/audit/audit.server.ts";
import { outbox, shipmentNotificationState, shipments } from "#app/server/db/schema.ts";
import { createParty } from "#app/server/parties/parties.server.ts";
import type { Services } from "#app/server/services.server.ts";
import { createShipment, getShipmentById, updateShipment } from "#app/server/shipments/shipments.server.ts";
import { getPublicShipmentByTrackingNumber } from "#app/server/shipments/tracking.server.ts";
import { presentTracking } from "#app/server/shipments/tracking-view.server.ts";
import { requireAdminMiddleware } from "#app/server/staff/staff-guards.server.ts";
import { signInStaff } from "#tests/setup/staff-session.ts";
import { createTestContext, createTestServices } from "#tests/setup/test-db.ts";

const HOUR = 60 * 60 * 1000;
let services: Services;
let cookie: string;
let timeZone: string;

beforeAll(async () => {
  services = await createTestServices();
  ({ cookie } = await signInStaff({ ...services, email: "clerk@example.com", name: "Clara Clerk" }));
  ({ timeZone } = await services.siteSettings.get());
});
afterAll(() => services.close());

let serial = 0;
let shipmentId: string;
let trackingNumber: string;
beforeEach(async () => {
  serial++;
  const contact = { company: null, phone: null, address: null };
  const shipperId = (
    await createParty({
      db: services.db,
      kind: "shipper",
      input: { name: "Ama Sender", email: `sender${serial}@example.com`, ...contact },
    })
  ).id;
  trackingNumber = `TST-0700-${serial}`;
  shipmentId = await newShipment(trackingNumber, { shipperId, currentLocation: "Monrovia warehouse" });
});

/** A shipment from Monrovia to Antwerp, 'Pending', with no status update yet; its id. */
async function newShipment(
  number: string,
  more: { shipperId: string | null; currentLocation: string | null },
) {
  const shipment = await createShipment({
    db: services.db,
    input: {
      trackingNumber: number,
      status: "Pending",
      originLocation: "Monrovia",
      destinationLocation: "Antwerp",
      estimatedDelivery: new Date("2030-01-01T00:00:00Z"),
      weight: null,
      dimensions: "1 x 1 x 1",
      notes: null,
      consigneeId: null,
      ...more,
    },
  });
  return shipment.id;
}

/** Posts the detail page's form as the browser does, through the admin layout (who acts, for the activity log). */
async function post(fields: Record<string, string>) {
  const context = createTestContext(services);
  const request = new Request(`http://localhost/admin/shipments/${shipmentId}`, {
    method: "POST",
    headers: { cookie },
    body: new URLSearchParams(fields),
  });
  return (await requireAdminMiddleware(
    { request, context, params: {}, url: new URL(request.url), pattern: "/admin/shipments/:id" } as never,
    async () => {
      const result = await detailAction({ request, context, params: { id: shipmentId } } as never);
      return result instanceof Response ? result : new Response(JSON.stringify(result), { status: 400 });
    },
  )) as Response;
}

const at = (hoursAgo: number) => toLocalDateTime(new Date(Date.now() - hoursAgo * HOUR), timeZone);

async function addEntry(status: string, location: string, hoursAgo: number) {
  const response = await post({
    intent: "add-status",
    status,
    location,
    notes: "",
    timestamp: at(hoursAgo),
    alsoSetCurrent: "on",
  });
  expect(response.status).toBe(302);
  const shipment = await getShipmentById({ db: services.db, id: shipmentId });
  return shipment!.history.find((entry) => entry.status === status)!;
}

const current = async () => {
  const shipment = await getShipmentById({ db: services.db, id: shipmentId });
  return { status: shipment!.status, location: shipment!.currentLocation };
};

/** The status changes waiting to be told to the shipment's customers, as 'status at place'. */
async function pending() {
  const [state] = await services.db
    .select({ pending: shipmentNotificationState.pending })
    .from(shipmentNotificationState)
    .where(eq(shipmentNotificationState.shipmentId, shipmentId));
  return (state?.pending ?? [])
    .filter((change) => change.kind === "status")
    .map((change) => `${change.status} at ${change.location}`);
}

/** The public tracking page's headline status and its 'Latest update', in French and English. */
async function trackingPage() {
  const shipment = await getPublicShipmentByTrackingNumber({ db: services.db, trackingNumber });
  return (["en", "fr"] as const).map((locale) => {
    const view = presentTracking({ shipment: shipment!, timeZone, locale });
    return {
      status: view.status,
      latest: view.latest?.status ?? null,
      location: view.latest?.location ?? null,
    };
  });
}

describe("editing the newest status update", () => {
  it("moves the shipment's status and location with it, in the activity log, and tells the customers when asked", async () => {
    const processing = await addEntry("Processing", "Monrovia warehouse", 2);
    expect(await pending()).toEqual(["Processing at Monrovia warehouse"]);

    const saved = await post({
      intent: "update-status",
      id: processing.id,
      status: "Shipped",
      location: "Port of Monrovia",
      notes: "Loaded on MV Grand Benelux",
      timestamp: at(2),
      notify: "on",
    });
    expect(saved.status).toBe(302);
    expect(await current()).toEqual({ status: "Shipped", location: "Port of Monrovia" });
    expect(await trackingPage()).toEqual([
      { status: "Shipped", latest: "Shipped", location: "Port of Monrovia" },
      { status: "Expédié", latest: "Expédié", location: "Port of Monrovia" },
    ]);
    // Told as an added update is: the message's latest state is what the tracking page shows.
    expect(await pending()).toEqual(["Processing at Monrovia warehouse", "Shipped at Port of Monrovia"]);
    await services.notifications.runOnce();
    const [message] = await services.db
      .select({ subject: outbox.subject })
      .from(outbox)
      .where(eq(outbox.to, `sender${serial}@example.com`));
    expect(message?.subject).toBe(`${trackingNumber}: Shipped at Port of Monrovia`);

    // The activity log names the clerk on the entry's change and on the shipment's, field by field.
    const activity = await findShipmentActivity({ db: services.db, shipmentId });
    const shipmentChange = activity.find(
      (entry) =>
        entry.entity === "shipments" && entry.action === "update" && "status" in (entry.changes ?? {}),
    );
    expect(shipmentChange).toMatchObject({
      actorName: "Clara Clerk",
      changes: {
        status: ["Processing", "Shipped"],
        current_location: ["Monrovia warehouse", "Port of Monrovia"],
      },
    });
    const entryChange = activity.find(
      (entry) => entry.entity === "shipment_status_history" && entry.action === "update",
    );
    expect(entryChange).toMatchObject({
      actorName: "Clara Clerk",
      changes: { status: ["Processing", "Shipped"] },
    });
  });

  it("tells nobody when 'Notify customers' is unticked, and leaves the shipment alone for an older entry", async () => {
    const processing = await addEntry("Processing", "Monrovia warehouse", 5);
    const shipped = await addEntry("Shipped", "Port of Monrovia", 1);
    const before = await pending();

    const edited = await post({
      intent: "update-status",
      id: shipped.id,
      status: "In Transit",
      location: "Atlantic Ocean",
      notes: "",
      timestamp: at(1),
    });
    expect(edited.status).toBe(302);
    expect(await current()).toEqual({ status: "In Transit", location: "Atlantic Ocean" });
    expect(await pending()).toEqual(before);

    // An older entry is history: the shipment keeps the newest one's status and place.
    await post({
      intent: "update-status",
      id: processing.id,
      status: "Booked",
      location: "Monrovia office",
      notes: "",
      timestamp: at(5),
      notify: "on",
    });
    expect(await current()).toEqual({ status: "In Transit", location: "Atlantic Ocean" });
    expect(await pending()).toEqual(before);
  });

  it("follows an older entry moved after the newest one", async () => {
    const processing = await addEntry("Processing", "Monrovia warehouse", 5);
    await addEntry("Shipped", "Port of Monrovia", 3);
    await post({
      intent: "update-status",
      id: processing.id,
      status: "Arrived",
      location: "Port of Antwerp",
      notes: "",
      timestamp: at(1),
    });
    expect(await current()).toEqual({ status: "Arrived", location: "Port of Antwerp" });
  });
});

describe("deleting the newest status update", () => {
  it("puts the shipment back to the entry before it, told only when asked; deleting the last entry keeps it", async () => {
    const processing = await addEntry("Processing", "Monrovia warehouse", 3);
    const shipped = await addEntry("Shipped", "Port of Monrovia", 1);
    const before = await pending();

    const deleted = await post({ intent: "delete-status", id: shipped.id });
    expect(deleted.status).toBe(302);
    expect(await current()).toEqual({ status: "Processing", location: "Monrovia warehouse" });
    expect((await trackingPage())[1]).toEqual({
      status: "En préparation",
      latest: "En préparation",
      location: "Monrovia warehouse",
    });
    expect(await pending()).toEqual(before);

    // Asked to tell: the customers hear the status the shipment went back to.
    const again = await addEntry("Shipped", "Port of Monrovia", 1);
    const told = await pending();
    await post({ intent: "delete-status", id: again.id, notify: "on" });
    expect(await pending()).toEqual([...told, "Processing at Monrovia warehouse"]);

    // No entry left: nothing to follow, the shipment keeps its status.
    await post({ intent: "delete-status", id: processing.id });
    expect(await current()).toEqual({ status: "Processing", location: "Monrovia warehouse" });
  });

  it("changes nothing for an entry of another shipment or a malformed id", async () => {
    const shipped = await addEntry("Shipped", "Port of Monrovia", 1);
    const other = shipmentId;
    serial++;
    shipmentId = await newShipment(`TST-0700-${serial}`, { shipperId: null, currentLocation: null });
    await post({ intent: "delete-status", id: shipped.id, notify: "on" });
    expect(await current()).toEqual({ status: "Pending", location: null });
    const bad = await post({ intent: "delete-status", id: "nope" });
    expect(bad.status).toBe(400);
    shipmentId = other;
    expect(await current()).toEqual({ status: "Shipped", location: "Port of Monrovia" });
  });
});

describe("a shipment not at its newest status update", () => {
  it("keeps the status staff set on the shipment's form when its newest entry is deleted, and tells nobody", async () => {
    await addEntry("Processing", "Monrovia warehouse", 3);
    const shipped = await addEntry("Shipped", "Port of Monrovia", 1);
    // Staff set the status on the shipment's form after the update: the shipment no longer follows its history.
    const shipment = await getShipmentById({ db: services.db, id: shipmentId });
    await updateShipment({
      db: services.db,
      id: shipmentId,
      input: {
        trackingNumber,
        status: "Delayed",
        originLocation: "Monrovia",
        destinationLocation: "Antwerp",
        currentLocation: "Port of Monrovia",
        estimatedDelivery: new Date("2030-01-01T00:00:00Z"),
        weight: null,
        dimensions: "1 x 1 x 1",
        notes: null,
        shipperId: shipment!.shipperId,
        consigneeId: null,
      },
    });
    const before = await pending();

    const deleted = await post({ intent: "delete-status", id: shipped.id, notify: "on" });
    expect(deleted.status).toBe(302);
    expect(await current()).toEqual({ status: "Delayed", location: "Port of Monrovia" });
    expect(await pending()).toEqual(before);
  });

  it("keeps its status when the newest entry, added with 'Also set as current' unticked, is edited", async () => {
    await addEntry("Processing", "Monrovia warehouse", 3);
    const response = await post({
      intent: "add-status",
      status: "Arrived",
      location: "Port of Antwerp",
      notes: "",
      timestamp: at(1),
    });
    expect(response.status).toBe(302);
    const arrived = (await getShipmentById({ db: services.db, id: shipmentId }))!.history.find(
      (entry) => entry.status === "Arrived",
    )!;
    const before = await pending();

    const edited = await post({
      intent: "update-status",
      id: arrived.id,
      status: "Arrived",
      location: "Antwerp terminal",
      notes: "",
      timestamp: at(1),
      notify: "on",
    });
    expect(edited.status).toBe(302);
    expect(await current()).toEqual({ status: "Processing", location: "Monrovia warehouse" });
    expect(await pending()).toEqual(before);
  });

  it("follows its newest entry when only the letter case or spacing of its status and place differ", async () => {
    await addEntry("Processing", "Monrovia warehouse", 3);
    const shipped = await addEntry("Shipped", "Port of Monrovia", 1);
    await services.db
      .update(shipments)
      .set({ status: "shipped", currentLocation: "port of  Monrovia" })
      .where(eq(shipments.id, shipmentId));
    await post({ intent: "delete-status", id: shipped.id });
    expect(await current()).toEqual({ status: "Processing", location: "Monrovia warehouse" });
  });
});
