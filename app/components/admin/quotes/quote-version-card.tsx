// One version of a request's quote as staff read it: its status, dates, price lines, total, the customer's
// comment and its PDF. A sent version never changes (docs/decisions/016), so this card only reads.
import { Badge } from "#app/components/ui/badge.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { formatCalendarDate, formatDateTimeLong } from "#app/lib/format.ts";
import type { QuoteVersionView } from "#app/server/quotes/quote-views.ts";

const STATUS_LABELS: Record<QuoteVersionView["status"], string> = {
  draft: "Draft",
  open: "Sent",
  accepted: "Accepted",
  declined: "Declined",
  expired: "Expired",
  replaced: "Replaced",
};
const STATUS_TONES = {
  draft: "grey",
  open: "blue",
  accepted: "green",
  declined: "red",
  expired: "yellow",
  replaced: "grey",
} as const;

export function QuoteVersionCard({ quote, pdfHref }: { quote: QuoteVersionView; pdfHref: string }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2">
          Version {quote.version}{" "}
          <Badge tone={STATUS_TONES[quote.status]}>{STATUS_LABELS[quote.status]}</Badge>
        </CardTitle>
        <p className="text-sm text-slate-600">
          Valid until {formatCalendarDate(quote.validUntil)}
          {quote.sentAt ? ` · sent ${formatDateTimeLong(quote.sentAt)}` : ""}
          {quote.acceptedAt
            ? ` · accepted by ${quote.acceptedName} on ${formatDateTimeLong(quote.acceptedAt)}`
            : ""}
          {quote.declinedAt ? ` · declined on ${formatDateTimeLong(quote.declinedAt)}` : ""}
        </p>
        <p className="mt-1 text-sm">
          {/* A document, not a page of the app: the browser opens it itself. */}
          <a href={pdfHref} className="font-medium text-brand-700 underline" target="_blank" rel="noopener">
            Download PDF<span className="sr-only"> of version {quote.version}</span>
          </a>
        </p>
      </CardHeader>
      <CardContent>
        <table className="w-full text-sm">
          <caption className="sr-only">Price lines of version {quote.version}</caption>
          <thead>
            <tr className="border-b text-left text-slate-600">
              <th scope="col" className="py-1 font-medium">
                Description
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                Amount
              </th>
            </tr>
          </thead>
          <tbody>
            {quote.lines.map((line, index) => (
              <tr key={index} className="border-b border-slate-100">
                <td className="py-1 pr-2 [overflow-wrap:anywhere]">{line.description}</td>
                <td className="whitespace-nowrap py-1 text-right tabular-nums">{line.amount}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" className="py-1 text-left">
                Total
              </th>
              <td className="whitespace-nowrap py-1 text-right font-semibold tabular-nums">{quote.total}</td>
            </tr>
          </tfoot>
        </table>
        {quote.declineComment ? (
          <p className="mt-3 whitespace-pre-wrap break-words text-sm text-slate-700">
            Customer's comment: {quote.declineComment}
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}
