import { count, desc, eq, sql } from "drizzle-orm";
import type { Db } from "#app/server/db/client.server.ts";
import { contactSubmissions, quoteRequests } from "#app/server/db/schema.ts";

export type QuoteNotification = {
  id: string;
  firstName: string;
  lastName: string;
  createdAt: Date;
  /** The customer's answer to its quote (issue 17): an answered quote makes the request unread again. */
  quoteState: "draft" | "sent" | "accepted" | "declined" | null;
};

/** The notifications bell: unread quote requests, newest first. */
export async function findUnreadQuoteNotifications({
  db,
  limit = 20,
}: {
  db: Db;
  limit?: number;
}): Promise<{ items: QuoteNotification[]; total: number }> {
  // One query: the count of all unread rows rides on each listed row (a window counts before the limit).
  const rows = await db
    .select({
      id: quoteRequests.id,
      firstName: quoteRequests.firstName,
      lastName: quoteRequests.lastName,
      createdAt: quoteRequests.createdAt,
      quoteState: quoteRequests.quoteState,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(quoteRequests)
    .where(eq(quoteRequests.isRead, false))
    .orderBy(desc(quoteRequests.createdAt))
    .limit(limit);
  return { items: rows.map(({ total: _, ...item }) => item), total: rows[0]?.total ?? 0 };
}

export type MessageNotification = { id: string; name: string; subject: string; createdAt: Date };

/** The bell, beyond the spec: unread contact messages too, newest first. */
export async function findUnreadContactNotifications({
  db,
  limit = 20,
}: {
  db: Db;
  limit?: number;
}): Promise<{ items: MessageNotification[]; total: number }> {
  const rows = await db
    .select({
      id: contactSubmissions.id,
      name: contactSubmissions.name,
      subject: contactSubmissions.subject,
      createdAt: contactSubmissions.createdAt,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(contactSubmissions)
    .where(eq(contactSubmissions.isRead, false))
    .orderBy(desc(contactSubmissions.createdAt))
    .limit(limit);
  return { items: rows.map(({ total: _, ...item }) => item), total: rows[0]?.total ?? 0 };
}

/**
 * The admin shell's bell and unread counts, for the roles that see the inboxes. One query after the other: on a
 * writing request `db` is one connection (the audit log's, decision 021), where queries at once would queue
 * inside pg (deprecated, refused from pg 9).
 */
export async function findAdminBell({ db }: { db: Db }) {
  const quotes = await findUnreadQuoteNotifications({ db });
  const messages = await findUnreadContactNotifications({ db });
  return { quotes, messages };
}

/** The dashboard's inbox counts: unread quote requests and unread contact messages. */
export async function countUnreadInbox({ db }: { db: Db }) {
  const [quotes] = await db.select({ n: count() }).from(quoteRequests).where(eq(quoteRequests.isRead, false));
  const [messages] = await db
    .select({ n: count() })
    .from(contactSubmissions)
    .where(eq(contactSubmissions.isRead, false));
  return { quoteRequests: quotes?.n ?? 0, messages: messages?.n ?? 0 };
}
