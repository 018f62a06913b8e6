import { expect, test } from "../support/fixtures.ts";

test("/contact shows the company's details, both forms and the map", async ({ page, checkA11y }) => {
  const response = await page.goto("/contact");
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle(/^Contact Us \| /);
  await expect(page.getByRole("heading", { level: 1, name: "Contact Us" })).toBeVisible();

  const details = page.getByRole("region", { name: "Get in Touch" });
  await expect(details.getByText("Broad and Randell Street, Monrovia, Liberia")).toBeVisible();
  await expect(details.getByRole("link", { name: /^\+231/ })).toHaveAttribute("href", /^tel:\+231\d+$/);
  await expect(details.getByRole("link", { name: /@/ })).toHaveAttribute("href", /^mailto:.+@.+/);
  await expect(details.getByRole("heading", { name: "Business Hours" })).toBeVisible();
  await expect(details.getByText("9:00 AM - 6:00 PM")).toBeVisible();
  await expect(details.getByText("10:00 AM - 2:00 PM")).toBeVisible();
  await expect(details.getByText("Closed")).toBeVisible();

  await expect(page.getByRole("heading", { name: "Send Us a Message" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Get a Free Quote" })).toBeVisible();
  const quote = page.getByRole("form", { name: "Get a Free Quote" });
  await expect(quote.getByLabel("Parcel Type").locator("option")).toHaveText([
    "Select parcel type",
    "Documents",
    "Parcels",
    "Pallets",
    "Full Container",
    "Vehicles",
    "Other",
  ]);
  await expect(quote.getByRole("checkbox")).toHaveCount(3);
  for (const name of ["Air Freight", "Sea Freight", "Road Transport"]) {
    await expect(quote.getByRole("checkbox", { name })).toBeVisible();
  }

  await expect(page.getByRole("link", { name: /View on OpenStreetMap/ })).toHaveAttribute(
    "href",
    /^https:\/\/www\.openstreetmap\.org\//,
  );
  // Nothing is loaded from OpenStreetMap until asked for.
  await expect(page.locator("iframe")).toHaveCount(0);
  await checkA11y();
});

test("'Show map' loads the OpenStreetMap map of the office", async ({ page }) => {
  // Offline here: answer the map request with a blank page.
  await page.route("https://www.openstreetmap.org/**", (route) =>
    route.fulfill({ status: 200, contentType: "text/html", body: "<!doctype html><title>map</title>" }),
  );
  await page.goto("/contact");
  await page.getByRole("button", { name: "Show map" }).click();
  const map = page.getByTitle("Map: Broad and Randell Street, Monrovia, Liberia");
  await expect(map).toBeVisible();
  await expect(map).toHaveAttribute("src", /^https:\/\/www\.openstreetmap\.org\/export\/embed\.html\?/);
  await expect(page.getByRole("button", { name: "Show map" })).toHaveCount(0);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("the map link is there and no dead button is shown", async ({ page }) => {
    await page.goto("/contact");
    await expect(page.getByRole("link", { name: /View on OpenStreetMap/ })).toBeVisible();
    await expect(page.getByRole("button", { name: "Show map" })).toHaveCount(0);
  });
});
