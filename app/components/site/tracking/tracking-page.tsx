import type { ReactNode } from "react";
import { Icon } from "#app/components/site/icons.tsx";
import { TrackingForm } from "#app/components/site/tracking/tracking-form.tsx";
import { cn } from "#app/lib/cn.ts";
import { useT } from "#app/lib/i18n/use-words.ts";

/**
 * The frame of /track and /track/:trackingNumber: heading, search form, then the result or message.
 * `compact` (a result) keeps the heading and the form small, so the result's glance card is in the
 * first screen of a phone.
 */
export function TrackingPage({
  defaultValue,
  compact = false,
  children,
}: {
  defaultValue?: string;
  compact?: boolean;
  children?: ReactNode;
}) {
  const t = useT();
  return (
    <div className="bg-slate-50 print:bg-white">
      <div
        className={cn(
          "mx-auto max-w-6xl px-4 sm:px-6 lg:px-8 print:p-0",
          compact ? "py-4 sm:py-8" : "py-10 sm:py-14",
        )}
      >
        <div className={cn("text-center print:mb-4 print:text-left", compact ? "mb-3 sm:mb-6" : "mb-8")}>
          {compact ? null : (
            <div className="mx-auto mb-4 flex size-14 items-center justify-center rounded-full bg-accent-600 text-white print:hidden">
              <Icon name="package" aria-hidden="true" className="size-7" />
            </div>
          )}
          <h1
            className={cn(
              "font-bold text-brand-900",
              compact ? "text-2xl sm:text-3xl" : "text-3xl sm:text-4xl",
            )}
          >
            {t("Track Package")}
          </h1>
          {compact ? null : (
            <p className="mt-2 text-slate-700 print:hidden">
              {t("Enter your tracking number to see where your shipment is and every step it has taken.")}
            </p>
          )}
        </div>
        <div
          className={cn(
            "mx-auto max-w-2xl rounded-lg border border-slate-200 bg-white shadow-sm print:hidden",
            compact ? "mb-4 p-3 sm:mb-6 sm:p-4" : "mb-10 p-5",
          )}
        >
          <TrackingForm defaultValue={defaultValue} />
        </div>
        {children}
      </div>
    </div>
  );
}
