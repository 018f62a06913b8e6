import { uniqueAdminEmail, waitForHydration } from "../support/admin-fixtures.ts";
import { expect, test } from "../support/fixtures.ts";

const SERVICES = [
  { id: "air-freight", title: "Air Freight" },
  { id: "sea-freight", title: "Sea Freight" },
  { id: "trucking", title: "Trucking" },
] as const;

test("/services shows the three services, the additional services and the side quote form", async ({
  page,
  checkA11y,
}) => {
  const response = await page.goto("/services");
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle(/^Our Services \| /);
  await expect(page.getByRole("heading", { level: 1, name: "Our Services" })).toBeVisible();

  for (const { id, title } of SERVICES) {
    const card = page.getByRole("article", { name: title });
    await expect(card.getByRole("heading", { name: title })).toBeVisible();
    await expect(card.getByRole("img")).toHaveAttribute("src", `/images/services/${id}.svg`);
    await expect(card.getByRole("listitem")).toHaveCount(4);
    const learnMore = card.getByRole("link", { name: /^Learn More/ });
    await expect(learnMore).toHaveAttribute("href", `/services/${id}`);
    await expect(learnMore).toContainText("Learn More");
  }

  const additional = page.getByRole("region", { name: "Additional Services" });
  for (const name of ["Warehousing", "Customs Clearance", "Supply Chain Management", "Project Cargo"]) {
    await expect(additional.getByRole("heading", { name })).toBeVisible();
  }

  const side = page.getByRole("complementary", { name: "Get a Quote" });
  await expect(side.getByLabel("Name")).toBeVisible();
  await expect(side.getByLabel("Email")).toBeVisible();
  await expect(side.getByLabel("Shipment Type").locator("option")).toHaveText([
    "Select shipment type",
    "Air Freight",
    "Sea Freight",
    "Land Transport",
  ]);
  await expect(side.getByLabel("Message")).toBeVisible();
  await expect(side.getByLabel("City of Departure")).toBeVisible();
  await expect(side.getByLabel("Delivery City")).toBeVisible();
  await expect(side.getByLabel("Phone (optional)")).toHaveAttribute("type", "tel");

  await checkA11y();
});

test("the side form's request reaches the quote requests, ready to be priced, with its message and phone", async ({
  page,
  browser,
  baseURL,
  adminSession,
}) => {
  const email = uniqueAdminEmail("services-side");
  await page.goto("/services");
  const form = page.getByRole("form", { name: "Get a Quote" });
  await waitForHydration(form.getByRole("button", { name: "Request a Quote" }));
  await form.getByLabel("Name").fill("Grace Togba");
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Phone (optional)").fill("0770 123 456");
  await form.getByLabel("Shipment Type").selectOption({ label: "Sea Freight" });
  await form.getByLabel("City of Departure").fill("Monrovia");
  await form.getByLabel("Delivery City").fill("Antwerp");
  await form.getByLabel("Message").fill("One 40 ft container of rubber, ready next week.");
  await form.getByRole("button", { name: "Request a Quote" }).click();
  await expect(page.getByRole("region", { name: "Your quote request has been sent" })).toBeVisible();

  const clerk = await (await browser.newContext({ baseURL, storageState: await adminSession() })).newPage();
  await clerk.goto(`/admin/quote-requests?q=${email}`);
  await clerk.getByRole("link", { name: "View quote request from Grace Togba" }).click();
  const dialog = clerk.getByRole("dialog", { name: "Quote Request Details" });
  await expect(dialog).toContainText("Monrovia");
  await expect(dialog).toContainText("Antwerp");
  await expect(dialog).toContainText("Sea Freight");
  await expect(dialog).toContainText("+231770123456");
  await expect(dialog).toContainText("One 40 ft container of rubber, ready next week.");
  await dialog.getByRole("link", { name: "Prepare quote or book shipment" }).click();
  await expect(clerk.getByRole("heading", { level: 1, name: "Quote" })).toBeVisible();
  await clerk.context().close();
});

test("service cards fade in when scrolled into view, and are visible at once with reduced motion", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 500 });
  await page.goto("/services");
  const last = page.getByRole("article", { name: "Trucking" });
  await last.scrollIntoViewIfNeeded();
  await expect(last).toHaveCSS("opacity", "1");

  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.goto("/services");
  await expect(page.getByRole("article", { name: "Trucking" })).toHaveCSS("opacity", "1");
  await expect(page.getByRole("article", { name: "Trucking" })).not.toHaveAttribute("data-reveal", "hidden");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("the service cards are visible", async ({ page }) => {
    await page.goto("/services");
    for (const { title } of SERVICES) {
      await expect(page.getByRole("article", { name: title })).toHaveCSS("opacity", "1");
    }
  });
});

for (const { id, title } of SERVICES) {
  test(`/services/${id} shows the description, four features and a quote link`, async ({
    page,
    checkA11y,
  }) => {
    const response = await page.goto(`/services/${id}`);
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(new RegExp(`^${title} \\| `));
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    const features = page.getByRole("region", { name: "Key Features" });
    await expect(features.getByRole("listitem")).toHaveCount(4);
    await expect(features.getByRole("heading", { level: 3 })).toHaveCount(4);
    await expect(page.getByRole("link", { name: "Get a Quote" })).toHaveAttribute("href", "/contact#quote");
    await page.getByRole("link", { name: "Get a Quote" }).click();
    await expect(page).toHaveURL(/\/contact#quote$/);
    await page.goBack();
    await checkA11y();
  });
}

test("the 'Learn More' link opens the detail page", async ({ page }) => {
  await page.goto("/services");
  await page
    .getByRole("article", { name: "Sea Freight" })
    .getByRole("link", { name: /^Learn More/ })
    .click();
  await expect(page).toHaveURL(/\/services\/sea-freight$/);
  await expect(page.getByRole("heading", { level: 1, name: "Sea Freight" })).toBeVisible();
});

test("an unknown service answers 404 with the not-found page", async ({ page }) => {
  for (const path of ["/services/rocket-freight", "/services/AIR-FREIGHT"]) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.getByText("404", { exact: true })).toBeVisible();
    await expect(page.getByText("Package Not Found")).toBeVisible();
    await expect(page.getByRole("link", { name: "Return to Home" })).toHaveAttribute("href", "/");
  }
});

test("Road Transport leads to the trucking page", async ({ page }) => {
  await page.goto("/services/road-transport");
  await expect(page).toHaveURL(/\/services\/trucking$/);
  await expect(page.getByRole("heading", { level: 1, name: "Trucking" })).toBeVisible();
});
