import { expect, test } from "../support/fixtures.ts";

test("the privacy policy explains data, cookies and rights", async ({ page, checkA11y }) => {
  // axe and many page loads take a while on a busy machine.
  test.slow();
  const response = await page.goto("/privacy-policy");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeVisible();
  await expect(page.getByText(/^Last updated:/)).toBeVisible();
  for (const heading of [
    "Information we collect",
    "How long we keep information",
    "Cookies",
    "Your rights",
    "Contact us",
  ]) {
    await expect(page.getByRole("main").getByRole("heading", { level: 2, name: heading })).toBeVisible();
  }
  await expect(page.getByRole("heading", { level: 3, name: "Quote requests" })).toBeVisible();
  // Company details come from the site settings.
  await expect(page.getByText(/Unitrans Global Logistics .* is responsible/)).toBeVisible();
  await expect(page.getByRole("link", { name: "info@unitransglobal.com" }).first()).toHaveAttribute(
    "href",
    "mailto:info@unitransglobal.com",
  );
  await checkA11y();

  const toc = page.getByRole("navigation", { name: "On this page" });
  await toc.getByRole("link", { name: "Cookies" }).click();
  await expect(page).toHaveURL(/#cookies$/);
  await expect(page.getByRole("main").getByRole("heading", { level: 2, name: "Cookies" })).toBeInViewport();
  // React Router's own history entry (app/components/ui/section-link.tsx), once the page's scripts run.
  expect(await page.evaluate(() => (window.history.state as { key?: string } | null)?.key)).toBeTruthy();
});

test("the terms of service cover quotes, liability, claims and governing law", async ({
  page,
  checkA11y,
}) => {
  // axe and many page loads take a while on a busy machine.
  test.slow();
  const response = await page.goto("/terms-of-service");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: "Terms of Service" })).toBeVisible();
  await expect(page.getByText(/^Last updated:/)).toBeVisible();
  for (const heading of [
    "Quotes",
    "Prohibited and restricted goods",
    "Customs clearance, duties and taxes",
    "Liability",
    "Claims",
    "Governing law and disputes",
  ]) {
    await expect(page.getByRole("main").getByRole("heading", { level: 2, name: heading })).toBeVisible();
  }
  await expect(page.getByText(/non-binding estimate/)).toBeVisible();
  await expect(page.getByText(/Montreal Convention 1999/)).toBeVisible();
  await expect(page.getByText(/laws of the Republic of Liberia/)).toBeVisible();
  await checkA11y();

  await page.getByRole("main").getByRole("link", { name: "Privacy Policy" }).click();
  await expect(page).toHaveURL(/\/privacy-policy$/);
  await expect(page.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeVisible();
});
