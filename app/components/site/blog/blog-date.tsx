import { formatDateIn } from "#app/lib/i18n/format.ts";
import { useLocale } from "#app/lib/i18n/use-words.ts";

/** A post's date in the page's language: 'Jan 5, 2025' / '5 janv. 2025'. */
export function BlogDate({ date, className }: { date: Date | string; className?: string }) {
  return (
    <time dateTime={new Date(date).toISOString()} className={className}>
      {formatDateIn(useLocale(), date)}
    </time>
  );
}
