import type { Page } from "@playwright/test";
import { login, reloadWithoutToasts, waitForHydration } from "./admin-fixtures.ts";
import { expect, test } from "./fixtures.ts";
import { BOTH_SIZES } from "./viewports.ts";

// Settings → Notifications' messages: editing a template with its live preview, saving, 'Reset to default'.
// The tests share the site's one settings row: one at a time, each leaving the defaults behind.
test.describe.configure({ mode: "serial" });

const DEFAULT_SUBJECT = "{trackingNumber}: {headline}";
const messagesForm = (page: Page) => page.getByRole("form", { name: "Messages to customers" });
const preview = (page: Page) => page.getByRole("region", { name: "Preview" });

for (const size of BOTH_SIZES) {
  test.describe(size.name, () => {
    test.use(size.use);
    test("staff edit the subject with a live preview, save it, and reset it to the default", async ({
      page,
      checkA11y,
    }) => {
      test.slow();
      await login(page);
      await page.goto("/admin/settings");
      await reloadWithoutToasts(page);
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
      await expect(
        form.getByText(/^Unknown placeholder \{oops\}\. Use only \{trackingNumber\}/),
      ).toBeVisible();
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
      const width = size.use.viewport.width;
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
}

test("without JavaScript the messages form saves, and the preview shows the saved texts", async ({
  page,
  browser,
  baseURL,
}) => {
  await login(page);
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
