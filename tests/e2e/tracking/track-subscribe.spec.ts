import type { Page } from "@playwright/test";
import {
  readOutbox,
  reloadWithoutToasts,
  uniqueAdminEmail,
  waitForHydration,
} from "../support/admin-fixtures.ts";
import { expect, test } from "../support/fixtures.ts";
import { DESKTOP, PHONE } from "../support/viewports.ts";

// 'Get updates' on the tracking page (decision 014): its own page, an e-mail confirmed by a link whose page
// confirms only on its button, and the subscriber on the staff's Notifications card. The test server has no
// SMTP_URL (mails are read from its outbox folder) and no SMS provider (no phone form).

const NUMBER = "UTG-1234-5678"; // a demo shipment

/** A refused address is answered 400 on purpose (house rule), which Chromium logs for the data request. */
const REFUSED_ADDRESS = [/400 \(Bad Request\) \(https?:\/\/[^/]+\/track\/[^/]+\/updates\.data\)/];

/** The confirmation link of the newest mail to `to`. */
async function confirmationLink(to: string) {
  await expect.poll(() => readOutbox(to).length).toBeGreaterThan(0);
  const mail = readOutbox(to).at(-1)!;
  expect(mail.subject).toBe(`Confirm updates about shipment ${NUMBER}`);
  const link = /https?:\/\/\S+\/subscribe\/[\w-]{43}/.exec(mail.text)?.[0];
  expect(link).toBeTruthy();
  return new URL(link!).pathname;
}

async function shipmentDetailPath(page: Page) {
  await page.goto(`/admin/shipments?q=${NUMBER}`);
  const href = await page
    .locator(`a[href^="/admin/shipments/"]:not([href$="/edit"])`)
    .filter({ hasText: NUMBER })
    .first()
    .getAttribute("href");
  expect(href).toBeTruthy();
  return href!;
}

test.describe(DESKTOP.name, () => {
  // The worker's admin session is there from the start (public pages do not read it), for the staff's part.
  test.use({
    ...DESKTOP.use,
    signedIn: true,
    allowedConsoleErrors: REFUSED_ADDRESS,
  });

  test("a visitor subscribes by e-mail from the tracking page, confirms with the link's button, and staff see and remove the subscriber", async ({
    page,
    checkA11y,
  }) => {
    // Six pages and five accessibility checks: 15 s alone, past 30 s beside the other suites on two cores.
    test.slow();
    const email = uniqueAdminEmail("subscriber");
    await page.goto(`/track/${NUMBER}`);
    const link = page.getByRole("link", { name: "Get updates" });
    await waitForHydration(link);
    await link.click();
    await expect(page).toHaveURL(`/track/${NUMBER}/updates`);
    await expect(page.getByRole("heading", { level: 1, name: `Get updates about ${NUMBER}` })).toBeVisible();
    // No SMS provider here: e-mail only.
    await expect(page.getByRole("form", { name: "By text message (SMS)" })).toHaveCount(0);
    const form = page.getByRole("form", { name: "By e-mail" });
    await checkA11y();

    // A clear error, the typed value kept.
    await form.getByLabel("E-mail address").fill("not an address");
    await form.getByRole("button", { name: "Send me a confirmation link" }).click();
    const field = form.getByLabel("E-mail address");
    await expect(form.getByRole("alert")).toHaveText("Enter a valid e-mail address, e.g. name@example.com.");
    await expect(field).toHaveAttribute("aria-invalid", "true");
    await expect(field).toHaveValue("not an address");
    await checkA11y();

    await field.fill(email.toUpperCase());
    await form.getByRole("button", { name: "Send me a confirmation link" }).click();
    const sent = page.getByRole("status");
    await expect(sent).toContainText("Check your inbox");
    await expect(sent).toContainText(`If ${email} can receive updates about this shipment`);
    await checkA11y();

    // The link's page asks; opening it confirms nothing.
    await page.goto(await confirmationLink(email));
    await expect(
      page.getByRole("heading", { level: 1, name: `Get updates about shipment ${NUMBER}?` }),
    ).toBeVisible();
    await expect(page.getByText(`${email[0]}•••@example.com will receive a message`)).toBeVisible();
    await checkA11y();
    const confirm = page.getByRole("button", { name: "Confirm" });
    await waitForHydration(confirm);
    await confirm.click();
    await expect(page.getByRole("heading", { level: 1, name: "You are subscribed" })).toBeVisible();
    await checkA11y();

    // Staff see the full address on the Notifications card, and remove it.
    await page.goto(await shipmentDetailPath(page));
    const subscribers = page.getByRole("region", { name: "Subscribed on the tracking page" });
    const row = subscribers.getByRole("listitem").filter({ hasText: email });
    await expect(row).toContainText(`E-mail: ${email}`);
    await expect(row).toContainText("Confirmed");
    const remove = row.getByRole("button", { name: `Remove ${email}` });
    await waitForHydration(remove);
    await remove.click();
    await expect(page.getByText("Subscriber removed")).toBeVisible();
    await expect(subscribers.getByText(email)).toHaveCount(0);
    await reloadWithoutToasts(page);
    await checkA11y();
  });
});

test.describe(PHONE.name, () => {
  test.use({ ...PHONE.use, allowedConsoleErrors: REFUSED_ADDRESS });
  test("on a phone the 'Get updates' page and its error pass axe", async ({ page, checkA11y }) => {
    await page.goto(`/track/${NUMBER}/updates`);
    const form = page.getByRole("form", { name: "By e-mail" });
    const send = form.getByRole("button", { name: "Send me a confirmation link" });
    await waitForHydration(send);
    await checkA11y();
    await form.getByLabel("E-mail address").fill("not an address");
    await send.click();
    await expect(form.getByRole("alert")).toHaveText("Enter a valid e-mail address, e.g. name@example.com.");
    await checkA11y();
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the form and the confirmation work as plain HTML forms", async ({ page }) => {
    const email = uniqueAdminEmail("nojs");
    await page.goto(`/track/${NUMBER}/updates`);
    await page.getByLabel("E-mail address").fill(email);
    await page.getByRole("button", { name: "Send me a confirmation link" }).click();
    await expect(page.getByRole("status")).toContainText("Check your inbox");
    await page.goto(await confirmationLink(email));
    await page.getByRole("button", { name: "Confirm" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "You are subscribed" })).toBeVisible();
  });

  test("an unknown shipment and an unknown link answer 404 with a clear page", async ({ page }) => {
    const unknown = await page.goto("/track/UTG-0000-0000/updates");
    expect(unknown?.status()).toBe(404);
    await expect(
      page.getByText("We couldn't find a shipment with tracking number: UTG-0000-0000"),
    ).toBeVisible();
    const link = await page.goto(`/subscribe/${"A".repeat(43)}`);
    expect(link?.status()).toBe(404);
    await expect(
      page.getByRole("heading", { level: 1, name: "This confirmation link is not valid" }),
    ).toBeVisible();
  });
});
