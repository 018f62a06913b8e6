import { format } from "date-fns";

// Dates as the spec shows them. Stored instants are shown in UTC, the time zone of Monrovia.
// date-fns formats in the machine's time zone, so the UTC wall-clock fields are copied into a local
// date first (an offset shift would be off by an hour around a daylight-saving change).
const utc = (value: Date | string) => {
  const d = typeof value === "string" ? new Date(value) : value;
  return new Date(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes());
};

/** 'Jan 05, 2025' — the shipments list. */
export const formatListDate = (value: Date | string) => format(utc(value), "MMM dd, yyyy");
/** 'Jan 5, 2025' — everywhere else. */
export const formatDate = (value: Date | string) => format(utc(value), "MMM d, yyyy");
/** '3:45 PM' */
export const formatTime = (value: Date | string) => format(utc(value), "h:mm a");
/** 'January 5, 2025 3:45 PM' — dialogs. */
export const formatDateTimeLong = (value: Date | string) => format(utc(value), "MMMM d, yyyy h:mm a");
