import { formatCalendarDate } from "#app/lib/format.ts";
import { formatMinor, formatMoney } from "#app/lib/money.ts";
import { PAYMENT_METHOD_LABELS, type PaymentMethodName } from "#app/schemas/payment.ts";
import type { StatementCurrency, StatementEntry } from "#app/server/receivables/statements.server.ts";

// What the receivables and statement pages show, as text a clerk reads (decision 028); the statement's
// page, PDF and e-mail say each line the same way. Pure: the pages' components import the types.

/** The age columns of the receivables, in order, as the page heads them. */
export const AGE_LABELS = {
  current: "Not yet due",
  days1to30: "1–30 days",
  days31to60: "31–60 days",
  days61to90: "61–90 days",
  over90: "Over 90 days",
} as const;
export type AgeKey = keyof typeof AGE_LABELS;

export type AgedText = Record<AgeKey, string> & { total: string };

export type ReceivablesPageData = {
  /** 'November 27, 2026': the company's today, from which ages are counted. */
  today: string;
  totals: (AgedText & { currency: string; overdue: string; credit: string | null })[];
  customers: (AgedText & {
    key: string;
    name: string;
    company: string | null;
    currency: string;
    invoices: number;
    credit: string | null;
    /** Their statement, when they are in the address book. */
    statementUrl: string | null;
  })[];
  count: number;
  page: number;
  pageCount: number;
  /** The export form's default period: this month so far. */
  exportPeriod: { from: string; to: string };
};

export type ReceivablesCardData = { currency: string; total: string; overdue: string }[];

/** '−1,250.50' for what is taken off, '1,250.50' for what is added. */
export function signedMinor(minor: number, currency: string): string {
  return minor < 0 ? `−${formatMinor(-minor, currency)}` : formatMinor(minor, currency);
}

/** 190000000 → '190'; 185500000 → '185.5'. */
export function rateText(rateMicro: number): string {
  return String(rateMicro / 1_000_000);
}

/** A statement line as words: 'Invoice INV-2026-0002, due November 3, 2026'. */
export function entryDescription(entry: StatementEntry, currency: string): string {
  const detail = entry.detail;
  switch (detail.kind) {
    case "invoice":
      return `Invoice ${entry.number}${detail.dueDate ? `, due ${formatCalendarDate(detail.dueDate)}` : ""}`;
    case "credit_note":
      return `Credit note ${entry.number}${detail.invoiceNumber ? ` on ${detail.invoiceNumber}` : ""}`;
    case "payment": {
      const parts = [
        `Payment ${entry.number}, ${(PAYMENT_METHOD_LABELS[detail.method as PaymentMethodName] ?? detail.method).toLowerCase()}`,
      ];
      if (detail.reference) parts.push(`ref. ${detail.reference}`);
      if (detail.received)
        parts.push(
          `${formatMoney(detail.received.amountMinor, detail.received.currency)} received at ${rateText(
            detail.received.rateMicro,
          )} ${detail.received.currency} to 1 ${currency}`,
        );
      return parts.join(", ");
    }
    case "reversal":
      return `Payment ${entry.number} reversed${detail.reason ? `: ${detail.reason}` : ""}`;
  }
}

export type StatementLineText = {
  key: string;
  date: string;
  description: string;
  /** What it adds to what is owed (an invoice, a reversal), or takes off (a credit note, a payment). */
  charge: string;
  credit: string;
  balance: string;
  /** The invoice's staff page. */
  invoiceId: string | null;
};

export type StatementPartText = {
  currency: string;
  opening: string;
  closing: string;
  /** 'You owe' / 'In credit' wording for the closing balance. */
  closingNote: string;
  lines: StatementLineText[];
};

/** A statement's parts as text, per currency. */
export function statementText(parts: StatementCurrency[]): StatementPartText[] {
  return parts.map((part) => ({
    currency: part.currency,
    opening: signedMinor(part.openingMinor, part.currency),
    closing: signedMinor(part.closingMinor, part.currency),
    closingNote:
      part.closingMinor > 0
        ? `Balance due: ${formatMoney(part.closingMinor, part.currency)}`
        : part.closingMinor < 0
          ? `In credit: ${formatMoney(-part.closingMinor, part.currency)}`
          : "Nothing due",
    lines: part.entries.map((entry, index) => ({
      key: `${entry.kind}-${entry.number}-${index}`,
      date: formatCalendarDate(entry.date),
      description: entryDescription(entry, part.currency),
      charge: entry.amountMinor > 0 ? formatMinor(entry.amountMinor, part.currency) : "",
      credit: entry.amountMinor < 0 ? formatMinor(-entry.amountMinor, part.currency) : "",
      balance: signedMinor(entry.balanceMinor, part.currency),
      invoiceId: entry.invoiceId,
    })),
  }));
}

export type StatementPageData = {
  party: {
    kind: "shipper" | "consignee";
    id: string;
    name: string;
    company: string | null;
    email: string | null;
  };
  /** YYYY-MM-DD, as in the address. */
  from: string;
  to: string;
  /** 'November 1, 2026 to November 27, 2026'. */
  period: string;
  /** Why the dates asked for were not used. */
  periodProblem: string | null;
  parts: StatementPartText[];
  presets: { label: string; from: string; to: string }[];
  pdfUrl: string;
  submissionKey: string;
};
