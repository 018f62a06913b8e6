// The bulk status update page (/admin/shipments/bulk-update), called directly with a real session on a real
// database.
import { describe, expect, it } from "vitest";
import { action as bulkAction, loader as bulkLoader } from "#app/routes/admin/shipments.bulk-update.tsx";
import { consignees } from "#app/server/db/schema.ts";
import type { Services } from "#app/server/services.server.ts";
import type { BulkStatusView } from "#app/server/shipments/shipment-views.ts";
import { createShipment, getShipmentById } from "#app/server/shipments/shipments.server.ts";
import { base, decodeToast, type Reply, signedInDesk } from "./shipments.test-support.ts";

let services: Services;
const { context, request, load } = signedInDesk((opened) => {
  services = opened;
});

describe("the bulk status update page", () => {
  /** Posts the page's form as the browser does: its hidden fields (from the loader), then the status fields. */
  async function postPage(query: string, fields: Record<string, string>) {
    const view = (await load(bulkLoader, `/admin/shipments/bulk-update?${query}`)) as BulkStatusView;
    const posted: [string, string][] = [["key", view.key], ...view.carry, ...Object.entries(fields)];
    const answer = (await bulkAction({
      request: request("/admin/shipments/bulk-update", posted),
      context: context(),
      params: {},
    } as never)) as Response | Reply;
    return { view, answer };
  }
  const update = { status: "Arrived", location: "Port of Monrovia", timestamp: "2026-11-01T10:00" };
  const statusOf = async (id: string) => (await getShipmentById({ db: services.db, id }))!.status;

  it("updates every shipment listed by a status filter, and goes back to the list as it was", async () => {
    const listed = await createShipment({
      db: services.db,
      input: { ...base("BLKF-0001"), status: "In Transit" },
    });
    const other = await createShipment({ db: services.db, input: { ...base("BLKF-0002") } });
    const list = "/admin/shipments?q=blkf&status=In+Transit&sort=oldest";
    const { view, answer } = await postPage(
      new URLSearchParams({ all: "1", q: "blkf", status: "In Transit", returnTo: list }).toString(),
      { ...update, alsoSetCurrent: "on" },
    );
    expect(view).toMatchObject({ mode: "matching", count: 1, back: list });
    expect(answer).toBeInstanceOf(Response);
    expect((answer as Response).headers.get("Location")).toBe(list);
    expect(decodeToast(answer as Response)).toMatchObject({ title: "Status update added to 1 shipment" });
    expect(await statusOf(listed.id)).toBe("Arrived");
    expect(await statusOf(other.id)).toBe("Processing");
  });

  it("says in its toast whether customers were told: nobody when no shipment has anyone to tell", async () => {
    const bare = await createShipment({ db: services.db, input: { ...base("BLKN-0001") } });
    const nobody = await postPage(new URLSearchParams({ id: bare.id }).toString(), {
      ...update,
      alsoSetCurrent: "on",
      notify: "on",
    });
    expect(decodeToast(nobody.answer as Response)).toMatchObject({
      title: "Status update added to 1 shipment",
      description:
        "No customer was told: the shipment has no one to tell (no e-mail or phone on file, or notifications off).",
    });
    const [consignee] = await services.db
      .insert(consignees)
      .values({ name: "Told Receiver", email: "told@example.com" })
      .returning();
    const reached = await createShipment({
      db: services.db,
      input: { ...base("BLKN-0002"), consigneeId: consignee!.id },
    });
    const some = await postPage(
      new URLSearchParams([
        ["id", bare.id],
        ["id", reached.id],
      ]).toString(),
      {
        ...update,
        timestamp: "2026-11-01T10:30",
        alsoSetCurrent: "on",
        notify: "on",
      },
    );
    expect(decodeToast(some.answer as Response)).toMatchObject({
      title: "Status update added to 2 shipments",
      description:
        "The customers of 1 of the 2 shipments are told as for a single update; the others have no one to tell.",
    });
    const off = await postPage(new URLSearchParams({ id: reached.id }).toString(), {
      ...update,
      timestamp: "2026-11-01T11:00",
      alsoSetCurrent: "on",
    });
    expect(decodeToast(off.answer as Response)).toMatchObject({ description: "Customers were not told." });
  });

  it("goes back to the list's search and page after updating the ticked rows; never to another page", async () => {
    const ticked = await createShipment({ db: services.db, input: { ...base("BLKT-0001") } });
    const list = "/admin/shipments?q=blkt&page=2";
    const { answer } = await postPage(new URLSearchParams({ id: ticked.id, returnTo: list }).toString(), {
      ...update,
      alsoSetCurrent: "on",
    });
    expect((answer as Response).headers.get("Location")).toBe(list);
    expect(await statusOf(ticked.id)).toBe("Arrived");
    const elsewhere = await postPage(
      new URLSearchParams({ id: ticked.id, returnTo: "https://example.com/admin/shipments" }).toString(),
      { ...update, status: "Delivered" },
    );
    expect(elsewhere.view.back).toBe("/admin/shipments");
    expect((elsewhere.answer as Response).headers.get("Location")).toBe("/admin/shipments");
  });
});
