import { eq } from "drizzle-orm";
import { parseSiteSettings, type SiteSettings } from "../schemas/site-settings.ts";
import type { Db } from "./db/client.server.ts";
import { siteSettings } from "./db/schema.ts";

const SITE_KEY = "site";

export async function getSiteSettings({ db }: { db: Db }): Promise<SiteSettings> {
  const [row] = await db.select().from(siteSettings).where(eq(siteSettings.key, SITE_KEY));
  return parseSiteSettings(row?.value);
}

export async function updateSiteSettings({ db, settings }: { db: Db; settings: SiteSettings }): Promise<void> {
  await db
    .insert(siteSettings)
    .values({ key: SITE_KEY, value: settings })
    .onConflictDoUpdate({ target: siteSettings.key, set: { value: settings, updatedAt: new Date() } });
}
