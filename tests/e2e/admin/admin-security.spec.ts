import { login } from "../support/admin-fixtures.ts";
import { expect, test } from "../support/fixtures.ts";

test("cross-origin posts to an admin action and to a public form are refused", async ({ page }) => {
  await login(page);
  for (const [url, form] of [
    [
      "/admin/settings",
      { intent: "add-user", email: "intruder@example.com", password: "an intruder passphrase" },
    ],
    ["/admin/logout", {}],
    [
      "/contact",
      {
        name: "Intruder",
        email: "intruder@example.com",
        subject: "Hello there",
        message: "Cross-site post.",
      },
    ],
  ] as const) {
    const response = await page.request.post(url, { headers: { Origin: "https://evil.example" }, form });
    expect(response.status(), url).toBe(403);
    expect(await response.text()).toBe("Cross-origin requests are not allowed.");
  }
  await page.goto("/admin/settings");
  await expect(page.getByText("intruder@example.com")).toHaveCount(0);
});

test("the session cookie is HttpOnly and SameSite=Lax, and admin pages are never cached", async ({
  page,
  context,
}) => {
  const loginPage = await page.goto("/admin-login");
  expect(loginPage?.headers()["cache-control"]).toBe("no-store");
  await login(page);
  const cookie = (await context.cookies()).find((c) => c.name === "admin_session");
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
  const dashboard = await page.goto("/admin/dashboard");
  expect(dashboard?.headers()["cache-control"]).toBe("no-store");
  // Not readable from page scripts.
  expect(await page.evaluate(() => document.cookie)).not.toContain("admin_session");
});

test("logging out needs a POST: opening the logout address keeps the session", async ({ page }) => {
  await login(page);
  await page.goto("/admin/logout");
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
});
