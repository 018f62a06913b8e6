import type { ReactNode } from "react";
import { Link } from "react-router";
import { Icon } from "#app/components/site/icons.tsx";
import { useLocalePath, useT } from "#app/lib/i18n/use-words.ts";

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

function ContactLink() {
  const t = useT();
  const to = useLocalePath();
  return (
    <Link
      to={to("/contact")}
      className="font-medium text-brand-700 underline underline-offset-4 hover:text-brand-900"
    >
      {t("contact our support team")}
    </Link>
  );
}

/** The spec's not-found view. `number` is already cut to a safe length; React escapes it. */
export function TrackingNotFound({ number }: { number: string }) {
  const t = useT();
  return (
    <MessagePanel
      icon={<Icon name="search-x" aria-hidden="true" className="size-7" />}
      title={t("Shipment Not Found")}
    >
      <p className="break-words">
        {t("We couldn't find a shipment with tracking number:")}{" "}
        <span translate="no" className="font-mono font-semibold text-slate-900">
          {number}
        </span>
      </p>
      <p>
        {t("Please check the tracking number and try again. If you still can't find your shipment,")}{" "}
        <ContactLink />.
      </p>
    </MessagePanel>
  );
}

/** Whole seconds as "45 seconds", "1 minute", "3 minutes" (the unit in the page's language). */
function formatWait(seconds: number, t: ReturnType<typeof useT>): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 60) return `${s} ${s === 1 ? t("second") : t("seconds")}`;
  const m = Math.ceil(s / 60);
  return `${m} ${m === 1 ? t("minute") : t("minutes")}`;
}

export function TrackingRateLimited({ retryAfterSeconds }: { retryAfterSeconds: number }) {
  const t = useT();
  return (
    <MessagePanel
      icon={<Icon name="clock" aria-hidden="true" className="size-7" />}
      title={t("Too Many Tracking Requests")}
    >
      <p>
        {t("You have looked up a lot of shipments in a short time. Please try again in")}{" "}
        <strong>{formatWait(retryAfterSeconds, t)}</strong>.
      </p>
      <p>
        {t("Need help with a shipment right now? Please")} <ContactLink />.
      </p>
    </MessagePanel>
  );
}

export function TrackingNoNumber() {
  const t = useT();
  return (
    <MessagePanel
      icon={<Icon name="package-search" aria-hidden="true" className="size-7" />}
      title={t("No tracking number provided")}
    >
      <p>{t("Enter your tracking number above to see where your shipment is.")}</p>
    </MessagePanel>
  );
}
