import { format } from "date-fns";

/**
 * A publish date like "Jan 5, 2025". Formatted in UTC (Monrovia's time zone, GMT all year) so the
 * server render and the browser agree whatever the visitor's time zone.
 */
export function formatBlogDate(date: Date | string): string {
  const d = new Date(date);
  return format(new Date(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()), "MMM d, yyyy");
}

export function BlogDate({ date, className }: { date: Date | string; className?: string }) {
  return (
    <time dateTime={new Date(date).toISOString()} className={className}>
      {formatBlogDate(date)}
    </time>
  );
}
