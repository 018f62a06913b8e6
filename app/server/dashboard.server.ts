import { count, eq } from "drizzle-orm";
import type { Db } from "#app/server/db/client.server.ts";
import { contactSubmissions, quoteRequests } from "#app/server/db/schema.ts";

/** The dashboard's inbox counts: unread quote requests and unread contact messages. */
export async function countUnreadInbox({ db }: { db: Db }) {
  const [[quotes], [messages]] = await Promise.all([
    db.select({ n: count() }).from(quoteRequests).where(eq(quoteRequests.isRead, false)),
    db.select({ n: count() }).from(contactSubmissions).where(eq(contactSubmissions.isRead, false)),
  ]);
  return { quoteRequests: quotes?.n ?? 0, messages: messages?.n ?? 0 };
}
