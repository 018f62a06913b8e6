import type { Page } from "@playwright/test";
import {
  login,
  readOutbox,
  reloadWithoutToasts,
  submitLogin,
  uniqueAdminEmail,
  waitForHydration,
} from "../support/admin-fixtures.ts";
import { expect, test } from "../support/fixtures.ts";

const TEMPORARY = "temporary passphrase 4711";

/** An account's entry in Settings → Staff Accounts (the same list as the Staff page's). */
const accountRow = (page: Page, email: string) =>
  page.getByRole("list", { name: "Staff accounts" }).getByRole("listitem").filter({ hasText: email });

async function addStaffAccount(page: Page, email: string) {
  await page.goto("/admin/settings");
  const form = page.getByRole("form", { name: "Add an account" });
  await waitForHydration(form.getByRole("button", { name: "Add Account" }));
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Name (optional)").fill("New Colleague");
  await form.getByLabel("Temporary password").fill(TEMPORARY);
  await expect(form.getByLabel("Role")).toHaveValue("operations");
  await form.getByRole("button", { name: "Add Account" }).click();
  await expect(page.getByText("Account added")).toBeVisible();
  await expect(accountRow(page, email)).toContainText("Temporary password");
  await expect(accountRow(page, email)).toContainText("Operations");
}

async function logout(page: Page) {
  await page.getByRole("complementary").getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/admin-login$/);
}

test("a new staff account must replace its temporary password, and can be removed", async ({
  page,
  checkA11y,
}) => {
  // Three logins, an account created and removed: a long flow on a busy machine.
  test.slow();
  const email = uniqueAdminEmail("colleague");
  await login(page);
  await addStaffAccount(page, email);
  await logout(page);

  await waitForHydration(page.getByRole("button", { name: "Login" }));
  await submitLogin(page, email, TEMPORARY);
  await expect(page).toHaveURL(/\/admin\/change-password$/);
  await expect(page.getByRole("heading", { name: "Choose a New Password" })).toBeVisible();
  await reloadWithoutToasts(page);
  await checkA11y();
  // Nothing else of the admin area until the password is changed.
  await page.goto("/admin/settings");
  await expect(page).toHaveURL(/\/admin\/change-password$/);

  await waitForHydration(page.getByRole("button", { name: "Save Password" }));
  await page.getByLabel("Current password").fill(TEMPORARY);
  await page.getByLabel("New password", { exact: true }).fill("short");
  await page.getByLabel("Confirm new password").fill("short");
  await page.getByRole("button", { name: "Save Password" }).click();
  await expect(page.getByText("The password must be at least 12 characters.")).toBeVisible();
  await page.getByLabel("New password", { exact: true }).fill("my own colleague passphrase");
  await page.getByLabel("Confirm new password").fill("my own colleague passphrase");
  await page.getByRole("button", { name: "Save Password" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByText("Password changed")).toBeVisible();
  await logout(page);

  await login(page);
  await page.goto("/admin/settings");
  const row = accountRow(page, email);
  await expect(row).not.toContainText("Temporary password");
  await waitForHydration(row.getByRole("button", { name: /Remove/ }));
  await row.getByRole("button", { name: /Remove/ }).click();
  const dialog = page.getByRole("alertdialog", { name: "Are you sure?" });
  await dialog.getByRole("button", { name: "Remove Account" }).click();
  await expect(page.getByText("Account removed")).toBeVisible();
  await expect(accountRow(page, email)).toHaveCount(0);
});

test("'Forgot password?' e-mails a single-use link that sets a new password", async ({ page }) => {
  test.slow();
  const email = uniqueAdminEmail("forgetful");
  await login(page);
  await addStaffAccount(page, email);
  await logout(page);

  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page.getByRole("heading", { name: "Forgot Password" })).toBeVisible();
  await waitForHydration(page.getByRole("button", { name: "Send Reset Link" }));
  await page.getByLabel("Email").fill(email.toUpperCase());
  await page.getByRole("button", { name: "Send Reset Link" }).click();
  await expect(page.getByRole("heading", { name: "Check Your Email" })).toBeVisible();
  await expect(page.getByRole("status")).toContainText("The link is valid for 30 minutes");

  await expect.poll(() => readOutbox(email).length).toBe(1);
  const [mail] = readOutbox(email);
  expect(mail!.subject).toBe("Reset your admin password");
  const link = /https?:\/\/\S+\/admin-reset-password\?token=[\w-]+/.exec(mail!.text)?.[0];
  expect(link).toBeTruthy();

  await page.goto(link!);
  await expect(page.getByRole("heading", { name: "Reset Password" })).toBeVisible();
  await waitForHydration(page.getByRole("button", { name: "Reset Password" }));
  await page.getByLabel("New password", { exact: true }).fill("recovered colleague passphrase");
  await page.getByLabel("Confirm new password").fill("recovered colleague passphrase");
  await page.getByRole("button", { name: "Reset Password" }).click();
  await expect(page).toHaveURL(/\/admin-login$/);
  await expect(page.getByText("Log in with your new password.")).toBeVisible();

  await login(page, { email, password: "recovered colleague passphrase" });
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();

  // The link works once.
  await page.goto(link!);
  await expect(page.getByText("This reset link is invalid or has expired.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Request a new link" })).toBeVisible();
});

test("'Forgot password?' answers the same for an unknown address and sends nothing", async ({
  page,
  checkA11y,
}) => {
  const email = uniqueAdminEmail("stranger");
  await page.goto("/admin-forgot-password");
  await checkA11y();
  await waitForHydration(page.getByRole("button", { name: "Send Reset Link" }));
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send Reset Link" }).click();
  await expect(page.getByRole("heading", { name: "Check Your Email" })).toBeVisible();
  await expect(page.getByRole("status")).toContainText(`If an admin account exists for ${email}`);
  await page.waitForTimeout(500);
  expect(readOutbox(email)).toEqual([]);
});
