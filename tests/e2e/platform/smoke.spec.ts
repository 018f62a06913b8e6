import { expect, test } from "../support/fixtures.ts";

test("the home page renders and the unknown page answers 404", async ({ page }) => {
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  const missing = await page.goto("/no-such-page");
  expect(missing?.status()).toBe(404);
  await expect(page.getByText("Package Not Found")).toBeVisible();
  await expect(page).toHaveTitle(/^Package Not Found/);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  await expect(page.getByRole("link", { name: "Return to Home" })).toHaveAttribute("href", "/");
});
