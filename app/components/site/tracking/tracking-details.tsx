import type { ReactNode } from "react";
import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { useT } from "#app/lib/i18n/use-words.ts";
import type { DetailsParty, ShipmentDetailsView } from "#app/server/customers/shipment-details-views.ts";

// A shipment's full details (decision 029): on /track/:trackingNumber/details only, never on the tracking page.

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card className="break-inside-avoid">
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

/** As the tracking result's: not imported from it, so this page shares no module with the tracking page's script. */
function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 py-2.5 sm:flex-row sm:justify-between sm:gap-4">
      <dt className="text-sm text-slate-600">{term}</dt>
      {/* What staff recorded (names, places, goods) is data: not translated. */}
      <dd translate="no" className="font-medium break-words text-slate-900 sm:text-right">
        {children}
      </dd>
    </div>
  );
}

function PartyDetails({ title, party }: { title: string; party: DetailsParty | null }) {
  const t = useT();
  return (
    <Section title={title}>
      {party ? (
        <dl className="divide-y divide-slate-100">
          <Detail term={t("Name")}>{party.name}</Detail>
          {party.company ? <Detail term={t("Company")}>{party.company}</Detail> : null}
          {party.address ? <Detail term={t("Address")}>{party.address}</Detail> : null}
          {party.email ? <Detail term={t("E-mail")}>{party.email}</Detail> : null}
          {party.phone ? <Detail term={t("Phone")}>{party.phone}</Detail> : null}
        </dl>
      ) : (
        <p className="text-slate-600">{t("Not recorded")}</p>
      )}
    </Section>
  );
}

export function ShipmentFullDetails({ details }: { details: ShipmentDetailsView }) {
  const t = useT();
  const none = (
    <span translate="yes" className="text-slate-500">
      {t("Not recorded")}
    </span>
  );
  return (
    <div className="space-y-6">
      <div className="grid grid-cols-1 gap-6 sm:grid-cols-2">
        <PartyDetails title={t("Shipper")} party={details.shipper} />
        <PartyDetails title={t("Consignee")} party={details.consignee} />
      </div>
      <Section title={t("Goods")}>
        <dl className="divide-y divide-slate-100">
          <Detail term={t("Status")}>
            <span translate="yes">{t(details.status)}</span>
          </Detail>
          <Detail term={t("Route")}>
            {details.originLocation} → {details.destinationLocation}
          </Detail>
          <Detail term={t("Description")}>{details.goodsDescription ?? none}</Detail>
          <Detail term={t("Pieces")}>{details.pieces ?? none}</Detail>
          <Detail term={t("Weight")}>{details.weight ?? none}</Detail>
          <Detail term={t("Dimensions")}>{details.dimensions ?? none}</Detail>
          <Detail term={t("Declared value")}>{details.declaredValue ?? none}</Detail>
        </dl>
      </Section>
      <Section title={t("Documents")}>
        <ul className="space-y-2">
          <li>
            <a href={details.documents.waybill} className="font-medium text-brand-700 underline">
              {t("House waybill (PDF)")}
            </a>
          </li>
          {details.documents.deliveryNote ? (
            <li>
              <a href={details.documents.deliveryNote} className="font-medium text-brand-700 underline">
                {t("Delivery note (PDF)")}
              </a>
            </li>
          ) : null}
        </ul>
      </Section>
    </div>
  );
}
