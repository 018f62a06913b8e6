import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database, Db } from "#app/server/db/client.server.ts";
import { rateLimits } from "#app/server/db/schema.ts";
import {
  consumeRateLimit,
  resetRateLimit,
  scheduleRateLimitPruning,
} from "#app/server/platform/rate-limit.server.ts";
import { createTestDatabase, createTestServices } from "#tests/setup/test-db.ts";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe("consumeRateLimit", () => {
  it("allows up to the limit in a window, then refuses until the window ends", async () => {
    const { db } = database;
    const now = new Date("2026-01-01T00:00:00Z");
    const hit = (at: Date) => consumeRateLimit({ db, key: "test:a", limit: 2, windowSeconds: 60, now: at });
    expect((await hit(now)).allowed).toBe(true);
    expect((await hit(now)).allowed).toBe(true);
    const third = await hit(new Date(now.getTime() + 10_000));
    expect(third).toMatchObject({ allowed: false, count: 3, retryAfterSeconds: 50 });
    const later = await hit(new Date(now.getTime() + 61_000));
    expect(later).toMatchObject({ allowed: true, count: 1 });
  });

  it("counts concurrent hits exactly once each", async () => {
    const { db } = database;
    const results = await Promise.all(
      Array.from({ length: 20 }, () => consumeRateLimit({ db, key: "test:b", limit: 5, windowSeconds: 60 })),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(5);
    expect(Math.max(...results.map((r) => r.count))).toBe(20);
    await resetRateLimit({ db, key: "test:b" });
    expect((await consumeRateLimit({ db, key: "test:b", limit: 5, windowSeconds: 60 })).count).toBe(1);
  });
});

describe("pruning expired windows", () => {
  const keysOf = async (db: Db) =>
    (await db.select({ key: rateLimits.key }).from(rateLimits)).map((row) => row.key).sort();

  it("runs on the services' own schedule: expired windows go, current ones stay", async () => {
    const services = await createTestServices({}, { pruneRateLimitsEveryMs: 50 });
    try {
      const { db } = services;
      const now = Date.now();
      // The schedule may already have run by the time a read could show the expired rows (a loaded machine),
      // so the insert's own answer proves they were there.
      const inserted = await db
        .insert(rateLimits)
        .values([
          {
            key: "old:a",
            count: 3,
            windowStart: new Date(now - 3_600_000),
            expiresAt: new Date(now - 60_000),
          },
          {
            key: "old:b",
            count: 1,
            windowStart: new Date(now - 7_200_000),
            expiresAt: new Date(now - 1_000),
          },
        ])
        .returning({ key: rateLimits.key });
      expect(inserted.map((row) => row.key)).toEqual(["old:a", "old:b"]);
      await consumeRateLimit({ db, key: "fresh", limit: 5, windowSeconds: 600 });
      await vi.waitFor(async () => expect(await keysOf(db)).toEqual(["fresh"]), {
        timeout: 2_000,
        interval: 20,
      });
    } finally {
      await services.close();
    }
  });

  it("judges expiry by the clock it is given", async () => {
    const { db } = database;
    await consumeRateLimit({ db, key: "clock:short", limit: 5, windowSeconds: 60 });
    await consumeRateLimit({ db, key: "clock:long", limit: 5, windowSeconds: 3600 });
    const inTenMinutes = () => new Date(Date.now() + 10 * 60 * 1000);
    const pruning = scheduleRateLimitPruning({
      db,
      logger: { warn() {} },
      intervalMs: 20,
      now: inTenMinutes,
    });
    try {
      await vi.waitFor(
        async () =>
          expect((await keysOf(db)).filter((key) => key.startsWith("clock:"))).toEqual(["clock:long"]),
        {
          timeout: 2_000,
          interval: 20,
        },
      );
    } finally {
      await pruning.close();
    }
  });

  it("logs a failed run and tries again at the next one, without throwing", async () => {
    const failing: Pick<Db, "delete"> = {
      delete() {
        throw new Error("the database is away");
      },
    };
    const warn = vi.fn();
    const pruning = scheduleRateLimitPruning({ db: failing, logger: { warn }, intervalMs: 10 });
    try {
      await vi.waitFor(() => expect(warn.mock.calls.length).toBeGreaterThanOrEqual(2), {
        timeout: 2_000,
        interval: 10,
      });
      expect(warn).toHaveBeenCalledWith(
        { err: expect.objectContaining({ message: "the database is away" }) },
        "Could not drop expired rate limits",
      );
    } finally {
      await pruning.close();
    }
  });
});
