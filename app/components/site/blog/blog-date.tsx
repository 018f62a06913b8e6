import { formatDate } from "#app/lib/format.ts";

export function BlogDate({ date, className }: { date: Date | string; className?: string }) {
  return (
    <time dateTime={new Date(date).toISOString()} className={className}>
      {formatDate(date)}
    </time>
  );
}
