// 50 users for 60 s against one app process (bounded-load.ts). It takes the machine's CPUs, so it runs
// alone, after the other files (vitest.config.ts).
import { afterAll, test } from "vitest";
import { startApp } from "../../scripts/lib/app-process.ts";
import { boundedLoad } from "./bounded-load.ts";
import { newDataDir, noPostgresLeft, quiet, removeDataDir, submitQuote } from "./helpers.ts";

afterAll(noPostgresLeft);

test("embedded: 50 users for 60 s (pages, tracking, forms): no errors, memory flat", async () => {
  const dataDir = newDataDir();
  const app = await startApp({
    env: { ...quiet, SEED_DEMO: "true", TRACK_RATE_LIMIT: "1000000" },
    dataDir,
  });
  try {
    console.log(await boundedLoad({ app, submitQuote }));
  } finally {
    await app.stop();
    await removeDataDir(dataDir);
  }
});
