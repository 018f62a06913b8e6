import { toLocalDateTime } from "#app/lib/time-zone.ts";

// How the activity log reads to people (decision 021): names for the tables, actions and columns the audit
// triggers record, and the recorded values as short text. Used by the server when it prepares the list.

export const ENTITY_LABELS: Record<string, string> = {
  shipments: "Shipment",
  shipment_status_history: "Status update",
  shipment_deliveries: "Delivery",
  delivery_photos: "Delivery photo",
  shipment_notification_recipients: "Notification recipient",
  notification_subscribers: "Tracking subscriber",
  shippers: "Shipper",
  consignees: "Consignee",
  quote_requests: "Quote request",
  quotes: "Quote",
  quote_lines: "Quote line",
  invoices: "Invoice",
  invoice_lines: "Invoice line",
  payments: "Payment",
  payment_allocations: "Payment applied to an invoice",
  contact_submissions: "Contact message",
  blog_posts: "Blog post",
  cms_media: "Media",
  site_settings: "Settings",
  admin_users: "Staff account",
  customer_companies: "Customer account",
  customer_company_parties: "Party in a customer account",
  customer_members: "Customer account member",
};

export const ACTION_LABELS: Record<string, string> = {
  insert: "Created",
  update: "Changed",
  delete: "Deleted",
  sign_in: "Signed in",
  sign_in_failed: "Failed sign-in",
  sign_out: "Signed out",
  password_change: "Changed their password",
  password_reset: "Reset their password by e-mailed link",
  customer_sign_in: "Customer signed in",
  customer_sign_out: "Customer signed out",
  customer_invite: "Customer invited a colleague",
};

const FIELD_LABELS: Record<string, string> = {
  estimated_delivery: "Estimated delivery",
  shipper_id: "Shipper",
  consignee_id: "Consignee",
  is_read: "Read",
  published_at: "Published",
  featured_image: "Featured image",
  total_minor: "Total (minor units)",
  amount_minor: "Amount (minor units)",
  alt: "Alt text",
  email: "E-mail",
  timestamp: "Time",
  // The words a clerk uses, not the column's ('Mime type', 'Recorded by' of an id).
  mime_type: "File type",
  original_name: "File name",
  filename: "Stored file name",
  recorded_by: "Recorded by",
  created_by: "Made by",
  sent_by: "Sent by",
  booked_shipment_id: "Booked shipment",
  receiver_name: "Received by",
  delivered_at: "Delivered",
  last_login: "Last sign-in",
  must_change_password: "Must choose a new password",
  disabled_at: "Disabled",
  can_invite: "May invite colleagues",
  removed_at: "Removed",
  self_sign_in: "May sign in to the customer account by themselves",
  invited_by_staff_id: "Invited by",
  invited_by_member_id: "Invited by a colleague",
  message_preferences: "Messages they get",
};

export function entityLabel(entity: string): string {
  return ENTITY_LABELS[entity] ?? entity;
}

export function actionLabel(action: string): string {
  return ACTION_LABELS[action] ?? action;
}

/** 'estimated_delivery' → 'Estimated delivery'; a known name where the column's own would mislead. */
export function fieldLabel(field: string): string {
  const known = FIELD_LABELS[field];
  if (known) return known;
  const words = field
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .replace(/_/g, " ")
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
const MIDNIGHT_UTC = /^(\d{4}-\d{2}-\d{2})T00:00:00(\.0+)?(Z|\+00:00)$/;

/** A recorded value as text: '(empty)', Yes/No, a date (an estimated delivery is a day), a time in `timeZone`. */
export function formatAuditValue(field: string, value: unknown, timeZone: string): string {
  if (value === null || value === undefined || value === "") return "(empty)";
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (typeof value === "number") return String(value);
  if (Array.isArray(value)) return value.map((v) => formatAuditValue(field, v, timeZone)).join(", ");
  if (typeof value === "string") {
    const midnight = MIDNIGHT_UTC.exec(value);
    if (midnight && (field === "estimated_delivery" || field.endsWith("_date"))) return midnight[1]!;
    if (ISO_INSTANT.test(value)) {
      const date = new Date(value);
      if (!Number.isNaN(date.getTime())) return toLocalDateTime(date, timeZone).replace("T", " ");
    }
    return value.length > 200 ? `${value.slice(0, 200)}…` : value;
  }
  const text = JSON.stringify(value);
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}

export type AuditChangeText = { field: string; label: string; before: string; after: string };

/** The recorded changes as 'Label: before → after' parts, in a stable order. */
export function describeChanges(
  changes: Record<string, [unknown, unknown]> | null,
  timeZone: string,
): AuditChangeText[] {
  if (!changes) return [];
  return (
    Object.entries(changes)
      // The entry links to its shipment already; the id itself says nothing to a person.
      .filter(([field]) => field !== "shipment_id")
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([field, [before, after]]) => ({
        field,
        label: fieldLabel(field),
        before: formatAuditValue(field, before, timeZone),
        after: formatAuditValue(field, after, timeZone),
      }))
  );
}

/** Where an entry's subject is seen in the admin, or null (a kind without a page of its own). */
export function entityPath(
  entity: string,
  entityId: string | null,
  shipmentId: string | null,
): string | null {
  if (shipmentId) return `/admin/shipments/${shipmentId}`;
  if (!entityId) return null;
  switch (entity) {
    case "shippers":
    case "consignees":
      return `/admin/parties/${entityId}`;
    case "quote_requests":
      return `/admin/quote-requests/${entityId}`;
    case "contact_submissions":
      return `/admin/contact-submissions/${entityId}`;
    case "blog_posts":
      return `/admin/cms/blog/${entityId}`;
    case "cms_media":
      return "/admin/media";
    case "site_settings":
      return "/admin/settings";
    default:
      return null;
  }
}
