// The quote page's first card: what the customer asked for, so staff price it with the whole request in view.
import type { ReactNode } from "react";
import { Badge } from "#app/components/ui/badge.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { formatCalendarDate, formatDateTimeLong } from "#app/lib/format.ts";
import { NOT_GIVEN } from "#app/schemas/rules/quote-request-rules.ts";
import type { QuotePageData } from "#app/server/quotes/quote-views.ts";

/** What the customer asked for, beside the price: everything the request holds. */
export function QuoteRequestCard({ request }: { request: QuotePageData["request"] }) {
  const row = (label: string, value: ReactNode) => (
    <div className="min-w-0">
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="mt-0.5 break-words text-sm text-slate-900">{value}</dd>
    </div>
  );
  return (
    <Card>
      <CardHeader>
        <CardTitle>The request</CardTitle>
        <p className="text-sm text-slate-600">Received {formatDateTimeLong(request.submittedOn)}</p>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          {row("Customer", request.name)}
          {request.company ? row("Company", request.company) : null}
          {row(
            "Contact",
            <>
              <a href={`mailto:${request.email}`} className="text-brand-700 underline">
                {request.email}
              </a>
              {request.phone ? (
                <>
                  {" · "}
                  <a href={`tel:${request.phone}`} className="text-brand-700 underline">
                    {request.phone}
                  </a>
                </>
              ) : null}
            </>,
          )}
          {row("Route", request.route)}
          {row(
            "Freight types",
            <span className="flex flex-wrap gap-2">
              {request.freightTypes.map((label) => (
                <Badge key={label} tone="blue">
                  {label}
                </Badge>
              ))}
            </span>,
          )}
          {row("Parcel type", request.parcelType)}
          {row("Weight", request.weight)}
          {row("Cargo ready", request.readyDate ? formatCalendarDate(request.readyDate) : NOT_GIVEN)}
          <div className="min-w-0 sm:col-span-2">
            <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">
              Special information (dimensions, dates, handling)
            </dt>
            <dd className="mt-0.5 whitespace-pre-wrap break-words text-sm text-slate-900">
              {request.specialInfo ?? "None given"}
            </dd>
          </div>
        </dl>
      </CardContent>
    </Card>
  );
}
