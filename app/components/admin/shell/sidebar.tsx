import {
  Banknote,
  BookUser,
  FileText,
  History,
  Image,
  LayoutDashboard,
  LogOut,
  type LucideIcon,
  Mail,
  MessageSquareQuote,
  Package,
  PanelLeftClose,
  PanelLeftOpen,
  Receipt,
  Settings,
  Truck,
  Users,
  Wallet,
} from "lucide-react";
import { Form, NavLink } from "react-router";
import { cn } from "#app/lib/cn.ts";
import { roleMayUse, type StaffRole } from "#app/lib/roles.ts";

export const SIDEBAR_COOKIE = "admin_sidebar";

/** `badge`: the spec's 'New' on Contact Messages; `unread`: the number of unread items beside an inbox. */
type Entry = { to: string; label: string; icon: LucideIcon; badge?: boolean; unread?: number };

/** Unread quote requests and contact messages, for the counts beside the two inboxes. */
export type UnreadCounts = { quoteRequests: number; messages: number };

/** The entries the role may use (decision 019: the server refuses the others anyway). */
function sidebarEntries({ unread, role }: { unread: UnreadCounts; role: StaffRole }): Entry[] {
  const entries: Entry[] = [
    { to: "/admin/dashboard", label: "Dashboard", icon: LayoutDashboard },
    { to: "/admin/shipments", label: "Shipments", icon: Package },
    { to: "/admin/parties", label: "Address Book", icon: BookUser },
    { to: "/admin/invoices", label: "Invoices", icon: Receipt },
    { to: "/admin/payments", label: "Payments", icon: Banknote },
    { to: "/admin/receivables", label: "Receivables", icon: Wallet },
    { to: "/admin/blog", label: "Blog", icon: FileText },
    { to: "/admin/media", label: "Media", icon: Image },
    {
      to: "/admin/quote-requests",
      label: "Quote Requests",
      icon: MessageSquareQuote,
      unread: unread.quoteRequests,
    },
    {
      to: "/admin/contact-submissions",
      label: "Contact Messages",
      icon: Mail,
      badge: unread.messages > 0,
      unread: unread.messages,
    },
    { to: "/admin/activity", label: "Activity", icon: History },
    { to: "/admin/staff", label: "Staff", icon: Users },
    { to: "/admin/settings", label: "Settings", icon: Settings },
  ];
  return entries.filter((entry) => roleMayUse(role, entry.to));
}

/** Remembers the choice for the server render of the next page (a preference, not a secret). */
function rememberCollapsed(collapsed: boolean) {
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  // biome-ignore lint/suspicious/noDocumentCookie: a plain preference cookie the server reads to render the sidebar
  document.cookie = `${SIDEBAR_COOKIE}=${collapsed ? "collapsed" : "expanded"}; Path=/admin; Max-Age=31536000; SameSite=Lax${secure}`;
}

const itemClass =
  "flex h-10 items-center gap-3 rounded-md px-3 text-sm font-medium text-slate-200 transition-colors hover:bg-brand-800 hover:text-white";

/**
 * The admin sidebar: w-64 with labels, or w-16 with icons only (the labels stay for screen readers).
 * On small screens it is always narrow.
 */
export function Sidebar({
  collapsed,
  onToggle,
  unread,
  role,
}: {
  collapsed: boolean;
  onToggle: (collapsed: boolean) => void;
  unread: UnreadCounts;
  role: StaffRole;
}) {
  const label = collapsed ? "sr-only" : "sr-only md:not-sr-only md:min-w-0 md:truncate";
  const toggle = () => {
    rememberCollapsed(!collapsed);
    onToggle(!collapsed);
  };
  return (
    <aside
      id="admin-sidebar"
      data-collapsed={collapsed ? "true" : "false"}
      className={cn(
        "sticky top-0 flex h-screen shrink-0 flex-col bg-brand-900 text-white transition-[width] duration-200",
        collapsed ? "w-16" : "w-16 md:w-64",
      )}
    >
      <div className="flex h-16 items-center gap-2 border-b border-brand-800 px-3">
        <Truck aria-hidden="true" className="size-6 shrink-0 text-accent-500" />
        <span className={cn("text-lg font-bold", label)}>Admin Panel</span>
        <button
          type="button"
          onClick={toggle}
          aria-controls="admin-sidebar"
          aria-expanded={!collapsed}
          className={cn(
            "ml-auto hidden size-9 shrink-0 items-center justify-center rounded-md text-slate-200 hover:bg-brand-800 hover:text-white md:flex",
            collapsed && "md:hidden",
          )}
        >
          <PanelLeftClose aria-hidden="true" className="size-5" />
          <span className="sr-only">Collapse sidebar</span>
        </button>
      </div>
      {collapsed ? (
        <button
          type="button"
          onClick={toggle}
          aria-controls="admin-sidebar"
          aria-expanded="false"
          className="mx-auto mt-2 hidden size-10 items-center justify-center rounded-md text-slate-200 hover:bg-brand-800 hover:text-white md:flex"
        >
          <PanelLeftOpen aria-hidden="true" className="size-5" />
          <span className="sr-only">Expand sidebar</span>
        </button>
      ) : null}
      <nav aria-label="Admin" className="flex-1 overflow-y-auto px-2 py-3">
        <ul className="flex flex-col gap-1">
          {sidebarEntries({ unread, role }).map(
            ({ to, label: text, icon: Icon, badge, unread: count = 0 }) => (
              <li key={to}>
                <NavLink
                  to={to}
                  title={text}
                  className={({ isActive }) =>
                    cn(itemClass, "relative", isActive && "bg-brand-700 text-white")
                  }
                >
                  <Icon aria-hidden="true" className="size-5 shrink-0" />
                  <span className={label}>{text}</span>
                  {badge ? (
                    <span
                      className={cn(
                        "rounded-full bg-accent-700 px-2 py-0.5 text-xs font-semibold text-white",
                        collapsed
                          ? "absolute top-0.5 right-0.5 px-1 py-0 text-[10px]"
                          : // Compact, so 'Contact Messages' fits beside it in the w-64 sidebar.
                            "max-md:absolute max-md:top-0.5 max-md:right-0.5 max-md:px-1 max-md:py-0 max-md:text-[10px] md:ml-auto md:px-1.5 md:text-[11px]",
                      )}
                    >
                      New
                    </span>
                  ) : null}
                  {count > 0 ? (
                    <UnreadCount count={count} narrow={collapsed} besideBadge={Boolean(badge)} />
                  ) : null}
                </NavLink>
              </li>
            ),
          )}
        </ul>
      </nav>
      <Form method="post" action="/admin/logout" className="border-t border-brand-800 p-2">
        <button type="submit" title="Logout" className={cn(itemClass, "w-full")}>
          <LogOut aria-hidden="true" className="size-5 shrink-0" />
          <span className={label}>Logout</span>
        </button>
      </Form>
    </aside>
  );
}

/**
 * The number of unread items of an inbox ('99+' above 99), announced as '3 unread', on the corner of its icon, so
 * it takes no room from the label (the w-64 sidebar has none to spare beside 'Contact Messages' and its 'New'
 * badge). On the narrow sidebar Contact Messages' corner holds the spec's 'New' badge, so there it is only
 * announced.
 */
function UnreadCount({
  count,
  narrow,
  besideBadge,
}: {
  count: number;
  narrow: boolean;
  besideBadge: boolean;
}) {
  const shown = count > 99 ? "99+" : String(count);
  // Written out in full: Tailwind finds class names in the source, never built ones.
  const placement = narrow
    ? besideBadge
      ? "hidden"
      : "top-0.5 right-0.5"
    : besideBadge
      ? "max-md:hidden md:top-0.5 md:left-6"
      : "max-md:top-0.5 max-md:right-0.5 md:top-0.5 md:left-6";
  return (
    <>
      <span
        aria-hidden="true"
        className={cn(
          "absolute rounded-full bg-slate-200 px-1 text-[10px] font-semibold leading-4 text-brand-900 tabular-nums",
          placement,
        )}
      >
        {shown}
      </span>
      <span className="sr-only">{`${shown} unread`}</span>
    </>
  );
}
