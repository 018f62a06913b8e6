// The quote page's booking card: book the request as a shipment (with or without an accepted quote: a phone
// booking needs none), open the shipment once booked, and invoice an accepted quote for staff who may.
import { Form, Link } from "react-router";
import { useMayUse } from "#app/components/admin/shell/use-staff-role.ts";
import { Button, buttonClass } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import type { QuotePageData } from "#app/server/quotes/quote-views.ts";

/** The button's intent, as the page's action reads it (QUOTE_INTENTS in quote-page.server.ts). */
const BOOK_INTENT = "book-shipment";

export function QuoteBookingCard({
  request,
  versions,
  busy,
}: {
  request: Pick<QuotePageData["request"], "bookedShipmentId">;
  versions: QuotePageData["versions"];
  busy: boolean;
}) {
  const latest = versions[0];
  const accepted = versions.find((quote) => quote.status === "accepted");
  const mayInvoice = useMayUse("/admin/invoices/new");
  return (
    <Card>
      <CardHeader>
        <CardTitle>Booking</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-wrap items-center gap-3">
        {request.bookedShipmentId ? (
          <Link className={buttonClass()} to={`/admin/shipments/${request.bookedShipmentId}`}>
            Open the booked shipment
          </Link>
        ) : (
          <Form method="post">
            <input type="hidden" name="intent" value={BOOK_INTENT} />
            <Button
              type="submit"
              disabled={busy}
              variant={latest?.status === "accepted" ? "primary" : "outline"}
            >
              Book shipment
            </Button>
          </Form>
        )}
        {accepted && mayInvoice ? (
          <Link
            className={buttonClass({ variant: "outline" })}
            to={`/admin/invoices/new?quote=${accepted.id}`}
          >
            Invoice
          </Link>
        ) : null}
        <p className="text-sm text-slate-600">
          {request.bookedShipmentId
            ? "This request is booked."
            : latest?.status === "accepted"
              ? `Accepted by ${latest.acceptedName}: book it as a shipment.`
              : "Opens the shipment form filled from this request (a phone booking needs no quote)."}
        </p>
      </CardContent>
    </Card>
  );
}
