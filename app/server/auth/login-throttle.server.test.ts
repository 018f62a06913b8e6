import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ADDRESS_THRESHOLD,
  checkLoginThrottle,
  clearLoginFailures,
  lockSeconds,
  recordLoginFailure,
  tooManyAttemptsMessage,
} from "#app/server/auth/login-throttle.server.ts";
import type { Database } from "#app/server/db/client.server.ts";
import { createTestDatabase } from "#tests/setup/test-db.ts";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const at = (start: Date, seconds: number) => new Date(start.getTime() + seconds * 1000);

describe("lockSeconds", () => {
  it("grows as 15 s × 2^(n − 5) from the 5th failure, capped at 15 minutes", () => {
    expect([4, 5, 6, 7, 8, 9, 10, 11, 12, 30].map((n) => lockSeconds(n, 5))).toEqual([
      0, 15, 30, 60, 120, 240, 480, 900, 900, 900,
    ]);
  });
});

describe("login throttling", () => {
  it("locks an account after 5 failures, with growing delays, whatever the address", async () => {
    const { db } = database;
    const start = new Date("2026-04-01T10:00:00Z");
    const email = "victim@example.com";
    for (let i = 0; i < 4; i++) {
      await recordLoginFailure({ db, email, ip: `198.51.100.${i}`, now: at(start, i) });
      expect((await checkLoginThrottle({ db, email, ip: "198.51.100.99", now: at(start, i) })).allowed).toBe(
        true,
      );
    }
    await recordLoginFailure({ db, email: "VICTIM@example.com ", ip: "198.51.100.4", now: at(start, 4) });
    expect(await checkLoginThrottle({ db, email, ip: "198.51.100.99", now: at(start, 5) })).toEqual({
      allowed: false,
      retryAfterSeconds: 14,
    });
    expect((await checkLoginThrottle({ db, email, ip: "198.51.100.99", now: at(start, 19) })).allowed).toBe(
      true,
    );
    await recordLoginFailure({ db, email, ip: "198.51.100.5", now: at(start, 20) });
    expect(await checkLoginThrottle({ db, email, ip: "x", now: at(start, 21) })).toEqual({
      allowed: false,
      retryAfterSeconds: 29,
    });
    // Other accounts are not affected.
    expect(
      (await checkLoginThrottle({ db, email: "other@example.com", ip: "x", now: at(start, 21) })).allowed,
    ).toBe(true);
    await clearLoginFailures({ db, email });
    expect((await checkLoginThrottle({ db, email, ip: "x", now: at(start, 21) })).allowed).toBe(true);
  });

  it("forgets failures an hour after the last one", async () => {
    const { db } = database;
    const start = new Date("2026-04-02T10:00:00Z");
    const email = "forgetful@example.com";
    for (let i = 0; i < 5; i++) await recordLoginFailure({ db, email, ip: "192.0.2.1", now: at(start, i) });
    expect((await checkLoginThrottle({ db, email, ip: "192.0.2.2", now: at(start, 5) })).allowed).toBe(false);
    await recordLoginFailure({ db, email, ip: "192.0.2.1", now: at(start, 3700) });
    expect((await checkLoginThrottle({ db, email, ip: "192.0.2.2", now: at(start, 3701) })).allowed).toBe(
      true,
    );
  });

  it("locks an address only after many failures across accounts", async () => {
    const { db } = database;
    const start = new Date("2026-04-03T10:00:00Z");
    const ip = "192.0.2.77";
    for (let i = 0; i < ADDRESS_THRESHOLD - 1; i++) {
      await recordLoginFailure({ db, email: `user${i}@example.com`, ip, now: start });
    }
    expect((await checkLoginThrottle({ db, email: "fresh@example.com", ip, now: start })).allowed).toBe(true);
    await recordLoginFailure({ db, email: "last@example.com", ip, now: start });
    expect(await checkLoginThrottle({ db, email: "fresh@example.com", ip, now: at(start, 1) })).toEqual({
      allowed: false,
      retryAfterSeconds: 14,
    });
  });
});

describe("tooManyAttemptsMessage", () => {
  it("says how long to wait", () => {
    expect(tooManyAttemptsMessage(14)).toBe("Too many failed attempts. Please try again in 14 seconds.");
    expect(tooManyAttemptsMessage(60)).toBe("Too many failed attempts. Please try again in 1 minute.");
    expect(tooManyAttemptsMessage(900)).toBe("Too many failed attempts. Please try again in 15 minutes.");
  });
});
