import type { Page } from "@playwright/test";
import {
  readOutbox,
  reloadWithoutToasts,
  waitForHydration,
  waitForToastsToClose,
} from "../support/admin-fixtures.ts";
import { expect, test } from "../support/fixtures.ts";
import { DESKTOP } from "../support/viewports.ts";

// Decision 013 on screen: a status update tells the shipment's shipper and consignee (the test server has no
// SMTP_URL, so each message is kept in the outbox as 'Cancelled' with the reason, and written as a file the test
// reads); the staff's Notifications card (recipients, switches, pause, messages, resend); the customer's
// unsubscribe page, which unsubscribes only on its button's POST. At a desktop's size (a phone's: phone-width.spec.ts).

test.use({ signedIn: true });

const unique = () =>
  `UTG-${Date.now().toString().slice(-4)}-${Math.floor(1000 + Math.random() * 9000)}`.toUpperCase();

/** Toasts pause while the pointer rests on them; axe runs once they are gone. */
async function settle(page: Page) {
  await page.mouse.move(0, 0);
  await waitForToastsToClose(page);
}

async function addParty(page: Page, kind: "Shipper" | "Consignee", name: string, email: string) {
  await page.getByRole("button", { name: `Add New ${kind}` }).click();
  const dialog = page.getByRole("dialog", { name: `Add New ${kind}` });
  await dialog.getByLabel("Name").fill(name);
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByRole("button", { name: `Add ${kind}` }).click();
  await expect(page.getByText(`${kind} created successfully`)).toBeVisible();
  await expect(dialog).toHaveCount(0);
}

test.describe(DESKTOP.name, () => {
  test.use(DESKTOP.use);

  test("a status update tells the consignee, staff see and steer it, and the customer unsubscribes", async ({
    page,
    checkA11y,
  }) => {
    test.slow();
    const trackingNumber = unique();
    const tag = trackingNumber.slice(-4).toLowerCase();
    const shipperEmail = `shipper-${tag}-${Date.now()}@example.com`;
    const consigneeEmail = `consignee-${tag}-${Date.now()}@example.com`;

    await page.goto("/admin/shipments/new");
    await waitForHydration(page.getByRole("button", { name: "Create Shipment" }));
    await page.getByLabel("Tracking Number").fill(trackingNumber);
    await page.getByLabel("Status", { exact: true }).fill("In Transit");
    await page.getByLabel("Origin").fill("Antwerp, Belgium");
    await page.getByLabel("Destination").fill("Monrovia, Liberia");
    await page.getByLabel("Estimated Delivery").fill("2030-05-01");
    await page.getByLabel("Dimensions").fill("120 x 80 x 60");
    await addParty(page, "Shipper", `Shipper ${tag}`, shipperEmail);
    await addParty(page, "Consignee", `Consignee ${tag}`, consigneeEmail);
    await page.getByRole("button", { name: "Create Shipment" }).click();
    await expect(page.getByRole("heading", { level: 1, name: `Shipment ${trackingNumber}` })).toBeVisible();

    const card = page.getByRole("heading", { name: "Notifications", exact: true }).locator("xpath=../..");
    const recipients = page.getByRole("list").filter({ hasText: `Consignee: Consignee ${tag}` });
    await expect(recipients.getByText("Notified")).toHaveCount(2);
    await expect(card.getByText("No messages sent yet.")).toBeVisible();
    await reloadWithoutToasts(page);
    await checkA11y();

    // The clerk's update: the scheduler turns it into one message per recipient at once.
    const openAdd = page.getByRole("button", { name: "Add Status Update" });
    await waitForHydration(openAdd);
    await openAdd.click();
    const addForm = page.getByRole("dialog", { name: "Add Status Update" });
    await addForm.getByLabel("Status", { exact: true }).fill("Arrived");
    await addForm.getByLabel("Location", { exact: true }).fill("Port of Monrovia");
    await addForm.getByRole("button", { name: "Add Status Update" }).click();
    await expect(page.getByText("Status update added")).toBeVisible();

    await expect.poll(() => readOutbox(consigneeEmail).length, { timeout: 15_000 }).toBe(1);
    const [mail] = readOutbox(consigneeEmail);
    expect(mail!.subject).toBe(`${trackingNumber}: Arrived at Port of Monrovia`);
    expect(mail!.text).toContain(`/track/${trackingNumber}`);
    expect(readOutbox(shipperEmail)).toHaveLength(1);

    // Staff see both messages with their state and the reason they did not leave.
    await page.reload();
    const messages = page.getByRole("list").filter({ hasText: `to ${consigneeEmail}` });
    const toConsignee = messages.getByRole("listitem").filter({ hasText: `to ${consigneeEmail}` });
    await expect(toConsignee.getByText("Cancelled", { exact: true })).toBeVisible();
    await expect(toConsignee.getByText("Arrived at Port of Monrovia")).toBeVisible();
    await expect(toConsignee.getByText(/no mail server is set up for this site/)).toBeVisible();
    await expect(toConsignee.getByText(/SMTP_URL/)).toHaveCount(0);
    await settle(page);
    await checkA11y();

    // Resend makes a new copy of that message.
    const resend = toConsignee.getByRole("button", { name: /^Resend E-mail to / });
    await waitForHydration(resend);
    await resend.click();
    await expect.poll(() => readOutbox(consigneeEmail).length, { timeout: 15_000 }).toBe(2);

    // The consignee's switch and the shipment's pause.
    const stop = page.getByRole("button", { name: "Stop notifying consignee" });
    await stop.click();
    const consigneeRow = recipients.getByRole("listitem").filter({ hasText: `Consignee ${tag}` });
    await expect(consigneeRow.getByText("Not notified")).toBeVisible();
    await page.getByRole("button", { name: "Notify consignee" }).click();
    await expect(consigneeRow.getByText("Notified", { exact: true })).toBeVisible();
    await page.getByRole("button", { name: "Pause notifications" }).click();
    await expect(page.getByText("Notifications are paused")).toBeVisible();
    await page.getByRole("button", { name: "Resume notifications" }).click();
    await expect(page.getByText("Notifications are paused")).toHaveCount(0);

    // The customer's link: opening it changes nothing; the button unsubscribes.
    const detailUrl = page.url();
    const link = /Unsubscribe: (\S+)/.exec(mail!.text)![1]!;
    await page.goto(new URL(link).pathname);
    await expect(
      page.getByRole("heading", { level: 1, name: `Stop updates about shipment ${trackingNumber}?` }),
    ).toBeVisible();
    await expect(page.getByText(consigneeEmail)).toHaveCount(0);
    await checkA11y();
    await page.getByRole("button", { name: "Unsubscribe" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "You are unsubscribed" })).toBeVisible();
    await checkA11y();

    await page.goto(detailUrl);
    await expect(page.getByRole("heading", { level: 1, name: `Shipment ${trackingNumber}` })).toBeVisible();
    await expect(recipients.getByRole("listitem").filter({ hasText: `Consignee ${tag}` })).toContainText(
      "unsubscribed from E-mail",
    );
  });
});
