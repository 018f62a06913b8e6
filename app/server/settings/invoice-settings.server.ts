import { eq } from "drizzle-orm";
import {
  DEFAULT_INVOICE_SETTINGS,
  type InvoiceSettings,
  invoiceSettingsValues,
  validateInvoiceSettings,
} from "#app/schemas/invoice-settings.ts";
import type { DbOrTx } from "#app/server/db/client.server.ts";
import { siteSettings } from "#app/server/db/schema.ts";

/**
 * The site_settings row of Settings → Invoices (decision 026): numbering patterns, payment terms, tax rates and
 * payment instructions. No row (or one no longer valid): the defaults ('INV-2026-0001', 30 days, no tax).
 */
export const INVOICE_SETTINGS_KEY = "invoicing";

export async function getInvoiceSettings({ db }: { db: Pick<DbOrTx, "select"> }): Promise<InvoiceSettings> {
  const [row] = await db
    .select({ value: siteSettings.value })
    .from(siteSettings)
    .where(eq(siteSettings.key, INVOICE_SETTINGS_KEY));
  if (!row) return DEFAULT_INVOICE_SETTINGS;
  // Stored as saved by updateInvoiceSettings; read back through the same checks (a row of another shape, from
  // an older release or a hand edit, gives the defaults rather than an error on every invoice page).
  try {
    const checked = validateInvoiceSettings(invoiceSettingsValues(row.value as InvoiceSettings));
    return checked.ok ? checked.value : DEFAULT_INVOICE_SETTINGS;
  } catch {
    return DEFAULT_INVOICE_SETTINGS;
  }
}

export async function updateInvoiceSettings({ db, settings }: { db: DbOrTx; settings: InvoiceSettings }) {
  await db
    .insert(siteSettings)
    .values({ key: INVOICE_SETTINGS_KEY, value: settings })
    .onConflictDoUpdate({ target: siteSettings.key, set: { value: settings, updatedAt: new Date() } });
}
