import { count, desc, eq, sql } from "drizzle-orm";
import type { Db } from "#app/server/db/client.server.ts";
import { contactSubmissions, quoteRequests } from "#app/server/db/schema.ts";

/** The count of every row the query finds, on each row it returns (a window is counted before the limit). */
const countOfAll = () => sql<number>`count(*) over ()`.mapWith(Number);

/** The listed rows and that count: one query for both. */
function withTotal<T extends { total: number }>(rows: T[]): { items: Omit<T, "total">[]; total: number } {
  return { items: rows.map(({ total: _, ...item }) => item), total: rows[0]?.total ?? 0 };
}

export type QuoteNotification = {
  id: string;
  firstName: string;
  lastName: string;
  createdAt: Date;
  /** The customer's answer to its quote (decision 016): an answered quote makes the request unread again. */
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
  const rows = await db
    .select({
      id: quoteRequests.id,
      firstName: quoteRequests.firstName,
      lastName: quoteRequests.lastName,
      createdAt: quoteRequests.createdAt,
      quoteState: quoteRequests.quoteState,
      total: countOfAll(),
    })
    .from(quoteRequests)
    .where(eq(quoteRequests.isRead, false))
    .orderBy(desc(quoteRequests.createdAt))
    .limit(limit);
  return withTotal(rows);
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
      total: countOfAll(),
    })
    .from(contactSubmissions)
    .where(eq(contactSubmissions.isRead, false))
    .orderBy(desc(contactSubmissions.createdAt))
    .limit(limit);
  return withTotal(rows);
}

/**
 * The admin shell's bell and unread counts, for the roles that see the inboxes: two queries at once (on a writing
 * request's one connection they take turns, app/server/db/one-query-at-a-time.server.ts).
 */
export async function findAdminBell({ db }: { db: Db }) {
  const [quotes, messages] = await Promise.all([
    findUnreadQuoteNotifications({ db }),
    findUnreadContactNotifications({ db }),
  ]);
  return { quotes, messages };
}

/** The dashboard's inbox counts: unread quote requests and unread contact messages. */
export async function countUnreadInbox({ db }: { db: Db }) {
  const [[quotes], [messages]] = await Promise.all([
    db.select({ n: count() }).from(quoteRequests).where(eq(quoteRequests.isRead, false)),
    db.select({ n: count() }).from(contactSubmissions).where(eq(contactSubmissions.isRead, false)),
  ]);
  return { quoteRequests: quotes?.n ?? 0, messages: messages?.n ?? 0 };
}
