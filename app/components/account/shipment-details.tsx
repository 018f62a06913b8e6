import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { ShipmentRoles } from "#app/components/account/shipment-roles.tsx";
import { ProgressStepper, RouteProgress } from "#app/components/site/tracking/tracking-route.tsx";
import { StatusTimeline } from "#app/components/site/tracking/tracking-timeline.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { buttonClass } from "#app/components/ui/button-class.ts";
import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { useT } from "#app/lib/i18n/use-words.ts";
import type {
  ShipmentNotificationsActionData,
  ShipmentPageData,
  ShipmentParty,
} from "#app/server/customers/customer-shipment-views.ts";

// The sections of /account/shipments/:trackingNumber (decision 029): what the tracking page shows, then the full
// parties, the cargo, the delivery, the documents, the linked quotes and invoices, and the updates switch.

const LINK = "font-medium text-brand-700 underline underline-offset-4";

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card className="break-inside-avoid">
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 py-2.5 sm:flex-row sm:justify-between sm:gap-4">
      <dt className="text-sm text-slate-600">{term}</dt>
      <dd className="font-medium break-words whitespace-pre-line text-slate-900 sm:text-right">{children}</dd>
    </div>
  );
}

export function ShipmentSummary({ page }: { page: ShipmentPageData }) {
  const t = useT();
  const { tracking, roles } = page;
  const { latest, arrival } = tracking;
  return (
    <Card>
      <CardContent className="space-y-4 p-4 sm:p-6">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <p className="text-xs font-medium tracking-wide text-slate-600 uppercase">
              {t("Tracking Number")}
            </p>
            <h1 className="font-mono text-lg font-bold break-all text-brand-900 sm:text-xl">
              {tracking.trackingNumber}
            </h1>
          </div>
          <ShipmentRoles roles={roles} />
        </div>
        <div className="flex flex-col gap-x-6 gap-y-1 lg:flex-row lg:items-baseline">
          <p className="text-3xl leading-tight font-bold wrap-anywhere text-brand-900">
            <span className="sr-only">{t("Status: ")}</span>
            {t(tracking.status)}
          </p>
          {latest ? (
            <p className="text-sm break-words text-slate-700 sm:text-base">
              <span className="font-semibold text-slate-900">{t("Latest update:")}</span> {t(latest.status)},{" "}
              <span translate="no">{latest.location}</span>,{" "}
              <time dateTime={latest.at.iso}>
                {latest.at.date} {latest.at.time}
              </time>
            </p>
          ) : null}
        </div>
        <p className="text-lg font-semibold text-slate-900">
          {arrival ? (
            <>
              {t(arrival.label)} <time dateTime={arrival.iso}>{arrival.text}</time>
            </>
          ) : (
            t("Estimated delivery not available")
          )}
          {tracking.late ? (
            <Badge tone="red" className="ml-2" title={t("The estimated delivery date has passed")}>
              {t("Delayed?")}
            </Badge>
          ) : null}
        </p>
        <ProgressStepper step={tracking.step} delayed={tracking.delayed} />
        <p className="text-sm text-slate-600">
          {t("Last updated")}{" "}
          <time dateTime={tracking.lastUpdated.iso}>
            {t("{date} at {time}", { date: tracking.lastUpdated.date, time: tracking.lastUpdated.time })}
          </time>
        </p>
        <Link to={page.bookAgain} className={buttonClass({ variant: "outline" })}>
          {t("Book again")}
        </Link>
      </CardContent>
    </Card>
  );
}

function PartyDetails({ title, party }: { title: string; party: ShipmentParty | null }) {
  const t = useT();
  return (
    <Section title={title}>
      {party ? (
        <dl className="divide-y divide-slate-100" translate="no">
          <Detail term={t("Name")}>{party.name}</Detail>
          {party.company ? <Detail term={t("Company")}>{party.company}</Detail> : null}
          {party.address ? <Detail term={t("Address")}>{party.address}</Detail> : null}
          {party.email ? (
            <Detail term={t("E-mail")}>
              <a href={`mailto:${party.email}`} className={LINK}>
                {party.email}
              </a>
            </Detail>
          ) : null}
          {party.phone ? (
            <Detail term={t("Phone")}>
              <a href={`tel:${party.phone.replace(/[^+0-9]/g, "")}`} className={LINK}>
                {party.phone}
              </a>
            </Detail>
          ) : null}
        </dl>
      ) : (
        <p className="text-slate-600">{t("Not known")}</p>
      )}
    </Section>
  );
}

export function ShipmentParties({ page }: { page: ShipmentPageData }) {
  const t = useT();
  return (
    <div className="grid grid-cols-1 gap-6 md:grid-cols-2">
      <PartyDetails title={t("Shipper")} party={page.shipper} />
      <PartyDetails title={t("Consignee")} party={page.consignee} />
    </div>
  );
}

export function ShipmentCargoDetails({ page }: { page: ShipmentPageData }) {
  const t = useT();
  const { tracking, cargo } = page;
  // Data as typed by staff (goods, places, notes) is not translated; 'Not given' is.
  const shown = (value: string | number | null) =>
    value === null || value === "" ? t("Not given") : <span translate="no">{value}</span>;
  return (
    <Section title={t("Shipment Details")}>
      <dl className="divide-y divide-slate-100">
        <Detail term={t("Status")}>
          <Badge tone={tracking.statusTone}>{t(tracking.status)}</Badge>
        </Detail>
        <Detail term={t("Origin")}>
          <span translate="no">{tracking.originLocation}</span>
        </Detail>
        <Detail term={t("Destination")}>
          <span translate="no">{tracking.destinationLocation}</span>
        </Detail>
        <Detail term={t("Current Location")}>
          {tracking.currentLocation ? <span translate="no">{tracking.currentLocation}</span> : t("Unknown")}
        </Detail>
        {tracking.delivered ? null : (
          <Detail term={t("Estimated Delivery")}>
            {tracking.estimatedDelivery ? (
              <time dateTime={tracking.estimatedDelivery.iso}>{tracking.estimatedDelivery.date}</time>
            ) : (
              t("Not available")
            )}
          </Detail>
        )}
        <Detail term={t("Goods")}>{shown(cargo.goodsDescription)}</Detail>
        <Detail term={t("Pieces")}>{shown(cargo.pieces)}</Detail>
        <Detail term={t("Weight")}>{shown(cargo.weight)}</Detail>
        <Detail term={t("Dimensions")}>{shown(cargo.dimensions)}</Detail>
        <Detail term={t("Declared value")}>{shown(cargo.declaredValue)}</Detail>
        <Detail term={t("Transport")}>{cargo.transportMode ? t(cargo.transportMode) : t("Not given")}</Detail>
        <Detail term={t("Incoterm")}>{shown(cargo.incoterm)}</Detail>
        {cargo.notes ? (
          <Detail term={t("Notes")}>
            <span translate="no">{cargo.notes}</span>
          </Detail>
        ) : null}
      </dl>
    </Section>
  );
}

export function ShipmentHistory({ page }: { page: ShipmentPageData }) {
  const t = useT();
  const { tracking } = page;
  return (
    <>
      <Section title={t("Status History")}>
        <p className="mb-3 text-sm text-slate-600">
          {t("Newest first. Times are {zone} time.", { zone: tracking.timeZoneName })}
        </p>
        <StatusTimeline entries={tracking.history} />
      </Section>
      <Section title={t("Route")}>
        <RouteProgress
          origin={tracking.originLocation}
          current={tracking.currentLocation}
          destination={tracking.destinationLocation}
          delivered={tracking.delivered}
        />
      </Section>
    </>
  );
}

export function ShipmentDocuments({ page }: { page: ShipmentPageData }) {
  const t = useT();
  const { documents, delivery } = page;
  return (
    <Section title={t("Documents")}>
      <ul className="space-y-2">
        <li>
          <a href={documents.waybill} className={LINK}>
            {t("House waybill (PDF)")}
          </a>
        </li>
        {documents.labels.map((label) => (
          <li key={label.href}>
            <a href={label.href} className={LINK}>
              {label.text}
            </a>
          </li>
        ))}
        {documents.deliveryNote ? (
          <li>
            <a href={documents.deliveryNote} className={LINK}>
              {t("Delivery note with proof of delivery (PDF)")}
            </a>
          </li>
        ) : (
          <li className="text-sm text-slate-600">
            {t("The delivery note, with the proof of delivery, is here once we have recorded the delivery.")}
          </li>
        )}
      </ul>
      {delivery ? (
        <div className="mt-4 space-y-2 border-t border-slate-100 pt-4">
          <h3 className="font-semibold text-slate-900">{t("Proof of delivery")}</h3>
          <p className="text-sm text-slate-800">
            {t(delivery.signed ? "Signed for by {name} on" : "Received by {name} on", {
              name: delivery.receiverName,
            })}{" "}
            <time dateTime={delivery.deliveredAt.iso}>
              {delivery.deliveredAt.date} {delivery.deliveredAt.time}
            </time>
            .
          </p>
          {delivery.receiverRemarks ? (
            <p className="text-sm whitespace-pre-line text-slate-700">
              {t("Remarks:")} <span translate="no">{delivery.receiverRemarks}</span>
            </p>
          ) : null}
          {delivery.photos.length > 0 ? (
            <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4">
              {delivery.photos.map((src, index) => (
                <li key={src}>
                  <a href={src}>
                    <img
                      src={src}
                      alt={t("Taken at delivery, {n} of {count}", {
                        n: index + 1,
                        count: delivery.photos.length,
                      })}
                      loading="lazy"
                      className="aspect-square w-full rounded-md border border-slate-200 object-cover"
                    />
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </Section>
  );
}

export function ShipmentQuotesAndInvoices({ page }: { page: ShipmentPageData }) {
  const t = useT();
  return (
    <Section title={t("Quotes and invoices")}>
      {page.quotes.length === 0 && page.invoices.length === 0 ? (
        <p className="text-slate-600">{t("No quote or invoice is linked to this shipment.")}</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {page.quotes.map((quote) => (
            <li key={quote.href} className="flex flex-wrap items-baseline justify-between gap-2 py-2">
              <Link to={quote.href} className={LINK}>
                {t("Quote, version {version}", { version: quote.version })}
              </Link>
              <span className="text-sm text-slate-700">
                {quote.status} · {quote.total}
                {quote.sentOn ? ` · ${t("sent {date}", { date: quote.sentOn })}` : ""}
              </span>
            </li>
          ))}
          {page.invoices.map((invoice) => (
            <li key={invoice.href} className="flex flex-wrap items-baseline justify-between gap-2 py-2">
              <Link to={invoice.href} className={LINK}>
                {invoice.title}
              </Link>
              <span className="text-sm text-slate-700">
                {invoice.state} · {invoice.total}
                {invoice.issuedOn ? ` · ${invoice.issuedOn}` : ""}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

export function ShipmentUpdatesForm({
  page,
  reply,
  intent,
}: {
  page: ShipmentPageData;
  reply: ShipmentNotificationsActionData | undefined;
  intent: string;
}) {
  const t = useT();
  const { roles, enabled } = page.notifications;
  const as = roles.map((role) => t(role)).join(` ${t("and")} `);
  return (
    <Section title={t("Shipment updates")}>
      <p className="text-slate-800">
        {enabled
          ? t("As its {roles}, your company gets this shipment's status updates.", { roles: as })
          : t("As its {roles}, your company does not get this shipment's status updates.", { roles: as })}
      </p>
      <Form method="post" className="mt-3">
        <input type="hidden" name="intent" value={intent} />
        <input type="hidden" name="updates" value={enabled ? "off" : "on"} />
        <button type="submit" className={buttonClass({ variant: enabled ? "outline" : "primary" })}>
          {enabled ? t("Stop updates for this shipment") : t("Get updates for this shipment")}
        </button>
      </Form>
      {reply ? (
        <p role="status" className={reply.ok ? "mt-2 text-sm text-green-800" : "mt-2 text-sm text-red-700"}>
          {reply.ok ? reply.message : reply.error}
        </p>
      ) : null}
    </Section>
  );
}
