import { Icon, type IconName } from "#app/components/site/icons.tsx";
import { useT } from "#app/lib/i18n/use-words.ts";
import type { TimelineIcon } from "#app/lib/shipment-status.ts";
import type { TrackingTimelineEntry } from "#app/server/shipments/shipment-views.ts";

const ICONS: Record<TimelineIcon, IconName> = {
  truck: "truck",
  delivered: "package-check",
  location: "map-pin",
  package: "package",
};

/** Status history, newest first as given; every entry is a completed step. */
export function StatusTimeline({ entries }: { entries: TrackingTimelineEntry[] }) {
  const t = useT();
  if (entries.length === 0) {
    return <p className="text-slate-600">{t("No status updates available")}</p>;
  }
  return (
    <ol aria-label={t("Status history")} className="relative">
      {entries.map((entry, index) => {
        const last = index === entries.length - 1;
        return (
          <li key={entry.id} className="relative flex gap-4 pb-6 last:pb-0">
            {last ? null : (
              <span
                aria-hidden="true"
                className="absolute top-10 bottom-0 left-5 w-0.5 -translate-x-1/2 bg-brand-200"
              />
            )}
            <span
              aria-hidden="true"
              className="relative z-10 flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-700 text-white"
            >
              <Icon name={ICONS[entry.icon]} className="size-5" />
            </span>
            <div className="min-w-0 flex-1 pt-1">
              <div className="flex flex-col gap-x-3 gap-y-0.5 sm:flex-row sm:items-baseline sm:justify-between">
                <p className="font-semibold break-words text-slate-900">
                  {entry.status}
                  <span className="sr-only"> ({t("completed")})</span>
                </p>
                <time dateTime={entry.at.iso} className="shrink-0 text-sm text-slate-600">
                  {entry.at.date} <span aria-hidden="true">·</span> {entry.at.time}
                </time>
              </div>
              <p
                translate="no"
                className="mt-0.5 flex items-start gap-1.5 text-sm break-words text-slate-700"
              >
                <Icon name="map-pin" aria-hidden="true" className="mt-0.5 size-3.5 shrink-0 text-slate-500" />
                {entry.location}
              </p>
              {entry.notes ? (
                <p translate="no" className="mt-1 text-sm break-words text-slate-600">
                  {entry.notes}
                </p>
              ) : null}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
