// Staff roles (decision 019): an administrator adds an Editor, who chooses a password through the e-mailed link,
// lands on the blog, sees no shipments and gets the 403 page for them; disabling the account ends its session.
import type { Page } from "@playwright/test";
import {
  login,
  readOutbox,
  submitLogin,
  uniqueAdminEmail,
  waitForHydration,
} from "../support/admin-fixtures.ts";
import { expect, test } from "../support/fixtures.ts";
import { PHONE } from "../support/viewports.ts";

/** An account's entry in the Staff page's list (toasts are list items too). */
const staffRow = (page: Page, email: string) =>
  page.getByRole("list", { name: "Staff accounts" }).getByRole("listitem").filter({ hasText: email });

const EDITOR_PASSWORD = "an editor's own passphrase";

async function addPerson(page: Page, { name, email, role }: { name: string; email: string; role: string }) {
  await page.goto("/admin/staff");
  const form = page.getByRole("form", { name: "Add a person" });
  await waitForHydration(form.getByRole("button", { name: "Add Person" }));
  await expect(form).toContainText("valid for 72 hours");
  await form.getByLabel("Name").fill(name);
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Role").selectOption(role);
  await form.getByRole("button", { name: "Add Person" }).click();
  await expect(page.getByText("Account added")).toBeVisible();
}

test("an Editor added by an administrator works on the blog only, until the account is disabled", async ({
  page,
  browser,
  checkA11y,
}) => {
  test.slow();
  const email = uniqueAdminEmail("editor");
  await login(page);
  await addPerson(page, { name: "Eddie Tor", email, role: "editor" });
  const row = staffRow(page, email);
  await expect(row).toContainText("Editor");
  await expect(row).toContainText("Last login: Never");
  await checkA11y();

  // The set-password link from the e-mail.
  await expect.poll(() => readOutbox(email).length).toBe(1);
  const [mail] = readOutbox(email);
  expect(mail!.subject).toBe("Your staff account: choose a password");
  const link = /https?:\/\/\S+\/admin-reset-password\?token=[\w-]+/.exec(mail!.text)?.[0];
  expect(link).toBeTruthy();

  // The Editor, in a browser of their own.
  const editorContext = await browser.newContext();
  const editor = await editorContext.newPage();
  try {
    await editor.goto(link!);
    await waitForHydration(editor.getByRole("button", { name: "Reset Password" }));
    await editor.getByLabel("New password", { exact: true }).fill(EDITOR_PASSWORD);
    await editor.getByLabel("Confirm new password").fill(EDITOR_PASSWORD);
    await editor.getByRole("button", { name: "Reset Password" }).click();
    await expect(editor).toHaveURL(/\/admin-login$/);

    // Signing in with a remembered shipment address lands on the blog, not on a 403.
    await editor.goto(`/admin-login?${new URLSearchParams({ redirectTo: "/admin/shipments" })}`);
    await waitForHydration(editor.getByRole("button", { name: "Login" }));
    await submitLogin(editor, email, EDITOR_PASSWORD);
    await expect(editor).toHaveURL(/\/admin\/blog$/);
    const menu = editor.getByRole("navigation", { name: "Admin" });
    await expect(menu.getByRole("link", { name: "Blog" })).toBeVisible();
    await expect(menu.getByRole("link", { name: "Media" })).toBeVisible();
    for (const hidden of [
      "Dashboard",
      "Shipments",
      "Quote Requests",
      "Contact Messages",
      "Staff",
      "Settings",
    ]) {
      await expect(menu.getByRole("link", { name: hidden })).toHaveCount(0);
    }
    await expect(editor.getByRole("button", { name: /Notifications/i })).toHaveCount(0);

    // Any shipment address: the 403 page, with the way back to the Editor's first page.
    const refused = await editor.goto("/admin/shipments");
    expect(refused?.status()).toBe(403);
    await expect(editor.getByText("You do not have access to this page.")).toBeVisible();
    await checkA11y(editor);
    const pdf = await editor.request.get("/admin/shipments/labels.pdf");
    expect(pdf.status()).toBe(403);
    await editor.getByRole("link", { name: "Go to your start page" }).click();
    await expect(editor).toHaveURL(/\/admin\/blog$/);

    // The administrator disables the account: the Editor's session ends at once.
    await page.goto("/admin/staff");
    const editorRow = staffRow(page, email);
    await waitForHydration(editorRow.getByRole("button", { name: /Disable/ }));
    await editorRow.getByRole("button", { name: /Disable/ }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Disable Account" }).click();
    await expect(page.getByText("Account disabled")).toBeVisible();
    await expect(staffRow(page, email)).toContainText("Disabled");

    await editor.goto("/admin/blog");
    await expect(editor).toHaveURL(/\/admin-login\?/);
    await waitForHydration(editor.getByRole("button", { name: "Login" }));
    await submitLogin(editor, email, EDITOR_PASSWORD);
    await expect(editor.getByText("Invalid email or password")).toBeVisible();
  } finally {
    await editorContext.close();
  }
});

test.describe(PHONE.name, () => {
  test.use({ ...PHONE.use, signedIn: true });
  test("the Staff page fits a 390 px phone", async ({ page, checkA11y }) => {
    await page.goto("/admin/staff");
    await expect(page.getByRole("heading", { name: "Staff", level: 1 })).toBeVisible();
    await expect(page.getByRole("form", { name: "Add a person" })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await checkA11y();
  });
});
