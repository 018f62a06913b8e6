import type { ReactNode } from "react";
import { Link } from "react-router";
import { Icon } from "#app/components/site/icons.tsx";

function MessagePanel({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby="tracking-message-title"
      className="rounded-lg border border-slate-200 bg-white px-6 py-10 text-center shadow-sm"
    >
      <div className="mx-auto mb-4 flex size-14 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        {icon}
      </div>
      <h2 id="tracking-message-title" className="text-2xl font-bold text-slate-900">
        {title}
      </h2>
      <div className="mx-auto mt-3 max-w-xl space-y-3 text-slate-700">{children}</div>
    </section>
  );
}

const contactLink = (
  <Link
    to="/contact"
    className="font-medium text-brand-700 underline underline-offset-4 hover:text-brand-900"
  >
    contact our support team
  </Link>
);

/** The spec's not-found view. `number` is already cut to a safe length; React escapes it. */
export function TrackingNotFound({ number }: { number: string }) {
  return (
    <MessagePanel
      icon={<Icon name="search-x" aria-hidden="true" className="size-7" />}
      title="Shipment Not Found"
    >
      <p className="break-words">
        We couldn't find a shipment with tracking number:{" "}
        <span className="font-mono font-semibold text-slate-900">{number}</span>
      </p>
      <p>
        Please check the tracking number and try again. If you still can't find your shipment, {contactLink}.
      </p>
    </MessagePanel>
  );
}

/** Whole seconds as "45 seconds", "1 minute", "3 minutes". */
function formatWait(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 60) return `${s} ${s === 1 ? "second" : "seconds"}`;
  const m = Math.ceil(s / 60);
  return `${m} ${m === 1 ? "minute" : "minutes"}`;
}

export function TrackingRateLimited({ retryAfterSeconds }: { retryAfterSeconds: number }) {
  return (
    <MessagePanel
      icon={<Icon name="clock" aria-hidden="true" className="size-7" />}
      title="Too Many Tracking Requests"
    >
      <p>
        You have looked up a lot of shipments in a short time. Please try again in{" "}
        <strong>{formatWait(retryAfterSeconds)}</strong>.
      </p>
      <p>Need help with a shipment right now? Please {contactLink}.</p>
    </MessagePanel>
  );
}

export function TrackingNoNumber() {
  return (
    <MessagePanel
      icon={<Icon name="package-search" aria-hidden="true" className="size-7" />}
      title="No tracking number provided"
    >
      <p>Enter your tracking number above to see where your shipment is.</p>
    </MessagePanel>
  );
}
