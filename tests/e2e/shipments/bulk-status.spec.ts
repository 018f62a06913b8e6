import type { Page } from "@playwright/test";
import { makeShipments, waitForHydration } from "../support/admin-fixtures.ts";
import { expect, test } from "../support/fixtures.ts";
import { DESKTOP, PHONE } from "../support/viewports.ts";

// Bulk status updates (decision 017): ticked shipments from the list, and the warehouse's scan page, each getting one
// status update in one step. The shipments are made through the app's own form post (signed in).

const stamp = () =>
  `BLK${Date.now().toString(36).toUpperCase()}${Math.random().toString(36).slice(2, 5).toUpperCase()}`;

test.use({ signedIn: true });

/** Three new shipments, the first two ticked in the list (a table row or a phone's card) for 'Add status update'. */
async function tickTwoOfThree(page: Page) {
  const prefix = stamp();
  const [first, second, third] = (await makeShipments(page, prefix, 3)) as [string, string, string];
  await page.goto(`/admin/shipments?q=${prefix}`);
  const add = page.getByRole("button", { name: "Add status update" });
  await waitForHydration(add);
  for (const number of [first, second]) {
    await page
      .getByRole("checkbox", { name: `Select ${number}` })
      .filter({ visible: true })
      .check();
  }
  await add.click();
  await expect(page.getByText("2 shipments selected")).toBeVisible();
  const numbers = page.getByRole("list", { name: "Tracking numbers" });
  await expect(numbers).toContainText(first);
  await expect(numbers).toContainText(second);
  await expect(numbers).not.toContainText(third);
  return { prefix, first, second, third };
}

test.describe(DESKTOP.name, () => {
  // A refused form is answered 400 on purpose (house rule), which Chromium logs for the data request.
  test.use({
    ...DESKTOP.use,
    allowedConsoleErrors: [/400 \(Bad Request\) \(https?:\/\/[^/]+\/admin\/shipments\/bulk-update\.data/],
  });

  test("two ticked shipments get 'Arrived at Port of Monrovia' in one action", async ({
    page,
    checkA11y,
  }) => {
    const { prefix, first, second, third } = await tickTwoOfThree(page);
    await expect(
      page.getByRole("heading", { level: 1, name: "Add a status update to many shipments" }),
    ).toBeVisible();
    await checkA11y();
    await page.getByRole("combobox", { name: "Status" }).fill("Arrived");
    await page.getByRole("textbox", { name: "Location" }).fill("Port of Monrovia");
    await expect(page.getByLabel(/^Notify customers/)).toBeChecked();
    await page.getByRole("button", { name: "Add status update" }).click();
    // Back to the list with its search.
    await expect(page).toHaveURL(new RegExp(`/admin/shipments\\?q=${prefix}$`));
    await expect(page.getByText("Status update added to 2 shipments")).toBeVisible();
    await page.goto(`/admin/shipments?q=${prefix}`);
    const rows = page.getByRole("row").or(page.getByRole("listitem")).filter({ visible: true });
    await expect(rows.filter({ hasText: first! })).toContainText("Arrived");
    await expect(rows.filter({ hasText: second! })).toContainText("Arrived");
    await expect(rows.filter({ hasText: third! })).toContainText("In Transit");
  });

  test("every shipment a filtered list shows gets the update, and the list comes back as it was", async ({
    page,
  }) => {
    const prefix = stamp();
    const [first, second] = await makeShipments(page, prefix, 2);
    const [pending] = await makeShipments(page, `${prefix}P`, 1, "Pending");
    const list = `/admin/shipments?q=${prefix}&status=In+Transit`;
    await page.goto(list);
    await page.getByRole("link", { name: "Add a status update to every shipment listed" }).click();
    await expect(page.getByText("2 shipments listed by the search")).toBeVisible();
    await page.getByRole("combobox", { name: "Status" }).fill("Arrived");
    await page.getByRole("textbox", { name: "Location" }).fill("Port of Monrovia");
    await page.getByRole("button", { name: "Add status update" }).click();
    // The list's status filter is no second 'Status' field: the update goes through.
    await expect(page.getByText("Status update added to 2 shipments")).toBeVisible();
    await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === list);
    await page.goto(`/admin/shipments?q=${prefix}`);
    const rows = page.getByRole("row").or(page.getByRole("listitem")).filter({ visible: true });
    await expect(rows.filter({ hasText: first! })).toContainText("Arrived");
    await expect(rows.filter({ hasText: second! })).toContainText("Arrived");
    await expect(rows.filter({ hasText: pending! })).toContainText("Pending");
  });

  test("the warehouse scans numbers one after another; an unknown one is named and nothing changes until it goes", async ({
    page,
    checkA11y,
  }) => {
    const prefix = stamp();
    const [first, second] = await makeShipments(page, prefix, 2);
    await page.goto("/admin/shipments/bulk-update");
    await expect(
      page.getByRole("heading", { level: 1, name: "Scan shipments for a status update" }),
    ).toBeVisible();
    const scan = page.getByLabel("Scan or type a tracking number, then Enter");
    await expect(scan).toBeFocused();
    // A scanner types the number and presses Enter; the same parcel scanned twice counts once.
    for (const number of [first!, second!, first!.toLowerCase(), `${prefix}-404`]) {
      await scan.fill(number);
      await scan.press("Enter");
      await expect(scan).toHaveValue("");
    }
    await expect(page.getByText(`3 numbers in the list (last: ${prefix}-404)`)).toBeVisible();
    await checkA11y();
    await page.getByRole("combobox", { name: "Status" }).fill("Out for Delivery");
    await page.getByRole("textbox", { name: "Location" }).fill("Monrovia");
    await page.getByLabel(/^Notify customers/).uncheck();
    await page.getByRole("button", { name: "Add status update" }).click();
    const field = page.getByLabel("Tracking numbers, one per line");
    await expect(field).toHaveAttribute("aria-invalid", "true");
    await expect(field).toHaveAccessibleDescription(
      `No shipment has this number: ${prefix}-404. Remove or correct it; nothing was changed.`,
    );
    await field.fill(`${first}\n${second}\n`);
    await page.getByRole("button", { name: "Add status update" }).click();
    await expect(page.getByText("Status update added to 2 shipments")).toBeVisible();
    await expect(page.getByText("Customers were not told.")).toBeVisible();
  });
});

test.describe(PHONE.name, () => {
  test.use(PHONE.use);
  test("on a phone the list's cards are ticked for one status update", async ({ page, checkA11y }) => {
    await tickTwoOfThree(page);
    await checkA11y();
  });
});
