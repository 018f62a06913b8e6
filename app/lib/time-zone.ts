import { formatDate, formatTime } from "#app/lib/format.ts";

// The company's time zone (a site setting, Africa/Monrovia by default) and the conversion between its wall-clock times ("2026-03-14T09:30",
// what a datetime-local field holds) and instants. Built on Intl alone: the platform knows every IANA zone and
// its daylight-saving rules, so no time-zone library is needed.

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

let zones: Set<string> | undefined;

/** Every zone this JavaScript engine supports (Intl.supportedValuesOf('timeZone'), plus UTC), sorted. */
export function listTimeZones(): string[] {
  zones ??= new Set([...Intl.supportedValuesOf("timeZone"), "UTC"]);
  return [...zones].sort();
}

/** Whether `zone` is exactly one of the supported IANA zone names ("Europe/London", not "europe/london"). */
export function isSupportedTimeZone(zone: unknown): zone is string {
  if (typeof zone !== "string") return false;
  zones ??= new Set([...Intl.supportedValuesOf("timeZone"), "UTC"]);
  return zones.has(zone);
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall-clock time in `timeZone` at instant `ms`, written as if it were UTC (whole seconds). */
function wallClockMs(ms: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(ms)) {
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  }
  return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour! % 24, parts.minute!, parts.second!);
}

/** How far `timeZone` is ahead of UTC at instant `ms`, in milliseconds. */
function offsetAt(ms: number, timeZone: string): number {
  return wallClockMs(ms, timeZone) - Math.floor(ms / 1000) * 1000;
}

/**
 * A Date whose UTC fields read the wall-clock time of `instant` in `timeZone`, for the formatters of
 * app/lib/format.ts (which read UTC fields): `formatTime(wallClock(t, "Europe/London"))`.
 */
export function wallClock(instant: Date, timeZone: string): Date {
  return new Date(wallClockMs(instant.getTime(), timeZone) + (instant.getTime() % 1000));
}

/** `instant` as the back office shows a moment, 'Jan 5, 2025 3:45 PM', in `timeZone`. */
export function formatDateTimeIn(instant: Date, timeZone: string): string {
  const local = wallClock(instant, timeZone);
  return `${formatDate(local)} ${formatTime(local)}`;
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** `instant` as a datetime-local value in `timeZone`: "2026-03-14T09:30" (to the minute). */
export function toLocalDateTime(instant: Date, timeZone: string): string {
  const d = new Date(wallClockMs(instant.getTime(), timeZone));
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * The instant a wall-clock time in `timeZone` means ("2026-03-14T09:30", seconds optional), or null when the
 * text is not a real date and time (2026-02-30, 25:00, any other shape). Like Temporal's 'compatible'
 * disambiguation: a time skipped by a daylight-saving change counts forward by the change (01:30 on the
 * spring-forward night in London is 02:30 BST), and a time that happens twice is the first of the two.
 */
export function fromLocalDateTime(value: string, timeZone: string): Date | null {
  const match = LOCAL_DATE_TIME.exec(value);
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (hour > 23 || minute > 59 || second > 59) return null;
  const wall = Date.UTC(year, month - 1, day, hour, minute, second);
  const check = new Date(wall);
  if (
    check.getUTCFullYear() !== year ||
    check.getUTCMonth() !== month - 1 ||
    check.getUTCDate() !== day ||
    year < 1000
  ) {
    return null;
  }
  // The zone's offset a day either side of the time: the one or two offsets in force around it.
  const before = offsetAt(wall - DAY, timeZone);
  const after = offsetAt(wall + DAY, timeZone);
  const candidates = [wall - before, wall - after].filter((ms) => wallClockMs(ms, timeZone) === wall);
  if (candidates.length > 0) return new Date(Math.min(...candidates));
  return new Date(wall - before);
}

/** Today's date in the company's time zone, 'YYYY-MM-DD' (the day invoices, payments and quotes are dated by). */
export function companyToday(timeZone: string, now: Date = new Date()): string {
  return toLocalDateTime(now, timeZone).slice(0, 10);
}
