import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "#app/server/db/client.server.ts";
import { siteSettings } from "#app/server/db/schema.ts";

/** The site_settings row of the master switch. No row: a new site, notifications on (drizzle/0008 turns them off for upgraded sites). */
export const NOTIFICATION_SETTINGS_KEY = "notifications";

const notificationSettingsSchema = z.object({ enabled: z.boolean() });
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

export async function getNotificationSettings({
  db,
}: {
  db: Pick<Db, "select">;
}): Promise<NotificationSettings> {
  const [row] = await db
    .select({ value: siteSettings.value })
    .from(siteSettings)
    .where(eq(siteSettings.key, NOTIFICATION_SETTINGS_KEY));
  const parsed = notificationSettingsSchema.safeParse(row?.value);
  return parsed.success ? parsed.data : { enabled: true };
}

export async function setNotificationsEnabled({ db, enabled }: { db: Db; enabled: boolean }): Promise<void> {
  const value: NotificationSettings = { enabled };
  await db
    .insert(siteSettings)
    .values({ key: NOTIFICATION_SETTINGS_KEY, value })
    .onConflictDoUpdate({ target: siteSettings.key, set: { value, updatedAt: new Date() } });
}
