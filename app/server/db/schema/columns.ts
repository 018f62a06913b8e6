// The column builders the table modules share (an id, the created and updated times, a language, bytes), so a
// column means the same in every table. Part of the database schema (app/server/db/schema.ts lists its modules).
import { customType, text, timestamp, uuid } from "drizzle-orm/pg-core";

export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => "bytea",
});

export const id = () => uuid("id").primaryKey().defaultRandom();

/** The languages a person is written to in, and a post or a request is in (decision 030). */
export const LANGUAGES = ["en", "fr"] as const;
/** Whom or what a message or document goes to in: English unless set. */
export const language = () => text("language", { enum: LANGUAGES }).notNull().default("en");
export const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
