import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../tests/setup/test-db.ts";
import type { Database } from "#app/server/db/client.server.ts";
import { consumeRateLimit, resetRateLimit } from "#app/server/platform/rate-limit.server.ts";

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
