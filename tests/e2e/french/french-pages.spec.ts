// Decision 030: every French page is in French. Each page of the public site and of the customer account is opened
// at its /fr address and read with the untranslated-text check (french-text.ts): no English word outside data.
// It also checks what makes a page French for the browser and search engines: <html lang="fr">, the alternate
// addresses, the switch to English; and the offer of French to a French browser on an English page.
import type { Page } from "@playwright/test";
import { localizePath } from "#app/lib/i18n/paths.ts";
import { signInAsCustomer } from "../support/account-flow.ts";
import { waitForHydration } from "../support/admin-fixtures.ts";
import { expect, test } from "../support/fixtures.ts";
import { findEnglishWords } from "../support/french-text.ts";

type Finding = { url: string; problems: string[] };

/** Opens each address and lists what is not French about it. */
async function readFrenchPages(page: Page, paths: string[]): Promise<Finding[]> {
  const findings: Finding[] = [];
  for (const path of paths) {
    const url = path.startsWith("/fr") ? path : localizePath(path, "fr");
    await page.goto(url);
    await waitForHydration(page.locator("body a").first());
    const problems: string[] = [];
    if ((await page.locator("html").getAttribute("lang")) !== "fr") problems.push('<html lang> is not "fr"');
    for (const { word, text } of await findEnglishWords(page)) problems.push(`"${word}" in "${text}"`);
    if (problems.length) findings.push({ url, problems });
  }
  return findings;
}

test("every public page is in French at its /fr address", async ({ page }) => {
  test.slow();
  const findings = await readFrenchPages(page, [
    "/",
    "/services",
    "/services/road-transport",
    "/services/air-freight",
    "/services/sea-freight",
    "/services/no-such-service",
    "/about",
    "/contact",
    "/track",
    "/track/UTG-1234-5678",
    "/track/UTG-0000-0000",
    "/track/UTG-1234-5678/updates",
    "/track/UTG-1234-5678/details",
    "/blog",
    "/unsubscribe/no-such-token",
    "/subscribe/no-such-token",
    `/quote/${"q".repeat(43)}`,
    `/invoice/${"q".repeat(43)}`,
    `/invoice/${"q".repeat(43)}/pay`,
    "/privacy-policy",
    "/terms-of-service",
    "/fr/no-such-page",
    "/account",
    "/account/code",
    `/account/sign-in/${"q".repeat(43)}`,
  ]);
  // The French blog's posts, as its list links them.
  await page.goto("/fr/blog");
  const posts = await page
    .getByRole("main")
    .locator('a[href^="/fr/blog/"]')
    .evaluateAll((links) =>
      links.map((link) => link.getAttribute("href")!).filter((href) => !href.includes("?")),
    );
  expect(posts.length, "French posts on /fr/blog").toBeGreaterThan(0);
  findings.push(...(await readFrenchPages(page, [...new Set(posts)].slice(0, 2))));
  expect(findings, "English words on French pages").toEqual([]);
});

test("every page of the customer account is in French at its /fr address", async ({ page }) => {
  test.slow();
  await signInAsCustomer(page, "li.wei@sunrise-solar.example");
  const shipment = await page
    .getByRole("main")
    .getByRole("link", { name: /UTG-/ })
    .first()
    .getAttribute("href");
  const number = shipment!.split("/").at(-1)!;
  const findings = await readFrenchPages(page, [
    "/account/shipments",
    `/account/shipments/${number}`,
    "/account/quotes",
    "/account/invoices",
    "/account/colleagues",
    "/account/preferences",
    `/track/${number}/details`,
    `/contact?from=${number}`,
  ]);
  expect(findings, "English words on French account pages").toEqual([]);
});

test("a French page names its English address and its own, and switches to English", async ({ page }) => {
  await page.goto("/fr/suivi/UTG-1234-5678");
  await expect(page.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute(
    "href",
    /\/track\/UTG-1234-5678$/,
  );
  await expect(page.locator('link[rel="alternate"][hreflang="fr"]')).toHaveAttribute(
    "href",
    /\/fr\/suivi\/UTG-1234-5678$/,
  );
  const english = page.getByRole("banner").getByRole("link", { name: "English" }).filter({ visible: true });
  await waitForHydration(english.first());
  await english.first().click();
  await expect(page).toHaveURL(/\/track\/UTG-1234-5678$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
});

test.describe("a French browser", () => {
  test.use({ locale: "fr-FR" });

  test("is offered French on an English page, never sent there by force, and its choice is kept", async ({
    page,
  }) => {
    await page.goto("/about");
    await expect(page).toHaveURL(/\/about$/);
    const offer = page.getByRole("region", { name: "Langue" });
    await expect(offer).toContainText("Cette page existe en français.");
    await offer.getByRole("button", { name: "Non merci" }).click();
    await expect(offer).toBeHidden();
    await page.reload();
    await waitForHydration(page.locator("body a").first());
    await expect(page.getByRole("region", { name: "Langue" })).toBeHidden();
  });
});

test("an English browser is offered nothing", async ({ page }) => {
  await page.goto("/about");
  await waitForHydration(page.locator("body a").first());
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("region", { name: "Langue" })).toBeHidden();
});
