import { type ReactNode, useState } from "react";
import { type NotificationItem, NotificationsMenu } from "#app/components/admin/shell/notifications-menu.tsx";
import { Sidebar, type UnreadCounts } from "#app/components/admin/shell/sidebar.tsx";
import { useInboxEvents } from "#app/components/admin/shell/use-inbox-events.ts";
import { UserMenu } from "#app/components/admin/shell/user-menu.tsx";
import { roleSeesInbox, type StaffRole } from "#app/lib/roles.ts";
import { ServerToast } from "#app/lib/toast.tsx";

/** The back office frame: sidebar, header with the bell and the user menu, and the page. */
export function AdminShell({
  user,
  collapsed: initiallyCollapsed,
  notifications,
  unread,
  role,
  children,
}: {
  user: { name: string | null; email: string };
  role: StaffRole;
  collapsed: boolean;
  notifications: { items: NotificationItem[]; total: number };
  unread: UnreadCounts;
  children: ReactNode;
}) {
  const [collapsed, setCollapsed] = useState(initiallyCollapsed);
  // New quote requests and messages reach the bell, the badge and the inboxes without a reload.
  // Not for an Editor, who sees no inbox (the server sends an Editor no inbox events anyway).
  const seesInbox = roleSeesInbox(role);
  useInboxEvents(seesInbox);
  return (
    <div className="flex min-h-screen bg-slate-50">
      <a
        href="#admin-main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50 focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:font-medium focus:text-brand-900 focus:shadow-lg"
      >
        Skip to content
      </a>
      <Sidebar collapsed={collapsed} onToggle={setCollapsed} unread={unread} role={role} />
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-30 flex h-16 items-center gap-2 border-b border-slate-200 bg-white px-4 sm:px-6">
          <p className="text-lg font-bold text-brand-900 md:hidden">Admin Panel</p>
          <div className="ml-auto flex items-center gap-1">
            {seesInbox ? <NotificationsMenu items={notifications.items} total={notifications.total} /> : null}
            <UserMenu name={user.name} email={user.email} />
          </div>
        </header>
        <main id="admin-main" tabIndex={-1} className="flex-1 p-4 outline-none sm:p-6 lg:p-8">
          {children}
        </main>
        <ServerToast />
      </div>
    </div>
  );
}
