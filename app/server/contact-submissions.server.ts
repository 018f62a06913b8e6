import { and, count, desc, eq, ilike, or, type SQL } from "drizzle-orm";
import type { Db } from "./db/client.server.ts";
import { contactSubmissions } from "./db/schema.ts";
import {
  cleanSearch,
  INBOX_PAGE_SIZE,
  isInboxId,
  likePattern,
  pageBounds,
  type ReadFilter,
} from "./inbox.server.ts";
import type { CreateResult } from "./quote-requests.server.ts";

export type ContactSubmissionInput = {
  name: string;
  email: string;
  subject: string;
  message: string;
};

/** Stores a contact message as unread. The same submission key stores one row; the second call is a no-op. */
export async function createContactSubmission({
  db,
  input,
  submissionKey,
}: {
  db: Db;
  input: ContactSubmissionInput;
  submissionKey: string;
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
    })
    .onConflictDoNothing({ target: contactSubmissions.submissionKey })
    .returning({ id: contactSubmissions.id });
  return { created: rows.length > 0, id: rows[0]?.id ?? null };
}

export type ContactSubmission = typeof contactSubmissions.$inferSelect;

/** One page of contact messages, newest first; optionally only read or unread ones, or matching a search
 * (name, e-mail or subject, case-insensitive). */
export async function findContactSubmissions({
  db,
  read,
  search,
  page = 1,
  pageSize = INBOX_PAGE_SIZE,
}: {
  db: Db;
  read?: ReadFilter;
  search?: string;
  page?: number;
  pageSize?: number;
}) {
  const conditions: SQL[] = [];
  if (read) conditions.push(eq(contactSubmissions.isRead, read === "read"));
  const term = cleanSearch(search);
  if (term) {
    const pattern = likePattern(term);
    conditions.push(
      or(
        ilike(contactSubmissions.name, pattern),
        ilike(contactSubmissions.email, pattern),
        ilike(contactSubmissions.subject, pattern),
      )!,
    );
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [{ total } = { total: 0 }] = await db
    .select({ total: count() })
    .from(contactSubmissions)
    .where(where);
  const bounds = pageBounds({ total, page, pageSize });
  const items = await db
    .select()
    .from(contactSubmissions)
    .where(where)
    .orderBy(desc(contactSubmissions.createdAt), desc(contactSubmissions.id))
    .limit(bounds.pageSize)
    .offset(bounds.offset);
  return { items, total, page: bounds.page, pageCount: bounds.pageCount };
}

export async function getContactSubmissionById({
  db,
  id,
}: {
  db: Db;
  id: string;
}): Promise<ContactSubmission | null> {
  if (!isInboxId(id)) return null;
  const [row] = await db.select().from(contactSubmissions).where(eq(contactSubmissions.id, id));
  return row ?? null;
}

/** Marks a message read or unread; null when it does not exist. */
export async function setContactSubmissionRead({
  db,
  id,
  isRead,
}: {
  db: Db;
  id: string;
  isRead: boolean;
}): Promise<ContactSubmission | null> {
  if (!isInboxId(id)) return null;
  const [row] = await db
    .update(contactSubmissions)
    .set({ isRead, updatedAt: new Date() })
    .where(eq(contactSubmissions.id, id))
    .returning();
  return row ?? null;
}

/** Opens a message for reading: the message, marked read if it was unread (the spec's auto-read). */
export async function openContactSubmission({
  db,
  id,
}: {
  db: Db;
  id: string;
}): Promise<ContactSubmission | null> {
  const row = await getContactSubmissionById({ db, id });
  if (!row || row.isRead) return row;
  return (await setContactSubmissionRead({ db, id, isRead: true })) ?? row;
}

/** Deletes a message for good; false when there was none. */
export async function deleteContactSubmission({ db, id }: { db: Db; id: string }): Promise<boolean> {
  if (!isInboxId(id)) return false;
  const rows = await db
    .delete(contactSubmissions)
    .where(eq(contactSubmissions.id, id))
    .returning({ id: contactSubmissions.id });
  return rows.length > 0;
}
