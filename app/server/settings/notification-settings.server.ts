import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Locale } from "#app/lib/i18n/locale.ts";
import {
  defaultTemplatesFor,
  type NotificationTemplates,
  TEMPLATE_NAMES,
  type TemplateName,
  templateProblems,
} from "#app/lib/notification-templates.ts";
import type { Db } from "#app/server/db/client.server.ts";
import { siteSettings } from "#app/server/db/schema.ts";

/**
 * The site_settings row 'notifications' (jsonb): the master switch, the sender name and reply-to address of
 * notification e-mails, and the templates staff changed (a template not stored is the product's default):
 * `templates` the English ones, `templatesFr` the French ones (decision 030).
 * No row: a new site, notifications on (drizzle/0009 stores {"enabled": false} for upgraded sites).
 */
export const NOTIFICATION_SETTINGS_KEY = "notifications";

/** A stored template that no longer passes the rules (typed into the database by hand) falls back to the default. */
const storedTemplate = (name: TemplateName) =>
  z
    .string()
    .refine((text) => templateProblems(name, text).length === 0)
    .optional()
    .catch(undefined);

function storedTemplates() {
  return z
    .object({
      emailSubject: storedTemplate("emailSubject"),
      emailBody: storedTemplate("emailBody"),
      sms: storedTemplate("sms"),
    })
    .catch({})
    .default({});
}

const storedSchema = z.object({
  enabled: z.boolean().catch(true).default(true),
  senderName: z
    .string()
    .refine((v) => !/\p{Cc}/u.test(v))
    .catch("")
    .default(""),
  replyTo: z
    .string()
    .refine((v) => v === "" || z.email().safeParse(v).success)
    .catch("")
    .default(""),
  templates: storedTemplates(),
  templatesFr: storedTemplates(),
});
type StoredNotificationSettings = z.infer<typeof storedSchema>;

export type NotificationSettings = {
  enabled: boolean;
  /** Empty: the From's own name (MAIL_FROM's, or the company's). */
  senderName: string;
  /** Empty: no Reply-To header. */
  replyTo: string;
  /** Every template, the default where staff changed none. */
  templates: NotificationTemplates;
  /** Which templates staff changed. */
  customized: Record<TemplateName, boolean>;
};

/** Every template of one language: staff's where stored, the language's default otherwise. */
function withDefaults(stored: Partial<Record<TemplateName, string | undefined>>, locale: Locale) {
  const templates = { ...defaultTemplatesFor(locale) };
  const customized = { emailSubject: false, emailBody: false, sms: false };
  for (const name of TEMPLATE_NAMES) {
    const text = stored[name];
    if (text !== undefined) {
      templates[name] = text;
      customized[name] = true;
    }
  }
  return { templates, customized };
}

async function readStored(db: Pick<Db, "select">): Promise<StoredNotificationSettings> {
  const [row] = await db
    .select({ value: siteSettings.value })
    .from(siteSettings)
    .where(eq(siteSettings.key, NOTIFICATION_SETTINGS_KEY));
  const parsed = storedSchema.safeParse(row?.value ?? {});
  return parsed.success
    ? parsed.data
    : { enabled: true, senderName: "", replyTo: "", templates: {}, templatesFr: {} };
}

/** The switch, the sender and the English templates. */
export async function getNotificationSettings({
  db,
}: {
  db: Pick<Db, "select">;
}): Promise<NotificationSettings> {
  const stored = await readStored(db);
  const english = withDefaults(stored.templates, "en");
  return {
    enabled: stored.enabled,
    senderName: stored.senderName,
    replyTo: stored.replyTo,
    templates: english.templates,
    customized: english.customized,
  };
}

/** The French templates (decision 030): staff's where they changed one, the French default otherwise. */
export async function getFrenchNotificationTemplates({
  db,
}: {
  db: Pick<Db, "select">;
}): Promise<{ templates: NotificationTemplates; customized: Record<TemplateName, boolean> }> {
  return withDefaults((await readStored(db)).templatesFr, "fr");
}

/**
 * Merges `patch` into the row (top-level keys), so saving the templates keeps the switch and the switch keeps
 * the templates. A missing row is created with the patch alone (then 'enabled' is its default, on).
 */
async function mergeNotificationSettings({ db, patch }: { db: Db; patch: Record<string, unknown> }) {
  const json = JSON.stringify(patch);
  await db
    .insert(siteSettings)
    .values({ key: NOTIFICATION_SETTINGS_KEY, value: patch })
    .onConflictDoUpdate({
      target: siteSettings.key,
      set: {
        value: sql`(case when jsonb_typeof(${siteSettings.value}) = 'object' then ${siteSettings.value} else '{}'::jsonb end) || ${json}::jsonb`,
        updatedAt: new Date(),
      },
    });
}

export async function setNotificationsEnabled({ db, enabled }: { db: Db; enabled: boolean }): Promise<void> {
  await mergeNotificationSettings({ db, patch: { enabled } });
}

/**
 * Saves the sender name, reply-to and templates (already validated by the form's schema). A template equal
 * to the default is stored as no template, so it follows the product's default when that changes.
 */
export async function saveNotificationTemplates({
  db,
  senderName,
  replyTo,
  templates,
}: {
  db: Db;
  senderName: string;
  replyTo: string;
  templates: NotificationTemplates;
}): Promise<void> {
  await mergeNotificationSettings({
    db,
    patch: { senderName, replyTo, templates: changedTemplates(templates, "en") },
  });
}

/** A template equal to its language's default is stored as none (it follows the default when that changes). */
function changedTemplates(templates: NotificationTemplates, locale: Locale): Partial<NotificationTemplates> {
  const defaults = defaultTemplatesFor(locale);
  const changed: Partial<NotificationTemplates> = {};
  for (const name of TEMPLATE_NAMES) {
    if (templates[name] !== defaults[name]) changed[name] = templates[name];
  }
  return changed;
}

/** Saves the French templates (already validated by the French form's schema); the rest of the row stays. */
export async function saveFrenchNotificationTemplates({
  db,
  templates,
}: {
  db: Db;
  templates: NotificationTemplates;
}): Promise<void> {
  await mergeNotificationSettings({ db, patch: { templatesFr: changedTemplates(templates, "fr") } });
}
