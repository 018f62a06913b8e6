// The payments that settled an invoice, read for the invoice's pages: the rows live in payments' tables, but the
// invoice page, the customer's invoice and the payment screens all show them, so the read sits below payments.
import { asc, eq } from "drizzle-orm";
import type { StaffRole } from "#app/lib/roles.ts";
import type { Db, DbOrTx } from "#app/server/db/client.server.ts";
import { type PaymentMethod, paymentAllocations, payments } from "#app/server/db/schema.ts";
import { isUuid } from "#app/server/db/text-search.server.ts";
import type { InvoiceBalance } from "#app/server/invoices/invoice-balances.server.ts";
import type { Invoice } from "#app/server/invoices/invoices.server.ts";
import type { InvoicePaymentsView } from "#app/server/payments/payment-views.ts";
import type { Payment } from "#app/server/payments/payments.server.ts";

export type InvoicePaymentRow = {
  paymentId: string;
  number: string;
  receivedOn: string;
  method: PaymentMethod;
  reference: string | null;
  state: Payment["state"];
  /** What it took off this invoice, in the invoice's currency. */
  amountMinor: number;
  /** What was handed over, when in another currency, and at what rate. */
  currency: string;
  receivedMinor: number;
  rateMicro: number | null;
  reversalReason: string | null;
};

/** The payments that settled (part of) an invoice, oldest first, reversed ones included. */
export async function listInvoicePayments({
  db,
  invoiceId,
}: {
  db: Pick<DbOrTx, "select">;
  invoiceId: string;
}): Promise<InvoicePaymentRow[]> {
  if (!isUuid(invoiceId)) return [];
  return db
    .select({
      paymentId: payments.id,
      number: payments.number,
      receivedOn: payments.receivedOn,
      method: payments.method,
      reference: payments.reference,
      state: payments.state,
      amountMinor: paymentAllocations.amountMinor,
      currency: payments.currency,
      receivedMinor: payments.amountMinor,
      rateMicro: payments.rateMicro,
      reversalReason: payments.reversalReason,
    })
    .from(paymentAllocations)
    .innerJoin(payments, eq(payments.id, paymentAllocations.paymentId))
    .where(eq(paymentAllocations.invoiceId, invoiceId))
    .orderBy(asc(payments.receivedOn), asc(paymentAllocations.createdAt));
}

/**
 * The payments card of an issued invoice's page: its payments, and 'Use credit'. Payments sit above invoices in
 * the order of the rooms (decision 026), so the page takes the card from its route instead of importing it.
 */
export type InvoicePaymentsCard = {
  view(args: {
    db: Db;
    invoice: Invoice;
    balance: InvoiceBalance;
    role: StaffRole;
  }): Promise<InvoicePaymentsView>;
  intent: string;
  act(args: { db: Db; id: string; staffId: string; role: StaffRole }): Promise<unknown>;
};
