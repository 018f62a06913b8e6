// Blog post rules shared by the editor (browser) and the server: slugs, publication states, UTC times.

/** Lowercase letters, digits and single hyphens between them: `air-freight-2025`. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const SLUG_MAX_LENGTH = 120;

/** A slug made from a title: accents dropped, anything else becomes a hyphen. */
export function slugify(title: string): string {
  return title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/['’]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, SLUG_MAX_LENGTH)
    .replace(/-+$/, "");
}

export type PostStatus = "draft" | "scheduled" | "published";

/** Draft: no publish date. Scheduled: a date still to come. Published: a date that has arrived. */
export function postStatus(
  publishedAt: Date | string | null | undefined,
  now: Date = new Date(),
): PostStatus {
  if (!publishedAt) return "draft";
  return new Date(publishedAt).getTime() > now.getTime() ? "scheduled" : "published";
}

export const POST_STATUS_LABEL: Record<PostStatus, string> = {
  draft: "Draft",
  scheduled: "Scheduled",
  published: "Published",
};

const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * The instant a `datetime-local` value names, read as UTC (Monrovia's time, all year), or null when the value
 * is not a real date and time ("2025-02-30T10:00" is not).
 */
export function parseUtcDateTimeLocal(value: string): Date | null {
  const match = LOCAL_DATE_TIME.exec(value.trim());
  if (!match) return null;
  const [year, month, day, hour, minute, second = "0"] = match.slice(1).map((part) => part ?? "0");
  const date = new Date(
    Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute), Number(second)),
  );
  if (
    Number.isNaN(date.getTime()) ||
    date.getUTCFullYear() !== Number(year) ||
    date.getUTCMonth() !== Number(month) - 1 ||
    date.getUTCDate() !== Number(day) ||
    date.getUTCHours() !== Number(hour) ||
    date.getUTCMinutes() !== Number(minute)
  ) {
    return null;
  }
  return date;
}

/** A `datetime-local` value for an instant, in UTC, to the minute: `2025-01-05T15:45`. */
export function toUtcDateTimeLocal(value: Date | string): string {
  return new Date(value).toISOString().slice(0, 16);
}

/**
 * A featured image address the public pages may use: a path on this site ("/media/…", "/images/…") or an
 * http(s) URL. Anything else (javascript:, data:, protocol-relative, spaces, control characters) is refused.
 */
export function isAllowedImageUrl(value: string): boolean {
  if (value.length > 2000 || /[\u0000-\u0020\u007f\\]/.test(value)) return false;
  if (value.startsWith("/")) return !value.startsWith("//");
  return /^https?:\/\/[^/]/i.test(value);
}
