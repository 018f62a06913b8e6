import { count, desc, eq } from "drizzle-orm";
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
  const [items, [total]] = await Promise.all([
    db
      .select({
        id: quoteRequests.id,
        firstName: quoteRequests.firstName,
        lastName: quoteRequests.lastName,
        createdAt: quoteRequests.createdAt,
        quoteState: quoteRequests.quoteState,
      })
      .from(quoteRequests)
      .where(eq(quoteRequests.isRead, false))
      .orderBy(desc(quoteRequests.createdAt))
      .limit(limit),
    db.select({ n: count() }).from(quoteRequests).where(eq(quoteRequests.isRead, false)),
  ]);
  return { items, total: total?.n ?? 0 };
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
  const [items, [total]] = await Promise.all([
    db
      .select({
        id: contactSubmissions.id,
        name: contactSubmissions.name,
        subject: contactSubmissions.subject,
        createdAt: contactSubmissions.createdAt,
      })
      .from(contactSubmissions)
      .where(eq(contactSubmissions.isRead, false))
      .orderBy(desc(contactSubmissions.createdAt))
      .limit(limit),
    db.select({ n: count() }).from(contactSubmissions).where(eq(contactSubmissions.isRead, false)),
  ]);
  return { items, total: total?.n ?? 0 };
}

/** The dashboard's inbox counts: unread quote requests and unread contact messages. */
export async function countUnreadInbox({ db }: { db: Db }) {
  const [[quotes], [messages]] = await Promise.all([
    db.select({ n: count() }).from(quoteRequests).where(eq(quoteRequests.isRead, false)),
    db.select({ n: count() }).from(contactSubmissions).where(eq(contactSubmissions.isRead, false)),
  ]);
  return { quoteRequests: quotes?.n ?? 0, messages: messages?.n ?? 0 };
}
