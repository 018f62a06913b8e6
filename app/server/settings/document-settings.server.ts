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

/**
 * The terms a waybill prints in `locale`. A French waybill prints the French terms staff typed; without them (none
 * typed, or the default French ones kept), the default French terms only while the English ones are the default
 * too: once staff change the English terms, the default French ones would be another contract, so a French waybill
 * prints staff's English terms until they type French ones.
 */
export function waybillTermsIn(settings: DocumentSettings, locale: Locale): string {
  if (locale !== "fr") return settings.waybillTerms;
  if (frenchTyped(settings.waybillTermsFr)) return settings.waybillTermsFr;
  return settings.waybillTerms === DEFAULT_WAYBILL_TERMS ? DEFAULT_WAYBILL_TERMS_FR : settings.waybillTerms;
}

/** French terms staff wrote themselves: neither empty nor the default ones (which the form once posted back). */
const frenchTyped = (terms: string | undefined): terms is string =>
  Boolean(terms?.trim()) && terms!.trim() !== DEFAULT_WAYBILL_TERMS_FR;

export async function updateDocumentSettings({
  db,
  settings,
}: {
  db: Db;
  /** French terms are kept only when staff typed their own (waybillTermsIn). */
  settings: z.input<typeof documentSettingsSchema>;
}) {
  const { waybillTermsFr, ...rest } = settings;
  const value = frenchTyped(waybillTermsFr) ? { ...rest, waybillTermsFr } : rest;
  await db
    .insert(siteSettings)
    .values({ key: DOCUMENT_SETTINGS_KEY, value })
    .onConflictDoUpdate({ target: siteSettings.key, set: { value, updatedAt: new Date() } });
}
