// Dates as the spec shows them ('Jan 05, 2025', '3:45 PM', …). Stored instants are shown in UTC, the
// time zone of Monrovia, whatever the machine's or the browser's zone. Written out rather than taken
// from a date library: these few English formats are all we need, and public pages ship no date code
// beyond them (app/lib/format.test.ts checks them against date-fns).

const MONTHS = "January February March April May June July August September October November December".split(
  " ",
);

const pad = (n: number) => String(n).padStart(2, "0");
const month = (d: Date) => MONTHS[d.getUTCMonth()]!;

/** 'Jan 05, 2025' — the shipments list. */
export function formatListDate(value: Date | string): string {
  const d = new Date(value);
  return `${month(d).slice(0, 3)} ${pad(d.getUTCDate())}, ${d.getUTCFullYear()}`;
}

/** 'Jan 5, 2025' — everywhere else. */
export function formatDate(value: Date | string): string {
  const d = new Date(value);
  return `${month(d).slice(0, 3)} ${d.getUTCDate()}, ${d.getUTCFullYear()}`;
}

/** '3:45 PM' */
export function formatTime(value: Date | string): string {
  const d = new Date(value);
  const hours = d.getUTCHours();
  return `${hours % 12 || 12}:${pad(d.getUTCMinutes())} ${hours < 12 ? "AM" : "PM"}`;
}

/** 'January 5, 2025 3:45 PM' — dialogs. */
export function formatDateTimeLong(value: Date | string): string {
  const d = new Date(value);
  return `${month(d)} ${d.getUTCDate()}, ${d.getUTCFullYear()} ${formatTime(d)}`;
}

/** 'November 21, 2026' for a calendar date written '2026-11-21' (no time, no zone). */
export function formatCalendarDate(isoDate: string): string {
  const [year, monthNumber, day] = isoDate.split("-").map(Number);
  return `${MONTHS[monthNumber! - 1]} ${day}, ${year}`;
}
