import type { Page } from "@playwright/test";
import { reloadWithoutToasts, waitForHydration } from "../support/admin-fixtures.ts";
import { expect, test } from "../support/fixtures.ts";
import { DESKTOP, PHONE } from "../support/viewports.ts";

// Settings → Notifications' messages: editing a template with its live preview, saving, 'Reset to default'.
// The tests share the site's one settings row: one at a time, each leaving the defaults behind.
test.describe.configure({ mode: "serial" });
test.use({ signedIn: true });

const DEFAULT_SUBJECT = "{trackingNumber}: {headline}";
const messagesForm = (page: Page) => page.getByRole("form", { name: "Messages to customers" });
const preview = (page: Page) => page.getByRole("region", { name: "Preview" });

test.describe(DESKTOP.name, () => {
  test.use(DESKTOP.use);
  test("staff edit the subject with a live preview, save it, and reset it to the default", async ({
    page,
    checkA11y,
  }) => {
    test.slow();
    await page.goto("/admin/settings");
    const form = messagesForm(page);
    const subject = form.getByRole("textbox", { name: "E-mail subject" });
    const sms = form.getByRole("textbox", { name: "SMS and WhatsApp text" });
    await waitForHydration(form.getByRole("button", { name: "Save messages" }));
    await expect(subject).toHaveValue(DEFAULT_SUBJECT);
    await expect(preview(page).getByTestId("preview-subject")).toHaveText(
      "UTG-1234-5678: Arrived at Port of Monrovia",
    );
    await expect(preview(page)).toContainText("sent as 1 text message");

    // The preview follows the typing.
    await subject.fill("Cargo {trackingNumber} is {status} <now>");
    await expect(preview(page).getByTestId("preview-subject")).toHaveText(
      "Cargo UTG-1234-5678 is Arrived <now>",
    );
    await sms.fill("{trackingNumber}: {headline}. Your cargo is waiting for you at the port, {oops}");
    await expect(preview(page).getByTestId("preview-sms")).toContainText(
      "UTG-1234-5678: Arrived at Port of Monrovia. Your cargo",
    );
    // Refused with the reasons at the field, read by screen readers with it.
    await form.getByRole("button", { name: "Save messages" }).click();
    await expect(form.getByText(/^Unknown placeholder \{oops\}\. Use only \{trackingNumber\}/)).toBeVisible();
    await expect(form.getByText("The SMS text must contain {trackingUrl}")).toBeVisible();
    await expect(sms).toHaveAttribute("aria-invalid", "true");
    await expect(sms).toHaveAccessibleDescription(/Unknown placeholder \{oops\}/);
    await checkA11y();
    await sms.fill("{trackingNumber}: {headline}. Track: {trackingUrl}");
    await form.getByRole("button", { name: "Save messages" }).click();
    await expect(page.getByText("Messages saved")).toBeVisible();

    await reloadWithoutToasts(page);
    await expect(subject).toHaveValue("Cargo {trackingNumber} is {status} <now>");
    await expect(preview(page).getByTestId("preview-subject")).toHaveText(
      "Cargo UTG-1234-5678 is Arrived <now>",
    );
    const width = DESKTOP.use.viewport.width;
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await checkA11y();

    await waitForHydration(form.getByRole("button", { name: "Save messages" }));
    await form.getByRole("button", { name: "Reset to default (E-mail subject)" }).click();
    await expect(page.getByText("Template reset to default")).toBeVisible();
    await expect(subject).toHaveValue(DEFAULT_SUBJECT);
    await expect(preview(page).getByTestId("preview-subject")).toHaveText(
      "UTG-1234-5678: Arrived at Port of Monrovia",
    );
  });
});

test("without JavaScript the messages form saves, and the preview shows the saved texts", async ({
  page,
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    baseURL,
    storageState: await page.context().storageState(),
  });
  try {
    const plain = await context.newPage();
    await plain.goto("/admin/settings");
    const form = messagesForm(plain);
    const subject = form.getByRole("textbox", { name: "E-mail subject" });
    await subject.fill("No script: {trackingNumber}");
    await form.getByRole("button", { name: "Save messages" }).click();
    await expect(plain).toHaveURL(/\/admin\/settings$/);
    await expect(subject).toHaveValue("No script: {trackingNumber}");
    await expect(preview(plain).getByTestId("preview-subject")).toHaveText("No script: UTG-1234-5678");
    await form.getByRole("button", { name: "Reset to default (E-mail subject)" }).click();
    await expect(subject).toHaveValue(DEFAULT_SUBJECT);
  } finally {
    await context.close();
  }
});

test.describe(PHONE.name, () => {
  test.use(PHONE.use);
  test("on a phone the messages form, its preview and its errors fit the screen", async ({
    page,
    checkA11y,
  }) => {
    await page.goto("/admin/settings");
    const form = messagesForm(page);
    await waitForHydration(form.getByRole("button", { name: "Save messages" }));
    await form
      .getByRole("textbox", { name: "E-mail subject" })
      .fill("Cargo {trackingNumber} is {status} <now>");
    await expect(preview(page).getByTestId("preview-subject")).toHaveText(
      "Cargo UTG-1234-5678 is Arrived <now>",
    );
    // Refused (nothing saved): the reasons at the field.
    await form.getByRole("textbox", { name: "SMS and WhatsApp text" }).fill("{trackingNumber}: {oops}");
    await form.getByRole("button", { name: "Save messages" }).click();
    await expect(form.getByText("The SMS text must contain {trackingUrl}")).toBeVisible();
    const width = PHONE.use.viewport.width;
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await checkA11y();
  });
});
