import { Form, Link } from "react-router";
import { ShipmentRoles } from "#app/components/account/shipment-roles.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { buttonClass } from "#app/components/ui/button-class.ts";
import { Card, CardContent } from "#app/components/ui/card.tsx";
import { Input, Label, Select } from "#app/components/ui/field.tsx";
import { Pagination } from "#app/components/ui/pagination.tsx";
import { useLocalePath, useT } from "#app/lib/i18n/use-words.ts";
import { statusBadgeTone } from "#app/lib/shipment-status.ts";
import {
  accountShipmentPath,
  type CompanyShipmentRow,
  type ShipmentsPageData,
} from "#app/server/customers/customer-shipment-views.ts";

function ShipmentCard({ row }: { row: CompanyShipmentRow }) {
  const t = useT();
  const to = useLocalePath();
  return (
    <Card>
      <CardContent className="space-y-2 p-4">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <Link
            to={to(accountShipmentPath(row.trackingNumber))}
            className="font-mono text-base font-bold break-all text-brand-900 underline underline-offset-4"
          >
            {row.trackingNumber}
          </Link>
          <span className="flex flex-wrap items-center gap-2">
            <Badge tone={statusBadgeTone(row.status)}>{t(row.status)}</Badge>
            <ShipmentRoles roles={row.roles} />
          </span>
        </div>
        <p className="wrap-anywhere text-slate-800">
          <span translate="no">{row.originLocation}</span> <span aria-hidden="true">→</span>
          <span className="sr-only"> {t("to")} </span> <span translate="no">{row.destinationLocation}</span>
        </p>
        <dl className="grid grid-cols-1 gap-1 text-sm sm:grid-cols-2">
          <div>
            <dt className="inline text-slate-600">{t("Estimated delivery: ")}</dt>
            <dd className="inline font-medium text-slate-900">
              {row.estimatedDelivery ? (
                <time dateTime={row.estimatedDelivery.iso}>{row.estimatedDelivery.date}</time>
              ) : (
                t("Not available")
              )}
            </dd>
          </div>
          <div>
            <dt className="inline text-slate-600">{t("Latest update: ")}</dt>
            <dd className="inline wrap-anywhere text-slate-900">
              {row.latest ? (
                <>
                  {t(row.latest.status)}, <span translate="no">{row.latest.location}</span>,{" "}
                  <time dateTime={row.latest.at.iso}>
                    {row.latest.at.date} {row.latest.at.time}
                  </time>
                </>
              ) : (
                t("None yet")
              )}
            </dd>
          </div>
        </dl>
      </CardContent>
    </Card>
  );
}

/** The company's shipments, searched by a GET form (works without JavaScript), twenty a page. */
export function ShipmentsPage({ data }: { data: ShipmentsPageData }) {
  const { rows, page, pageCount, filter, statuses, hasAny, counted } = data;
  const filtered = filter.search !== "" || filter.status !== "";
  const t = useT();
  const to = useLocalePath();
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold text-brand-900">{t("Your shipments")}</h1>
      {hasAny ? (
        <Form method="get" role="search" className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <div className="flex-1 space-y-1">
            <Label htmlFor="shipments-q">{t("Tracking number or place")}</Label>
            <Input
              id="shipments-q"
              name="q"
              type="search"
              defaultValue={filter.search}
              maxLength={100}
              placeholder="UTG-1234-5678, Monrovia…"
            />
          </div>
          <div className="space-y-1 sm:w-48">
            <Label htmlFor="shipments-status">{t("Status")}</Label>
            <Select id="shipments-status" name="status" defaultValue={filter.status}>
              <option value="">{t("Any status")}</option>
              {statuses.map((status) => (
                <option key={status} value={status}>
                  {t(status)}
                </option>
              ))}
            </Select>
          </div>
          <div className="flex gap-2">
            <button type="submit" className={buttonClass()}>
              {t("Search")}
            </button>
            {filtered ? (
              <Link to={to("/account/shipments")} className={buttonClass({ variant: "outline" })}>
                {t("Clear")}
              </Link>
            ) : null}
          </div>
        </Form>
      ) : null}

      {rows.length === 0 ? (
        <Card>
          <CardContent className="p-6 text-center">
            {hasAny ? (
              <>
                <p className="font-semibold text-slate-900">{t("No shipment matches")}</p>
                <p className="text-sm text-slate-600">{t("Try another tracking number, place or status.")}</p>
              </>
            ) : (
              <>
                <p className="font-semibold text-slate-900">{t("No shipments yet")}</p>
                <p className="text-sm text-slate-600">
                  {t("Shipments your company sends or receives with us will be listed here.")}
                </p>
              </>
            )}
          </CardContent>
        </Card>
      ) : (
        <>
          <p className="text-sm text-slate-600">{counted}</p>
          <ul className="space-y-3">
            {rows.map((row) => (
              <li key={row.trackingNumber}>
                <ShipmentCard row={row} />
              </li>
            ))}
          </ul>
          <Pagination page={page} pageCount={pageCount} />
        </>
      )}
    </div>
  );
}
