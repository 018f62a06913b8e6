import { ADMIN_EMAIL, ADMIN_PASSWORD, submitLogin, waitForToastsToClose } from "../support/admin-fixtures.ts";
import { expect, test } from "../support/fixtures.ts";

test.use({ signedIn: true });

test("the dashboard shows the shipment counts and leads to the list", async ({ page, checkA11y }) => {
  test.slow();
  await page.goto("/admin/dashboard");
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  await expect(page.getByText("Total Shipments")).toBeVisible();
  await expect(page.getByText("All time shipments")).toBeVisible();
  await expect(page.getByText("Active Shipments")).toBeVisible();
  await expect(page.getByText("Currently in transit")).toBeVisible();
  // The count is every shipment not delivered (the spec's 'Active'), as the card says: no second count beside
  // it, such as the number with the status In Transit, which read as contradicting 'Currently in transit'.
  const active = page.getByText("Currently in transit", { exact: true }).locator("..");
  await expect(active.getByText("Every shipment not delivered yet, whatever its status.")).toBeVisible();
  await expect(active).not.toContainText("In Transit");
  await expect(page.getByRole("heading", { name: "Shipments Created per Week" })).toBeVisible();
  await expect(page.getByRole("table", { name: /Shipments created per week/ })).toBeAttached();
  await expect(page.getByRole("heading", { name: "Shipments by Status" })).toBeVisible();
  await expect(page.getByRole("link", { name: /Unread quote requests/ })).toHaveAttribute(
    "href",
    "/admin/quote-requests",
  );
  await expect(page.getByRole("link", { name: /Unread messages/ })).toHaveAttribute(
    "href",
    "/admin/contact-submissions",
  );
  await expect(page.getByRole("heading", { name: "Overdue Deliveries" })).toBeVisible();
  // What customers owe (decision 026), for the Administrator: per currency, and the way to the receivables.
  await expect(page.getByRole("heading", { name: "Receivables" })).toBeVisible();
  await expect(page.getByRole("link", { name: "View Receivables" })).toHaveAttribute(
    "href",
    "/admin/receivables",
  );
  await waitForToastsToClose(page);
  await checkA11y();

  await page.getByRole("link", { name: "View Active" }).click();
  await expect(page).toHaveURL(/\/admin\/shipments\?status=active$/);
  // The URL changes a moment before the dashboard unmounts, and its "Shipments by Status" section
  // is labelled too: wait for the list, then match the filter's label exactly.
  await expect(page.getByRole("heading", { level: 1, name: "Shipments" })).toBeVisible();
  await expect(page.getByLabel("Status", { exact: true })).toHaveValue("active");

  await page.goto("/admin/dashboard");
  await page.getByRole("link", { name: "Manage Shipments" }).click();
  await expect(page).toHaveURL(/\/admin\/shipments$/);
  await expect(page.getByRole("heading", { level: 1, name: "Shipments" })).toBeVisible();
});

test("the dashboard is readable without JavaScript", async ({ browser }) => {
  test.slow();
  // A browser of its own, signed out: signing in again would end the shared session.
  const context = await browser.newContext({ javaScriptEnabled: false, storageState: undefined });
  const page = await context.newPage();
  // Without JavaScript the login form still posts; the dashboard is server-rendered.
  await page.goto("/admin-login?redirectTo=%2Fadmin%2Fdashboard");
  await submitLogin(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  await expect(page.getByText("Total Shipments")).toBeVisible();
  await context.close();
});
