import { formatMoneyIn } from "#app/lib/i18n/format.ts";
import type { Locale } from "#app/lib/i18n/locale.ts";
import { formatQuantity, taxRateLabel, taxSummary } from "#app/lib/invoice-math.ts";
import type { InvoiceLineView } from "#app/server/invoices/invoice-views.ts";
import type { InvoiceWithParts } from "#app/server/invoices/invoices.server.ts";

/**
 * An invoice's figures as the staff page and the customer's page (issue 28) show them, formatted: the lines, the
 * subtotal, one line per tax rate, the total, and an issued invoice's 'Less credit note CN-…' lines. Money in
 * `locale` (the customer's page in French); the words are English, translated where they show.
 */
export function invoiceFigures(
  invoice: InvoiceWithParts,
  locale: Locale = "en",
): {
  lines: InvoiceLineView[];
  subtotal: string;
  taxes: { label: string; amount: string }[];
  total: string;
  credits: { label: string; amount: string }[];
} {
  const money = (minor: number) => formatMoneyIn(locale, minor, invoice.currency);
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
