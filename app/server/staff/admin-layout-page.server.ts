import type { RouterContextProvider } from "react-router";
import { servicesContext } from "#app/context.ts";
import { formatDate, formatTime } from "#app/lib/format.ts";
import { roleSeesInbox } from "#app/lib/roles.ts";
import type { findAdminBell } from "#app/server/inbox/unread.server.ts";
import { getAdmin } from "#app/server/staff/staff-guards.server.ts";
import { SIDEBAR_COOKIE } from "#app/server/staff/staff-views.ts";

/**
 * The back office's frame around every /admin page: who is signed in, the sidebar's state, and the bell. The
 * inbox room sits above this one, so its bell query comes from the route (`findBell`).
 */
export async function loadAdminLayout({
  request,
  context,
  findBell,
}: {
  request: Request;
  context: Readonly<RouterContextProvider>;
  findBell: typeof findAdminBell;
}) {
  const user = getAdmin(context);
  const { db } = context.get(servicesContext);
  // The bell and the unread counts only for the roles that see the inboxes (not Editors).
  const none = { items: [], total: 0 };
  const { quotes, messages } = roleSeesInbox(user.role)
    ? await findBell({ db })
    : { quotes: none, messages: none };
  const cookie = request.headers.get("cookie") ?? "";
  const collapsed = new RegExp(`(?:^|;\\s*)${SIDEBAR_COOKIE}=collapsed(?:;|$)`).test(cookie);
  // The bell: unread quote requests (the spec) and unread contact messages, newest first; each opens its item.
  const items = [
    ...quotes.items.map((quote) => ({
      id: quote.id,
      kind:
        quote.quoteState === "accepted" || quote.quoteState === "declined"
          ? (`quote-${quote.quoteState}` as const)
          : ("quote" as const),
      name: `${quote.firstName} ${quote.lastName}`,
      href:
        quote.quoteState === "accepted" || quote.quoteState === "declined"
          ? `/admin/quote-requests/${quote.id}/quote`
          : `/admin/quote-requests/${quote.id}`,
      createdAt: quote.createdAt,
    })),
    ...messages.items.map((message) => ({
      id: message.id,
      kind: "message" as const,
      name: message.name,
      href: `/admin/contact-submissions/${message.id}`,
      createdAt: message.createdAt,
    })),
  ]
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
    .slice(0, 20);
  return {
    user: { name: user.name, email: user.email, role: user.role },
    collapsed,
    // The sidebar: the spec's 'New' on Contact Messages, and the number unread beside both inboxes.
    unread: { quoteRequests: quotes.total, messages: messages.total },
    notifications: {
      total: quotes.total + messages.total,
      // Formatted here so the server and the browser show the same text.
      items: items.map(({ createdAt, ...item }) => ({
        ...item,
        date: `${formatDate(createdAt)} ${formatTime(createdAt)}`,
      })),
    },
  };
}
