import type { StaffRole } from "#app/lib/roles.ts";

// The staff accounts' contract (Settings → Staff Accounts and /admin/staff): what the list shows. The
// components import these types (never the server modules' code).

/** One account as the list shows it. */
export type StaffAccountView = {
  id: string;
  email: string;
  name: string | null;
  role: StaffRole;
  disabled: boolean;
  mustChangePassword: boolean;
  lastLogin: string;
  isYou: boolean;
};

/** What the reset page says when its link's token is unknown, used or expired. */
export const INVALID_RESET_LINK = "This reset link is invalid or has expired.";

/** The cookie that keeps the back office's sidebar collapsed or expanded (the sidebar sets it, the layout reads it). */
export const SIDEBAR_COOKIE = "admin_sidebar";
