import { Icon, type IconName } from "#app/components/site/icons.tsx";
import { cn } from "#app/lib/cn.ts";
import { useT } from "#app/lib/i18n/use-words.ts";
import { TRACKING_STEPS, type TrackingStep } from "#app/lib/tracking-progress.ts";

type Stop = { label: string; place: string; state: "done" | "current" | "upcoming"; icon: IconName };

/**
 * A simplified route: origin → current location → destination. A vertical list on phones, a line
 * across on wider screens.
 */
export function RouteProgress({
  origin,
  current,
  destination,
  delivered,
}: {
  origin: string;
  current: string | null;
  destination: string;
  delivered: boolean;
}) {
  const t = useT();
  const stops: Stop[] = [
    { label: t("Origin"), place: origin, state: "done", icon: "map-pin" },
    {
      label: t("Current Location"),
      place: current ?? t("Unknown"),
      state: delivered ? "done" : "current",
      icon: "navigation",
    },
    {
      label: t("Destination"),
      place: destination,
      state: delivered ? "current" : "upcoming",
      icon: delivered ? "package-check" : "flag",
    },
  ];
  return (
    <ol aria-label={t("Shipment route")} className="flex flex-col sm:flex-row">
      {stops.map((stop, index) => {
        const last = index === stops.length - 1;
        return (
          <li
            key={stop.label}
            className="relative flex min-w-0 gap-3 pb-6 last:pb-0 sm:flex-1 sm:flex-col sm:items-center sm:pb-0 sm:text-center"
          >
            {last ? null : (
              <span
                aria-hidden="true"
                className={cn(
                  "absolute top-10 bottom-0 left-5 w-0 -translate-x-1/2 border-l-2",
                  "sm:top-5 sm:bottom-auto sm:left-[calc(50%+1.25rem)] sm:h-0 sm:w-[calc(100%-2.5rem)] sm:translate-x-0 sm:border-t-2 sm:border-l-0",
                  stops[index + 1]!.state === "upcoming"
                    ? "border-dashed border-slate-300"
                    : "border-brand-600",
                )}
              />
            )}
            <span
              aria-hidden="true"
              className={cn(
                "relative z-10 flex size-10 shrink-0 items-center justify-center rounded-full border-2",
                stop.state === "current" && "border-accent-600 bg-accent-600 text-white",
                stop.state === "done" && "border-brand-700 bg-brand-700 text-white",
                stop.state === "upcoming" && "border-slate-300 bg-white text-slate-500",
              )}
            >
              <Icon name={stop.icon} className="size-5" />
            </span>
            <div className="min-w-0 pt-0.5 sm:px-2 sm:pt-2">
              <p className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{stop.label}</p>
              <p
                translate={index === 1 && !current ? undefined : "no"}
                className={cn("break-words text-slate-900", stop.state === "current" && "font-semibold")}
              >
                {stop.place}
              </p>
            </div>
          </li>
        );
      })}
    </ol>
  );
}

/**
 * Booked → In transit → Arrived → Delivered, across the card on every screen size. The step the
 * shipment is at carries aria-current="step"; a delay is a warning on it, in words and in colour.
 */
export function ProgressStepper({ step, delayed }: { step: TrackingStep; delayed: boolean }) {
  const t = useT();
  return (
    <ol aria-label={t("Shipment progress")} className="grid grid-cols-4 text-center text-xs sm:text-sm">
      {TRACKING_STEPS.map((label, index) => {
        // Delivered is the end: reached, it is done.
        const done = index < step || index === 3;
        const current = index === step;
        const reached = index <= step;
        const warning = current && delayed;
        return (
          <li key={label} aria-current={current ? "step" : undefined} className="relative">
            {index ? (
              <span
                aria-hidden="true"
                className={cn(
                  "absolute top-3.5 right-[calc(50%+1rem)] left-[calc(-50%+1rem)] border-t-2",
                  reached ? "border-brand-600" : "border-dashed border-slate-300",
                )}
              />
            ) : null}
            <span
              aria-hidden="true"
              className={cn(
                "mx-auto flex size-7 items-center justify-center rounded-full border-2 text-white",
                warning
                  ? "border-red-700 bg-red-700"
                  : reached && done
                    ? "border-brand-700 bg-brand-700"
                    : current
                      ? "border-accent-600 bg-accent-600"
                      : "border-slate-300",
              )}
            >
              {/* One element for either icon: fewer bytes in the tracking page's script (budget.spec.ts). */}
              {warning || (reached && done) ? (
                <Icon name={warning ? "triangle-alert" : "check"} className="size-4" />
              ) : null}
            </span>
            <span className={cn("mt-1.5 block", reached ? "font-semibold" : "text-slate-600")}>
              {t(label)}
              <span className="sr-only">
                {reached && done ? ` (${t("completed")})` : current ? ` (${t("current step")})` : ""}
              </span>
            </span>
            {warning ? <span className="font-semibold text-red-800">{t("Delayed")}</span> : null}
          </li>
        );
      })}
    </ol>
  );
}
