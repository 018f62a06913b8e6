// The site-wide bound on guessing codes (decision 029) on a real PostgreSQL: wrong codes counted for the whole
// site whatever the client or address, codes of 8 digits after a few, 6-digit codes given up past their budget,
// checks paused past the 8-digit one, and never more wrong codes checked than the budget, even at once.
import { like } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  checkOneTimeCode,
  codesPausedMessage,
  createOneTimeCode,
  SITE_CODE_FAILURES,
} from "#app/server/auth/one-time-codes.server.ts";
import type { Database } from "#app/server/db/client.server.ts";
import { rateLimits } from "#app/server/db/schema.ts";
import { peekRateLimit } from "#app/server/platform/rate-limit.server.ts";
import { createTestDatabase } from "#tests/setup/test-db.ts";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());
beforeEach(async () => {
  await database.db.delete(rateLimits).where(like(rateLimits.key, "one-time-codes:%"));
});

let serial = 0;
/** A code for a new address, asked from a new client (nothing ties two of them together but the site). */
async function newCode() {
  serial += 1;
  return createOneTimeCode({
    db: database.db,
    purpose: "customer_sign_in",
    channel: "email",
    destination: `guessed-${serial}@example.com`,
    deliverable: true,
    clientAddress: `2001:db8::${serial.toString(16)}`,
  });
}

const check = (attemptToken: string, code: string) =>
  checkOneTimeCode({
    db: database.db,
    purpose: "customer_sign_in",
    attemptToken,
    code,
    use: async () => "in",
  });

/** A code of the same length that is not `code`. */
const wrong = (code: string) => (code.startsWith("0") ? "1" : "0").repeat(code.length);

/** Sets the site's count of wrong codes of `digits` digits, its window ending in `seconds`. */
async function setFailures(
  digits: number,
  count: number,
  seconds: number = SITE_CODE_FAILURES.windowSeconds,
) {
  const row = {
    key: `one-time-codes:failures:${digits}`,
    count,
    windowStart: new Date(),
    expiresAt: new Date(Date.now() + seconds * 1000),
  };
  await database.db.insert(rateLimits).values(row).onConflictDoUpdate({ target: rateLimits.key, set: row });
}

const failures = (digits: number) =>
  peekRateLimit({ db: database.db, key: `one-time-codes:failures:${digits}` });

describe("the site's budget of wrong codes", () => {
  it("keeps a guess at any code below 1 in 10,000 a day, however many clients guess", () => {
    const { windowSeconds, short, long } = SITE_CODE_FAILURES;
    // A day overlaps at most this many fixed windows; a wrong guess rules out one value, so the k-th guess at
    // a code of n digits wins with at most 1 / (10^n − budget).
    const windows = Math.ceil((24 * 3600) / windowSeconds) + 1;
    const perWindow = short / (10 ** 6 - short) + long / (10 ** 8 - long);
    expect(windows).toBe(5);
    expect(windows * perWindow).toBeLessThan(1e-4);
  });

  it("counts wrong codes of every client and address: 8 digits after five, 6-digit codes given up past ten", async () => {
    const early = await Promise.all(Array.from({ length: 11 }, () => newCode()));
    expect(early.every((code) => code.digits === 6 && code.code?.length === 6)).toBe(true);
    for (const code of early.slice(0, 5)) {
      expect(await check(code.attemptToken, wrong(code.code!))).toEqual({ outcome: "wrong", triesLeft: 4 });
    }
    // Five wrong codes on the site, each from its own client for its own address: new codes have 8 digits.
    const longer = await newCode();
    expect(longer.digits).toBe(8);
    expect(longer.code).toMatch(/^\d{8}$/);
    // A 6-digit code typed for it is not its length: no try counted, nothing spent.
    expect(await check(longer.attemptToken, "123456")).toEqual({ outcome: "format", digits: 8 });
    for (const code of early.slice(5, 10)) {
      expect((await check(code.attemptToken, wrong(code.code!))).outcome).toBe("wrong");
    }
    expect(await failures(6)).toBe(10);
    // Past ten wrong 6-digit codes those codes stop working, even the right one (no answer says which is right).
    const last = early[10]!;
    expect(await check(last.attemptToken, wrong(last.code!))).toEqual({ outcome: "expired" });
    expect(await check(last.attemptToken, last.code!)).toEqual({ outcome: "expired" });
    // An 8-digit code still works.
    expect(await check(longer.attemptToken, longer.code!)).toEqual({ outcome: "ok", value: "in" });
    expect(await failures(8)).toBe(0);
  });

  it("pauses every check, the right code's too, once the 8-digit budget is spent, and says so politely", async () => {
    await setFailures(6, SITE_CODE_FAILURES.short);
    const code = await newCode();
    expect(code.digits).toBe(8);
    await setFailures(8, SITE_CODE_FAILURES.long, 3 * 3600);
    const paused = await check(code.attemptToken, code.code!);
    expect(paused).toMatchObject({ outcome: "paused" });
    if (paused.outcome !== "paused") return;
    expect(paused.retryAfterSeconds).toBeGreaterThan(3 * 3600 - 10);
    expect(codesPausedMessage(paused.retryAfterSeconds)).toBe(
      "Too many wrong codes have been typed on this site. Please try again in 180 minutes.",
    );
    expect(codesPausedMessage(30)).toBe(
      "Too many wrong codes have been typed on this site. Please try again in 1 minute.",
    );
  });

  it("spends the budget on wrong codes only, and never checks more wrong codes than it, even at once", async () => {
    const right = await newCode();
    expect(await check(right.attemptToken, right.code!)).toMatchObject({ outcome: "ok" });
    expect(await check(right.attemptToken, right.code!)).toEqual({ outcome: "expired" });
    expect(await failures(6)).toBe(0);

    const many = await Promise.all(Array.from({ length: 12 }, () => newCode()));
    await setFailures(6, SITE_CODE_FAILURES.short - 2);
    const outcomes = await Promise.all(many.map((code) => check(code.attemptToken, wrong(code.code!))));
    expect(outcomes.filter((outcome) => outcome.outcome === "wrong")).toHaveLength(2);
    expect(outcomes.filter((outcome) => outcome.outcome === "expired")).toHaveLength(10);
  });
});
