import { formatMoneyIn } from "#app/lib/i18n/format.ts";
import type { Locale } from "#app/lib/i18n/locale.ts";
import { formatPercent, formatQuantity, taxRateLabel, taxSummary } from "#app/lib/invoice-math.ts";
import { translatorFor } from "#app/server/i18n/words.server.ts";
import type { InvoiceLineView } from "#app/server/invoices/invoice-views.ts";
import type { InvoiceWithParts } from "#app/server/invoices/invoices.server.ts";

/**
 * An invoice's figures as the staff page and the customer's page (decision 026) show them, formatted: the lines, the
 * subtotal, one line per tax rate, the total, and an issued invoice's 'Less credit note CN-…' lines. Money,
 * quantities and rates in `locale` (the customer's page in French: '1,5', 'TVA (7,5 %)'); the fixed words are
 * English, translated where they show, except the credit notes' lines, whose number a page cannot read back.
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
  const french = locale === "fr";
  const decimal = (text: string) => (french ? text.replace(".", ",") : text);
  // The rate's name as staff typed it; only the figure follows the language.
  const rateLabel = (rate: { name: string; basisPoints: number }) =>
    taxRateLabel(rate, (basisPoints) => decimal(formatPercent(basisPoints)));
  const t = translatorFor(locale);
  const owes = invoice.kind === "invoice" && invoice.state === "issued";
  return {
    lines: invoice.lines.map((line) => ({
      description: line.description,
      quantity: decimal(formatQuantity(line.quantityMilli)),
      unitPrice: money(line.unitPriceMinor),
      tax:
        line.taxName && line.taxBasisPoints !== null
          ? rateLabel({ name: line.taxName, basisPoints: line.taxBasisPoints })
          : "No tax",
      amount: money(line.amountMinor),
    })),
    subtotal: money(invoice.subtotalMinor),
    taxes: taxSummary(invoice.lines).map((tax) => ({
      label: rateLabel(tax),
      amount: money(tax.taxMinor),
    })),
    total: money(invoice.totalMinor),
    credits: owes
      ? invoice.creditNotes
          .filter((note) => note.state === "issued" && note.number)
          .map((note) => ({
            label: t("Less credit note {number}", { number: note.number ?? "" }),
            amount: `-${money(note.totalMinor)}`,
          }))
      : [],
  };
}
