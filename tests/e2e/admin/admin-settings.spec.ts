import type { Page } from "@playwright/test";
import { login, waitForHydration } from "../support/admin-fixtures.ts";
import { expect, test } from "../support/fixtures.ts";
import { DESKTOP, PHONE } from "../support/viewports.ts";

test.use({ signedIn: true });

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
  await page.goto("/admin/settings");
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

test.describe("with a session of its own", () => {
  // The form changes the admin's password when it is right, which ends every session of the account: not the
  // shared one, then.
  test.use({ signedIn: false });
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
});

test.describe(DESKTOP.name, () => {
  test.use(DESKTOP.use);
  test("the messaging channels say which ways out are on, and why the others are off", async ({
    page,
    checkA11y,
  }) => {
    await page.goto("/admin/settings");
    const panel = page.getByRole("heading", { name: "Messaging Channels" }).locator("xpath=../..");
    await expect(panel).toBeVisible();
    // The test server has no mail server and no text-message provider: said in a clerk's words.
    const rows = panel.getByRole("listitem");
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(0)).toContainText("E-mail");
    await expect(rows.nth(0)).toContainText("Off");
    await expect(rows.nth(0)).toContainText("No mail server is set up for this site");
    await expect(rows.nth(1)).toContainText("SMS");
    await expect(rows.nth(1)).toContainText("No text-message provider is set up for this site");
    await expect(rows.nth(2)).toContainText("WhatsApp");
    await expect(rows.nth(2)).toContainText("WhatsApp is not set up for this site");
    await expect(panel).not.toContainText(/SMTP_URL|TWILIO_|AFRICASTALKING_|SMS_ALLOWED_COUNTRIES|README/);
    await expect(panel).toContainText("LR, BJ, CV");
    await panel.scrollIntoViewIfNeeded();
    const width = DESKTOP.use.viewport.width;
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await checkA11y();
  });

  test("the payments card says which ways of paying are on", async ({ page }) => {
    await page.goto("/admin/settings#payment-methods");
    const panel = page.getByRole("heading", { name: "Payments", exact: true }).locator("xpath=../..");
    // The test server takes mobile money through the local MTN stand-in (scripts/e2e.ts).
    const rows = panel.getByRole("listitem");
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toContainText("Cash, bank transfer, cheque, card");
    await expect(rows.nth(0)).toContainText("On");
    await expect(rows.nth(1)).toContainText("Mobile money online");
    await expect(rows.nth(1)).toContainText("customers pay USD invoices from their MTN Mobile Money wallet");
    await expect(panel).not.toContainText(/MTN_MOMO_|README/);
  });
});

test("what staff type in the settings survives the page updating for a new quote request", async ({
  page,
  browser,
}) => {
  test.slow();
  await page.goto("/admin/settings");
  const messages = page.getByRole("form", { name: "Messages to customers" });
  await waitForHydration(messages.getByRole("button", { name: "Save messages" }));
  const subject = messages.getByRole("textbox", { name: "E-mail subject" });
  await subject.fill("Typed, not saved {trackingNumber}");
  await siteForm(page).getByLabel("Phone").fill("+231 555 0199");

  // A visitor asks for a quote: the admin's open pages hear of it (the bell) and reload their data.
  const reloaded = page.waitForResponse((response) =>
    new URL(response.url()).pathname.startsWith("/admin/settings.data"),
  );
  const visitor = await (await browser.newContext()).newPage();
  const firstName = `Typing${Date.now().toString(36)}`;
  await visitor.goto("/contact");
  const quote = visitor.getByRole("form", { name: "Get a Free Quote" });
  await waitForHydration(quote);
  await quote.getByLabel("First Name").fill(firstName);
  await quote.getByLabel("Last Name").fill("Flomo");
  await quote.getByLabel("Email").fill("typing@example.com");
  await quote.getByLabel("City of Departure").fill("Monrovia");
  await quote.getByLabel("Delivery City").fill("Rotterdam");
  await quote.getByLabel("Parcel Type").selectOption("Pallets");
  await quote.getByLabel("Weight").fill("2 tons");
  await quote.getByRole("checkbox", { name: "Sea Freight" }).check();
  await quote.getByRole("button", { name: "Submit Quote Request" }).click();
  await expect(
    visitor.getByText("Quote request submitted successfully. We'll contact you soon!"),
  ).toBeVisible();
  await page.getByRole("button", { name: /^Notifications/ }).click();
  await expect(
    page.getByRole("link", { name: new RegExp(`New quote request from ${firstName} Flomo`) }),
  ).toBeVisible();
  await page.keyboard.press("Escape");
  // The page's data reloads after the event (before the fix, that emptied every form on the page).
  await reloaded;
  await expect(subject).toHaveValue("Typed, not saved {trackingNumber}");
  await expect(siteForm(page).getByLabel("Phone")).toHaveValue("+231 555 0199");
});

test.describe(PHONE.name, () => {
  test.use(PHONE.use);
  test("each section of the settings is one tap away from the top, and the messaging channels fit", async ({
    page,
    checkA11y,
  }) => {
    await page.goto("/admin/settings");
    const sections = page.getByRole("navigation", { name: "Settings sections" });
    // Scripts start after the first screen: a jump made before React hydrates can be undone by the scroll
    // restoration hydration brings (seen once in CI, beside the hostile-input suite).
    await waitForHydration(sections);
    for (const [link, heading] of [
      ["Staff accounts", "Staff Accounts"],
      ["Messaging channels", "Messaging Channels"],
      ["Documents", "Documents"],
    ] as const) {
      await page.evaluate(() => window.scrollTo(0, 0));
      await sections.getByRole("link", { name: link }).click();
      await expect(page.getByRole("heading", { name: heading, exact: true })).toBeInViewport();
      // The jump is React Router's own entry: a plain '#' link's entry has no key, and the router's scroll
      // restoration could put back a position saved for another entry (app/components/ui/section-link.tsx).
      expect(await page.evaluate(() => (window.history.state as { key?: string } | null)?.key)).toBeTruthy();
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // The messaging channels' reasons wrap within a phone's width.
    const panel = page.getByRole("heading", { name: "Messaging Channels" }).locator("xpath=../..");
    await expect(panel.getByRole("listitem")).toHaveCount(3);
    await panel.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await checkA11y();
  });
});

// Both change the site's one list of tax rates, and put it back empty: one after the other.
test.describe("Settings → Invoices' tax rates", () => {
  test.describe.configure({ mode: "serial" });

  test("tax rates are added and removed without JavaScript (Settings → Invoices)", async ({
    browser,
    page,
    baseURL,
  }) => {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      baseURL,
      storageState: await page.context().storageState(),
    });
    try {
      const plain = await context.newPage();
      const form = plain.getByRole("form", { name: "Invoices" });
      const save = async () => {
        await form.getByRole("button", { name: "Save invoice settings" }).click();
        // The toast needs JavaScript: the page after the redirect shows what was saved.
        await expect(plain).toHaveURL(/\/admin\/settings$/);
      };
      await plain.goto("/admin/settings");
      // No rate yet: one empty row to fill in.
      await form.getByLabel("Tax name 1").fill("GST");
      await form.getByLabel("Rate 1 (%)").fill("12");
      await save();
      await expect(form.getByLabel("Tax name 1")).toHaveValue("GST");
      await form.getByLabel("Tax name 2").fill("Levy");
      await form.getByLabel("Rate 2 (%)").fill("7.5");
      await save();
      await expect(form.getByLabel("Rate 2 (%)")).toHaveValue("7.5");

      await form.getByLabel("Remove tax 1 on save").check();
      await save();
      await expect(form.getByLabel("Tax name 1")).toHaveValue("Levy");
      await expect(form.getByLabel("Tax name 2")).toHaveValue("");

      // A refused save says why beside the field and keeps what was typed.
      await form.getByLabel("Rate 1 (%)").fill("120");
      await form.getByRole("button", { name: "Save invoice settings" }).click();
      await expect(form.getByText("The rate cannot be more than 100 %")).toBeVisible();
      await expect(form.getByLabel("Rate 1 (%)")).toHaveValue("120");

      // Back to no tax, as the other tests expect.
      await plain.goto("/admin/settings");
      await form.getByLabel("Remove tax 1 on save").check();
      await save();
      await expect(form.getByLabel("Tax name 1")).toHaveValue("");
    } finally {
      await context.close();
    }
  });

  test("'Add a tax rate' adds rows at once with JavaScript, and the save is confirmed", async ({ page }) => {
    await page.goto("/admin/settings");
    const form = page.getByRole("form", { name: "Invoices" });
    const add = form.getByRole("button", { name: "Add a tax rate" });
    await waitForHydration(add);
    await add.click();
    await add.click();
    await form.getByLabel("Tax name 1").fill("GST");
    await form.getByLabel("Rate 1 (%)").fill("12");
    await form.getByLabel("Tax name 3").fill("Levy");
    await form.getByLabel("Rate 3 (%)").fill("7.5");
    await form.getByRole("button", { name: "Save invoice settings" }).click();
    await expect(page.getByText("Settings saved")).toBeVisible();
    // Saved without the empty row between them.
    await expect(form.getByLabel("Tax name 2")).toHaveValue("Levy");
    await expect(form.getByLabel("Tax name 3")).toHaveValue("");

    // Back to no tax, as the other tests expect.
    await form.getByLabel("Remove tax 1 on save").check();
    await form.getByLabel("Remove tax 2 on save").check();
    await form.getByRole("button", { name: "Save invoice settings" }).click();
    await expect(form.getByLabel("Tax name 2")).toHaveCount(0);
    await expect(form.getByLabel("Tax name 1")).toHaveValue("");
  });
});
