// One-time codes (decision 016): a 6-digit code sent to an e-mail address or a mobile number, for any
// person (a customer signing in, a visitor asking for a shipment's full details). The browser that asked
// keeps a random attempt token in a cookie; the code is checked against that attempt only. An e-mailed code
// may come with a link, used only through a page with a button (mail scanners open links first).
// Nobody but the owner can keep an address out (decision 029): a request over the address's hourly codes is
// not refused but checks the code already live, with tries of its own, and a new code leaves the codes of the
// last minute working. Guessing is bounded site-wide: wrong codes are counted for the whole site, codes grow to
// 8 digits after a few, and checks stop for a while when the site's budget of wrong codes is spent.
import crypto from "node:crypto";
import { and, desc, eq, gt, isNull, lt, or, sql } from "drizzle-orm";
import { createToken, hashToken } from "#app/server/auth/sessions.server.ts";
import type { Db, DbOrTx } from "#app/server/db/client.server.ts";
import { type OneTimeCodePurpose, oneTimeCodes, type SubscriberChannel } from "#app/server/db/schema.ts";
import {
  consumeRateLimit,
  consumeRateLimits,
  peekRateLimit,
  refundRateLimit,
} from "#app/server/platform/rate-limit.server.ts";

export const CODE_LIFETIME_MS = 10 * 60 * 1000;
/** Wrong codes typed against one attempt before it stops working. */
export const CODE_TRIES = 5;
/** A code this young stays usable when a newer one is asked for the same address (its owner is typing it). */
export const CODE_GRACE_MS = 60 * 1000;

/**
 * The site's budget of wrong codes (every purpose, client and address together), per fixed window of 6 hours
 * (decision 029 gives the arithmetic): after `longAfter` wrong codes new codes have 8 digits; past `short`
 * wrong 6-digit codes those stop working (a new code, of 8 digits, is asked); past `long` wrong 8-digit codes
 * checks wait for the window's end. A guess wins at most 10 × 10⁻⁶ + 900 × 10⁻⁸ = 1.9 × 10⁻⁵ a window, under
 * 10⁻⁴ over any day (five windows touch it).
 */
export const SITE_CODE_FAILURES = { windowSeconds: 6 * 60 * 60, longAfter: 5, short: 10, long: 900 } as const;
const failuresKey = (digits: number) => `one-time-codes:failures:${digits}`;

export type OneTimeCode = typeof oneTimeCodes.$inferSelect;

/** The stored form of a code: bound to its row, so equal codes of two rows differ. */
const codeHash = (rowId: string, code: string) => hashToken(`${rowId}:${code}`);

/** The length of new codes: 8 digits once the site has seen `longAfter` wrong codes in the window. */
async function newCodeDigits(db: DbOrTx, now: Date): Promise<6 | 8> {
  const failures = await peekRateLimit({ db, key: failuresKey(6), now });
  return failures >= SITE_CODE_FAILURES.longAfter ? 8 : 6;
}

export type CodeRequestLimit =
  | { refusedForSeconds: number }
  | { refusedForSeconds: null; addressSpent: boolean };

/**
 * Counts a code request on the client's hourly limit (over it: refused, the seconds to wait) and on the
 * address's (over it: served all the same, by the code already live: `addressSpent`), so only the requester's
 * own client can be made to wait.
 */
export async function limitCodeRequest({
  db,
  scope,
  clientAddress,
  address,
  perClient,
  perAddress,
  now = new Date(),
}: {
  db: Db;
  /** The limits' key prefix: `account-code`, `details-code`. */
  scope: string;
  clientAddress: string;
  address: string;
  perClient: number;
  perAddress: number;
  now?: Date;
}): Promise<CodeRequestLimit> {
  const refused = await consumeRateLimits({
    db,
    now,
    limits: [{ key: `${scope}:client:${clientAddress}`, limit: perClient }],
  });
  if (refused !== null) return { refusedForSeconds: refused };
  const hit = await consumeRateLimit({
    db,
    key: `${scope}:address:${address}`,
    limit: perAddress,
    windowSeconds: 3600,
    now,
  });
  return { refusedForSeconds: null, addressSpent: !hit.allowed };
}

export type NewCode = {
  id: string;
  attemptToken: string;
  expiresAt: Date;
  digits: number;
} & (
  | { code: string; linkToken: string | null }
  /** The attempt checks a code sent earlier (the address's codes of the hour are spent): nothing to send. */
  | { code: null; linkToken: null }
);

/**
 * Makes a code for `destination` (a lower-cased e-mail or an E.164 number). `deliverable` false: nobody is
 * behind the address, so nothing will be sent and no code can succeed, but the visitor is answered the same.
 * Earlier unused codes of the same purpose for the same address (and shipment) stop working, unless younger
 * than a minute. `addressSpent` (the address's codes of the hour are spent): while a code of the address is
 * live, no new one is made: the attempt checks that one (its owner has it), with tries of its own. Returns the
 * secrets to hand out (the attempt token for the cookie, the code and the link token for the message); none
 * is stored. Run it in a transaction that also queues the message: the address stays locked until it ends.
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
  addressSpent = false,
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
  addressSpent?: boolean;
  clientAddress: string | null;
  now?: Date;
}): Promise<NewCode> {
  // Requests for one address (and shipment) take turns until the caller's transaction ends: otherwise several at
  // once past the hourly count each find no live code and each send a new one. Callers run this in a transaction.
  await db.execute(
    sql`select pg_advisory_xact_lock(hashtext(${`one-time-code:${purpose}:${destination}:${shipmentId ?? ""}`}))`,
  );
  const id = crypto.randomUUID();
  const attemptToken = createToken();
  const sameAddress = and(
    eq(oneTimeCodes.purpose, purpose),
    eq(oneTimeCodes.destination, destination),
    // A code for one shipment's details leaves the address's codes for other shipments working.
    shipmentId ? eq(oneTimeCodes.shipmentId, shipmentId) : undefined,
    isNull(oneTimeCodes.usedAt),
  );
  const [live] = addressSpent
    ? await db
        .select()
        .from(oneTimeCodes)
        .where(
          and(
            sameAddress,
            isNull(oneTimeCodes.codeOf),
            gt(oneTimeCodes.expiresAt, now),
            // An address that became someone's since (staff invited it) gets a code that can work.
            eq(oneTimeCodes.deliverable, deliverable),
          ),
        )
        .orderBy(desc(oneTimeCodes.createdAt))
        .limit(1)
    : [];
  if (live) {
    await db.insert(oneTimeCodes).values({
      ...live,
      id,
      attemptHash: hashToken(attemptToken),
      linkHash: null,
      attempts: 0,
      codeOf: live.id,
      clientAddress: clientAddress?.slice(0, 100) ?? null,
    });
    return { id, attemptToken, code: null, linkToken: null, expiresAt: live.expiresAt, digits: live.digits };
  }
  const digits = await newCodeDigits(db, now);
  const code = String(crypto.randomInt(0, 10 ** digits)).padStart(digits, "0");
  const linkToken = withLink && deliverable ? createToken() : null;
  const expiresAt = new Date(now.getTime() + CODE_LIFETIME_MS);
  // An attempt on an earlier code carries that code's creation time, so it goes with it.
  await db
    .update(oneTimeCodes)
    .set({ usedAt: now })
    .where(and(sameAddress, lt(oneTimeCodes.createdAt, new Date(now.getTime() - CODE_GRACE_MS))));
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
    digits,
    clientAddress: clientAddress?.slice(0, 100) ?? null,
    createdAt: now,
  });
  return { id, attemptToken, code, linkToken, expiresAt, digits };
}

/** A code neither used nor expired (its link works, and attempts on it may be typed). */
const isUnspent = (row: OneTimeCode, now: Date) => !row.usedAt && row.expiresAt.getTime() > now.getTime();

/** An attempt that may still be typed: its code unspent, and tries left to this attempt. */
const isLive = (row: OneTimeCode, now: Date) => isUnspent(row, now) && row.attempts < CODE_TRIES;

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
  /** A wrong code; `triesLeft` 0 means this attempt is used up. */
  | { outcome: "wrong"; triesLeft: number }
  /** Not a code of this attempt's length (no try counted): say how many digits. */
  | { outcome: "format"; digits: number }
  /** No code to check: expired, used, used up, never asked for in this browser, or given up site-wide. */
  | { outcome: "expired" }
  /** The site's budget of wrong codes is spent: no code is checked until the window ends. */
  | { outcome: "paused"; retryAfterSeconds: number };

/** A typed code with its spaces removed, when it is 6 or 8 digits; otherwise null. */
export function readTypedCode(input: unknown): string | null {
  const typed = typeof input === "string" ? input.replace(/\s/g, "") : "";
  return /^\d{6}(\d{2})?$/.test(typed) ? typed : null;
}

/** 'Enter the 6-digit code we sent you.' for the length of the attempt's code. */
export const codeFormatMessage = (digits: number) =>
  digits === 8 ? "Enter the 8-digit code we sent you." : "Enter the 6-digit code we sent you.";

/** The length of the code a browser's attempt checks (6 when it has none). */
export async function attemptCodeDigits({
  db,
  purpose,
  attemptToken,
}: {
  db: DbOrTx;
  purpose: OneTimeCodePurpose;
  attemptToken: string | null;
}): Promise<number> {
  if (!attemptToken) return 6;
  const [row] = await db
    .select({ digits: oneTimeCodes.digits })
    .from(oneTimeCodes)
    .where(and(eq(oneTimeCodes.attemptHash, hashToken(attemptToken)), eq(oneTimeCodes.purpose, purpose)));
  return row?.digits ?? 6;
}

/** The polite refusal while the site's budget of wrong codes is spent. */
export function codesPausedMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return minutes === 1
    ? "Too many wrong codes have been typed on this site. Please try again in 1 minute."
    : `Too many wrong codes have been typed on this site. Please try again in ${minutes} minutes.`;
}

/**
 * Checks a typed code against the browser's attempt, in a transaction that locks the attempt's row and its
 * code's (two tabs cannot both use it). A right code is marked used, with every attempt on it, and `use` runs
 * in the same transaction: what it opens (a session, a grant) exists exactly when the code is spent. Every
 * check is counted on the site's budget of wrong codes first and given back unless it was wrong, so however
 * many checks run at once, no more wrong codes are ever checked than the budget.
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
  const ofAttempt = and(
    eq(oneTimeCodes.attemptHash, hashToken(attemptToken)),
    eq(oneTimeCodes.purpose, purpose),
  );
  const [seen] = await db.select().from(oneTimeCodes).where(ofAttempt);
  if (!seen || !isLive(seen, now)) return { outcome: "expired" };
  if (code.length !== seen.digits) return { outcome: "format", digits: seen.digits };
  const key = failuresKey(seen.digits);
  const budget = await consumeRateLimit({
    db,
    key,
    limit: seen.digits === 8 ? SITE_CODE_FAILURES.long : SITE_CODE_FAILURES.short,
    windowSeconds: SITE_CODE_FAILURES.windowSeconds,
    now,
  });
  if (!budget.allowed) {
    // A spent 6-digit budget gives up the short codes (the next one asked has 8 digits); a spent 8-digit one waits.
    return seen.digits === 6
      ? { outcome: "expired" }
      : { outcome: "paused", retryAfterSeconds: budget.retryAfterSeconds };
  }
  const checked = await db.transaction(async (tx): Promise<CodeCheck<T>> => {
    const [row] = await tx.select().from(oneTimeCodes).where(ofAttempt).for("update");
    if (!row || !isLive(row, now)) return { outcome: "expired" };
    const codeId = row.codeOf ?? row.id;
    if (row.codeOf) {
      const [own] = await tx.select().from(oneTimeCodes).where(eq(oneTimeCodes.id, codeId)).for("update");
      if (!own || !isUnspent(own, now)) return { outcome: "expired" };
    }
    const expected = Buffer.from(row.codeHash, "hex");
    const given = Buffer.from(codeHash(codeId, code), "hex");
    if (!row.deliverable || !crypto.timingSafeEqual(expected, given)) {
      const attempts = row.attempts + 1;
      await tx.update(oneTimeCodes).set({ attempts }).where(eq(oneTimeCodes.id, row.id));
      return { outcome: "wrong", triesLeft: Math.max(0, CODE_TRIES - attempts) };
    }
    await spendCode(tx, codeId, now);
    return { outcome: "ok", value: await use(tx, row) };
  });
  if (checked.outcome !== "wrong") await refundRateLimit({ db, key, now });
  return checked;
}

/** What a code page answers to a check that opened nothing (`expiredMessage`: the page's 'ask for a new one'). */
export function codeCheckAnswer(
  checked: Exclude<CodeCheck<unknown>, { outcome: "ok" }>,
  expiredMessage: string,
):
  | { outcome: "wrong"; message: string }
  | { outcome: "expired"; message: string }
  | { outcome: "paused"; retryAfterSeconds: number } {
  if (checked.outcome === "paused") return checked;
  if (checked.outcome === "format") return { outcome: "wrong", message: codeFormatMessage(checked.digits) };
  if (checked.outcome === "expired" || checked.triesLeft === 0) {
    return { outcome: "expired", message: expiredMessage };
  }
  const left = checked.triesLeft;
  return {
    outcome: "wrong",
    message: `That code is not right. You can try ${left} more ${left === 1 ? "time" : "times"}.`,
  };
}

/** Marks a code used, with every attempt on it (the link and the code are one). */
const spendCode = (tx: DbOrTx, codeId: string, now: Date) =>
  tx
    .update(oneTimeCodes)
    .set({ usedAt: now })
    .where(or(eq(oneTimeCodes.id, codeId), eq(oneTimeCodes.codeOf, codeId)));

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
  // Wrong codes typed in a browser (whoever asked) do not end the link in the owner's mailbox.
  return row?.deliverable && isUnspent(row, now) ? row : null;
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
    if (!row?.deliverable || !isUnspent(row, now)) return { ok: false as const };
    await spendCode(tx, row.id, now);
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
