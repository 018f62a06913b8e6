// The contact form's messages (contact_submissions), read in the admin inbox (app/server/inbox/,
// docs/decisions/005-realtime-inbox-events.md). The quote requests the inbox also lists are in shipments.ts: a
// shipment and its quote request point at each other.
import { sql } from "drizzle-orm";
import { boolean, index, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, id, language, updatedAt } from "#app/server/db/schema/columns.ts";

export const contactSubmissions = pgTable(
  "contact_submissions",
  {
    id: id(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    isRead: boolean("is_read").notNull().default(false),
    submissionKey: text("submission_key"),
    /** The language of the page the message was sent from. */
    language: language(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("contact_submissions_created_at_idx").on(t.createdAt.desc()),
    index("contact_submissions_unread_idx").on(t.createdAt.desc()).where(sql`${t.isRead} = false`),
    uniqueIndex("contact_submissions_submission_key_idx").on(t.submissionKey),
  ],
);
