import { waitForHydration } from "../support/admin-fixtures.ts";
import { expect, test } from "../support/fixtures.ts";
import { PHONE } from "../support/viewports.ts";

// On a phone the back office's sidebar was a strip of icons without labels: it is a 'Menu' drawer of icons and
// labels, for touch, keyboard and screen reader. The laptop's sidebar is admin-shell.spec.ts's.

test.describe("the back office on a phone", () => {
  test.use({ ...PHONE.use, signedIn: true });

  test("opens a menu of icons and labels from 'Menu', by touch or keyboard, and closes it", async ({
    page,
    checkA11y,
  }) => {
    test.slow();
    await page.goto("/admin/dashboard");
    const menu = page.getByRole("banner").getByRole("button", { name: "Menu" });
    await waitForHydration(menu);
    await expect(menu).toHaveAttribute("aria-expanded", "false");
    const nav = page.getByRole("navigation", { name: "Admin" });
    await expect(nav).toBeHidden();

    await menu.click();
    await expect(menu).toHaveAttribute("aria-expanded", "true");
    // Every entry shows its label beside its icon, readable at a glance.
    for (const name of ["Dashboard", "Shipments", "Invoices", "Quote Requests", "Settings"]) {
      const label = nav.getByRole("link", { name: new RegExp(`^${name}( New)?( \\d+\\+? unread)?$`) });
      await expect(label.getByText(name, { exact: true })).toBeVisible();
      expect((await label.getByText(name, { exact: true }).boundingBox())!.width).toBeGreaterThan(30);
    }
    await expect(page.getByRole("complementary").getByRole("button", { name: "Logout" })).toBeVisible();
    await checkA11y();
    // A link closes it on the page it opens.
    await nav.getByRole("link", { name: /^Shipments/ }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Shipments" })).toBeVisible();
    await expect(nav).toBeHidden();

    // By keyboard: the focus goes into the menu, Tab reaches its links, Escape closes it and returns to 'Menu'.
    await menu.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("button", { name: "Close menu" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(nav.getByRole("link").first()).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(nav).toBeHidden();
    await expect(menu).toBeFocused();
    await page.keyboard.press("Enter");
    await page.getByRole("button", { name: "Close menu" }).click();
    await expect(nav).toBeHidden();
  });
});
