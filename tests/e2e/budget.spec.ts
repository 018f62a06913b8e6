import { gzipSync } from "node:zlib";
import { expect, test } from "./fixtures.ts";

const BUDGET_KB = 120;

test(`the home page ships at most ${BUDGET_KB} kB of gzipped JavaScript`, async ({ page }) => {
  const scripts = new Map<string, number>();
  page.on("response", async (response) => {
    if (response.request().resourceType() !== "script") return;
    const body = await response.body().catch(() => Buffer.alloc(0));
    scripts.set(response.url(), gzipSync(body).length);
  });
  await page.goto("/", { waitUntil: "networkidle" });
  // Scroll through the page so anything loaded on demand is counted too.
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.waitForLoadState("networkidle");
  const totalKb = [...scripts.values()].reduce((sum, size) => sum + size, 0) / 1024;
  test.info().annotations.push({ type: "home JS (gzip)", description: `${totalKb.toFixed(1)} kB in ${scripts.size} files` });
  expect(scripts.size).toBeGreaterThan(0);
  expect(totalKb).toBeLessThanOrEqual(BUDGET_KB);
});
