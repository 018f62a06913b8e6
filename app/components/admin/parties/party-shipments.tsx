import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { ShipmentStatusBadge } from "#app/components/admin/shipments/shipment-status-badge.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { Pagination } from "#app/components/ui/pagination.tsx";
import { Table, TBody, TD, TH, THead, TR } from "#app/components/ui/table.tsx";
import type { PartyRole } from "#app/schemas/party-admin.ts";
import type { PartyShipmentRow } from "#app/server/parties/party-views.ts";

/** The shipments a party is on (as the shipper or as the consignee), newest first, each linking to its page. */
export function PartyShipments({
  role,
  rows,
  total,
  page,
  pageCount,
}: {
  role: PartyRole;
  rows: PartyShipmentRow[];
  total: number;
  page: number;
  pageCount: number;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle id="party-shipments-title">Shipments</CardTitle>
        <p className="text-sm text-slate-700">
          {total === 0
            ? `Not on any shipment as ${role}.`
            : `On ${total} ${total === 1 ? "shipment" : "shipments"} as ${role}.`}
        </p>
      </CardHeader>
      {rows.length > 0 ? (
        <CardContent>
          <ul aria-labelledby="party-shipments-title" className="flex flex-col gap-3 sm:hidden">
            {rows.map((row) => (
              <li key={row.id} className="flex flex-col gap-2 rounded-md border border-slate-200 p-4 text-sm">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <TrackingLink row={row} />
                  <ShipmentStatusBadge status={row.status} />
                </div>
                <Route row={row} />
                <p className="text-slate-600">Created {row.createdAt}</p>
              </li>
            ))}
          </ul>
          <Table aria-labelledby="party-shipments-title" className="max-sm:hidden">
            <THead>
              <tr>
                <TH>Tracking #</TH>
                <TH>Status</TH>
                <TH>Route</TH>
                <TH>Created Date</TH>
              </tr>
            </THead>
            <TBody>
              {rows.map((row) => (
                <TR key={row.id}>
                  <TD className="whitespace-nowrap font-medium">
                    <TrackingLink row={row} />
                  </TD>
                  <TD>
                    <ShipmentStatusBadge status={row.status} />
                  </TD>
                  <TD>
                    <Route row={row} />
                  </TD>
                  <TD className="whitespace-nowrap">{row.createdAt}</TD>
                </TR>
              ))}
            </TBody>
          </Table>
          <Pagination page={page} pageCount={pageCount} />
        </CardContent>
      ) : null}
    </Card>
  );
}

function TrackingLink({ row }: { row: PartyShipmentRow }) {
  return (
    <Link
      to={`/admin/shipments/${row.id}`}
      className="min-w-0 font-medium wrap-anywhere text-brand-700 underline-offset-4 hover:underline"
    >
      {row.trackingNumber}
    </Link>
  );
}

function Route({ row }: { row: PartyShipmentRow }) {
  return (
    <span className="break-words text-slate-800">
      {row.originLocation}
      <ArrowRight aria-label="to" role="img" className="mx-1 inline size-4 align-[-3px] text-slate-500" />
      {row.destinationLocation}
    </span>
  );
}
