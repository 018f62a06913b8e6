import type { ReactNode } from "react";
import { Link } from "react-router";
import { Icon } from "#app/components/site/icons.tsx";
import { ProgressStepper, RouteProgress } from "#app/components/site/tracking/tracking-route.tsx";
import { TrackingShareMenu } from "#app/components/site/tracking/tracking-share.tsx";
import { StatusTimeline } from "#app/components/site/tracking/tracking-timeline.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { useLocale, useLocalePath, useT } from "#app/lib/i18n/use-words.ts";
import type {
  PublicParty,
  ShownTime,
  TrackingView,
  WhatsAppLinks,
} from "#app/server/shipments/shipment-views.ts";

const PARTY_LINE = "flex items-start gap-2 wrap-anywhere";
const PARTY_ICON = "mt-0.5 size-4 shrink-0 text-slate-500";

/** A titled card of the result; none is split across printed pages. */
function Section({ title, note, children }: { title: string; note?: string; children: ReactNode }) {
  return (
    <Card className="break-inside-avoid">
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        {note ? <p className="text-sm text-slate-600">{note}</p> : null}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

/** 'Nov 22, 2026 3:40 PM' (the spec's 'MMM d, yyyy' with 'h:mm a'; '22 nov. 2026, 15:40' in French), or the date only. */
function Time({ at, withTime = false }: { at: ShownTime; withTime?: boolean }) {
  const comma = useLocale() === "fr" ? "," : "";
  return <time dateTime={at.iso}>{withTime ? `${at.date}${comma} ${at.time}` : at.date}</time>;
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 py-2.5 sm:flex-row sm:justify-between sm:gap-4">
      <dt className="text-sm text-slate-600">{term}</dt>
      <dd className="font-medium break-words text-slate-900 sm:text-right">{children}</dd>
    </div>
  );
}

function PartyCard({ title, party, empty }: { title: string; party: PublicParty | null; empty: string }) {
  const t = useT();
  return (
    <Section title={title}>
      {party ? (
        <div className="space-y-2">
          <p translate="no" className={`${PARTY_LINE} font-medium text-slate-900`}>
            <Icon name="user" aria-hidden="true" className={PARTY_ICON} />
            {party.name}
          </p>
          {party.company ? (
            <p translate="no" className={`${PARTY_LINE} text-slate-700`}>
              <Icon name="building-2" aria-hidden="true" className={PARTY_ICON} />
              {party.company}
            </p>
          ) : null}
          <p className="text-xs text-slate-600">
            {t("Contact details are not shown on the public tracking page.")}
          </p>
        </div>
      ) : (
        <p className="text-slate-600">{empty}</p>
      )}
    </Section>
  );
}

export function TrackingResult({
  shipment,
  trackingUrl,
  qrCodeUrl,
  whatsApp,
  detailsPath,
  updatesPath,
}: {
  shipment: TrackingView;
  trackingUrl: string;
  qrCodeUrl: string;
  whatsApp: WhatsAppLinks;
  /** 'Show full details': its own page (decision 029), or the signed-in customer's account page of the shipment. */
  detailsPath: string;
  /** 'Get updates': /track/:number/updates in the page's language. */
  updatesPath: string;
}) {
  const { latest, arrival, late, lastUpdated } = shipment;
  const t = useT();
  const to = useLocalePath();
  return (
    // data-prints-alone: the printout is the result only (app/app.css).
    <div className="space-y-6" data-prints-alone="">
      {/* At a glance, above the fold on a phone: status, arrival, progress, latest event. */}
      <Card role="region" aria-labelledby="tracking-glance-title" className="break-inside-avoid">
        <CardContent className="space-y-4 p-4 sm:p-6">
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <h2
                id="tracking-glance-title"
                className="flex items-center gap-1.5 text-xs font-medium tracking-wide text-slate-600 uppercase"
              >
                <Icon name="package" aria-hidden="true" className="size-3.5" />
                {t("Tracking Number")}
              </h2>
              <p translate="no" className="font-mono text-lg font-bold break-all text-brand-900 sm:text-xl">
                {shipment.trackingNumber}
              </p>
            </div>
            <div className="flex shrink-0 flex-col items-end gap-2 sm:flex-row sm:items-center print:hidden">
              {/* A plain link: it works without the page's script, which stays as it was. */}
              <a
                href={whatsApp.share}
                target="_blank"
                rel="noopener noreferrer"
                className="text-sm font-medium underline underline-offset-4"
              >
                {t("Share on WhatsApp")}
              </a>
              <TrackingShareMenu
                url={trackingUrl}
                qrCodeUrl={qrCodeUrl}
                trackingNumber={shipment.trackingNumber}
              />
            </div>
          </div>

          <div className="flex flex-col gap-x-6 gap-y-1 lg:flex-row lg:items-baseline">
            <p className="text-3xl leading-tight font-bold wrap-anywhere text-brand-900 sm:text-4xl">
              <span className="sr-only">{t("Status:")} </span>
              {shipment.status}
            </p>
            {latest ? (
              <p className="text-sm break-words text-slate-700 sm:text-base">
                <span className="font-semibold text-slate-900">{t("Latest update:")}</span> {latest.status},{" "}
                <span translate="no">{latest.location}</span>, <Time at={latest.at} withTime />
              </p>
            ) : null}
          </div>

          <div className="flex flex-wrap items-center gap-2">
            <p className="flex items-center gap-2 text-lg font-semibold text-slate-900">
              <Icon
                name={shipment.delivered ? "package-check" : "clock"}
                aria-hidden="true"
                className="size-5 shrink-0 text-brand-700"
              />
              <span>
                {arrival ? (
                  <>
                    {arrival.label} <time dateTime={arrival.iso}>{arrival.text}</time>
                  </>
                ) : (
                  t("Estimated delivery not available")
                )}
              </span>
            </p>
            {late ? (
              <Badge tone="red" title={t("The estimated delivery date has passed")}>
                <Icon name="triangle-alert" aria-hidden="true" className="mr-1 size-3" />
                {t("Delayed?")}
              </Badge>
            ) : null}
          </div>

          <ProgressStepper step={shipment.step} delayed={shipment.delayed} />

          <p className="flex items-start gap-1.5 text-sm text-slate-600">
            <Icon name="clock" aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <span>
              {t("Last updated")}{" "}
              <time dateTime={lastUpdated.iso}>
                {lastUpdated.date} {t("at")} {lastUpdated.time}
              </time>{" "}
              (GMT)
            </span>
          </p>
          {/* Its own page, /track/:number/updates (decision 014): the form's code stays out of this page's script. */}
          <Link to={updatesPath} className="block w-fit font-medium underline underline-offset-4">
            {t("Get updates")}
          </Link>
          <Link
            to={detailsPath}
            className="block w-fit font-medium underline underline-offset-4 print:hidden"
          >
            {t("Show full details")}
          </Link>
          {whatsApp.chat ? (
            <a
              href={whatsApp.chat}
              target="_blank"
              rel="noopener noreferrer"
              className="block w-fit font-medium underline underline-offset-4 print:hidden"
            >
              {t("Ask us on WhatsApp")}
            </a>
          ) : null}
          {late ? (
            <p className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900">
              {t(
                "The estimated delivery date has passed and no delivery has been recorded yet. For news about this shipment, please",
              )}{" "}
              <Link to={to("/contact")} className="font-medium underline underline-offset-4">
                {t("contact us")}
              </Link>
              .
            </p>
          ) : null}
        </CardContent>
      </Card>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2 lg:items-start">
        <div className="space-y-6">
          <Section title={t("Shipment Details")}>
            <dl className="divide-y divide-slate-100">
              <Detail term={t("Status")}>
                <Badge tone={shipment.statusTone}>{shipment.status}</Badge>
              </Detail>
              <Detail term={t("Origin")}>
                <span translate="no">{shipment.originLocation}</span>
              </Detail>
              <Detail term={t("Destination")}>
                <span translate="no">{shipment.destinationLocation}</span>
              </Detail>
              <Detail term={t("Current Location")}>
                {shipment.currentLocation ? (
                  <span translate="no">{shipment.currentLocation}</span>
                ) : (
                  t("Unknown")
                )}
              </Detail>
              {/* Once delivered, the delivery time above says it all: no estimate beside it. */}
              {shipment.delivered ? null : (
                <Detail term={t("Estimated Delivery")}>
                  {shipment.estimatedDelivery ? <Time at={shipment.estimatedDelivery} /> : t("Not available")}
                </Detail>
              )}
              {shipment.weight ? <Detail term={t("Weight")}>{shipment.weight}</Detail> : null}
              {shipment.dimensions ? (
                <Detail term={t("Dimensions")}>
                  <span translate="no">{shipment.dimensions}</span>
                </Detail>
              ) : null}
            </dl>
          </Section>

          <div className="grid grid-cols-1 gap-6 sm:grid-cols-2">
            <PartyCard
              title={t("Shipper")}
              party={shipment.shipper}
              empty={t("No shipper information available")}
            />
            <PartyCard
              title={t("Consignee")}
              party={shipment.consignee}
              empty={t("No consignee information available")}
            />
          </div>
        </div>

        <Section
          title={t("Status History")}
          note={t("Newest first. Times are {zone} time.", { zone: shipment.timeZoneName })}
        >
          <StatusTimeline entries={shipment.history} />
        </Section>
      </div>

      <Section title={t("Route")}>
        <RouteProgress
          origin={shipment.originLocation}
          current={shipment.currentLocation}
          destination={shipment.destinationLocation}
          delivered={shipment.delivered}
        />
      </Section>
    </div>
  );
}
