// The shipment detail page's actions and loader (status updates, parties), called directly with a real session
// on a real database.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { toLocalDateTime } from "#app/lib/time-zone.ts";
import { action as detailAction, loader as detailLoader } from "#app/routes/admin/shipments.$id.tsx";
import { consignees, shippers } from "#app/server/db/schema.ts";
import { createParty } from "#app/server/parties/parties.server.ts";
import type { Services } from "#app/server/services.server.ts";
import { getSiteSettings, updateSiteSettings } from "#app/server/settings/settings.server.ts";
import { createShipment, getShipmentById } from "#app/server/shipments/shipments.server.ts";
import { thrownStatus } from "#tests/setup/responses.ts";
import { base, decodeToast, type Reply, signedInDesk } from "./shipments.test-support.ts";

let services: Services;
// The time zone test sends the session cookie with one of its own.
let cookie: string;
const { context, request, load } = signedInDesk((opened, signedIn) => {
  services = opened;
  cookie = signedIn;
});

describe("the shipment detail page", () => {
  let shipmentId: string;
  let shipperId: string;
  let consigneeId: string;

  beforeAll(async () => {
    const party = { company: null, email: null, phone: null, address: null };
    shipperId = (await createParty({ db: services.db, kind: "shipper", input: { name: "Sender", ...party } }))
      .id;
    consigneeId = (
      await createParty({ db: services.db, kind: "consignee", input: { name: "Receiver", ...party } })
    ).id;
    shipmentId = (
      await createShipment({ db: services.db, input: { ...base("TST-0200"), shipperId, consigneeId } })
    ).id;
  });

  const post = (fields: Record<string, string>, id = shipmentId) =>
    detailAction({
      request: request(`/admin/shipments/${id}`, fields),
      context: context(),
      params: { id },
    } as never);

  it("loads the shipment; unknown or malformed ids are 404", async () => {
    const data = (await load(detailLoader, `/admin/shipments/${shipmentId}`, { id: shipmentId })) as Awaited<
      ReturnType<typeof detailLoader>
    >;
    expect(data.shipment).toMatchObject({
      trackingNumber: "TST-0200",
      shipper: { name: "Sender" },
      consignee: { name: "Receiver" },
    });
    expect(await thrownStatus(load(detailLoader, "/admin/shipments/x", { id: "x" }))).toBe(404);
    expect(
      await thrownStatus(
        load(detailLoader, "/admin/shipments/x", { id: "00000000-0000-4000-8000-000000000000" }),
      ),
    ).toBe(404);
    expect(await thrownStatus(post({ intent: "add-status", status: "A", location: "B" }, "nope"))).toBe(404);
  });

  it("adds a status update without changing the shipment's status, unless asked", async () => {
    const added = (await post({
      intent: "add-status",
      status: "Arrived",
      location: "Accra",
      notes: "",
      timestamp: "2026-11-01T10:00",
    })) as Response;
    expect(decodeToast(added)).toMatchObject({ title: "Status update added" });
    let shipment = await getShipmentById({ db: services.db, id: shipmentId });
    expect(shipment!.status).toBe("Processing");
    expect(shipment!.history.map((h) => h.status)).toEqual(["Arrived"]);
    await post({
      intent: "add-status",
      status: "Delivered",
      location: "Accra",
      alsoSetCurrent: "on",
      timestamp: "2026-11-01T11:00",
    });
    shipment = await getShipmentById({ db: services.db, id: shipmentId });
    expect(shipment).toMatchObject({ status: "Delivered", currentLocation: "Accra" });

    const before = shipment!.history.length;
    const bad = (await post({
      intent: "add-status",
      status: "",
      location: "x".repeat(500),
      timestamp: "2026-11-01T12:00",
    })) as Reply;
    expect(bad.init?.status).toBe(400);
    expect(bad.data.result!.error).toMatchObject({
      status: ["Status is required."],
      location: ["Location must be at most 200 characters."],
    });
    expect((await getShipmentById({ db: services.db, id: shipmentId }))!.history).toHaveLength(before);
  });

  it("edits and deletes a status update", async () => {
    const entry = (await getShipmentById({ db: services.db, id: shipmentId }))!.history.at(-1)!;
    const saved = (await post({
      intent: "update-status",
      id: entry.id,
      status: "Arrived",
      location: "Tema",
      notes: "<script>x</script>",
      timestamp: "2026-11-01T09:00",
    })) as Response;
    expect(decodeToast(saved)).toMatchObject({ title: "Status update saved" });
    const stored = (await getShipmentById({ db: services.db, id: shipmentId }))!.history.find(
      (h) => h.id === entry.id,
    )!;
    expect(stored).toMatchObject({ location: "Tema", notes: "<script>x</script>" });

    const malformed = (await post({
      intent: "update-status",
      id: "nope",
      status: "A",
      location: "B",
    })) as Reply;
    expect(malformed.init?.status).toBe(400);
    const missing = (await post({
      intent: "delete-status",
      id: "00000000-0000-4000-8000-000000000000",
    })) as Response;
    expect(decodeToast(missing)).toMatchObject({ type: "error", title: "Failed to delete status" });
    const deleted = (await post({ intent: "delete-status", id: entry.id })) as Response;
    expect(decodeToast(deleted)).toMatchObject({ type: "success", title: "Status deleted successfully" });
  });

  it("backdates status updates in the company's time zone; a bad or future time changes nothing", async () => {
    const settings = await getSiteSettings({ db: services.db });
    await updateSiteSettings({ db: services.db, settings: { ...settings, timeZone: "Europe/London" } });
    services.siteSettings.invalidate();
    try {
      const history = async () => (await getShipmentById({ db: services.db, id: shipmentId }))!.history;
      const added = (await post({
        intent: "add-status",
        status: "Loaded",
        location: "Freeport",
        timestamp: "2026-07-01T10:00",
      })) as Response;
      expect(decodeToast(added)).toMatchObject({ type: "success", title: "Status update added" });
      // An unticked 'current' is not remembered: the next update starts ticked again (the dialog's default).
      expect(added.headers.getSetCookie()).not.toContainEqual(expect.stringMatching(/^status_set_current=/));
      const loaded = (await history()).find((h) => h.status === "Loaded")!;
      expect(loaded.timestamp.toISOString()).toBe("2026-07-01T09:00:00.000Z");

      const before = await history();
      const refused = async (timestamp: string, message: string) => {
        const reply = (await post({
          intent: "add-status",
          status: "Late",
          location: "X",
          timestamp,
        })) as Reply;
        expect(reply.init?.status).toBe(400);
        expect(reply.data.result!.error).toEqual({ timestamp: [message] });
        const edit = (await post({
          intent: "update-status",
          id: loaded.id,
          status: "Late",
          location: "X",
          timestamp,
        })) as Reply;
        expect(edit.init?.status).toBe(400);
        expect(edit.data.result!.error).toEqual({ timestamp: [message] });
      };
      await refused("2026-02-30T10:00", "Enter a real date and time, like 2026-03-14 09:30.");
      await refused("", "Event date and time is required.");
      const inThreeDays = toLocalDateTime(new Date(Date.now() + 3 * 24 * 3600_000), "Europe/London");
      await refused(inThreeDays, "The event date and time cannot be more than 1 day in the future.");
      expect(await history()).toEqual(before);

      // Editing moves the entry in time.
      const saved = (await post({
        intent: "update-status",
        id: loaded.id,
        status: "Loaded",
        location: "Freeport",
        timestamp: "2026-01-05T10:00",
      })) as Response;
      expect(decodeToast(saved)).toMatchObject({ title: "Status update saved" });
      expect((await history()).find((h) => h.id === loaded.id)!.timestamp.toISOString()).toBe(
        "2026-01-05T10:00:00.000Z",
      );

      // The page shows and prefills event times in the company's zone.
      const page = async (extraCookie: string) =>
        (await detailLoader({
          request: new Request(`http://localhost/admin/shipments/${shipmentId}`, {
            headers: { cookie: `${cookie}${extraCookie}` },
          }),
          context: context(),
          params: { id: shipmentId },
        } as never)) as Awaited<ReturnType<typeof detailLoader>>;
      const shown = await page("; status_set_current=1");
      expect(shown.timeZone).toBe("Europe/London");
      // No remembered checkbox any more: an old cookie's unticked choice is not read.
      expect(shown).not.toHaveProperty("alsoSetCurrent");
      expect(await page("; status_set_current=0")).not.toHaveProperty("alsoSetCurrent");
      await post({
        intent: "update-status",
        id: loaded.id,
        status: "Loaded",
        location: "Freeport",
        timestamp: "2026-07-01T10:00",
      });
      const entry = (await page("")).shipment.history.find((h) => h.id === loaded.id)!;
      expect(entry).toMatchObject({
        date: "Jul 1, 2026 10:00 AM",
        iso: "2026-07-01T09:00:00.000Z",
        timestamp: "2026-07-01T10:00",
      });

      const current = (await post({
        intent: "add-status",
        status: "Unloaded",
        location: "Freeport",
        alsoSetCurrent: "on",
        timestamp: "2026-07-02T10:00",
      })) as Response;
      expect(current.headers.getSetCookie()).not.toContainEqual(
        expect.stringMatching(/^status_set_current=/),
      );
    } finally {
      await updateSiteSettings({ db: services.db, settings });
      services.siteSettings.invalidate();
    }
  });

  it("edits the shipper and deletes the consignee (the shipment keeps no consignee)", async () => {
    const bad = (await post({ intent: "update-shipper", name: "", email: "x" })) as Reply;
    expect(bad.init?.status).toBe(400);
    expect(bad.data.target).toBe("shipper");
    const updated = (await post({
      intent: "update-shipper",
      name: "Sender Two",
      phone: "0770 123 456",
    })) as Response;
    expect(decodeToast(updated)).toMatchObject({ title: "Shipper updated" });
    // Stored in E.164 (a Liberian mobile number typed the local way).
    expect((await services.db.select().from(shippers).where(eq(shippers.id, shipperId)))[0]).toMatchObject({
      name: "Sender Two",
      phone: "+231770123456",
    });

    const deleted = (await post({ intent: "delete-consignee" })) as Response;
    expect(decodeToast(deleted)).toMatchObject({ title: "Consignee deleted" });
    expect(await services.db.select().from(consignees).where(eq(consignees.id, consigneeId))).toEqual([]);
    expect((await getShipmentById({ db: services.db, id: shipmentId }))!.consigneeId).toBeNull();
    const again = (await post({ intent: "delete-consignee" })) as Response;
    expect(decodeToast(again)).toMatchObject({ type: "error", title: "Failed to delete consignee" });
  });

  it("unlinks the shipper from this shipment only: the shipper stays in the address book", async () => {
    const [shipper] = await services.db
      .insert(shippers)
      .values({ name: "Linked Sender" })
      .returning({ id: shippers.id });
    const other = await createShipment({
      db: services.db,
      input: { ...base("TST-0300"), shipperId: shipper!.id },
    });
    const detail = (fields: Record<string, string>) =>
      detailAction({
        request: request(`/admin/shipments/${other.id}`, fields),
        context: context(),
        params: { id: other.id },
      } as never);

    const malformed = (await detail({ intent: "unlink-shipper", partyId: "1 or 1=1" })) as Reply;
    expect(malformed.init?.status).toBe(400);
    // A page out of date (it shows another party) unlinks nothing.
    const stale = (await detail({ intent: "unlink-shipper", partyId: shipperId })) as Response;
    expect(decodeToast(stale)).toMatchObject({ type: "error", title: "Failed to unlink shipper" });
    const wrongKind = (await detail({ intent: "unlink-consignee", partyId: shipper!.id })) as Response;
    expect(decodeToast(wrongKind)).toMatchObject({ type: "error", title: "Failed to unlink consignee" });
    expect((await getShipmentById({ db: services.db, id: other.id }))!.shipperId).toBe(shipper!.id);

    const unlinked = (await detail({ intent: "unlink-shipper", partyId: shipper!.id })) as Response;
    expect(unlinked.status).toBe(302);
    expect(unlinked.headers.get("Location")).toBe(`/admin/shipments/${other.id}`);
    expect(decodeToast(unlinked)).toMatchObject({ type: "success", title: "Shipper unlinked" });
    expect((await getShipmentById({ db: services.db, id: other.id }))!.shipperId).toBeNull();
    expect(await services.db.select().from(shippers).where(eq(shippers.id, shipper!.id))).toHaveLength(1);
  });

  it("answers an unknown intent with 400", async () => {
    const reply = (await post({ intent: "explode" })) as Reply;
    expect(reply.init?.status).toBe(400);
  });
});
