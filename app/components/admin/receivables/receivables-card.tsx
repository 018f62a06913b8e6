import { Wallet } from "lucide-react";
import { Link } from "react-router";
import { buttonClass } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import type { ReceivablesCardData } from "#app/server/receivables/receivables-views.ts";

/** The dashboard's 'Receivables': what customers owe and how much of it is overdue, per currency. */
export function ReceivablesCard({ rows }: { rows: ReceivablesCardData }) {
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between pb-2">
        <CardTitle className="text-base font-medium text-slate-700">Receivables</CardTitle>
        <Wallet aria-hidden="true" className="size-5 text-brand-700" />
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {rows.length === 0 ? (
          <p className="text-sm text-slate-600">Nobody owes anything.</p>
        ) : (
          <dl className="grid gap-3 sm:grid-cols-2">
            {rows.map((row) => (
              <div key={row.currency} className="min-w-0">
                <dt className="text-sm text-slate-600">Owed in {row.currency}</dt>
                <dd>
                  <span className="block text-2xl font-bold tabular-nums wrap-anywhere text-slate-900">
                    {row.total}
                  </span>
                  <span className="block text-sm wrap-anywhere text-slate-700">
                    Overdue: <span className="tabular-nums">{row.overdue}</span>
                  </span>
                </dd>
              </div>
            ))}
          </dl>
        )}
        <Link
          to="/admin/receivables"
          className={buttonClass({ variant: "outline", size: "sm", className: "self-start" })}
        >
          View Receivables
        </Link>
      </CardContent>
    </Card>
  );
}
