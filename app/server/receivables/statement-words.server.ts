import { formatDateIn } from "#app/lib/i18n/format.ts";
import type { Locale } from "#app/lib/i18n/locale.ts";
import { PAYMENT_METHOD_LABELS, type PaymentMethodName } from "#app/schemas/payment.ts";
import { documentWords } from "#app/server/documents/document-words.server.ts";
import {
  rateText,
  type StatementPartText,
  statementText,
} from "#app/server/receivables/receivables-views.ts";
import type { StatementCurrency, StatementEntry } from "#app/server/receivables/statements.server.ts";

// A statement's lines as words in the reader's language (decision 030). English is the statement page's own text
// (receivables-views.ts, word for word); another language says the same lines with its words, dates and
// amounts. The figures are the statement's, never recomputed.

type Words = ReturnType<typeof documentWords>;

const calendarDay = (locale: Locale, isoDate: string) => formatDateIn(locale, `${isoDate}T12:00:00Z`);

/** The period: 'November 1, 2026 to November 27, 2026' / 'Du 1 nov. 2026 au 27 nov. 2026'. */
export function statementPeriodIn(locale: Locale, period: { from: string; to: string }, english: string) {
  if (locale === "en") return english;
  const { t } = documentWords({ locale });
  return t("From {from} to {to}", {
    from: calendarDay(locale, period.from),
    to: calendarDay(locale, period.to),
  });
}

function entryDescriptionIn(w: Words, entry: StatementEntry, currency: string): string {
  const { t } = w;
  const detail = entry.detail;
  const number = entry.number;
  switch (detail.kind) {
    case "invoice":
      return detail.dueDate
        ? t("Invoice {number}, due {date}", { number, date: calendarDay(w.locale, detail.dueDate) })
        : t("Invoice {number}", { number });
    case "credit_note":
      return detail.invoiceNumber
        ? t("Credit note {number} on {invoice}", { number, invoice: detail.invoiceNumber })
        : t("Credit note {number}", { number });
    case "payment": {
      const method = w.word(PAYMENT_METHOD_LABELS[detail.method as PaymentMethodName] ?? detail.method);
      const parts = [t("Payment {number}, {method}", { number, method: method.toLowerCase() })];
      if (detail.reference) parts.push(t("ref. {reference}", { reference: detail.reference }));
      if (detail.received)
        parts.push(
          t("{amount} received at {rate} {currency} to 1 {settled}", {
            amount: w.money(detail.received.amountMinor, detail.received.currency),
            rate:
              w.locale === "en"
                ? rateText(detail.received.rateMicro)
                : w.number(detail.received.rateMicro / 1e6),
            currency: detail.received.currency,
            settled: currency,
          }),
        );
      return parts.join(", ");
    }
    case "reversal":
      return detail.reason
        ? t("Payment {number} reversed: {reason}", { number, reason: detail.reason })
        : t("Payment {number} reversed", { number });
  }
}

/** A statement's parts as text in `locale`: English exactly as the statement page says them. */
export function statementPartsIn(locale: Locale, currencies: StatementCurrency[]): StatementPartText[] {
  if (locale === "en") return statementText(currencies);
  const w = documentWords({ locale });
  const { t } = w;
  const signed = (minor: number, currency: string) =>
    minor < 0 ? `−${w.amount(-minor, currency)}` : w.amount(minor, currency);
  return currencies.map((part) => ({
    currency: part.currency,
    opening: signed(part.openingMinor, part.currency),
    closing: signed(part.closingMinor, part.currency),
    closingNote:
      part.closingMinor > 0
        ? t("Balance due: {amount}", { amount: w.money(part.closingMinor, part.currency) })
        : part.closingMinor < 0
          ? t("In credit: {amount}", { amount: w.money(-part.closingMinor, part.currency) })
          : t("Nothing due"),
    lines: part.entries.map((entry, index) => ({
      key: `${entry.kind}-${entry.number}-${index}`,
      date: calendarDay(locale, entry.date),
      description: entryDescriptionIn(w, entry, part.currency),
      charge: entry.amountMinor > 0 ? w.amount(entry.amountMinor, part.currency) : "",
      credit: entry.amountMinor < 0 ? w.amount(-entry.amountMinor, part.currency) : "",
      balance: signed(entry.balanceMinor, part.currency),
      invoiceId: entry.invoiceId,
    })),
  }));
}
