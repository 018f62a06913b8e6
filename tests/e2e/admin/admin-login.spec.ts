import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  login,
  reloadWithoutToasts,
  submitLogin,
  uniqueAdminEmail,
  waitForHydration,
} from "../support/admin-fixtures.ts";
import { expect, test } from "../support/fixtures.ts";

test("an admin logs in, is welcomed, and logs out", async ({ page, checkA11y }) => {
  test.slow();
  await page.goto("/admin-login");
  await expect(page.getByRole("heading", { name: "Admin Login" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Forgot password?" })).toHaveAttribute(
    "href",
    "/admin-forgot-password",
  );
  await expect(page.getByRole("button", { name: "Reset Admin Password" })).toHaveCount(0);
  await checkA11y();

  await waitForHydration(page.getByRole("button", { name: "Login" }));
  await submitLogin(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByText("Login successful")).toBeVisible();
  await expect(page.getByText("Welcome to the admin dashboard")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
  await reloadWithoutToasts(page);
  await checkA11y();

  // Signed in, the login page sends the visitor on to the dashboard.
  await page.goto("/admin-login");
  await expect(page).toHaveURL(/\/admin\/dashboard$/);

  // The spec's label on the menu; who is signed in shows inside it.
  await page.getByRole("button", { name: "Admin User" }).click();
  await expect(page.getByRole("menu").getByText(ADMIN_EMAIL)).toBeVisible();
  await page.getByRole("menuitem", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/admin-login$/);
  await expect(page.getByText("Logged out successfully")).toBeVisible();
  await expect(page.getByText("You have been logged out of the admin area")).toBeVisible();

  // The session ended on the server: the admin area asks for a login again.
  await page.goto("/admin/dashboard");
  await expect(page).toHaveURL(/\/admin-login\?redirectTo=%2Fadmin%2Fdashboard$/);
  await expect(page.getByText("Authentication required")).toBeVisible();
});

test("'Logging in...' shows while the login is checked", async ({ page }) => {
  await page.goto("/admin-login");
  await waitForHydration(page.getByRole("button", { name: "Login" }));
  await page.route("**/admin-login*", async (route) => {
    if (route.request().method() === "POST") await new Promise((resolve) => setTimeout(resolve, 500));
    await route.continue();
  });
  await submitLogin(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await expect(page.getByRole("button", { name: "Logging in..." })).toBeDisabled();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
});

test("after login the visitor returns to the page first asked for", async ({ page }) => {
  await page.goto("/admin/settings");
  await expect(page).toHaveURL(/\/admin-login\?redirectTo=%2Fadmin%2Fsettings$/);
  await expect(page.getByText("Authentication required")).toBeVisible();
  await expect(page.getByText("Please log in to access the admin area")).toBeVisible();
  await waitForHydration(page.getByRole("button", { name: "Login" }));
  await submitLogin(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await expect(page).toHaveURL(/\/admin\/settings$/);
  await expect(page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();
});

test("a redirect to another site is ignored", async ({ page }) => {
  await page.goto(`/admin-login?${new URLSearchParams({ redirectTo: "//evil.example/phish" })}`);
  await waitForHydration(page.getByRole("button", { name: "Login" }));
  await submitLogin(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
});

test("/admin goes to the dashboard", async ({ page }) => {
  await login(page);
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("login and logout work as plain forms", async ({ page }) => {
    await page.goto("/admin-login");
    await submitLogin(page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await page.getByRole("complementary").getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/admin-login$/);
  });

  test("a wrong password and an unknown account get the same message", async ({ page }) => {
    await page.goto("/admin-login");
    await submitLogin(page, ADMIN_EMAIL, "not the right passphrase");
    await expect(page.getByRole("alert")).toHaveText("Invalid email or password");
    await expect(page.getByLabel("Email")).toHaveValue(ADMIN_EMAIL);
    await expect(page.getByLabel("Password", { exact: true })).toHaveValue("");

    await submitLogin(page, uniqueAdminEmail("nobody"), "not the right passphrase");
    await expect(page.getByRole("alert")).toHaveText("Invalid email or password");
  });

  test("repeated failures lock the account for a while", async ({ page }) => {
    // An address of its own, so the shared admin account is never locked.
    const email = uniqueAdminEmail("throttled");
    await page.goto("/admin-login");
    for (let attempt = 1; attempt <= 5; attempt++) {
      await submitLogin(page, email, `wrong passphrase ${attempt}`);
      await expect(page.getByRole("alert")).toHaveText("Invalid email or password");
    }
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST"),
      submitLogin(page, email, "wrong passphrase 6"),
    ]);
    expect(response.status()).toBe(429);
    await expect(page.getByRole("alert")).toHaveText(
      /^Too many failed attempts\. Please try again in \d+ (seconds|minutes?)\.$/,
    );
  });
});
