import type { ReactNode } from "react";
import { Icon } from "#app/components/site/icons.tsx";
import { TrackingForm } from "#app/components/site/tracking/tracking-form.tsx";

/** The frame of /track and /track/:trackingNumber: heading, search form, then the result or message. */
export function TrackingPage({ defaultValue, children }: { defaultValue?: string; children?: ReactNode }) {
  return (
    <div className="bg-slate-50 print:bg-white">
      <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14 lg:px-8 print:p-0">
        <div className="mb-8 text-center print:mb-4 print:text-left">
          <div className="mx-auto mb-4 flex size-14 items-center justify-center rounded-full bg-accent-600 text-white print:hidden">
            <Icon name="package" aria-hidden="true" className="size-7" />
          </div>
          <h1 className="text-3xl font-bold text-brand-900 sm:text-4xl">Track Package</h1>
          <p className="mt-2 text-slate-700 print:hidden">
            Enter your tracking number to see where your shipment is and every step it has taken.
          </p>
        </div>
        <div className="mx-auto mb-10 max-w-2xl rounded-lg border border-slate-200 bg-white p-5 shadow-sm print:hidden">
          <TrackingForm defaultValue={defaultValue} />
        </div>
        {children}
      </div>
    </div>
  );
}
