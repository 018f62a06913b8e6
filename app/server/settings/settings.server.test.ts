import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { siteSettingsSchema } from "#app/schemas/site-settings.ts";
import type { Services } from "#app/server/services.server.ts";
import { getSiteSettings, updateSiteSettings } from "#app/server/settings/settings.server.ts";
import { createTestServices } from "#tests/setup/test-db.ts";

let services: Services;
beforeEach(async () => {
  services = await createTestServices();
});
afterEach(async () => {
  await services.close();
});

const until = async (check: () => Promise<boolean>, timeoutMs = 5000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe("the site settings cache", () => {
  it("serves the stored settings and follows a change announced by the database", async () => {
    const { db, siteSettings } = services;
    const before = await siteSettings.get();
    expect(before).toEqual(await getSiteSettings({ db }));

    // Written straight to the database, as another app instance or a tool would: no local invalidate().
    const changed = siteSettingsSchema.parse({ ...before, phone: "+231 77 999 0000" });
    await updateSiteSettings({ db, settings: changed });
    await until(async () => (await siteSettings.get()).phone === "+231 77 999 0000");
  });

  it("never keeps a read that an invalidation overtook", async () => {
    const { db, siteSettings } = services;
    const before = await getSiteSettings({ db });
    siteSettings.invalidate();
    const inFlight = siteSettings.get(); // reads the old settings…
    siteSettings.invalidate(); // …while a change is announced
    // The change itself, with triggers off so that no second announcement covers for a stale copy.
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await updateSiteSettings({
        db: tx,
        settings: siteSettingsSchema.parse({ ...before, email: "ops@example.com" }),
      });
    });
    await inFlight;
    expect((await siteSettings.get()).email).toBe("ops@example.com");
  });

  it("shares one read among concurrent callers", async () => {
    const { siteSettings } = services;
    siteSettings.invalidate();
    const [a, b] = [siteSettings.get(), siteSettings.get()];
    expect(a).toBe(b);
    await Promise.all([a, b]);
  });
});
