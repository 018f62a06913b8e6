import { gzipSync } from "node:zlib";
import { PUBLIC_PAGES } from "../../scripts/lib/chromium.ts";
import { expect, test } from "./fixtures.ts";

const JS_BUDGET_KB = 120;
const CSS_BUDGET_KB = 15;

/**
 * Pages over the 120 kB target, held at what they measure so they cannot grow unnoticed. What every
 * public page loads (mostly React and React Router) is ~115 kB; these pages' own code (the forms with
 * their instant checks, the tracking result with its share button) needs more than the ~5 kB left. The gap is stated in
 * docs/benchmarks.md ('Page weight'); lower these as the pages shrink.
 */
const OVER_TARGET_KB: Record<string, number> = {
  "/services": 123.5,
  "/contact": 125,
  "/track/UTG-1234-5678": 122.5,
};

for (const path of PUBLIC_PAGES) {
  const jsBudgetKb = OVER_TARGET_KB[path] ?? JS_BUDGET_KB;
  test(`${path} ships at most ${jsBudgetKb} kB of gzipped JavaScript and ${CSS_BUDGET_KB} kB of CSS`, async ({
    page,
  }) => {
    // Each file once, gzipped at the default level; a fresh browser context, so nothing is cached.
    const sizes = { script: new Map<string, number>(), stylesheet: new Map<string, number>() };
    const reads: Promise<void>[] = [];
    page.on("response", (response) => {
      const type = response.request().resourceType();
      if (type !== "script" && type !== "stylesheet") return;
      reads.push(
        response
          .body()
          .then((body) => {
            sizes[type].set(new URL(response.url()).pathname, gzipSync(body).length);
          })
          .catch(() => {}),
      );
    });
    const response = await page.goto(path, { waitUntil: "networkidle" });
    expect(response?.status()).toBe(200);
    // Scroll through the page so anything loaded on demand is counted too.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForLoadState("networkidle");
    await Promise.all(reads);

    const totalKb = (files: Map<string, number>) =>
      [...files.values()].reduce((sum, size) => sum + size, 0) / 1024;
    const jsKb = totalKb(sizes.script);
    const cssKb = totalKb(sizes.stylesheet);
    test.info().annotations.push({
      type: `${path} (gzip)`,
      description: `JS ${jsKb.toFixed(1)} kB in ${sizes.script.size} files, CSS ${cssKb.toFixed(1)} kB in ${sizes.stylesheet.size} files`,
    });
    expect(sizes.script.size).toBeGreaterThan(0);
    expect(sizes.stylesheet.size).toBeGreaterThan(0);
    expect(jsKb, `gzipped JavaScript of ${path} in kB`).toBeLessThanOrEqual(jsBudgetKb);
    expect(cssKb, `gzipped CSS of ${path} in kB`).toBeLessThanOrEqual(CSS_BUDGET_KB);
  });
}
