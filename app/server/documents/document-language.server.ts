import { eq } from "drizzle-orm";
import { isLocale, type Locale } from "#app/lib/i18n/locale.ts";
import type { DbOrTx } from "#app/server/db/client.server.ts";
import { consignees, payments, shippers } from "#app/server/db/schema.ts";
import { isUuid } from "#app/server/db/text-search.server.ts";

// Which language a document is printed in (decision 030). A customer's copy follows the address it
// is opened from (`localeOf(request)`); a staff copy and an e-mailed one follow their reader: the billed
// party's language for invoices, credit notes, receipts and statements, the request's for a quote, the
// shipper's for the waybill and the consignee's for the delivery note. Staff may ask the other language with
// `?lang=en` or `?lang=fr`.

/** The language a staff copy's address asks for (`?lang=fr`); anything else asks none. */
export function askedLanguage(request: Request): Locale | undefined {
  const asked = new URL(request.url).searchParams.get("lang");
  return isLocale(asked) ? asked : undefined;
}

/** A shipper's or consignee's language; English for none (a party no longer in the address book). */
export async function partyLanguage(
  db: DbOrTx,
  party: { kind: "shipper" | "consignee" | null; id: string | null },
): Promise<Locale> {
  if (!party.kind || !party.id) return "en";
  const table = party.kind === "shipper" ? shippers : consignees;
  const [row] = await db.select({ language: table.language }).from(table).where(eq(table.id, party.id));
  return row?.language ?? "en";
}

/** The language of a payment's receipt: its payer's. */
export async function paymentLanguage(db: DbOrTx, paymentId: string): Promise<Locale> {
  if (!isUuid(paymentId)) return "en";
  const [row] = await db
    .select({ kind: payments.partyKind, id: payments.partyId })
    .from(payments)
    .where(eq(payments.id, paymentId));
  return row ? partyLanguage(db, row) : "en";
}
