// Status updates on the shipment detail ('Add status update' in a dialog, and two defects found on review), at a
// 1366 px desktop (what a 390 px phone adds is the last test): added from the page's header, backdated in the
// company's time zone (Africa/Monrovia, UTC all year, on the test server), shown in event order in the back
// office and on the public tracking page; the next usual status and the location prefilled, 'Also set as current' ticked each time
// (unticked only for an earlier step), and the focus where a keyboard user expects it. Editing the newest entry moves the
// shipment's status and location with it (docs/decisions/013).
import type { Locator, Page } from "@playwright/test";
import { formatDate, formatTime } from "#app/lib/format.ts";
import { reloadWithoutToasts, waitForHydration } from "../support/admin-fixtures.ts";
import { expect, test } from "../support/fixtures.ts";
import { DESKTOP, PHONE } from "../support/viewports.ts";

const DAY = 24 * 60 * 60 * 1000;

test.use({ signedIn: true });

function uniqueTrackingNumber(): string {
  const random = Math.random().toString(36).slice(2, 6).toUpperCase();
  return `E2S-${Date.now().toString(36).toUpperCase()}-${random}`;
}

/** `daysAgo` days before now at `time`, as a datetime-local value in Monrovia (UTC). */
function monroviaTime(daysAgo: number, time: string): string {
  return `${new Date(Date.now() - daysAgo * DAY).toISOString().slice(0, 10)}T${time}`;
}

/** A datetime-local value in Monrovia as the back office shows it: 'Nov 20, 2026 8:15 AM'. */
function shown(local: string): string {
  const instant = new Date(`${local}:00Z`);
  return `${formatDate(instant)} ${formatTime(instant)}`;
}

/** Creates a shipment (current location Freeport of Monrovia) and ends on its detail page. */
async function createShipment(page: Page, trackingNumber: string) {
  await page.goto("/admin/shipments/new");
  await waitForHydration(page.getByRole("button", { name: "Create Shipment" }));
  await page.getByLabel("Tracking Number").fill(trackingNumber);
  await page.getByLabel("Status", { exact: true }).fill("Processing");
  await page.getByLabel("Origin").fill("Monrovia, Liberia");
  await page.getByLabel("Destination").fill("Accra, Ghana");
  await page.getByLabel("Current Location (optional)").fill("Freeport of Monrovia");
  await page.getByLabel("Estimated Delivery").fill("2030-05-01");
  await page.getByLabel("Dimensions").fill("120 x 80 x 60");
  await page.getByRole("button", { name: "Create Shipment" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Shipment ${trackingNumber}` })).toBeVisible();
}

/** Opens the 'Add Status Update' dialog from the header. */
async function openAddDialog(page: Page) {
  const button = page.getByRole("button", { name: "Add Status Update" });
  await waitForHydration(button);
  await button.click();
  const dialog = page.getByRole("dialog", { name: "Add Status Update" });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** The field fits the screen (a date-time field is wide: it must not push the form past a phone's edge). */
async function expectWithinViewport(page: Page, field: Locator) {
  const box = (await field.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
}

const history = (page: Page) => page.getByRole("list", { name: "Status history" });
const entry = (page: Page, status: string) => history(page).getByRole("listitem").filter({ hasText: status });

test.describe(DESKTOP.name, () => {
  test.use(DESKTOP.use);

  test("backdated updates are added from the header and shown in event order, here and on /track", async ({
    page,
    checkA11y,
  }) => {
    test.slow();
    const trackingNumber = uniqueTrackingNumber();
    await createShipment(page, trackingNumber);
    // Without the 'created' toast (axe checks the dialog below, and the toast's colours are not ours to fix).
    await reloadWithoutToasts(page);

    // The dialog opens from the top of the page, with the next usual status, now and the current location
    // filled in, and 'current' ticked: what the customer is told is what their tracking page shows.
    let dialog = await openAddDialog(page);
    await expect(dialog.getByLabel("Status", { exact: true })).toHaveValue("Shipped");
    await expect(dialog.getByLabel("Location", { exact: true })).toHaveValue("Freeport of Monrovia");
    const eventTime = dialog.getByLabel("Event date and time");
    await expect(eventTime).toHaveValue(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    const now = await eventTime.inputValue();
    expect(Math.abs(new Date(`${now}:00Z`).getTime() - Date.now())).toBeLessThan(DAY);
    const alsoCurrent = dialog.getByLabel("Also set as the shipment's current status and location");
    await expect(alsoCurrent).toBeChecked();
    await expectWithinViewport(page, eventTime);
    await checkA11y();

    // Three updates typed one after the other, about events of the last days.
    const departed = monroviaTime(1, "08:15");
    await dialog.getByLabel("Status", { exact: true }).fill("Vessel departed");
    await eventTime.fill(departed);
    await alsoCurrent.check();
    await dialog.getByRole("button", { name: "Add Status Update" }).click();
    await expect(page.getByText("Status update added")).toBeVisible();
    await expect(dialog).toHaveCount(0);
    // The focus goes to the new entry, not to the page body.
    await expect(entry(page, "Vessel departed")).toBeFocused();
    await expect(entry(page, "Vessel departed")).toContainText(shown(departed));

    // Ticked again for the next update.
    await page.reload();
    dialog = await openAddDialog(page);
    await expect(dialog.getByLabel("Also set as the shipment's current status and location")).toBeChecked();
    const pickedUp = monroviaTime(3, "16:05");
    await dialog.getByLabel("Status", { exact: true }).fill("Picked up at shipper");
    await dialog.getByLabel("Location", { exact: true }).fill("Paynesville");
    await dialog.getByLabel("Event date and time").fill(pickedUp);
    await dialog.getByLabel("Also set as the shipment's current status and location").uncheck();
    await dialog.getByRole("button", { name: "Add Status Update" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(entry(page, "Picked up at shipper")).toBeFocused();

    // An earlier step's unticked box is not carried to the next update.
    await page.reload();
    dialog = await openAddDialog(page);
    await expect(dialog.getByLabel("Also set as the shipment's current status and location")).toBeChecked();
    // A time far ahead is refused with a message; the dialog stays open with the field in focus.
    await dialog.getByLabel("Status", { exact: true }).fill("Arrived at Tema");
    await dialog.getByLabel("Event date and time").fill(monroviaTime(-5, "10:00"));
    await dialog.getByRole("button", { name: "Add Status Update" }).click();
    await expect(
      dialog.getByText("The event date and time cannot be more than 1 day in the future."),
    ).toBeVisible();
    await expect(dialog.getByLabel("Event date and time")).toBeFocused();
    await expect(dialog.getByLabel("Status", { exact: true })).toHaveValue("Arrived at Tema");
    const arrived = monroviaTime(0, "00:05");
    await dialog.getByLabel("Event date and time").fill(arrived);
    await dialog.getByRole("button", { name: "Add Status Update" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(entry(page, "Arrived at Tema")).toBeFocused();

    // Newest event first, whatever the order they were typed in; each with its own time.
    const order = ["Arrived at Tema", "Vessel departed", "Picked up at shipper"];
    await expect(history(page).getByRole("listitem")).toHaveCount(3);
    for (const [index, status] of order.entries()) {
      await expect(history(page).getByRole("listitem").nth(index)).toContainText(status);
    }
    await expect(entry(page, "Picked up at shipper")).toContainText(shown(pickedUp));
    await expect(entry(page, "Arrived at Tema")).toContainText(shown(arrived));
    // The same page without the toasts, for axe.
    await reloadWithoutToasts(page);
    await checkA11y();

    await page.goto(`/track/${trackingNumber}`);
    const publicItems = page.getByRole("list", { name: "Status history" }).getByRole("listitem");
    await expect(publicItems).toHaveCount(3);
    for (const [index, status] of order.entries()) {
      await expect(publicItems.nth(index)).toContainText(status);
    }
    const [date, time] = [formatDate(new Date(`${pickedUp}:00Z`)), formatTime(new Date(`${pickedUp}:00Z`))];
    await expect(publicItems.nth(2)).toContainText(date);
    await expect(publicItems.nth(2)).toContainText(time);
  });

  test("from the list a status update takes three steps: the row's menu, 'Add status update', save", async ({
    page,
  }) => {
    test.slow();
    const trackingNumber = uniqueTrackingNumber();
    await createShipment(page, trackingNumber);
    await page.goto(`/admin/shipments?q=${trackingNumber}`);
    const rowOrCard = page
      .getByRole("row")
      .or(page.getByRole("listitem"))
      .filter({ hasText: trackingNumber })
      .filter({ visible: true });
    const menu = rowOrCard.getByRole("button", { name: `Actions for ${trackingNumber}` });
    await waitForHydration(menu);
    await menu.click();
    await page.getByRole("menuitem", { name: `Add status update to ${trackingNumber}` }).click();
    // The shipment's page with the dialog open: the next usual status after 'Processing', the current place,
    // now, and 'current' ticked.
    const dialog = page.getByRole("dialog", { name: "Add Status Update" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel("Status", { exact: true })).toHaveValue("Shipped");
    await expect(dialog.getByLabel("Location", { exact: true })).toHaveValue("Freeport of Monrovia");
    await expect(dialog.getByLabel("Also set as the shipment's current status and location")).toBeChecked();
    await dialog.getByRole("button", { name: "Add Status Update" }).click();
    await expect(page.getByText("Status update added")).toBeVisible();
    await expect(dialog).toHaveCount(0);
    // The address lost its '?add-status': a reload does not open the dialog again.
    await expect(page).toHaveURL(/\/admin\/shipments\/[0-9a-f-]{36}$/);
    // What the customer is told is what the tracking page shows.
    await page.goto(`/track/${trackingNumber}`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByText("Shipped").first()).toBeVisible();
    await expect(page.getByText("Freeport of Monrovia").first()).toBeVisible();
  });

  test("Edit moves the focus into the form, Escape cancels back to Edit, and the time can be changed", async ({
    page,
    checkA11y,
  }) => {
    test.slow();
    const trackingNumber = uniqueTrackingNumber();
    await createShipment(page, trackingNumber);
    const dialog = await openAddDialog(page);
    const first = monroviaTime(2, "09:00");
    await dialog.getByLabel("Status", { exact: true }).fill("Loaded");
    await dialog.getByLabel("Event date and time").fill(first);
    await dialog.getByRole("button", { name: "Add Status Update" }).click();
    await expect(dialog).toHaveCount(0);
    await reloadWithoutToasts(page);

    const edit = history(page).getByRole("link", { name: /^Edit status update Loaded/ });
    await waitForHydration(edit);
    await edit.click();
    const form = page.getByRole("form", { name: /^Edit status update of/ });
    await expect(form.getByLabel("Status", { exact: true })).toBeFocused();
    await expect(form.getByLabel("Event date and time")).toHaveValue(first);
    await expectWithinViewport(page, form.getByLabel("Event date and time"));
    await checkA11y();

    await page.keyboard.press("Escape");
    await expect(form).toHaveCount(0);
    await expect(edit).toBeFocused();

    // Keyboard only: Enter on Edit, then the time is changed and saved.
    await page.keyboard.press("Enter");
    await expect(form.getByLabel("Status", { exact: true })).toBeFocused();
    const earlier = monroviaTime(4, "18:30");
    await form.getByLabel("Event date and time").fill(earlier);
    await form.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Status update saved")).toBeVisible();
    await expect(form).toHaveCount(0);
    await expect(entry(page, "Loaded")).toContainText(shown(earlier));
    await expect(edit).toBeFocused();
    // (The shipper's and consignee's edit in place does the same: admin-shipments.spec.ts.)
  });

  test("editing the newest update moves the shipment with it: /track says Shipped as status and latest update", async ({
    page,
  }) => {
    test.slow();
    const trackingNumber = uniqueTrackingNumber();
    await createShipment(page, trackingNumber);
    const dialog = await openAddDialog(page);
    await dialog.getByLabel("Status", { exact: true }).fill("Processing");
    await dialog.getByRole("button", { name: "Add Status Update" }).click();
    await expect(dialog).toHaveCount(0);
    await reloadWithoutToasts(page);

    // The newest entry's form says the shipment follows it, and asks whether to tell the customers.
    const edit = history(page).getByRole("link", { name: /^Edit status update Processing/ });
    await waitForHydration(edit);
    await edit.click();
    const form = page.getByRole("form", { name: /^Edit status update of/ });
    const notify = form.getByLabel("Notify customers (the shipper, consignee and subscribers)");
    await expect(notify).toBeChecked();
    await form.getByLabel("Status", { exact: true }).fill("Shipped");
    await form.getByLabel("Location", { exact: true }).fill("Port of Monrovia");
    await form.getByLabel("Notes (optional)").fill("Loaded on MV Grand Benelux");
    await form.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Status update saved")).toBeVisible();
    await expect(entry(page, "Shipped")).toContainText("Port of Monrovia");

    // The tracking page's headline and its latest update say the same, in English and in French.
    for (const [path, status, latest] of [
      [`/track/${trackingNumber}`, "Status: Shipped", "Latest update: Shipped, Port of Monrovia"],
      [`/fr/suivi/${trackingNumber}`, "Statut : Expédié", "Dernière mise à jour : Expédié, Port of Monrovia"],
    ] as const) {
      await page.goto(path);
      const glance = page.getByRole("region", { name: /^(Tracking Number|Numéro de suivi)$/ });
      await expect(glance.getByText(status)).toBeVisible();
      await expect(
        glance.locator("p").filter({ hasText: /^(Latest update:|Dernière mise à jour :)/ }),
      ).toContainText(latest);
    }
  });

  test("the company's time zone is a site setting, Monrovia by default", async ({ page, checkA11y }) => {
    await page.goto("/admin/settings");
    // Not changed here: tests running side by side read times in it. Other zones: settings.test.ts.
    const zone = page.getByLabel("Time zone");
    await expect(zone).toHaveValue("Africa/Monrovia");
    await expect(zone.locator("option", { hasText: "Europe/London" })).toHaveCount(1);
    await expectWithinViewport(page, zone);
    // The whole page: on a phone the staff table scrolls sideways in a box a keyboard can reach.
    await checkA11y();
  });
});

test.describe(PHONE.name, () => {
  test.use(PHONE.use);

  test("on a phone the date-time fields fit the screen, from a card's menu to the edit form and the time zone", async ({
    page,
    checkA11y,
  }) => {
    test.slow();
    const trackingNumber = uniqueTrackingNumber();
    await createShipment(page, trackingNumber);
    await page.goto(`/admin/shipments?q=${trackingNumber}`);
    const card = page.getByRole("listitem").filter({ hasText: trackingNumber }).filter({ visible: true });
    const menu = card.getByRole("button", { name: `Actions for ${trackingNumber}` });
    await waitForHydration(menu);
    await menu.click();
    await page.getByRole("menuitem", { name: `Add status update to ${trackingNumber}` }).click();
    const dialog = page.getByRole("dialog", { name: "Add Status Update" });
    await expect(dialog.getByLabel("Status", { exact: true })).toHaveValue("Shipped");
    await expectWithinViewport(page, dialog.getByLabel("Event date and time"));
    await checkA11y();
    const first = monroviaTime(2, "09:00");
    await dialog.getByLabel("Event date and time").fill(first);
    await dialog.getByRole("button", { name: "Add Status Update" }).click();
    await expect(dialog).toHaveCount(0);

    await reloadWithoutToasts(page);
    await history(page)
      .getByRole("link", { name: /^Edit status update Shipped/ })
      .click();
    const form = page.getByRole("form", { name: /^Edit status update of/ });
    await expect(form.getByLabel("Event date and time")).toHaveValue(first);
    await expectWithinViewport(page, form.getByLabel("Event date and time"));
    await checkA11y();

    await page.goto("/admin/settings");
    await expectWithinViewport(page, page.getByLabel("Time zone"));
    // The whole page: on a phone the staff table scrolls sideways in a box a keyboard can reach.
    await checkA11y();
  });
});
