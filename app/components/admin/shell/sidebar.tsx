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
  X,
} from "lucide-react";
import { type KeyboardEvent, useEffect, useRef } from "react";
import { Form, NavLink } from "react-router";
import { cn } from "#app/lib/cn.ts";
import { roleMayUse, type StaffRole } from "#app/lib/roles.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import { SIDEBAR_COOKIE } from "#app/server/staff/staff-views.ts";

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

const CLOSE_CLASS =
  "ml-auto flex size-10 shrink-0 items-center justify-center rounded-md text-slate-200 hover:bg-brand-800 hover:text-white md:hidden";

/** The id the header's 'Menu' names (aria-controls, and its link's #fragment when the page has no script yet). */
export const SIDEBAR_ID = "admin-sidebar";

/**
 * The admin sidebar. From the `md` width: w-64 with labels, or w-16 with icons only (the labels stay for screen
 * readers). On a phone it is a drawer with icons and labels, opened by the header's 'Menu' (`open`): over the
 * page, Escape, the backdrop or 'Close menu' closes it. Before the page's script runs, 'Menu' is a link to
 * #admin-sidebar and the drawer shows as its target.
 */
export function Sidebar({
  collapsed,
  onToggle,
  open,
  onClose,
  unread,
  role,
}: {
  collapsed: boolean;
  onToggle: (collapsed: boolean) => void;
  open: boolean;
  onClose: () => void;
  unread: UnreadCounts;
  role: StaffRole;
}) {
  // Collapsing is the wide screen's choice: the phone's drawer always shows the labels.
  const label = cn("min-w-0 truncate", collapsed && "md:sr-only");
  const toggle = () => {
    rememberCollapsed(!collapsed);
    onToggle(!collapsed);
  };
  const closeButton = useRef<HTMLButtonElement>(null);
  const hydrated = useHydrated();
  useEffect(() => {
    // The drawer takes the focus when it opens, so the keyboard and a screen reader land in it.
    if (open) closeButton.current?.focus();
  }, [open]);
  const onKeyDown = (event: KeyboardEvent) => {
    if (open && event.key === "Escape") onClose();
  };
  return (
    <>
      {open ? (
        <div aria-hidden="true" className="fixed inset-0 z-40 bg-slate-950/50 md:hidden" onClick={onClose} />
      ) : null}
      <aside
        id={SIDEBAR_ID}
        aria-label="Admin menu"
        data-collapsed={collapsed ? "true" : "false"}
        onKeyDown={onKeyDown}
        className={cn(
          "flex-col bg-brand-900 text-white",
          // A phone: a drawer from the left, shown while open (or as the #fragment's target, without script).
          "max-md:fixed max-md:inset-y-0 max-md:left-0 max-md:z-50 max-md:w-72 max-md:max-w-[85vw] max-md:shadow-xl",
          open ? "flex" : "hidden max-md:target:flex md:flex",
          "md:sticky md:top-0 md:h-screen md:shrink-0 md:transition-[width] md:duration-200",
          collapsed ? "md:w-16" : "md:w-64",
        )}
      >
        <div className="flex h-16 items-center gap-2 border-b border-brand-800 px-3">
          <Truck aria-hidden="true" className="size-6 shrink-0 text-accent-500" />
          <span className={cn("text-lg font-bold", label)}>Admin Panel</span>
          {hydrated ? (
            <button
              ref={closeButton}
              type="button"
              onClick={onClose}
              aria-controls={SIDEBAR_ID}
              className={CLOSE_CLASS}
            >
              <X aria-hidden="true" className="size-5" />
              <span className="sr-only">Close menu</span>
            </button>
          ) : (
            // Before the script: leaving the #fragment closes the drawer.
            <a href="#admin-main" className={CLOSE_CLASS}>
              <X aria-hidden="true" className="size-5" />
              <span className="sr-only">Close menu</span>
            </a>
          )}
          <button
            type="button"
            onClick={toggle}
            aria-controls={SIDEBAR_ID}
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
            aria-controls={SIDEBAR_ID}
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
                          // Compact, so 'Contact Messages' fits beside it in the w-64 sidebar.
                          "ml-auto rounded-full bg-accent-700 px-1.5 py-0.5 text-[11px] font-semibold text-white",
                          collapsed && "md:absolute md:top-0.5 md:right-0.5 md:px-1 md:py-0 md:text-[10px]",
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
    </>
  );
}

/**
 * The number of unread items of an inbox ('99+' above 99), announced as '3 unread', on the corner of its icon, so
 * it takes no room from the label (the w-64 sidebar has none to spare beside 'Contact Messages' and its 'New'
 * badge). On the narrow (collapsed) sidebar Contact Messages' corner holds the spec's 'New' badge, so there it
 * is only announced.
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
  // Written out in full: Tailwind finds class names in the source, never built ones. The phone's drawer always
  // has its labels: the number sits on the icon's corner there as in the wide sidebar.
  const placement = narrow
    ? besideBadge
      ? "top-0.5 left-6 md:hidden"
      : "top-0.5 left-6 md:right-0.5 md:left-auto"
    : "top-0.5 left-6";
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
