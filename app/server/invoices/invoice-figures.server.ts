import { formatQuantity, taxRateLabel, taxSummary } from "#app/lib/invoice-math.ts";
import { formatMoney } from "#app/lib/money.ts";
import type { InvoiceLineView } from "#app/server/invoices/invoice-views.ts";
import type { InvoiceWithParts } from "#app/server/invoices/invoices.server.ts";

/**
 * An invoice's figures as the staff page and the customer's page (issue 28) show them, formatted: the lines, the
 * subtotal, one line per tax rate, the total, and an issued invoice's 'Less credit note CN-…' lines.
 */
export function invoiceFigures(invoice: InvoiceWithParts): {
  lines: InvoiceLineView[];
  subtotal: string;
  taxes: { label: string; amount: string }[];
  total: string;
  credits: { label: string; amount: string }[];
} {
  const money = (minor: number) => formatMoney(minor, invoice.currency);
  const owes = invoice.kind === "invoice" && invoice.state === "issued";
  return {
    lines: invoice.lines.map((line) => ({
      description: line.description,
      quantity: formatQuantity(line.quantityMilli),
      unitPrice: money(line.unitPriceMinor),
      tax:
        line.taxName && line.taxBasisPoints !== null
          ? taxRateLabel({ name: line.taxName, basisPoints: line.taxBasisPoints })
          : "No tax",
      amount: money(line.amountMinor),
    })),
    subtotal: money(invoice.subtotalMinor),
    taxes: taxSummary(invoice.lines).map((tax) => ({
      label: taxRateLabel(tax),
      amount: money(tax.taxMinor),
    })),
    total: money(invoice.totalMinor),
    credits: owes
      ? invoice.creditNotes
          .filter((note) => note.state === "issued" && note.number)
          .map((note) => ({ label: `Less credit note ${note.number}`, amount: `-${money(note.totalMinor)}` }))
      : [],
  };
}
