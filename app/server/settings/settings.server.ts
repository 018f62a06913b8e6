import { eq } from "drizzle-orm";
import { parseSiteSettings, type SiteSettings } from "#app/schemas/site-settings.ts";
import type { Db, DbOrTx } from "#app/server/db/client.server.ts";
import { siteSettings } from "#app/server/db/schema.ts";
import type { EventBus } from "#app/server/platform/events.server.ts";

const SITE_KEY = "site";

export async function getSiteSettings({ db }: { db: DbOrTx }): Promise<SiteSettings> {
  const [row] = await db.select().from(siteSettings).where(eq(siteSettings.key, SITE_KEY));
  return parseSiteSettings(row?.value);
}

export async function updateSiteSettings({
  db,
  settings,
}: {
  db: Db;
  settings: SiteSettings;
}): Promise<void> {
  await db
    .insert(siteSettings)
    .values({ key: SITE_KEY, value: settings })
    .onConflictDoUpdate({ target: siteSettings.key, set: { value: settings, updatedAt: new Date() } });
}

export type SiteSettingsCache = {
  /** The current settings: from memory while fresh, otherwise read once (concurrent callers share the read). */
  get(): Promise<SiteSettings>;
  /** Drops the copy in memory; the next get() reads the database. */
  invalidate(): void;
  close(): void;
};

/**
 * The settings every page shows (phone, e-mail, address, hours), kept in memory: every page needs them
 * and staff change them rarely. Any change, from any app instance or tool, is announced by the database
 * (drizzle/0004) and drops the copy at once; `maxAgeMs` bounds how stale it can get should an
 * announcement be missed (a PostgreSQL listener reconnecting).
 */
export function createSiteSettingsCache({
  db,
  events,
  maxAgeMs = 30_000,
}: {
  db: Db;
  events: EventBus;
  maxAgeMs?: number;
}): SiteSettingsCache {
  let cached: { value: SiteSettings; at: number } | undefined;
  let pending: Promise<SiteSettings> | undefined;
  // Bumped by every invalidation: a read that started before it must not store what it read.
  let generation = 0;

  const invalidate = () => {
    generation++;
    cached = undefined;
    pending = undefined;
  };
  const unsubscribe = events.subscribe((event) => {
    if (event.type === "content.changed" && event.table === "site_settings") invalidate();
  });

  return {
    get() {
      if (cached && performance.now() - cached.at < maxAgeMs) return Promise.resolve(cached.value);
      if (pending) return pending;
      const started = generation;
      const read = getSiteSettings({ db }).then(
        (value) => {
          if (started === generation) {
            cached = { value, at: performance.now() };
            pending = undefined;
          }
          return value;
        },
        (error: unknown) => {
          if (started === generation) pending = undefined;
          throw error;
        },
      );
      pending = read;
      return read;
    },
    invalidate,
    close: unsubscribe,
  };
}
