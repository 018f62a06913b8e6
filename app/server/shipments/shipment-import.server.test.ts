// The import itself (runImport, shipment-import.server.ts) against a real database: every row with its parties or
// none, exactly once however often the final step is sent, existing shipments skipped or updated as asked, and
// uploads forgotten after a day.
import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { consignees, shipmentNotificationState, shipments, shippers } from "#app/server/db/schema.ts";
import type { Services } from "#app/server/services.server.ts";
import { runImport } from "#app/server/shipments/shipment-import.server.ts";
import { csv, HEADER, importSteps, row } from "#app/server/shipments/shipment-import.test-support.ts";
import { deleteExpiredUploads, getUpload } from "#app/server/shipments/shipment-import-file.server.ts";
import { signInStaff } from "#tests/setup/staff-session.ts";
import { createTestServices } from "#tests/setup/test-db.ts";

let services: Services;
let userId: string;
beforeAll(async () => {
  services = await createTestServices();
  userId = (await signInStaff({ ...services, email: "io@example.com" })).user.id;
});
afterAll(() => services?.close());

const { upload, counts } = importSteps(() => ({ services, userId }));

describe("runImport", () => {
  it("imports every row with its parties, matched by e-mail (case aside) or name, or created once", async () => {
    await services.db.insert(shippers).values({ name: "Someone Else", email: "JAN@peeters.example" });
    await services.db.insert(consignees).values({ name: "Kollie Trading" });
    const before = await counts();
    const id = await upload(
      csv([
        HEADER,
        row("IMP-HAPPY-1"),
        row("IMP-HAPPY-2", {
          Shipper: "New Shipper",
          "Shipper email": "new@shipper.example",
          ETA: "1/2/2027",
        }),
        row("IMP-HAPPY-3", { Shipper: "New Shipper", "Shipper email": "NEW@shipper.example", Consignee: "" }),
      ]),
    );
    const outcome = await runImport({ db: services.db, id, updateExisting: false, notify: false });
    expect(outcome).toEqual({ ok: true, result: { created: 3, updated: 0, skipped: 0 }, repeated: false });
    const after = await counts();
    expect(after.shipments - before.shipments).toBe(3);
    expect(after.shippers - before.shippers).toBe(1);
    expect(after.consignees - before.consignees).toBe(0);
    const [first] = await services.db
      .select({
        s: shippers.name,
        c: consignees.name,
        eta: shipments.estimatedDelivery,
        weight: shipments.weight,
      })
      .from(shipments)
      .leftJoin(shippers, eq(shippers.id, shipments.shipperId))
      .leftJoin(consignees, eq(consignees.id, shipments.consigneeId))
      .where(eq(shipments.trackingNumber, "IMP-HAPPY-1"));
    expect(first).toEqual({
      s: "Someone Else",
      c: "Kollie Trading",
      eta: new Date("2026-12-31T00:00:00Z"),
      weight: 120.5,
    });
    const [second] = await services.db
      .select({ eta: shipments.estimatedDelivery })
      .from(shipments)
      .where(eq(shipments.trackingNumber, "IMP-HAPPY-2"));
    expect(second!.eta).toEqual(new Date("2027-02-01T00:00:00Z"));
    // Notify was off: nothing waits for the customers.
    expect((await services.db.select({ n: count() }).from(shipmentNotificationState))[0]!.n).toBe(0);
  });

  it("imports nothing when one row is invalid", async () => {
    const before = await counts();
    const id = await upload(
      csv([HEADER, row("IMP-AON-1"), row("IMP-AON-2"), row("IMP-AON-3", { Dimensions: "" })]),
    );
    const outcome = await runImport({ db: services.db, id, updateExisting: false, notify: false });
    expect(outcome).toMatchObject({
      ok: false,
      reason: "invalid",
      errors: [{ row: 4, column: "F", header: "Dimensions", message: "Dimensions is required." }],
    });
    const after = await counts();
    expect({ ...after, uploads: 0 }).toEqual({ ...before, uploads: 0 });
    expect((await getUpload({ db: services.db, id }))!.state).toBe("uploaded");
  });

  it("creates nothing twice when the same file is imported again, and updates only when asked", async () => {
    const file = csv([HEADER, row("IMP-AGAIN-1"), row("IMP-AGAIN-2")]);
    expect(
      await runImport({ db: services.db, id: await upload(file), updateExisting: false, notify: false }),
    ).toMatchObject({
      result: { created: 2, updated: 0, skipped: 0 },
    });
    const before = await counts();
    expect(
      await runImport({ db: services.db, id: await upload(file), updateExisting: false, notify: false }),
    ).toMatchObject({
      result: { created: 0, updated: 0, skipped: 2 },
    });
    expect(await counts()).toEqual({ ...before, uploads: before.uploads + 1 });

    const changed = csv([HEADER, row("impagain-1", { Status: "Arrived" }), row("IMP-AGAIN-3")]);
    const outcome = await runImport({
      db: services.db,
      id: await upload(changed),
      updateExisting: true,
      notify: true,
    });
    expect(outcome).toMatchObject({ result: { created: 1, updated: 1, skipped: 0 } });
    const [updated] = await services.db
      .select({ status: shipments.status, trackingNumber: shipments.trackingNumber })
      .from(shipments)
      .where(eq(shipments.trackingKey, "IMPAGAIN1"));
    // Updated in place: the number keeps its stored form, the status changed.
    expect(updated).toEqual({ status: "Arrived", trackingNumber: "IMP-AGAIN-1" });
    // 'Notify customers' on: the changed and the new shipment wait for their recipients, the unchanged one does not.
    const waiting = await services.db
      .select({ trackingNumber: shipments.trackingNumber })
      .from(shipmentNotificationState)
      .innerJoin(shipments, eq(shipments.id, shipmentNotificationState.shipmentId))
      .where(sql`${shipments.trackingNumber} like 'IMP-AGAIN-%'`);
    expect(waiting.map((w) => w.trackingNumber).sort()).toEqual(["IMP-AGAIN-1", "IMP-AGAIN-3"]);
  });

  it("imports once when the final step is sent twice at the same time", async () => {
    const before = await counts();
    const id = await upload(csv([HEADER, row("IMP-RACE-1"), row("IMP-RACE-2"), row("IMP-RACE-3")]));
    const outcomes = await Promise.all(
      [1, 2, 3].map(() => runImport({ db: services.db, id, updateExisting: true, notify: false })),
    );
    expect(outcomes.filter((o) => o.ok && !o.repeated)).toHaveLength(1);
    expect(outcomes.every((o) => o.ok && o.result.created === 3)).toBe(true);
    expect((await counts()).shipments - before.shipments).toBe(3);
  });

  it("forgets uploads after a day", async () => {
    const id = await upload(csv([HEADER, row("IMP-OLD-1")]));
    const tomorrow = new Date(Date.now() + 24 * 3_600_000 + 1000);
    expect(await getUpload({ db: services.db, id, now: tomorrow })).toBeNull();
    expect(await deleteExpiredUploads({ db: services.db, now: tomorrow })).toBeGreaterThan(0);
    expect(await getUpload({ db: services.db, id })).toBeNull();
  });
});
