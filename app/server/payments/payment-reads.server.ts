// Reading payments back (docs/decisions/026): one payment with the invoices it settled (its receipt), the
// payments that settled an invoice, and a customer's payments. Nothing here writes: recording a payment, using a
// customer's credit and reversing a payment are payments.server.ts.
import { and, asc, desc, eq } from "drizzle-orm";
import type { DbOrTx } from "#app/server/db/client.server.ts";
import { invoices, paymentAllocations, payments } from "#app/server/db/schema.ts";
import { isUuid } from "#app/server/db/text-search.server.ts";
import type { Payment } from "#app/server/payments/payments.server.ts";

export type PaymentWithAllocations = Payment & {
  allocations: { invoiceId: string; number: string | null; amountMinor: number; currency: string }[];
};

/** One payment with the invoices it settled; null when there is none. */
export async function getPayment({
  db,
  id,
}: {
  db: Pick<DbOrTx, "select">;
  id: string;
}): Promise<PaymentWithAllocations | null> {
  if (!isUuid(id)) return null;
  const [payment] = await db.select().from(payments).where(eq(payments.id, id));
  if (!payment) return null;
  const allocations = await db
    .select({
      invoiceId: paymentAllocations.invoiceId,
      number: invoices.number,
      amountMinor: paymentAllocations.amountMinor,
      currency: invoices.currency,
    })
    .from(paymentAllocations)
    .innerJoin(invoices, eq(invoices.id, paymentAllocations.invoiceId))
    .where(eq(paymentAllocations.paymentId, id))
    .orderBy(asc(paymentAllocations.createdAt), asc(invoices.number));
  return { ...payment, allocations };
}

/** A customer's payments, newest first (the statement and the payments list read these). */
export async function listPartyPayments({
  db,
  party,
}: {
  db: Pick<DbOrTx, "select">;
  party: { kind: "shipper" | "consignee"; id: string };
}): Promise<Payment[]> {
  return db
    .select()
    .from(payments)
    .where(and(eq(payments.partyKind, party.kind), eq(payments.partyId, party.id)))
    .orderBy(desc(payments.receivedOn), desc(payments.createdAt));
}
