import type { Page } from "@playwright/test";
import {
  makeShipments,
  reloadWithoutToasts,
  waitForHydration,
  waitForToastsToClose,
} from "../support/admin-fixtures.ts";
import { expect, test } from "../support/fixtures.ts";

test.use({ signedIn: true });

/** A tracking number no other test uses (tests run side by side on one server). */
function uniqueTrackingNumber(): string {
  const random = Math.random().toString(36).slice(2, 6).toUpperCase();
  return `E2E-${Date.now().toString(36).toUpperCase()}-${random}`;
}

/** Toasts pause while the pointer rests on them (it often does after clicking a button at the bottom right). */
async function settle(page: Page) {
  await page.mouse.move(0, 0);
  await waitForToastsToClose(page);
}

async function openNewShipmentForm(page: Page) {
  await page.goto("/admin/shipments/new");
  await expect(page.getByRole("heading", { level: 1, name: "New Shipment" })).toBeVisible();
  await waitForHydration(page.getByRole("button", { name: "Create Shipment" }));
}

async function fillShipment(page: Page, trackingNumber: string) {
  await page.getByLabel("Tracking Number").fill(trackingNumber);
  await page.getByLabel("Status", { exact: true }).fill("In Transit");
  await page.getByLabel("Origin").fill("Monrovia, Liberia");
  await page.getByLabel("Destination").fill("Accra, Ghana");
  await page.getByLabel("Estimated Delivery").fill("2030-05-01");
  await page.getByLabel("Weight (kg, optional)").fill("125.5");
  await page.getByLabel("Dimensions").fill("120 x 80 x 60");
}

async function addParty(page: Page, kind: "Shipper" | "Consignee", name: string, company: string) {
  await page.getByRole("button", { name: `Add New ${kind}` }).click();
  const dialog = page.getByRole("dialog", { name: `Add New ${kind}` });
  await expect(dialog.getByText(`Enter the ${kind.toLowerCase()}'s information.`)).toBeVisible();
  await dialog.getByLabel("Name").fill(name);
  await dialog.getByLabel("Company").fill(company);
  await dialog.getByLabel("Email").fill(`${kind.toLowerCase()}@example.com`);
  await dialog.getByRole("button", { name: `Add ${kind}` }).click();
  await expect(page.getByText(`${kind} created successfully`)).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByLabel(kind, { exact: true }).locator("option:checked")).toHaveText(
    `${name} (${company})`,
  );
}

/** Creates a shipment through the form with a new shipper and consignee; ends on its detail page. */
async function createShipment(page: Page, trackingNumber: string, tag: string) {
  await openNewShipmentForm(page);
  await fillShipment(page, trackingNumber);
  await addParty(page, "Shipper", `Shipper ${tag}`, "Monrovia Traders");
  await addParty(page, "Consignee", `Consignee ${tag}`, "Accra Imports");
  await page.getByRole("button", { name: "Create Shipment" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Shipment ${trackingNumber}` })).toBeVisible();
  await expect(page.getByText("Shipment created successfully")).toBeVisible();
}

test("a shipment is created with new parties, found, edited, tracked with its history, and deleted", async ({
  page,
  checkA11y,
}) => {
  test.slow();
  const trackingNumber = uniqueTrackingNumber();
  const tag = trackingNumber.slice(-4);
  await openNewShipmentForm(page);
  await settle(page);
  await checkA11y();

  await fillShipment(page, trackingNumber);
  await addParty(page, "Shipper", `Shipper ${tag}`, "Monrovia Traders");
  await addParty(page, "Consignee", `Consignee ${tag}`, "Accra Imports");
  await page.getByRole("button", { name: "Create Shipment" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Shipment ${trackingNumber}` })).toBeVisible();
  await expect(page.getByText("Shipment created successfully")).toBeVisible();
  // The party cards (the Notifications card names the recipients too).
  await expect(page.getByRole("link", { name: `Shipper ${tag}` })).toBeVisible();
  await expect(page.getByRole("link", { name: `Consignee ${tag}` })).toBeVisible();
  await expect(page.getByText("125.5 kg")).toBeVisible();
  // Its PDFs open in a new tab: the page stays.
  for (const name of ["Label", "Waybill", "Delivery note"]) {
    const link = page.getByRole("list", { name: "Documents" }).getByRole("link", { name, exact: true });
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link).toHaveAttribute("rel", "noopener");
  }
  await reloadWithoutToasts(page);
  await checkA11y();

  // Found by a case-insensitive part of its number.
  await page.goto("/admin/shipments");
  await page.getByRole("searchbox", { name: "Search" }).fill(trackingNumber.slice(0, 10).toLowerCase());
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/[?&]q=/);
  const row = page.getByRole("row").filter({ hasText: trackingNumber });
  await expect(row).toHaveCount(1);
  await expect(row.getByText("In Transit")).toBeVisible();
  await expect(row.getByText("May 01, 2030")).toBeVisible();
  await checkA11y();

  // Edited (from the row's menu of actions).
  await waitForHydration(row.getByRole("button", { name: `Actions for ${trackingNumber}` }));
  await row.getByRole("button", { name: `Actions for ${trackingNumber}` }).click();
  await page.getByRole("menuitem", { name: `Edit ${trackingNumber}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Edit Shipment" })).toBeVisible();
  await waitForHydration(page.getByRole("button", { name: "Update Shipment" }));
  await expect(page.getByLabel("Tracking Number")).toHaveValue(trackingNumber);
  await page.getByLabel("Destination").fill("Lagos, Nigeria");
  await page.getByRole("button", { name: "Update Shipment" }).click();
  await expect(page.getByText("Shipment updated successfully")).toBeVisible();
  await expect(page.getByText("Lagos, Nigeria")).toBeVisible();

  // History: add (the shipment's own status stays), edit inline, see it on the public page, delete.
  const openAdd = page.getByRole("button", { name: "Add Status Update" });
  await waitForHydration(openAdd);
  await openAdd.click();
  const addForm = page.getByRole("dialog", { name: "Add Status Update" });
  await addForm.getByLabel("Status", { exact: true }).fill("Arrived");
  await addForm.getByLabel("Location", { exact: true }).fill("Lagos Port");
  // Ticked by default (the update becomes the shipment's status); unticked, the status stays.
  await addForm.getByLabel("Also set as the shipment's current status and location").uncheck();
  await addForm.getByRole("button", { name: "Add Status Update" }).click();
  await expect(page.getByText("Status update added")).toBeVisible();
  const history = page.getByRole("list", { name: "Status history" });
  await expect(history.getByText(/^Arrived/)).toBeVisible();
  await expect(page.getByRole("definition").filter({ hasText: "In Transit" })).toBeVisible();

  await history.getByRole("link", { name: /^Edit status update Arrived/ }).click();
  const editForm = page.getByRole("form", { name: /^Edit status update of/ });
  await waitForHydration(editForm.getByRole("button", { name: "Save" }));
  await editForm.getByLabel("Location", { exact: true }).fill("Lagos Terminal 2");
  await editForm.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Status update saved")).toBeVisible();
  await expect(history.getByText("Lagos Terminal 2")).toBeVisible();

  await page.goto(`/track/${trackingNumber}`);
  await expect(page.getByText("Lagos Terminal 2").first()).toBeVisible();
  await expect(page.getByText("Lagos, Nigeria").first()).toBeVisible();

  await page.goBack();
  await waitForHydration(page.getByRole("link", { name: "Edit Shipment" }));
  await page.getByRole("button", { name: /^Delete status update Arrived/ }).click();
  const confirmEntry = page.getByRole("alertdialog", { name: "Delete status update?" });
  await confirmEntry.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Status deleted successfully")).toBeVisible();
  await expect(page.getByText("No status updates available")).toBeVisible();

  // Deleted from the list.
  await page.goto(`/admin/shipments?q=${encodeURIComponent(trackingNumber)}`);
  const listed = page.getByRole("row").filter({ hasText: trackingNumber });
  await waitForHydration(listed.getByRole("button", { name: `Actions for ${trackingNumber}` }));
  await listed.getByRole("button", { name: `Actions for ${trackingNumber}` }).click();
  await page.getByRole("menuitem", { name: `Delete ${trackingNumber}` }).click();
  const confirm = page.getByRole("alertdialog", { name: "Are you sure?" });
  await expect(confirm.getByText(/permanently delete .* and all associated data/)).toBeVisible();
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText(`Shipment ${trackingNumber} deleted successfully`)).toBeVisible();
  await expect(page.getByText("No shipments found")).toBeVisible();
});

test("the shipper and consignee are edited and deleted on the detail page", async ({ page }) => {
  test.slow();
  const trackingNumber = uniqueTrackingNumber();
  const tag = trackingNumber.slice(-4);
  await createShipment(page, trackingNumber, tag);

  const editShipper = page.getByRole("link", { name: "Edit shipper" });
  await waitForHydration(editShipper);
  await editShipper.click();
  const form = page.getByRole("form", { name: "Shipper" });
  // The focus moves into the form; Escape cancels and gives it back to Edit.
  await expect(form.getByLabel("Name")).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(form).toHaveCount(0);
  await expect(editShipper).toBeFocused();
  await editShipper.click();
  await waitForHydration(form.getByRole("button", { name: "Save Shipper" }));
  await form.getByLabel("Email").fill("desk@example.com");
  await form.getByLabel("Phone").fill("+231 77 000 1111");
  await form.getByRole("button", { name: "Save Shipper" }).click();
  await expect(page.getByText("Shipper updated")).toBeVisible();
  // Stored, and shown, as the E.164 number.
  await expect(page.getByRole("definition").filter({ hasText: "+231770001111" })).toBeVisible();

  await waitForHydration(page.getByRole("button", { name: "Delete consignee" }));
  await page.getByRole("button", { name: "Delete consignee" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Delete consignee?" });
  await expect(confirm.getByText(/removed from the database and from the shipment/)).toBeVisible();
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Consignee deleted")).toBeVisible();
  await expect(page.getByText("No consignee information available")).toBeVisible();
});

test("the form keeps what was typed and explains a taken tracking number (without JavaScript)", async ({
  browser,
}) => {
  test.slow();
  // Without scripts the form posts to the server, whose answer (400) is a page, not a failed fetch. (The
  // context inherits the worker's admin session; signing in without scripts: admin-login.spec.ts.)
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/admin/shipments/new");
  await expect(page.getByRole("heading", { level: 1, name: "New Shipment" })).toBeVisible();
  await fillShipment(page, "UTG-1234-5678");
  await page.getByRole("button", { name: "Create Shipment" }).click();
  await expect(page.getByText("A shipment with this tracking number already exists.")).toBeVisible();
  await expect(page.getByLabel("Tracking Number")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Origin")).toHaveValue("Monrovia, Liberia");

  await page.getByLabel("Origin").fill("");
  await page.getByLabel("Weight (kg, optional)").fill("-3");
  await page.getByRole("button", { name: "Create Shipment" }).click();
  await expect(page.getByText("Origin is required.")).toBeVisible();
  await expect(page.getByText("Weight must be a non-negative number of kilograms.")).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/shipments\/new$/);
  await context.close();
});

test("the list keeps search, status filter and sort in the URL", async ({ page }) => {
  test.slow();
  await page.goto("/admin/shipments?status=active&sort=oldest");
  await expect(page.getByRole("heading", { level: 1, name: "Shipments" })).toBeVisible();
  await expect(page.getByLabel("Status", { exact: true })).toHaveValue("active");
  await expect(page.getByLabel("Sort")).toHaveValue("oldest");
  await expect(page.getByRole("cell", { name: "Delivered", exact: true })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Add Shipment" })).toHaveAttribute(
    "href",
    "/admin/shipments/new",
  );

  await page.goto("/admin/shipments?q=no-such-shipment-anywhere");
  await expect(page.getByText("No shipments found")).toBeVisible();
  await expect(page.getByRole("searchbox", { name: "Search" })).toHaveAttribute(
    "placeholder",
    "Search by tracking #, status, or location...",
  );
});

test("an unknown or malformed shipment id shows a friendly not-found page", async ({ page }) => {
  test.slow();
  for (const id of ["00000000-0000-4000-8000-000000000000", "not-a-uuid"]) {
    const response = await page.goto(`/admin/shipments/${id}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Shipment Not Found" })).toBeVisible();
  }
  const response = await page.goto("/admin/shipments/not-a-uuid/edit");
  expect(response?.status()).toBe(404);
});

// The list on a desktop (issue 'what staff see'): the panel for the ticked shipments was crushed into one row
// (one word per line, the label size select clipped to '4›'), and a shipment took three lines.
for (const width of [1024, 1366, 1920]) {
  test(`at ${width} px the selected shipments' panel lays its controls out apart and each row is one line`, async ({
    page,
  }, testInfo) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/admin/dashboard");
    const prefix = `DENSE${Date.now().toString(36).toUpperCase()}`;
    const [number] = await makeShipments(page, prefix, 1);
    await page.goto(`/admin/shipments?q=${prefix}`);
    const panel = page.getByRole("form", { name: "Print labels for the selected shipments" });
    const size = panel.getByLabel("Label size");
    await waitForHydration(panel.getByRole("button", { name: "Add status update" }));
    const parts = [
      panel.getByRole("heading", { name: "Print labels for the selected shipments" }),
      panel.getByText(/One label per piece/),
      size,
      panel.getByRole("button", { name: "Print labels" }),
      panel.getByRole("button", { name: "Add status update" }),
      panel.getByRole("link", { name: "Add a status update to every shipment listed" }),
    ];
    await page.screenshot({ path: testInfo.outputPath(`shipments-${width}.png`), fullPage: true });
    const boxes = await Promise.all(parts.map(async (part) => (await part.boundingBox())!));
    for (const [i, a] of boxes.entries()) {
      for (const b of boxes.slice(i + 1)) {
        const apart =
          a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y;
        expect(apart, `${JSON.stringify(a)} overlaps ${JSON.stringify(b)}`).toBe(true);
      }
    }
    // The text runs across the panel, not one word per line; the select shows its whole value.
    const panelBox = (await panel.boundingBox())!;
    expect(boxes[1]!.width).toBeGreaterThan(panelBox.width / 2);
    await expect(size).toHaveValue("4x6");
    expect(await size.evaluate((el: HTMLSelectElement) => el.scrollWidth <= el.clientWidth)).toBe(true);
    expect(boxes[2]!.width).toBeGreaterThanOrEqual(120);

    // One line per shipment, with its shipper (the customer) column.
    const row = page.getByRole("row").filter({ hasText: number! });
    await expect(row).toHaveCount(1);
    await expect(page.getByRole("columnheader", { name: "Shipper" })).toBeVisible();
    const rowHeight = (await row.boundingBox())!.height;
    expect(rowHeight).toBeLessThanOrEqual(48);
    await expect(row.getByRole("link", { name: `Label ${number}` })).toHaveAttribute("target", "_blank");
    // The row's actions are on screen, not past the table's edge.
    const actions = (await row.getByRole("button", { name: `Actions for ${number}` }).boundingBox())!;
    expect(actions.x + actions.width).toBeLessThanOrEqual(panelBox.x + panelBox.width);

    // The whole list (the demo shipments' long places too) fits its box: nothing scrolls sideways, so no row's
    // actions are cut off at the table's edge (at 1366 px the Origin column pushed them out of sight).
    await page.goto("/admin/shipments");
    const table = page.getByRole("table", { name: "Shipments" });
    await expect(table).toBeVisible();
    const [tableWidth, boxWidth] = await table.evaluate((el) => [
      el.scrollWidth,
      el.parentElement!.clientWidth,
    ]);
    expect(tableWidth).toBeLessThanOrEqual(boxWidth! + 1);
  });
}

// The spec's seven columns on a 1366 × 768 laptop (Origin showed only from 1536 px and Created Date from 1800 px):
// with the longest values the form takes, every header is on screen and whole, the row's actions are in sight,
// and a cut-short place keeps its full text in its title.
test("at 1366 × 768 every spec column and a row's actions show, whatever the data's lengths", async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto("/admin/dashboard");
  const origin = new URL(page.url()).origin;
  const prefix = `WIDE${Date.now().toString(36).toUpperCase()}`;
  const number = `${prefix}-${"7".repeat(64 - prefix.length - 1)}`;
  const place = (city: string) =>
    `${city} ${"Grand Bassa Buchanan Port Industrial Zone ".repeat(5)}`.slice(0, 200);
  const long = {
    // The longest status the form takes (60 characters).
    status: "Held at the border awaiting customs inspection and clearance",
    originLocation: place("Ouagadougou, Kadiogo, Burkina Faso,"),
    destinationLocation: place("Yamoussoukro, Lacs, Côte d'Ivoire,"),
  };
  const response = await page.request.post("/admin/shipments/new", {
    headers: { Origin: origin },
    form: {
      intent: "save-shipment",
      trackingNumber: number,
      status: long.status,
      originLocation: long.originLocation,
      destinationLocation: long.destinationLocation,
      estimatedDelivery: "2030-12-20",
      dimensions: "120 x 100 x 150 cm",
      shipperId: "none",
      consigneeId: "none",
    },
    maxRedirects: 0,
  });
  expect(response.status(), await response.text()).toBe(302);

  await page.goto(`/admin/shipments?q=${prefix}`);
  const table = page.getByRole("table", { name: "Shipments" });
  await expect(table).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("shipments-1366-long.png") });
  const inView = (box: { x: number; y: number; width: number; height: number } | null) =>
    box !== null && box.x >= 0 && box.x + box.width <= 1366 && box.y >= 0 && box.y + box.height <= 768;
  for (const name of [
    "Tracking #",
    "Status",
    "Origin",
    "Destination",
    "Created Date",
    "Est. Delivery",
    "Actions",
  ]) {
    const header = table.getByRole("columnheader", { name, exact: true });
    await expect(header, name).toBeVisible();
    expect(inView(await header.boundingBox()), `${name} within the viewport`).toBe(true);
    // The header's words fit its column (not spilling over the next one).
    expect(await header.evaluate((el) => el.scrollWidth <= el.clientWidth), `${name} whole`).toBe(true);
  }
  const row = table.getByRole("row").filter({ hasText: prefix });
  await expect(row).toHaveCount(1);
  const actions = row.getByRole("button", { name: `Actions for ${number}` });
  await expect(actions).toBeVisible();
  expect(inView(await actions.boundingBox()), "the row's actions within the viewport").toBe(true);
  expect(inView(await row.getByRole("link", { name: `Label ${number}` }).boundingBox())).toBe(true);
  // Nothing scrolls sideways, and the cut-short places keep their full text.
  expect(await table.evaluate((el) => el.scrollWidth <= el.parentElement!.clientWidth + 1)).toBe(true);
  await expect(row.getByRole("cell", { name: long.originLocation })).toHaveAttribute(
    "title",
    long.originLocation,
  );
  await expect(row.getByRole("cell", { name: long.destinationLocation })).toHaveAttribute(
    "title",
    long.destinationLocation,
  );
  expect(inView(await row.getByRole("cell", { name: long.originLocation }).boundingBox())).toBe(true);
});
