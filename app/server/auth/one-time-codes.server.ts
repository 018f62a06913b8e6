// One-time codes (issue 29, decision 16): a 6-digit code sent to an e-mail address or a mobile number, for any
// person (a customer signing in, a visitor asking for a shipment's full details). The browser that asked
// keeps a random attempt token in a cookie; the code is checked against that attempt only. An e-mailed code
// may come with a link, used only through a page with a button (mail scanners open links first).
import crypto from "node:crypto";
import { and, eq, isNull, lt, or } from "drizzle-orm";
import { createToken, hashToken } from "#app/server/auth/sessions.server.ts";
import type { Db, DbOrTx } from "#app/server/db/client.server.ts";
import { type OneTimeCodePurpose, oneTimeCodes, type SubscriberChannel } from "#app/server/db/schema.ts";

export const CODE_LIFETIME_MS = 10 * 60 * 1000;
/** Wrong codes typed against one code before it stops working. */
export const CODE_TRIES = 5;

export type OneTimeCode = typeof oneTimeCodes.$inferSelect;

/** The stored form of a code: bound to its row, so equal codes of two rows differ. */
const codeHash = (rowId: string, code: string) => hashToken(`${rowId}:${code}`);

/**
 * Makes a code for `destination` (a lower-cased e-mail or an E.164 number). `deliverable` false: nobody is
 * behind the address, so nothing will be sent and no code can succeed, but the visitor is answered the same.
 * Earlier unused codes of the same purpose for the same address (and shipment) stop working. Returns the secrets to hand
 * out (the attempt token for the cookie, the code and the link token for the message); none is stored.
 */
export async function createOneTimeCode({
  db,
  purpose,
  channel,
  destination,
  deliverable,
  memberId = null,
  shipmentId = null,
  withLink = false,
  clientAddress,
  now = new Date(),
}: {
  db: DbOrTx;
  purpose: OneTimeCodePurpose;
  channel: SubscriberChannel;
  destination: string;
  deliverable: boolean;
  memberId?: string | null;
  shipmentId?: string | null;
  withLink?: boolean;
  clientAddress: string | null;
  now?: Date;
}): Promise<{ id: string; attemptToken: string; code: string; linkToken: string | null; expiresAt: Date }> {
  const id = crypto.randomUUID();
  const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, "0");
  const attemptToken = createToken();
  const linkToken = withLink && deliverable ? createToken() : null;
  const expiresAt = new Date(now.getTime() + CODE_LIFETIME_MS);
  await db
    .update(oneTimeCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(oneTimeCodes.purpose, purpose),
        eq(oneTimeCodes.destination, destination),
        // A code for one shipment's details leaves the address's codes for other shipments working.
        shipmentId ? eq(oneTimeCodes.shipmentId, shipmentId) : undefined,
        isNull(oneTimeCodes.usedAt),
      ),
    );
  await db.insert(oneTimeCodes).values({
    id,
    purpose,
    channel,
    destination,
    attemptHash: hashToken(attemptToken),
    codeHash: codeHash(id, code),
    linkHash: linkToken ? hashToken(linkToken) : null,
    memberId,
    shipmentId,
    deliverable,
    expiresAt,
    clientAddress: clientAddress?.slice(0, 100) ?? null,
    createdAt: now,
  });
  return { id, attemptToken, code, linkToken, expiresAt };
}

const isLive = (row: OneTimeCode, now: Date) =>
  !row.usedAt && row.expiresAt.getTime() > now.getTime() && row.attempts < CODE_TRIES;

/** The attempt a browser's cookie names, while its code can still be typed (for the code page), or null. */
export async function findCodeAttempt({
  db,
  purpose,
  attemptToken,
  now = new Date(),
}: {
  db: DbOrTx;
  purpose: OneTimeCodePurpose;
  attemptToken: string;
  now?: Date;
}): Promise<OneTimeCode | null> {
  const [row] = await db
    .select()
    .from(oneTimeCodes)
    .where(and(eq(oneTimeCodes.attemptHash, hashToken(attemptToken)), eq(oneTimeCodes.purpose, purpose)));
  return row && isLive(row, now) ? row : null;
}

export type CodeCheck<T> =
  | { outcome: "ok"; value: T }
  /** A wrong code; `triesLeft` 0 means this code is used up. */
  | { outcome: "wrong"; triesLeft: number }
  /** No code to check: expired, used, used up, or never asked for in this browser. */
  | { outcome: "expired" };

/**
 * Checks a typed code against the browser's attempt, in a transaction that locks the code's row (two tabs
 * cannot both use it). A right code is marked used and `use` runs in the same transaction: what it opens
 * (a session, a grant) exists exactly when the code is spent.
 */
export async function checkOneTimeCode<T>({
  db,
  purpose,
  attemptToken,
  code,
  now = new Date(),
  use,
}: {
  db: Db;
  purpose: OneTimeCodePurpose;
  attemptToken: string;
  code: string;
  now?: Date;
  use: (tx: DbOrTx, row: OneTimeCode) => Promise<T>;
}): Promise<CodeCheck<T>> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(oneTimeCodes)
      .where(and(eq(oneTimeCodes.attemptHash, hashToken(attemptToken)), eq(oneTimeCodes.purpose, purpose)))
      .for("update");
    if (!row || !isLive(row, now)) return { outcome: "expired" as const };
    const expected = Buffer.from(row.codeHash, "hex");
    const given = Buffer.from(codeHash(row.id, code), "hex");
    if (!row.deliverable || !crypto.timingSafeEqual(expected, given)) {
      const attempts = row.attempts + 1;
      await tx.update(oneTimeCodes).set({ attempts }).where(eq(oneTimeCodes.id, row.id));
      return { outcome: "wrong" as const, triesLeft: Math.max(0, CODE_TRIES - attempts) };
    }
    await tx.update(oneTimeCodes).set({ usedAt: now }).where(eq(oneTimeCodes.id, row.id));
    return { outcome: "ok" as const, value: await use(tx, row) };
  });
}

/** The code an e-mailed link belongs to, while it works (the confirmation page; nothing is used). */
export async function findOneTimeLink({
  db,
  purpose,
  linkToken,
  now = new Date(),
}: {
  db: DbOrTx;
  purpose: OneTimeCodePurpose;
  linkToken: string;
  now?: Date;
}): Promise<OneTimeCode | null> {
  const [row] = await db
    .select()
    .from(oneTimeCodes)
    .where(and(eq(oneTimeCodes.linkHash, hashToken(linkToken)), eq(oneTimeCodes.purpose, purpose)));
  return row?.deliverable && isLive(row, now) ? row : null;
}

/** Uses an e-mailed link (its page's button), once: `use` runs in the transaction that spends it. */
export async function spendOneTimeLink<T>({
  db,
  purpose,
  linkToken,
  now = new Date(),
  use,
}: {
  db: Db;
  purpose: OneTimeCodePurpose;
  linkToken: string;
  now?: Date;
  use: (tx: DbOrTx, row: OneTimeCode) => Promise<T>;
}): Promise<{ ok: true; value: T } | { ok: false }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(oneTimeCodes)
      .where(and(eq(oneTimeCodes.linkHash, hashToken(linkToken)), eq(oneTimeCodes.purpose, purpose)))
      .for("update");
    if (!row?.deliverable || !isLive(row, now)) return { ok: false as const };
    await tx.update(oneTimeCodes).set({ usedAt: now }).where(eq(oneTimeCodes.id, row.id));
    return { ok: true as const, value: await use(tx, row) };
  });
}

/** Drops codes an hour past their end (kept that long so a late click still says 'expired', not 'unknown'). */
export async function pruneOneTimeCodes({ db, now = new Date() }: { db: Db; now?: Date }): Promise<number> {
  const cutoff = new Date(now.getTime() - 60 * 60 * 1000);
  const rows = await db
    .delete(oneTimeCodes)
    .where(or(lt(oneTimeCodes.expiresAt, cutoff)))
    .returning({ id: oneTimeCodes.id });
  return rows.length;
}
