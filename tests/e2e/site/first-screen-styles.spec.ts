import type { Page } from "@playwright/test";
import { expect, test } from "../support/fixtures.ts";
import { PHONE } from "../support/viewports.ts";

// A public page carries only the site's rules its elements can use; the rest of the stylesheet is linked after the
// first paint (docs/decisions/033-first-screen-styles.md). Nothing on the page may look or sit
// differently once the rest has arrived: every element's computed style and box are compared before and after.

/**
 * Every element's box and computed style (and its ::before's and ::after's): "record" keeps them in the page,
 * "compare" gives the elements whose box or style changed since, at most five, each with what changed.
 */
const readStyles = (page: Page, mode: "record" | "compare") =>
  page.evaluate((mode) => {
    const now: string[] = [];
    for (const element of document.body.querySelectorAll("*")) {
      // A running animation moves on between the two readings whatever the stylesheet.
      if (element.getAnimations().length > 0) continue;
      const box = element.getBoundingClientRect();
      const parts = [
        `${element.tagName} ${element.className} [${box.x},${box.y},${box.width},${box.height}]`,
      ];
      for (const pseudo of [null, "::before", "::after"]) {
        const computed = getComputedStyle(element, pseudo);
        for (const name of computed) parts.push(`${pseudo ?? ""}${name}:${computed.getPropertyValue(name)}`);
      }
      now.push(parts.join(";"));
    }
    const kept = window as unknown as { __styles: string[] };
    if (mode === "record") {
      kept.__styles = now;
      return [`${now.length} elements`];
    }
    const before = kept.__styles;
    if (now.length !== before.length) return [`${before.length} elements before, ${now.length} after`];
    return now
      .map((styles, i) => {
        const old = before[i]!.split(";");
        const parts = styles.split(";");
        const changed = parts.filter((part, j) => part !== old[j]);
        return changed.length ? `${parts[0]}: ${changed.slice(0, 5).join("; ")}` : "";
      })
      .filter(Boolean)
      .slice(0, 5);
  }, mode);

/**
 * Loads `path` with the rest of the stylesheet and the page's scripts held back, records every element's style,
 * lets the rest in, and expects nothing to have changed. Then the scripts come and the page hydrates as usual.
 */
async function expectSameWithTheRest(page: Page, path: string) {
  let releaseRest = () => {};
  const restHeld = new Promise<void>((resolve) => (releaseRest = resolve));
  let releaseScripts = () => {};
  const scriptsHeld = new Promise<void>((resolve) => (releaseScripts = resolve));
  const restRequests: string[] = [];
  await page.route("**/styles/**", async (route) => {
    restRequests.push(new URL(route.request().url()).pathname);
    await restHeld;
    await route.continue();
  });
  await page.route("**/assets/*.js", async (route) => {
    await scriptsHeld;
    await route.continue();
  });
  // Not until "load": the held rest and scripts hold the load event back.
  await page.goto(path, { waitUntil: "domcontentloaded" });
  // The page asks for the rest once its first screen is painted.
  await expect.poll(() => restRequests.length).toBe(1);
  expect(await page.locator('link[rel="stylesheet"]').count(), "nothing but the rest is linked").toBe(1);
  expect(Number.parseInt((await readStyles(page, "record"))[0]!, 10)).toBeGreaterThan(20);

  releaseRest();
  await page.waitForFunction(() =>
    [...document.styleSheets].some((sheet) => sheet.href?.includes("/styles/") && sheet.cssRules.length > 0),
  );
  expect(await readStyles(page, "compare"), `${path}: what the rest of the stylesheet changed`).toEqual([]);

  releaseScripts();
  await page.waitForFunction(() => Object.keys(document.body).some((key) => key.startsWith("__reactProps")));
}

// One page of each kind: images and sections, a form, a post's rich text, a shipment in French.
const PAGES = [
  "/",
  "/contact",
  "/blog/navigating-customs-clearance-in-west-africa",
  "/fr/suivi/UTG-1234-5678",
];

for (const path of PAGES) {
  test(`${path} looks the same before and after the rest of the stylesheet`, async ({ page }) => {
    await expectSameWithTheRest(page, path);
  });
}

test.describe(PHONE.name, () => {
  test.use(PHONE.use);
  for (const path of ["/track/UTG-1234-5678"]) {
    test(`${path} looks the same before and after the rest of the stylesheet`, async ({ page }) => {
      await expectSameWithTheRest(page, path);
    });
  }
});

test("a page reached without a reload is styled as when loaded on its own", async ({ page }) => {
  // From the home page, whose own rules and rest are all the stylesheet it gets, to the tracking page.
  await page.goto("/");
  await page.waitForFunction(() => Object.keys(document.body).some((key) => key.startsWith("__reactProps")));
  await page.waitForFunction(() =>
    [...document.styleSheets].some((sheet) => sheet.href?.includes("/styles/") && sheet.cssRules.length > 0),
  );
  await page.getByRole("banner").getByRole("link", { name: "About", exact: true }).click();
  await expect(page).toHaveURL(/\/about$/);
  // The about page's own heading: the address can change before the new page is drawn, and any heading then is
  // still the home page's.
  await expect(page.getByRole("heading", { level: 1, name: "About Us" })).toBeVisible();
  const boxes = () =>
    page.evaluate(() =>
      [...document.querySelectorAll("main *")].map((element) => {
        if (element.getAnimations().length > 0) return element.tagName;
        const box = element.getBoundingClientRect();
        const computed = getComputedStyle(element);
        return `${element.tagName} ${box.x},${box.y},${box.width},${box.height} ${computed.color} ${computed.backgroundColor} ${computed.fontSize}`;
      }),
    );
  await page.evaluate(() => window.scrollTo(0, 0));
  const navigated = await boxes();
  await page.goto("/about");
  await page.waitForFunction(() => Object.keys(document.body).some((key) => key.startsWith("__reactProps")));
  expect(await boxes()).toEqual(navigated);
});
