import { and, eq, gt, isNotNull, isNull, or } from "drizzle-orm";
import { createToken, hashToken } from "#app/server/auth/sessions.server.ts";
import type { DbOrTx } from "#app/server/db/client.server.ts";
import { invoiceLinks, invoices } from "#app/server/db/schema.ts";

// The customer's link to an issued invoice, `/invoice/:token` (decision 026): a random 256-bit token, only its
// SHA-256 kept. The invoice page, its PDF and mobile-money payment all find the invoice through it.

/** A token that looks like one of ours (43 base64url characters): anything else is not looked up. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export const invoicePath = (token: string) => `/invoice/${token}`;

/** A new link to an issued invoice; the token, which only its holder has from now on. */
export async function createInvoiceLink({
  db,
  invoiceId,
  staffId,
  expiresAt = null,
}: {
  db: DbOrTx;
  invoiceId: string;
  staffId: string | null;
  expiresAt?: Date | null;
}): Promise<string> {
  const token = createToken();
  await db
    .insert(invoiceLinks)
    .values({ invoiceId, tokenHash: hashToken(token), createdBy: staffId, expiresAt });
  return token;
}

/**
 * The link printed on the PDF staff download of an invoice (its QR code and address, as the customer's copy has):
 * made at the first download and kept, token and all, so later downloads print the same one. Links are stored as
 * hashes, so an e-mailed one cannot be printed again; a new link per download would pile up rows that each open
 * the invoice. Two downloads at once make one (the partial unique index on the invoice).
 */
export async function printedInvoiceLink({
  db,
  invoiceId,
  staffId,
}: {
  db: DbOrTx;
  invoiceId: string;
  staffId: string | null;
}): Promise<string> {
  const kept = async () => {
    const [row] = await db
      .select({ token: invoiceLinks.printedToken })
      .from(invoiceLinks)
      .where(and(eq(invoiceLinks.invoiceId, invoiceId), isNotNull(invoiceLinks.printedToken)));
    return row?.token ?? null;
  };
  const found = await kept();
  if (found) return found;
  const token = createToken();
  await db
    .insert(invoiceLinks)
    .values({ invoiceId, tokenHash: hashToken(token), printedToken: token, createdBy: staffId })
    .onConflictDoNothing();
  return (await kept()) ?? token;
}

/**
 * The issued (or void) invoice a token opens, with its link's id; null for an unknown, expired or malformed
 * token, or a draft.
 */
export async function findInvoiceLink({
  db,
  token,
  now = new Date(),
}: {
  db: Pick<DbOrTx, "select">;
  token: string;
  now?: Date;
}): Promise<{ linkId: string; invoiceId: string; firstOpenedAt: Date | null } | null> {
  if (!TOKEN.test(token)) return null;
  const [row] = await db
    .select({
      linkId: invoiceLinks.id,
      invoiceId: invoiceLinks.invoiceId,
      firstOpenedAt: invoiceLinks.firstOpenedAt,
    })
    .from(invoiceLinks)
    .innerJoin(invoices, eq(invoices.id, invoiceLinks.invoiceId))
    .where(
      and(
        eq(invoiceLinks.tokenHash, hashToken(token)),
        or(isNull(invoiceLinks.expiresAt), gt(invoiceLinks.expiresAt, now)),
        eq(invoices.kind, "invoice"),
        or(eq(invoices.state, "issued"), eq(invoices.state, "void")),
      ),
    );
  return row ?? null;
}
