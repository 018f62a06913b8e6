import {
  computeLine,
  computeTotals,
  parseQuantity,
  taxRateLabel,
  taxSummary,
} from "#app/lib/invoice-math.ts";
import { formatMoney, parseAmount } from "#app/lib/money.ts";
import type { InvoiceFormValues } from "#app/schemas/invoice.ts";
import type { InvoiceFormData } from "#app/server/invoices/invoice-views.ts";

type Row = InvoiceFormValues["lines"][number];

/** The totals as the server will compute them, from what is typed so far (lines not yet readable left out). */
function previewTotals(rows: Row[], currency: string, taxRates: InvoiceFormData["taxRates"]) {
  const amounts = rows.flatMap((row) => {
    const quantity = parseQuantity(row.quantity);
    const price = parseAmount(row.unitPrice, currency);
    if (!quantity.ok || !price.ok) return [];
    const rate = taxRates.find((r) => r.name === row.tax);
    const line = computeLine({
      quantityMilli: quantity.value,
      unitPriceMinor: price.minor,
      taxBasisPoints: rate?.basisPoints ?? null,
    });
    return line ? [{ ...line, taxName: rate?.name ?? null, taxBasisPoints: rate?.basisPoints ?? null }] : [];
  });
  const totals = computeTotals(amounts);
  return totals
    ? { totals, taxes: taxSummary(amounts).map((tax) => [taxRateLabel(tax), tax.taxMinor] as const) }
    : null;
}

/** The draft's live totals: subtotal, each tax rate, total (the same integer arithmetic as the server). */
export function TotalsPreview({
  rows,
  currency,
  taxRates,
}: {
  rows: Row[];
  currency: string;
  taxRates: InvoiceFormData["taxRates"];
}) {
  const preview = previewTotals(rows, currency, taxRates);
  return (
    <dl
      aria-live="polite"
      className="ml-auto grid w-full max-w-xs grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm"
    >
      {preview ? (
        <>
          <dt className="text-slate-600">Subtotal</dt>
          <dd className="text-right tabular-nums">{formatMoney(preview.totals.subtotalMinor, currency)}</dd>
          {preview.taxes.map(([label, minor]) => (
            <div key={label} className="contents">
              <dt className="text-slate-600">{label}</dt>
              <dd className="text-right tabular-nums">{formatMoney(minor, currency)}</dd>
            </div>
          ))}
          <dt className="font-semibold">Total</dt>
          <dd className="text-right font-semibold tabular-nums">
            {formatMoney(preview.totals.totalMinor, currency)}
          </dd>
        </>
      ) : (
        <>
          <dt className="text-slate-600">Total</dt>
          <dd className="text-right">Too large</dd>
        </>
      )}
    </dl>
  );
}
