import type { Locator, Page } from "@playwright/test";
import { expect, test } from "../support/fixtures.ts";
import { DESKTOP, PHONE } from "../support/viewports.ts";

// The demo shipments of app/server/seed-data.server.ts.
const IN_TRANSIT = "UTG-1234-5678"; // status In Transit, its newest entry too (Port of Abidjan)
const DELIVERED = "UTG-2045-7731";
const DELAYED = "UTG-4478-2290"; // status Delayed, past its estimated delivery
const DATE_TIME = /^[A-Z][a-z]{2} \d{1,2}, \d{4} \d{1,2}:\d{2} (AM|PM)$/; // 'MMM d, yyyy h:mm a'

const glance = (page: Page) => page.getByRole("region", { name: "Tracking Number" });
const stepper = (page: Page) => page.getByRole("list", { name: "Shipment progress" });
const timelineEntry = (page: Page, index: number) =>
  page.getByRole("list", { name: "Status history" }).getByRole("listitem").nth(index);

/** A timeline entry's time, 'Nov 22, 2026 · 7:00 AM', as the glance writes it: 'Nov 22, 2026 7:00 AM'. */
async function entryTime(page: Page, index: number) {
  return (await timelineEntry(page, index).locator("time").textContent())!.replace(/\s*·\s*/, " ");
}

/** The expanded state Chromium gives the named button in its accessibility tree (what a screen reader hears). */
async function isExpanded(page: Page, name: string) {
  const cdp = await page.context().newCDPSession(page);
  const { root } = await cdp.send("DOM.getDocument");
  const { nodes } = await cdp.send("Accessibility.queryAXTree", {
    nodeId: root.nodeId,
    accessibleName: name,
    role: "button",
  });
  await cdp.detach();
  expect(nodes, `one '${name}' button`).toHaveLength(1);
  return nodes[0]!.properties?.find((property) => property.name === "expanded")?.value.value ?? false;
}

/** Share's list opens below its button, right edges aligned, inside the screen. */
async function expectShareListPlaced(share: Locator, firstItem: Locator) {
  const button = (await share.boundingBox())!;
  const list = (await firstItem.locator("..").boundingBox())!;
  expect(list.y).toBeGreaterThanOrEqual(button.y + button.height);
  expect(Math.abs(list.x + list.width - (button.x + button.width))).toBeLessThanOrEqual(1);
  expect(list.x).toBeGreaterThanOrEqual(0);
}

async function expectInFirstScreen(locator: Locator, what: string) {
  const box = await locator.boundingBox();
  expect(box, what).not.toBeNull();
  expect(box!.y, what).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height, `${what}: bottom within the first 844 px`).toBeLessThanOrEqual(844);
}

test.describe(`tracking at a glance, ${DESKTOP.name}`, () => {
  test.use(DESKTOP.use);

  test("status, arrival, progress and the latest event come first; the status is the shipment's own", async ({
    page,
    checkA11y,
  }) => {
    await page.goto(`/track/${IN_TRANSIT}`);
    const card = glance(page);
    // The headline is the shipment's status; beside it, the newest entry, which says the same status.
    const status = card.getByText("Status: In Transit");
    await expect(status).toBeVisible();
    const newest = await entryTime(page, 0);
    expect(newest).toMatch(DATE_TIME);
    const latest = card.locator("p").filter({ hasText: /^Latest update:/ });
    await expect(latest).toHaveText(`Latest update: In Transit, Port of Abidjan, Côte d'Ivoire, ${newest}`);

    const estimated = await page
      .locator("dl")
      .getByRole("definition")
      .filter({ has: page.locator("time") })
      .textContent();
    const arrival = card.getByText(/^Arriving /);
    await expect(arrival).toHaveText(`Arriving ${estimated!.trim()}`);

    const steps = stepper(page).getByRole("listitem");
    await expect(steps).toHaveText([/^Booked/, /^In transit/, /^Arrived/, /^Delivered/]);
    await expect(stepper(page).locator('[aria-current="step"]')).toHaveText("In transit (current step)");
    await expect(steps.nth(0)).toContainText("(completed)");
    await expect(steps.nth(2)).toHaveText("Arrived");

    // 'Last updated' is the newest entry's time (the shipment itself last changed before it).
    const [date, time] = newest.split(/ (?=\d{1,2}:\d{2} )/);
    await expect(card.getByText(/^Last updated/)).toHaveText(`Last updated ${date} at ${time} (GMT)`);

    // The details, parties, timeline and route follow.
    for (const heading of ["Shipment Details", "Shipper", "Consignee", "Status History", "Route"]) {
      await expect(page.getByRole("heading", { name: heading, exact: true })).toBeVisible();
    }
    await checkA11y();
  });

  test("a delivered shipment says when, and its last step is done", async ({ page }) => {
    await page.goto(`/track/${DELIVERED}`);
    const delivered = await entryTime(page, 0);
    await expect(timelineEntry(page, 0)).toContainText("Delivered");
    await expect(glance(page).getByText(/^Delivered [A-Z][a-z]{2} /)).toHaveText(`Delivered ${delivered}`);
    await expect(stepper(page).locator('[aria-current="step"]')).toHaveText("Delivered (completed)");
    await expect(glance(page).getByText(/^Arriving/)).toHaveCount(0);
  });

  test("a delay is a warning on the current step", async ({ page, checkA11y }) => {
    await page.goto(`/track/${DELAYED}`);
    const current = stepper(page).locator('[aria-current="step"]');
    await expect(current).toContainText("In transit");
    await expect(current).toContainText("Delayed");
    await expect(glance(page).getByText("Delayed?")).toBeVisible();
    await checkA11y();
  });

  test("Share opens plain buttons from the keyboard or a click: Tab to them, Escape closes, focus returns", async ({
    page,
    checkA11y,
  }) => {
    await page.goto(`/track/${IN_TRANSIT}`);
    const share = page.getByRole("button", { name: "Share", exact: true });
    const item = (name: string) => page.getByRole("button", { name, exact: true });
    await expect(share).toBeEnabled();
    await expect(item("Copy link")).toBeHidden();
    expect(await isExpanded(page, "Share")).toBe(false);
    await share.focus();
    await page.keyboard.press("Enter");
    await expect(item("Copy link")).toBeVisible();
    // The browser announces the state of a popovertarget button by itself.
    expect(await isExpanded(page, "Share")).toBe(true);
    // Below the button, right edges aligned, inside the screen (390 px too: the phone's test below).
    await expectShareListPlaced(share, item("Copy link"));
    await checkA11y();
    await page.keyboard.press("Tab");
    await expect(item("Copy link")).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(item("QR code")).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(item("Print")).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(item("Print")).toBeHidden();
    await expect(share).toBeFocused();
    expect(await isExpanded(page, "Share")).toBe(false);

    // The QR code: a dialog with the picture; Escape closes it and the focus comes back.
    await page.keyboard.press("Enter");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await expect(item("QR code")).toBeFocused();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "QR code" });
    await expect(dialog).toBeVisible();
    await expect(item("QR code")).toBeHidden();
    const qrCode = dialog.getByRole("img", {
      name: `QR code linking to the tracking page of ${IN_TRANSIT}`,
    });
    await expect
      .poll(() => qrCode.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    await checkA11y();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(share).toBeFocused();
    // Its Close button closes it too.
    await page.keyboard.press("Enter");
    await item("QR code").click();
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
    await expect(share).toBeFocused();

    // Print, by pointer this time; a click elsewhere closes the list too.
    await page.evaluate(() => {
      window.print = () => document.body.setAttribute("data-printed", "yes");
    });
    await share.click();
    await item("Print").click();
    await expect(page.locator("body")).toHaveAttribute("data-printed", "yes");
    await expect(item("Print")).toBeHidden();
    await expect(share).toBeFocused();
    await share.click();
    await expect(item("Print")).toBeVisible();
    await share.click();
    await expect(item("Print")).toBeHidden();
    await share.click();
    await expect(item("Print")).toBeVisible();
    await page.getByRole("heading", { level: 1 }).click();
    await expect(item("Print")).toBeHidden();
    expect(await isExpanded(page, "Share")).toBe(false);
  });
});

test.describe(`tracking at a glance, ${PHONE.name}`, () => {
  test.use(PHONE.use);

  test("on a phone the status, arrival, progress and latest event fit the first screen, and Share's list the width", async ({
    page,
    checkA11y,
  }) => {
    await page.goto(`/track/${IN_TRANSIT}`);
    const card = glance(page);
    const status = card.getByText("Status: In Transit");
    await expect(status).toBeVisible();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await expectInFirstScreen(status, "status");
    await expectInFirstScreen(card.getByText(/^Arriving /), "arrival date");
    await expectInFirstScreen(stepper(page), "progress stepper");
    await expectInFirstScreen(card.locator("p").filter({ hasText: /^Latest update:/ }), "latest update");
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await checkA11y();

    const share = page.getByRole("button", { name: "Share", exact: true });
    await expect(share).toBeEnabled();
    await share.click();
    const copy = page.getByRole("button", { name: "Copy link", exact: true });
    await expect(copy).toBeVisible();
    await expectShareListPlaced(share, copy);
    await checkA11y();
  });
});
