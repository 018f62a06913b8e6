import type { Page } from "@playwright/test";
import { login, reloadWithoutToasts, waitForHydration } from "./admin-fixtures.ts";
import { expect, test } from "./fixtures.ts";

const siteForm = (page: Page) => page.getByRole("form", { name: "Site Details" });

async function saveContactDetails(page: Page, phone: string, email: string) {
  await page.goto("/admin/settings");
  const form = siteForm(page);
  await waitForHydration(form.getByRole("button", { name: "Save Settings" }));
  await form.getByLabel("Phone").fill(phone);
  await form.getByLabel("Email").fill(email);
  await form.getByRole("button", { name: "Save Settings" }).click();
  await expect(page.getByText("Settings saved")).toBeVisible();
}

test("site details saved in the settings appear on the public site", async ({ page, checkA11y }) => {
  test.slow();
  await login(page);
  await page.goto("/admin/settings");
  await reloadWithoutToasts(page);
  await checkA11y();
  const form = siteForm(page);
  const originalPhone = await form.getByLabel("Phone").inputValue();
  const originalEmail = await form.getByLabel("Email").inputValue();
  const suffix = String(Date.now()).slice(-6);
  const phone = `+231 88 ${suffix.slice(0, 3)} ${suffix.slice(3)}`;
  const email = `desk-${suffix}@example.com`;
  try {
    await saveContactDetails(page, phone, email);
    await page.goto("/");
    await expect(page.getByText(phone).filter({ visible: true }).first()).toBeVisible();
    await expect(page.getByText(email).filter({ visible: true }).first()).toBeVisible();
  } finally {
    // Other tests read the same site: put the details back at once.
    await saveContactDetails(page, originalPhone, originalEmail);
  }
});

test("the site details are checked before saving", async ({ page }) => {
  await login(page);
  await page.goto("/admin/settings");
  const form = siteForm(page);
  await waitForHydration(form.getByRole("button", { name: "Save Settings" }));
  await form.getByLabel("Email").fill("not-an-email");
  await form.getByLabel("Facebook").fill("http://insecure.example");
  await form.getByRole("button", { name: "Save Settings" }).click();
  await expect(form.getByText("Please enter a valid email address.")).toBeVisible();
  await expect(form.getByText("Enter a full https:// address or leave empty.")).toBeVisible();
  await expect(page.getByText("Settings saved")).toHaveCount(0);
});

test("changing one's password checks the confirmation first", async ({ page }) => {
  await login(page);
  await page.goto("/admin/settings");
  const form = page.getByRole("form", { name: "Your Password" });
  await waitForHydration(form.getByRole("button", { name: "Change Password" }));
  await form.getByLabel("Current password").fill("anything at all");
  await form.getByLabel("New password", { exact: true }).fill("a fresh passphrase here");
  await form.getByLabel("Confirm new password").fill("a different passphrase");
  await form.getByRole("button", { name: "Change Password" }).click();
  await expect(form.getByText("The passwords do not match.")).toBeVisible();
});
