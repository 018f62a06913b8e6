import { reloadWithoutToasts, waitForHydration } from "../support/admin-fixtures.ts";
import { expect, test } from "../support/fixtures.ts";

test.use({ signedIn: true });

test("the sidebar lists the admin sections and remembers when it is collapsed", async ({
  page,
  checkA11y,
}) => {
  // Signing in (the worker's first test), axe and three reloads: over 30 s on a busy machine.
  test.slow();
  await page.goto("/admin/dashboard");
  const sidebar = page.getByRole("complementary");
  const nav = sidebar.getByRole("navigation", { name: "Admin" });
  for (const [name, href] of [
    ["Dashboard", "/admin/dashboard"],
    ["Shipments", "/admin/shipments"],
    ["Blog", "/admin/blog"],
    ["Media", "/admin/media"],
    ["Quote Requests", "/admin/quote-requests"],
    ["Contact Messages", "/admin/contact-submissions"],
    ["Activity", "/admin/activity"],
    ["Staff", "/admin/staff"],
    ["Settings", "/admin/settings"],
  ] as const) {
    // The inboxes may carry the number unread, and Contact Messages its 'New' badge (items of other tests).
    await expect(
      nav.getByRole("link", { name: new RegExp(`^${name}( New)?( \\d+\\+? unread)?$`) }),
    ).toHaveAttribute("href", href);
  }
  await expect(sidebar.getByRole("button", { name: "Logout" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Dashboard" })).toHaveAttribute("aria-current", "page");
  await reloadWithoutToasts(page);
  await checkA11y();

  const width = async () => (await sidebar.boundingBox())?.width ?? 0;
  expect(await width()).toBe(256);
  await sidebar.getByRole("button", { name: "Collapse sidebar" }).click();
  await expect.poll(width).toBe(64);
  await expect(sidebar.getByRole("button", { name: "Expand sidebar" })).toBeVisible();

  // Rendered collapsed by the server after a reload.
  await page.reload();
  expect(await width()).toBe(64);
  await expect(nav.getByRole("link", { name: "Quote Requests" })).toHaveAttribute(
    "href",
    "/admin/quote-requests",
  );
  await sidebar.getByRole("button", { name: "Expand sidebar" }).click();
  await expect.poll(width).toBe(256);
  await page.reload();
  expect(await width()).toBe(256);
});

test("the bell lists unread quote requests or says there are none", async ({ page }) => {
  await page.goto("/admin/dashboard");
  await waitForHydration(page.getByRole("button", { name: /^Notifications/ }));
  await page.getByRole("button", { name: /^Notifications/ }).click();
  const panel = page.getByRole("dialog", { name: "Notifications" });
  await expect(panel.getByRole("heading", { name: "Notifications" })).toBeVisible();
  const items = panel.getByRole("link");
  if ((await items.count()) === 0) {
    await expect(panel.getByText("No new notifications")).toBeVisible();
  } else {
    // Each item opens its own request or message (admin-inboxes.spec.ts follows one).
    await expect(items.first()).toHaveAttribute(
      "href",
      /^\/admin\/(quote-requests|contact-submissions)\/[0-9a-f-]{36}$/,
    );
    await expect(items.first()).toContainText(/New (quote request|message) from/);
  }
});

test("the header is titled 'Admin Panel' on small screens", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto("/admin/dashboard");
  await expect(page.getByRole("banner").getByText("Admin Panel")).toBeVisible();
  // The sidebar is the 'Menu' drawer there, with labels (phone-screens.spec.ts opens it).
  await expect(page.getByRole("complementary")).toBeHidden();
  await expect(page.getByRole("banner").getByRole("button", { name: "Menu" })).toBeVisible();
  await expect(page.getByRole("button", { name: /^Notifications/ })).toBeVisible();
});

test("an unknown admin page answers 404 inside the admin area", async ({ page }) => {
  const response = await page.goto("/admin/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
  await expect(page.getByRole("complementary").getByRole("link", { name: "Dashboard" })).toBeVisible();
});
