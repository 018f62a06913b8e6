import { and, asc, eq, inArray } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { formatCalendarDate, formatDateTimeLong } from "#app/lib/format.ts";
import { formatMoney } from "#app/lib/money.ts";
import type { DbOrTx } from "#app/server/db/client.server.ts";
import { adminUsers, invoiceEvents, invoices } from "#app/server/db/schema.ts";
import { listInvoicePayments } from "#app/server/invoices/invoice-payments.server.ts";
import type { InvoiceHistoryEntry } from "#app/server/invoices/invoice-views.ts";

// An invoice's history on its staff page (decision 026): issued (when, by whom), each sending (to whom), each
// first opening of a link, each reminder, each payment (reversed ones marked), its credit notes, voiding (why).

const by = (name: string | null, email: string | null) => (name || email ? `by ${name || email}` : null);

/** The invoice's history, oldest first; empty for an unknown id. */
export async function listInvoiceHistory({
  db,
  id,
}: {
  db: Pick<DbOrTx, "select">;
  id: string;
}): Promise<InvoiceHistoryEntry[]> {
  const issuer = alias(adminUsers, "issuer");
  const voider = alias(adminUsers, "voider");
  const [invoice] = await db
    .select({
      currency: invoices.currency,
      issuedAt: invoices.issuedAt,
      voidedAt: invoices.voidedAt,
      voidReason: invoices.voidReason,
      issuerName: issuer.name,
      issuerEmail: issuer.email,
      voiderName: voider.name,
      voiderEmail: voider.email,
    })
    .from(invoices)
    .leftJoin(issuer, eq(issuer.id, invoices.issuedBy))
    .leftJoin(voider, eq(voider.id, invoices.voidedBy))
    .where(eq(invoices.id, id));
  if (!invoice) return [];
  const [events, payments, credits] = await Promise.all([
    db
      .select({
        kind: invoiceEvents.kind,
        detail: invoiceEvents.detail,
        createdAt: invoiceEvents.createdAt,
        staffName: adminUsers.name,
        staffEmail: adminUsers.email,
      })
      .from(invoiceEvents)
      .leftJoin(adminUsers, eq(adminUsers.id, invoiceEvents.staffId))
      .where(eq(invoiceEvents.invoiceId, id)),
    listInvoicePayments({ db, invoiceId: id }),
    db
      .select({ number: invoices.number, issuedAt: invoices.issuedAt, totalMinor: invoices.totalMinor })
      .from(invoices)
      .where(and(eq(invoices.creditedInvoiceId, id), inArray(invoices.state, ["issued", "void"])))
      .orderBy(asc(invoices.issuedAt)),
  ]);
  const money = (minor: number) => formatMoney(minor, invoice.currency);
  const timed: { at: number; entry: InvoiceHistoryEntry }[] = [];
  const add = (at: Date | null, entry: Omit<InvoiceHistoryEntry, "when">, when?: string) => {
    if (at) timed.push({ at: at.getTime(), entry: { when: when ?? formatDateTimeLong(at), ...entry } });
  };
  add(invoice.issuedAt, { title: "Issued", detail: by(invoice.issuerName, invoice.issuerEmail) });
  for (const event of events) {
    const who = by(event.staffName, event.staffEmail);
    if (event.kind === "sent")
      add(event.createdAt, { title: "Sent", detail: [`To ${event.detail}`, who].filter(Boolean).join(", ") });
    else if (event.kind === "opened")
      add(event.createdAt, { title: "Opened", detail: "The customer opened the invoice's link" });
    // A reminder sent from the invoice's page names its clerk; the scheduled ones have none.
    else add(event.createdAt, { title: "Reminded", detail: [event.detail, who].filter(Boolean).join(", ") });
  }
  for (const payment of payments) {
    // A payment has a day, not a time: it is listed at the end of its day.
    add(
      new Date(`${payment.receivedOn}T23:59:59Z`),
      {
        title: `Payment ${payment.number}`,
        detail:
          payment.state === "reversed"
            ? `${money(payment.amountMinor)}, reversed${payment.reversalReason ? `: ${payment.reversalReason}` : ""}`
            : money(payment.amountMinor),
        reversed: payment.state === "reversed",
      },
      formatCalendarDate(payment.receivedOn),
    );
  }
  for (const credit of credits)
    add(credit.issuedAt, { title: `Credit note ${credit.number} issued`, detail: money(credit.totalMinor) });
  add(invoice.voidedAt, {
    title: "Voided",
    detail: [invoice.voidReason, by(invoice.voiderName, invoice.voiderEmail)].filter(Boolean).join(", "),
  });
  // Stable: entries of the same moment keep the order above (issued before sent).
  return timed.sort((a, b) => a.at - b.at).map(({ entry }) => entry);
}
