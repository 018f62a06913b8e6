import { Bell } from "lucide-react";
import { Popover } from "radix-ui";
import { useState } from "react";
import { Link } from "react-router";

export type NotificationItem = {
  id: string;
  kind: "quote" | "quote-accepted" | "quote-declined" | "message";
  name: string;
  /** The item's own page: the inbox with its details open. */
  href: string;
  date: string;
};

const NOTIFICATION_LABELS: Record<NotificationItem["kind"], string> = {
  quote: "New quote request from",
  "quote-accepted": "Quote accepted by",
  "quote-declined": "Quote declined by",
  message: "New message from",
};

/** The bell: unread quote requests and contact messages, newest first; each opens its item. */
export function NotificationsMenu({ items, total }: { items: NotificationItem[]; total: number }) {
  const [open, setOpen] = useState(false);
  // The label holds the badge's visible text ('99+' too), so what is seen is part of what is announced.
  const count = total > 99 ? "99+" : String(total);
  const label = total === 0 ? "Notifications" : `Notifications: ${count} unread`;
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger
        aria-label={label}
        className="relative flex size-10 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100"
      >
        <Bell aria-hidden="true" className="size-5" />
        {total > 0 ? (
          <span
            aria-hidden="true"
            className="absolute top-1 right-1 flex min-w-4 items-center justify-center rounded-full bg-red-700 px-1 text-[10px] font-bold text-white"
          >
            {count}
          </span>
        ) : null}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          aria-label="Notifications"
          className="z-50 w-80 rounded-lg border border-slate-200 bg-white p-2 shadow-lg"
        >
          <h2 className="px-2 py-1.5 text-sm font-semibold text-slate-900">Notifications</h2>
          {items.length === 0 ? (
            <p className="px-2 py-3 text-sm text-slate-600">No new notifications</p>
          ) : (
            <ul className="max-h-96 overflow-y-auto">
              {items.map((item) => (
                <li key={item.id}>
                  <Link
                    to={item.href}
                    onClick={() => setOpen(false)}
                    className="flex flex-col rounded-md px-2 py-2 hover:bg-slate-100 focus-visible:bg-slate-100"
                  >
                    <span className="text-sm font-medium text-slate-900">
                      {NOTIFICATION_LABELS[item.kind]} {item.name}
                    </span>
                    <span className="text-xs text-slate-600">{item.date}</span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
