import { ilike, or } from "drizzle-orm";
import type { Locale } from "#app/lib/i18n/locale.ts";
import type { Db } from "#app/server/db/client.server.ts";
import { inboxRecords } from "#app/server/db/inbox-records.server.ts";
import { contactSubmissions } from "#app/server/db/schema.ts";
import type { CreateResult } from "#app/server/quotes/quote-requests.server.ts";

type ContactSubmissionInput = {
  name: string;
  email: string;
  subject: string;
  message: string;
};

/**
 * Stores a contact message as unread, in the language of the page it was sent from. The same submission key
 * stores one row; the second call is a no-op.
 */
export async function createContactSubmission({
  db,
  input,
  submissionKey,
  language = "en",
}: {
  db: Db;
  input: ContactSubmissionInput;
  submissionKey: string;
  language?: Locale;
}): Promise<CreateResult> {
  const rows = await db
    .insert(contactSubmissions)
    .values({
      name: input.name,
      email: input.email,
      subject: input.subject,
      message: input.message,
      isRead: false,
      submissionKey,
      language,
    })
    .onConflictDoNothing({ target: contactSubmissions.submissionKey })
    .returning({ id: contactSubmissions.id });
  return { created: rows.length > 0, id: rows[0]?.id ?? null };
}

export type ContactSubmission = typeof contactSubmissions.$inferSelect;

const records = inboxRecords<ContactSubmission>(
  contactSubmissions,
  (pattern) =>
    or(
      ilike(contactSubmissions.name, pattern),
      ilike(contactSubmissions.email, pattern),
      ilike(contactSubmissions.subject, pattern),
    )!,
);

/** One page of contact messages, newest first; optionally only read or unread ones, or matching a search
 * (name, e-mail or subject, case-insensitive). */
export const findContactSubmissions = records.find;
export const getContactSubmissionById = records.getById;
/** The list's filter in SQL (read and search): what its export takes. */
export const contactSubmissionFilter = records.filterOf;
/** Marks a message read or unread; null when it does not exist. */
export const setContactSubmissionRead = records.setRead;
/** Opens a message for reading: the message, marked read if it was unread (the spec's auto-read). */
export const openContactSubmission = records.open;
/** Deletes a message for good; false when there was none. */
export const deleteContactSubmission = records.remove;
/** Bulk actions: many messages marked read or unread, or deleted, in one statement each. */
export const setContactSubmissionsRead = records.setReadMany;
export const deleteContactSubmissions = records.removeMany;
