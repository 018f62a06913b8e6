import { eq } from "drizzle-orm";
import type { z } from "zod";
import type { Locale } from "#app/lib/i18n/locale.ts";
import {
  DEFAULT_WAYBILL_TERMS,
  DEFAULT_WAYBILL_TERMS_FR,
  type DocumentSettings,
  documentSettingsSchema,
} from "#app/schemas/document-settings.ts";
import type { Db } from "#app/server/db/client.server.ts";
import { siteSettings } from "#app/server/db/schema.ts";

/**
 * The site_settings row of Settings → Documents (the waybill terms). Kept apart from the "site" row, which every
 * public page carries: the terms are only ever printed. No row (or one no longer valid): the default terms.
 */
export const DOCUMENT_SETTINGS_KEY = "documents";

export async function getDocumentSettings({ db }: { db: Pick<Db, "select"> }): Promise<DocumentSettings> {
  const [row] = await db
    .select({ value: siteSettings.value })
    .from(siteSettings)
    .where(eq(siteSettings.key, DOCUMENT_SETTINGS_KEY));
  const parsed = documentSettingsSchema.safeParse(row?.value);
  return parsed.success
    ? parsed.data
    : { waybillTerms: DEFAULT_WAYBILL_TERMS, waybillTermsFr: DEFAULT_WAYBILL_TERMS_FR };
}

/** The terms a waybill prints in `locale`: the French ones on a French waybill. */
export function waybillTermsIn(settings: DocumentSettings, locale: Locale): string {
  return locale === "fr" ? settings.waybillTermsFr : settings.waybillTerms;
}

export async function updateDocumentSettings({
  db,
  settings,
}: {
  db: Db;
  /** Without French terms, a French waybill prints the default French ones. */
  settings: z.input<typeof documentSettingsSchema>;
}) {
  await db
    .insert(siteSettings)
    .values({ key: DOCUMENT_SETTINGS_KEY, value: settings })
    .onConflictDoUpdate({ target: siteSettings.key, set: { value: settings, updatedAt: new Date() } });
}
