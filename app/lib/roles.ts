import { matchRoutes } from "react-router";

/**
 * Staff roles (decision 019): the one table of which role may use which back-office address. The server
 * checks it on every admin request (`requireAdmin`, called by the admin layout's middleware, by every admin
 * action and by the resource routes outside the layout); the sidebar and the bell read it too. Pure: the
 * browser bundle may import it.
 */
export const STAFF_ROLES = ["administrator", "operations", "accounts", "editor"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const ROLE_LABELS: Record<StaffRole, string> = {
  administrator: "Administrator",
  operations: "Operations",
  accounts: "Accounts",
  editor: "Editor",
};

export const ROLE_DESCRIPTIONS: Record<StaffRole, string> = {
  administrator: "Everything, including staff accounts, roles and settings.",
  operations: "Shipments, parties, documents, inboxes, quotes and exceptions; invoice drafts.",
  accounts:
    "Invoices and credit notes: drafting, issuing and voiding them; payments and receipts; receivables, statements and the accountant's export; shipments to read.",
  editor: "Blog posts and media.",
};

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === "string" && (STAFF_ROLES as readonly string[]).includes(value);
}

const ALL: readonly StaffRole[] = STAFF_ROLES;
const OPERATIONS: readonly StaffRole[] = ["administrator", "operations"];
const CONTENT: readonly StaffRole[] = ["administrator", "editor"];
/** Invoices: Accounts issue and void them; Operations may draft one from a booking (decision 026). */
const INVOICES: readonly StaffRole[] = ["administrator", "accounts", "operations"];
/** Payments, receivables and statements: Accounts' and Administrators' alone (decision 026). */
const ACCOUNTS: readonly StaffRole[] = ["administrator", "accounts"];
const ADMINISTRATORS: readonly StaffRole[] = ["administrator"];

/**
 * Who may use each admin route, keyed by its URL pattern exactly as app/routes.ts spells it (with the leading
 * slash). `app/routes.test.ts` fails for an admin route of app/routes.ts that has no entry here, and sends
 * every route as every role. The `…/*` entries are the areas' safety nets: an address below an area that
 * has no entry of its own (a route added later, before its entry) takes the area's roles, never everyone's.
 */
export const ADMIN_ROUTE_ROLES: Record<string, readonly StaffRole[]> = {
  // The shell, the start page (it sends each role to its own first page), sign-out and password change.
  "/admin": ALL,
  "/admin/logout": ALL,
  "/admin/change-password": ALL,
  // Live events: every role connects; inbox events go only to the roles that see the inboxes.
  "/admin/events": ALL,
  // An unknown admin address answers 404 to everyone.
  "/admin/*": ALL,

  "/admin/dashboard": OPERATIONS,
  "/admin/exceptions": OPERATIONS,
  "/admin/shipments": OPERATIONS,
  "/admin/shipments/new": OPERATIONS,
  "/admin/shipments/bulk-update": OPERATIONS,
  "/admin/shipments/import": OPERATIONS,
  "/admin/shipments/import-template.csv": OPERATIONS,
  "/admin/shipments/export.csv": OPERATIONS,
  "/admin/shipments/export.xlsx": OPERATIONS,
  "/admin/shipments/:id": OPERATIONS,
  "/admin/shipments/:id/edit": OPERATIONS,
  "/admin/shipments/:id/deliver": OPERATIONS,
  "/admin/shipments/labels.pdf": OPERATIONS,
  "/admin/shipments/:id/label.pdf": OPERATIONS,
  "/admin/shipments/:id/waybill.pdf": OPERATIONS,
  "/admin/shipments/:id/delivery-note.pdf": OPERATIONS,
  "/admin/shipments/:id/deliver/photos": OPERATIONS,
  "/admin/shipments/*": OPERATIONS,
  "/admin/delivery-photos/:id": OPERATIONS,
  "/admin/delivery-photos/*": OPERATIONS,
  "/admin/deliveries/:id/signature": OPERATIONS,
  "/admin/deliveries/*": OPERATIONS,
  "/admin/parties": OPERATIONS,
  "/admin/parties/new": OPERATIONS,
  "/admin/parties/:id": OPERATIONS,
  "/admin/parties/*": OPERATIONS,
  "/admin/quote-requests": OPERATIONS,
  "/admin/quote-requests/:id": OPERATIONS,
  "/admin/quote-requests/:id/quote": OPERATIONS,
  "/admin/quote-requests/:id/quote.pdf": OPERATIONS,
  "/admin/quote-requests/export.csv": OPERATIONS,
  "/admin/quote-requests/export.xlsx": OPERATIONS,
  "/admin/quote-requests/*": OPERATIONS,
  "/admin/contact-submissions": OPERATIONS,
  "/admin/contact-submissions/:id": OPERATIONS,
  "/admin/contact-submissions/export.csv": OPERATIONS,
  "/admin/contact-submissions/export.xlsx": OPERATIONS,
  "/admin/contact-submissions/*": OPERATIONS,

  "/admin/invoices": INVOICES,
  "/admin/invoices/new": INVOICES,
  "/admin/invoices/:id": INVOICES,
  "/admin/invoices/:id/invoice.pdf": INVOICES,
  // Sending is Accounts' and Administrators' (Operations draft, never send).
  "/admin/invoices/:id/send": ACCOUNTS,
  "/admin/invoices/*": INVOICES,
  "/admin/payments": ACCOUNTS,
  "/admin/payments/new": ACCOUNTS,
  "/admin/payments/:id": ACCOUNTS,
  "/admin/payments/:id/receipt.pdf": ACCOUNTS,
  "/admin/payments/*": ACCOUNTS,
  "/admin/invoices/export.csv": ACCOUNTS,
  "/admin/invoices/export.xlsx": ACCOUNTS,
  "/admin/receivables": ACCOUNTS,
  "/admin/receivables/*": ACCOUNTS,
  "/admin/statements/:kind/:partyId": ACCOUNTS,
  "/admin/statements/:kind/:partyId/statement.pdf": ACCOUNTS,
  "/admin/statements/*": ACCOUNTS,

  "/admin/blog": CONTENT,
  "/admin/blog/*": CONTENT,
  "/admin/cms/blog": CONTENT,
  "/admin/cms/blog/new": CONTENT,
  "/admin/cms/blog/:id": CONTENT,
  "/admin/cms/*": CONTENT,
  "/admin/media": CONTENT,
  "/admin/media/*": CONTENT,

  "/admin/settings": ADMINISTRATORS,
  "/admin/settings/*": ADMINISTRATORS,
  "/admin/staff": ADMINISTRATORS,
  "/admin/staff/*": ADMINISTRATORS,
  // The whole office's activity log (decision 021); a shipment's own Activity card is on its page.
  "/admin/activity": ADMINISTRATORS,
  "/admin/activity/*": ADMINISTRATORS,
};

/**
 * Roles that may also read (GET and HEAD, never post) a route (decision 026): Accounts see the shipments they bill,
 * and their documents, without changing them.
 */
export const ADMIN_ROUTE_READERS: Record<string, readonly StaffRole[]> = {
  "/admin/shipments": ["accounts"],
  "/admin/shipments/:id": ["accounts"],
  "/admin/shipments/:id/label.pdf": ["accounts"],
  "/admin/shipments/:id/waybill.pdf": ["accounts"],
  "/admin/shipments/:id/delivery-note.pdf": ["accounts"],
};

const READ_METHODS = new Set(["GET", "HEAD"]);

const PATTERNS = Object.keys(ADMIN_ROUTE_ROLES).map((path) => ({ path }));

/**
 * Answers by address, kept: matchRoutes flattens and ranks the whole table on every call, which was a fifth
 * of the app's CPU under the hostile-input suite (the sidebar asks once per entry on every admin page).
 * Bounded: addresses carry ids, so the cache starts over once it holds MAX_REMEMBERED of them.
 */
const remembered = new Map<string, string | null>();
const MAX_REMEMBERED = 1000;

/** The table's pattern that an address falls under (React Router's own ranking), or null outside /admin. */
export function adminRoutePattern(pathname: string): string | null {
  const known = remembered.get(pathname);
  if (known !== undefined) return known;
  const pattern = matchRoutes(PATTERNS, pathname)?.[0]?.route.path ?? null;
  if (remembered.size >= MAX_REMEMBERED) remembered.clear();
  remembered.set(pathname, pattern);
  return pattern;
}

/**
 * Whether a role may use an address with a method (GET when not said). Addresses the table does not know are
 * refused; a reader (ADMIN_ROUTE_READERS) may only GET.
 */
export function roleMayUse(role: StaffRole, pathname: string, method = "GET"): boolean {
  const pattern = adminRoutePattern(pathname);
  if (pattern === null) return false;
  if (ADMIN_ROUTE_ROLES[pattern]?.includes(role)) return true;
  return READ_METHODS.has(method.toUpperCase()) && (ADMIN_ROUTE_READERS[pattern]?.includes(role) ?? false);
}

/** Each role's first page: where sign-in and /admin send it. */
export const ROLE_HOME: Record<StaffRole, string> = {
  administrator: "/admin/dashboard",
  operations: "/admin/dashboard",
  accounts: "/admin/invoices",
  editor: "/admin/blog",
};

/** A remembered location (after sign-in) when the role may use it, else the role's first page. */
export function homeOrAllowed(role: StaffRole, to: string | null | undefined): string {
  if (!to) return ROLE_HOME[role];
  const pathname = to.split(/[?#]/)[0] ?? "";
  if (!pathname.startsWith("/admin")) return to;
  return roleMayUse(role, pathname) ? to : ROLE_HOME[role];
}

/** Who may issue and void invoices and credit notes (decision 026): Operations only drafts them. */
const INVOICE_ISSUERS: readonly StaffRole[] = ["administrator", "accounts"];

export function mayIssueInvoices(role: StaffRole): boolean {
  return INVOICE_ISSUERS.includes(role);
}

/** Whether a role sees the quote-request and contact-message inboxes (the bell, unread counts, live events). */
export function roleSeesInbox(role: StaffRole): boolean {
  return roleMayUse(role, "/admin/quote-requests");
}
