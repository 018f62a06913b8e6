import { Link } from "react-router";
import type { ActivityEntry } from "#app/server/audit/activity-views.ts";

/**
 * Entries of the activity log (decision 021), newest first: when, who, from which address, what happened to
 * what (a link while it still exists), and each change as 'Field: before → after'. The same cards on a phone
 * and a desktop; nothing here edits or deletes an entry.
 */
export function ActivityEntries({
  entries,
  label,
  showSubject = true,
}: {
  entries: ActivityEntry[];
  label: string;
  /** Off on a shipment's own card, where every entry is about that shipment. */
  showSubject?: boolean;
}) {
  return (
    <ol aria-label={label} className="flex flex-col divide-y divide-slate-200">
      {entries.map((entry) => (
        <li key={entry.key} className="flex flex-col gap-1 py-3">
          <div className="flex flex-wrap items-baseline gap-x-2 gap-y-1 text-sm">
            <time dateTime={entry.iso} className="font-medium text-slate-900">
              {entry.date}
            </time>
            <span className="text-slate-700">
              {entry.person}
              {entry.personEmail ? <span className="text-slate-500"> ({entry.personEmail})</span> : null}
            </span>
            {entry.address ? <span className="text-slate-500">from {entry.address}</span> : null}
          </div>
          <p className="text-sm text-slate-900">
            <span className="font-medium">{entry.action}</span>{" "}
            {showSubject && entry.href ? (
              <Link to={entry.href} className="break-words text-brand-700 underline">
                {entry.entity}
                {entry.subject ? ` ${entry.subject}` : ""}
              </Link>
            ) : (
              <span className="break-words">
                {entry.entity}
                {showSubject && entry.subject ? ` ${entry.subject}` : ""}
              </span>
            )}
          </p>
          {entry.changes.length > 0 ? (
            <ul className="flex flex-col gap-0.5 text-sm text-slate-700">
              {entry.changes.map((change) => (
                <li key={change.field} className="break-words">
                  <span className="font-medium text-slate-800">{change.label}:</span> {change.before} →{" "}
                  {change.after}
                </li>
              ))}
            </ul>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
