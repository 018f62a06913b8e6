// The site's settings (site_settings): one JSON row per settings group, each checked by a zod schema in
// app/server/settings/. docs/decisions/013-shipment-notifications.md, 015-freight-documents.md and
// 018-exceptions-board.md describe groups kept in it.
import { jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { updatedAt } from "#app/server/db/schema/columns.ts";

/** One row per settings group (e.g. "site"); the value is validated by a zod schema in code. */
export const siteSettings = pgTable("site_settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: updatedAt(),
});
