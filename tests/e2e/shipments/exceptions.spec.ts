import type { Page } from "@playwright/test";
import { makeShipments, waitForHydration } from "../support/admin-fixtures.ts";
import { expect, test } from "../support/fixtures.ts";
import { DESKTOP, PHONE } from "../support/viewports.ts";

// The exceptions board (decision 018): the dashboard's cards lead to it; a Delayed shipment is listed with its age;
// the 'no update for N days' setting is checked and saved.

test.use({ signedIn: true });

/** The shipment's entry in the board's Delayed list. */
const delayedRow = (page: Page, number: string) =>
  page.getByRole("list", { name: "Delayed" }).getByRole("listitem").filter({ hasText: number });

test.describe(DESKTOP.name, () => {
  // A refused setting is answered 400 on purpose (house rule), which Chromium logs for the data request.
  test.use({
    ...DESKTOP.use,
    allowedConsoleErrors: [/400 \(Bad Request\) \(https?:\/\/[^/]+\/admin\/exceptions\.data/],
  });

  test("a Delayed shipment reaches the board from the dashboard, and the stall setting is checked and saved", async ({
    page,
    checkA11y,
  }) => {
    const prefix = `EXC${Date.now().toString(36).toUpperCase()}${Math.random().toString(36).slice(2, 5).toUpperCase()}`;
    const [number] = await makeShipments(page, prefix, 1, "Delayed");
    await page.goto("/admin/dashboard");
    const cards = page.getByRole("navigation", { name: "Kinds of exception" });
    await expect(cards.getByRole("link", { name: /Delayed/ })).toHaveText(/^\d+Delayed$/);
    await cards.getByRole("link", { name: /Delayed/ }).click();
    await expect(page).toHaveURL(/\/admin\/exceptions\?kind=delayed$/);
    await expect(page.getByRole("heading", { level: 1, name: "Exceptions" })).toBeVisible();
    await expect(cards.getByRole("link", { name: /Delayed/ })).toHaveAttribute("aria-current", "page");
    const row = delayedRow(page, number!);
    await expect(row).toContainText("No update for 0 days");
    await checkA11y();
    await row.getByRole("link", { name: number! }).click();
    await expect(page).toHaveURL(/\/admin\/shipments\/[0-9a-f-]{36}$/);

    await page.goto("/admin/exceptions");
    const form = page.getByRole("form", { name: "Exceptions settings" });
    const field = form.getByLabel("Flag a shipment after this many days without a status update");
    await waitForHydration(form.getByRole("button", { name: "Save" }));
    await field.fill("0");
    await form.getByRole("button", { name: "Save" }).click();
    await expect(field).toHaveAttribute("aria-invalid", "true");
    await expect(field).toHaveAccessibleDescription("Enter a number of days from 1 to 365.");
    await field.fill("5");
    await form.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Settings saved")).toBeVisible();
    await expect(page.getByText("no status update for 5 days", { exact: false }).first()).toBeVisible();
  });
});

test.describe(PHONE.name, () => {
  test.use(PHONE.use);
  test("on a phone the board lists a Delayed shipment", async ({ page, checkA11y }) => {
    const [number] = await makeShipments(page, `EXCP${Date.now().toString(36).toUpperCase()}`, 1, "Delayed");
    await page.goto("/admin/exceptions?kind=delayed");
    const row = delayedRow(page, number!);
    await expect(row).toContainText("No update for 0 days");
    await checkA11y();
  });
});
