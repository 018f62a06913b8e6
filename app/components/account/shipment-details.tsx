import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { ShipmentRoles } from "#app/components/account/shipment-roles.tsx";
import { ProgressStepper, RouteProgress } from "#app/components/site/tracking/tracking-route.tsx";
import { StatusTimeline } from "#app/components/site/tracking/tracking-timeline.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { buttonClass } from "#app/components/ui/button-class.ts";
import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import type {
  ShipmentNotificationsActionData,
  ShipmentPageData,
  ShipmentParty,
} from "#app/server/customers/customer-shipment-views.ts";

// The sections of /account/shipments/:trackingNumber (issue 29): what the tracking page shows, then the full
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
  const { tracking, roles } = page;
  const { latest, arrival } = tracking;
  return (
    <Card>
      <CardContent className="space-y-4 p-4 sm:p-6">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <p className="text-xs font-medium tracking-wide text-slate-600 uppercase">Tracking Number</p>
            <h1 className="font-mono text-lg font-bold break-all text-brand-900 sm:text-xl">
              {tracking.trackingNumber}
            </h1>
          </div>
          <ShipmentRoles roles={roles} />
        </div>
        <div className="flex flex-col gap-x-6 gap-y-1 lg:flex-row lg:items-baseline">
          <p className="text-3xl leading-tight font-bold wrap-anywhere text-brand-900">
            <span className="sr-only">Status: </span>
            {tracking.status}
          </p>
          {latest ? (
            <p className="text-sm break-words text-slate-700 sm:text-base">
              <span className="font-semibold text-slate-900">Latest update:</span> {latest.status},{" "}
              {latest.location},{" "}
              <time dateTime={latest.at.iso}>
                {latest.at.date} {latest.at.time}
              </time>
            </p>
          ) : null}
        </div>
        <p className="text-lg font-semibold text-slate-900">
          {arrival ? (
            <>
              {arrival.label} <time dateTime={arrival.iso}>{arrival.text}</time>
            </>
          ) : (
            "Estimated delivery not available"
          )}
          {tracking.late ? (
            <Badge tone="red" className="ml-2" title="The estimated delivery date has passed">
              Delayed?
            </Badge>
          ) : null}
        </p>
        <ProgressStepper step={tracking.step} delayed={tracking.delayed} />
        <p className="text-sm text-slate-600">
          Last updated{" "}
          <time dateTime={tracking.lastUpdated.iso}>
            {tracking.lastUpdated.date} at {tracking.lastUpdated.time}
          </time>
        </p>
        <Link to={page.bookAgain} className={buttonClass({ variant: "outline" })}>
          Book again
        </Link>
      </CardContent>
    </Card>
  );
}

function PartyDetails({ title, party }: { title: string; party: ShipmentParty | null }) {
  return (
    <Section title={title}>
      {party ? (
        <dl className="divide-y divide-slate-100">
          <Detail term="Name">{party.name}</Detail>
          {party.company ? <Detail term="Company">{party.company}</Detail> : null}
          {party.address ? <Detail term="Address">{party.address}</Detail> : null}
          {party.email ? (
            <Detail term="E-mail">
              <a href={`mailto:${party.email}`} className={LINK}>
                {party.email}
              </a>
            </Detail>
          ) : null}
          {party.phone ? (
            <Detail term="Phone">
              <a href={`tel:${party.phone.replace(/[^+0-9]/g, "")}`} className={LINK}>
                {party.phone}
              </a>
            </Detail>
          ) : null}
        </dl>
      ) : (
        <p className="text-slate-600">Not known</p>
      )}
    </Section>
  );
}

export function ShipmentParties({ page }: { page: ShipmentPageData }) {
  return (
    <div className="grid grid-cols-1 gap-6 md:grid-cols-2">
      <PartyDetails title="Shipper" party={page.shipper} />
      <PartyDetails title="Consignee" party={page.consignee} />
    </div>
  );
}

export function ShipmentCargoDetails({ page }: { page: ShipmentPageData }) {
  const { tracking, cargo } = page;
  const shown = (value: string | number | null) => (value === null || value === "" ? "Not given" : value);
  return (
    <Section title="Shipment Details">
      <dl className="divide-y divide-slate-100">
        <Detail term="Status">
          <Badge tone={tracking.statusTone}>{tracking.status}</Badge>
        </Detail>
        <Detail term="Origin">{tracking.originLocation}</Detail>
        <Detail term="Destination">{tracking.destinationLocation}</Detail>
        <Detail term="Current Location">{tracking.currentLocation ?? "Unknown"}</Detail>
        {tracking.delivered ? null : (
          <Detail term="Estimated Delivery">
            {tracking.estimatedDelivery ? (
              <time dateTime={tracking.estimatedDelivery.iso}>{tracking.estimatedDelivery.date}</time>
            ) : (
              "Not available"
            )}
          </Detail>
        )}
        <Detail term="Goods">{shown(cargo.goodsDescription)}</Detail>
        <Detail term="Pieces">{shown(cargo.pieces)}</Detail>
        <Detail term="Weight">{shown(cargo.weight)}</Detail>
        <Detail term="Dimensions">{shown(cargo.dimensions)}</Detail>
        <Detail term="Declared value">{shown(cargo.declaredValue)}</Detail>
        <Detail term="Transport">{shown(cargo.transportMode)}</Detail>
        <Detail term="Incoterm">{shown(cargo.incoterm)}</Detail>
        {cargo.notes ? <Detail term="Notes">{cargo.notes}</Detail> : null}
      </dl>
    </Section>
  );
}

export function ShipmentHistory({ page }: { page: ShipmentPageData }) {
  const { tracking } = page;
  return (
    <>
      <Section title="Status History">
        <p className="mb-3 text-sm text-slate-600">Newest first. Times are {tracking.timeZone} time.</p>
        <StatusTimeline entries={tracking.history} />
      </Section>
      <Section title="Route">
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
  const { documents, delivery } = page;
  return (
    <Section title="Documents">
      <ul className="space-y-2">
        <li>
          <a href={documents.waybill} className={LINK}>
            House waybill (PDF)
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
              Delivery note with proof of delivery (PDF)
            </a>
          </li>
        ) : (
          <li className="text-sm text-slate-600">
            The delivery note, with the proof of delivery, is here once we have recorded the delivery.
          </li>
        )}
      </ul>
      {delivery ? (
        <div className="mt-4 space-y-2 border-t border-slate-100 pt-4">
          <h3 className="font-semibold text-slate-900">Proof of delivery</h3>
          <p className="text-sm text-slate-800">
            {delivery.signed ? "Signed for" : "Received"} by {delivery.receiverName} on{" "}
            <time dateTime={delivery.deliveredAt.iso}>
              {delivery.deliveredAt.date} {delivery.deliveredAt.time}
            </time>
            .
          </p>
          {delivery.receiverRemarks ? (
            <p className="text-sm whitespace-pre-line text-slate-700">Remarks: {delivery.receiverRemarks}</p>
          ) : null}
          {delivery.photos.length > 0 ? (
            <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4">
              {delivery.photos.map((src, index) => (
                <li key={src}>
                  <a href={src}>
                    <img
                      src={src}
                      alt={`Taken at delivery, ${index + 1} of ${delivery.photos.length}`}
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
  return (
    <Section title="Quotes and invoices">
      {page.quotes.length === 0 && page.invoices.length === 0 ? (
        <p className="text-slate-600">No quote or invoice is linked to this shipment.</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {page.quotes.map((quote) => (
            <li key={quote.href} className="flex flex-wrap items-baseline justify-between gap-2 py-2">
              <Link to={quote.href} className={LINK}>
                Quote, version {quote.version}
              </Link>
              <span className="text-sm text-slate-700">
                {quote.status} · {quote.total}
                {quote.sentOn ? ` · sent ${quote.sentOn}` : ""}
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
  const { roles, enabled } = page.notifications;
  const as = roles.join(" and ");
  return (
    <Section title="Shipment updates">
      <p className="text-slate-800">
        {enabled
          ? `As its ${as}, your company gets this shipment's status updates.`
          : `As its ${as}, your company does not get this shipment's status updates.`}
      </p>
      <Form method="post" className="mt-3">
        <input type="hidden" name="intent" value={intent} />
        <input type="hidden" name="updates" value={enabled ? "off" : "on"} />
        <button type="submit" className={buttonClass({ variant: enabled ? "outline" : "primary" })}>
          {enabled ? "Stop updates for this shipment" : "Get updates for this shipment"}
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
