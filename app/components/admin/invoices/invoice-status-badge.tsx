import { Badge } from "#app/components/ui/badge.tsx";
import type { InvoiceKindView, InvoiceStatus } from "#app/server/invoices/invoice-views.ts";

export const KIND_LABELS: Record<InvoiceKindView, string> = {
  invoice: "Invoice",
  credit_note: "Credit note",
};

const STATUS = {
  draft: { label: "Draft", tone: "grey" },
  issued: { label: "Issued", tone: "blue" },
  partly_paid: { label: "Partly paid", tone: "yellow" },
  paid: { label: "Paid", tone: "green" },
  overdue: { label: "Overdue", tone: "red" },
  void: { label: "Void", tone: "amber" },
} as const;

export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  return <Badge tone={STATUS[status].tone}>{STATUS[status].label}</Badge>;
}
