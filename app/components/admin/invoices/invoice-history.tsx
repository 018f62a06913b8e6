// An invoice's history on its staff page (decision 026), oldest first: issued, sent, opened, reminded, payments
// (reversed ones crossed out), credit notes, voided.
import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import type { InvoiceHistoryEntry } from "#app/server/invoices/invoice-views.ts";

export function InvoiceHistory({ history }: { history: InvoiceHistoryEntry[] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>History</CardTitle>
      </CardHeader>
      <CardContent>
        {history.length === 0 ? (
          <p className="text-sm text-slate-600">Nothing yet.</p>
        ) : (
          <ol aria-label="History" className="flex flex-col gap-2 text-sm">
            {history.map((entry, index) => (
              <li
                key={index}
                className="flex flex-col gap-0.5 border-b border-slate-100 pb-2 sm:flex-row sm:gap-4"
              >
                <span className="shrink-0 tabular-nums text-slate-600 sm:w-56">{entry.when}</span>
                <span className="min-w-0 [overflow-wrap:anywhere]">
                  <span className={entry.reversed ? "font-medium line-through" : "font-medium"}>
                    {entry.title}
                  </span>
                  {entry.detail ? <span className="text-slate-700">: {entry.detail}</span> : null}
                </span>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
