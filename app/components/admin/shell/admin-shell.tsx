import { Menu } from "lucide-react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { type NotificationItem, NotificationsMenu } from "#app/components/admin/shell/notifications-menu.tsx";
import { SIDEBAR_ID, Sidebar, type UnreadCounts } from "#app/components/admin/shell/sidebar.tsx";
import { useInboxEvents } from "#app/components/admin/shell/use-inbox-events.ts";
import { UserMenu } from "#app/components/admin/shell/user-menu.tsx";
import { roleSeesInbox, type StaffRole } from "#app/lib/roles.ts";
import { ServerToast } from "#app/lib/toast.tsx";
import { useHydrated } from "#app/lib/use-hydrated.ts";

const MENU_CLASS =
  "-ml-2 flex h-10 items-center gap-2 rounded-md px-2 font-medium text-slate-800 hover:bg-slate-100 md:hidden";

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
  // The phone's menu drawer: closed by every navigation, and the focus back on 'Menu' when it closes.
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const hydrated = useHydrated();
  const { pathname, search } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page (pathname, search) is what closes it
  useEffect(() => setMenuOpen(false), [pathname, search]);
  const closeMenu = () => {
    setMenuOpen(false);
    menuButton.current?.focus();
  };
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
      <Sidebar
        collapsed={collapsed}
        onToggle={setCollapsed}
        open={menuOpen}
        onClose={closeMenu}
        unread={unread}
        role={role}
      />
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-30 flex h-16 items-center gap-2 border-b border-slate-200 bg-white px-4 sm:px-6">
          {/* Before the page's script runs, a link to the drawer (it shows as the #fragment's target); a button after. */}
          {hydrated ? (
            <button
              ref={menuButton}
              type="button"
              aria-controls={SIDEBAR_ID}
              aria-expanded={menuOpen}
              onClick={() => setMenuOpen(true)}
              className={MENU_CLASS}
            >
              <Menu aria-hidden="true" className="size-5" />
              Menu
            </button>
          ) : (
            <a href={`#${SIDEBAR_ID}`} className={MENU_CLASS}>
              <Menu aria-hidden="true" className="size-5" />
              Menu
            </a>
          )}
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
