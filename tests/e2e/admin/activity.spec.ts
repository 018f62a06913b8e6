import { ADMIN_EMAIL, makeShipments, waitForHydration } from "../support/admin-fixtures.ts";
import { expect, test } from "../support/fixtures.ts";
import { DESKTOP, PHONE } from "../support/viewports.ts";

// The activity log (decision 021): 'who changed this ETA, and when?' answered from the shipment's
// Activity card and from /admin/activity with its filters, on a desktop; the log on a 390 px phone last.

test.use({ signedIn: true });

test.describe(DESKTOP.name, () => {
  test.use(DESKTOP.use);

  test("an estimated delivery moved shows who moved it, when and from where", async ({ page, checkA11y }) => {
    const prefix = `ACT${Date.now().toString(36).toUpperCase()}${Math.random().toString(36).slice(2, 5).toUpperCase()}`;
    const [number] = await makeShipments(page, prefix, 1);
    await page.goto(`/admin/shipments?q=${encodeURIComponent(number!)}`);
    await page.getByRole("link", { name: number! }).first().click();
    await expect(page).toHaveURL(/\/admin\/shipments\/[0-9a-f-]{36}$/);
    const shipmentUrl = page.url();
    const shipmentId = shipmentUrl.split("/").pop()!;

    await page.goto(`${shipmentUrl}/edit`);
    await waitForHydration(page.getByRole("button", { name: "Update Shipment" }));
    await page.getByLabel("Estimated Delivery").fill("2030-12-24");
    await page.getByRole("button", { name: "Update Shipment" }).click();
    await expect(page).toHaveURL(shipmentUrl);

    // The shipment's own Activity card, opened.
    await page.getByRole("link", { name: "Show activity" }).click();
    await expect(page).toHaveURL(/\?activity#activity$/);
    const card = page.getByRole("list", { name: "Activity of this shipment" });
    const changed = card
      .locator(":scope > li")
      .filter({ hasText: "Estimated delivery: 2030-12-20 → 2030-12-24" });
    await expect(changed).toHaveCount(1);
    await expect(changed).toContainText(ADMIN_EMAIL);
    await expect(changed).toContainText(/from \S+/);
    await expect(changed.locator("time")).toHaveAttribute("datetime", /^\d{4}-\d{2}-\d{2}T/);

    // The whole log, filtered to shipments: the same entry, with a link back to the shipment.
    await page.goto("/admin/activity");
    await expect(page.getByRole("heading", { level: 1, name: "Activity" })).toBeVisible();
    const filters = page.getByRole("form", { name: "Filter activity" });
    await filters.getByLabel("Record").selectOption({ label: "Shipment" });
    const today = new Date().toISOString().slice(0, 10);
    await filters.getByLabel("From").fill(today);
    await filters.getByRole("button", { name: "Filter" }).click();
    await expect(page).toHaveURL(/entity=shipments/);
    // (Tests side by side may move their own shipment's date the same way: this one is the one linked.)
    const entry = page
      .getByRole("list", { name: "Activity", exact: true })
      .locator(":scope > li")
      .filter({ hasText: "Estimated delivery: 2030-12-20 → 2030-12-24" })
      .filter({ has: page.locator(`a[href="/admin/shipments/${shipmentId}"]`) });
    await expect(entry).toHaveCount(1);
    await expect(entry).toContainText(ADMIN_EMAIL);
    await expect(entry.getByRole("link", { name: "Shipment" })).toHaveAttribute(
      "href",
      `/admin/shipments/${shipmentId}`,
    );
    await checkA11y();
    // Nothing on the page edits or deletes an entry.
    await expect(page.getByRole("button", { name: /delete|edit/i })).toHaveCount(0);
    // Nothing wider than the screen.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

test.describe(PHONE.name, () => {
  test.use(PHONE.use);
  test("the activity log fits a phone's screen", async ({ page, checkA11y }) => {
    await makeShipments(page, `ACTP${Date.now().toString(36).toUpperCase()}`, 1);
    await page.goto("/admin/activity?entity=shipments");
    await expect(
      page.getByRole("list", { name: "Activity", exact: true }).locator(":scope > li").first(),
    ).toBeVisible();
    await checkA11y();
    // Nothing wider than the phone's screen.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
