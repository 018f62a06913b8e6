import type { APIRequestContext, Page } from "@playwright/test";
import {
  makeShipments,
  reloadWithoutToasts,
  waitForHydration,
  waitForToastsToClose,
} from "../support/admin-fixtures.ts";
import { expect, test } from "../support/fixtures.ts";
import { BOTH_SIZES, PHONE } from "../support/viewports.ts";

// The shipments, quote requests and contact messages lists: a card per item below 640 px, the table from
// 640 px on, with the same controls and the same accessible names. Each test makes its own rows. The flows run
// on a phone (the cards); on a desktop the rows' same flows are admin-inboxes.spec.ts's and
// admin-shipments.spec.ts's, and here each list shows its table and no cards.

test.use({ signedIn: true });

const unique = (label: string) =>
  `${label}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.toUpperCase();

/** A form post as a visitor's browser sends it (the public contact page, without JavaScript). */
async function postContactPage(request: APIRequestContext, baseURL: string, fields: URLSearchParams) {
  const response = await request.post("/contact", {
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: baseURL },
    data: fields.toString(),
  });
  expect(response.status()).toBe(200);
}

/** A sea-freight quote request from Monrovia to Accra, sent from the public page; answers the requester's name. */
async function postQuoteRequest(
  request: APIRequestContext,
  baseURL: string,
  firstName: string,
  lastName: string,
) {
  const fields = new URLSearchParams({
    intent: "quote",
    firstName,
    lastName,
    email: `${firstName.toLowerCase()}@example.com`,
    cityDeparture: "Monrovia",
    deliveryCity: "Accra",
    parcelType: "Pallets",
    weight: "2 tons",
  });
  fields.append("freightTypes", "sea");
  await postContactPage(request, baseURL, fields);
  return `${firstName} ${lastName}`;
}

/** Toasts pause while the pointer rests on them; axe runs once they are gone. */
async function settle(page: Page) {
  await page.mouse.move(0, 0);
  await waitForToastsToClose(page);
}

for (const size of BOTH_SIZES) {
  const phone = size === PHONE;

  test.describe(size.name, () => {
    test.use(size.use);

    /** One item of the list: its card on a phone, its table row on a desktop. */
    const item = (page: Page, text: string) =>
      (phone ? page.getByRole("listitem") : page.getByRole("row")).filter({ hasText: text });

    /** The cards show on a phone and the table on a desktop, never both. */
    async function expectLayout(page: Page, list: string | RegExp) {
      const cards = page.getByRole("list", { name: list });
      const table = page.getByRole("table", { name: list });
      await expect(phone ? cards : table).toBeVisible();
      await expect(phone ? table : cards).toHaveCount(0);
    }

    if (phone) {
      test("shipments: open and delete a shipment from its card or row", async ({ page, checkA11y }) => {
        test.slow();
        const trackingNumber = unique("LIST-");
        await page.goto("/admin/shipments/new");
        await waitForHydration(page.getByRole("button", { name: "Create Shipment" }));
        await page.getByLabel("Tracking Number").fill(trackingNumber);
        await page.getByLabel("Status", { exact: true }).fill("Delayed");
        await page.getByLabel("Origin").fill("Monrovia, Liberia");
        await page.getByLabel("Destination").fill("Accra, Ghana");
        await page.getByLabel("Estimated Delivery").fill("2030-05-01");
        await page.getByLabel("Dimensions").fill("120 x 80 x 60");
        await page.getByRole("button", { name: "Create Shipment" }).click();
        await expect(
          page.getByRole("heading", { level: 1, name: `Shipment ${trackingNumber}` }),
        ).toBeVisible();

        await page.goto(`/admin/shipments?q=${trackingNumber}`);
        await expectLayout(page, "Shipments");
        const shipment = item(page, trackingNumber);
        await expect(shipment).toHaveCount(1);
        await expect(shipment.getByText("Delayed", { exact: true })).toBeVisible();
        await expect(shipment.getByText("Accra, Ghana")).toBeVisible();
        await expect(shipment.getByText("May 01, 2030")).toBeVisible();
        // The row's actions are in one menu, opened by the keyboard too.
        const actions = shipment.getByRole("button", { name: `Actions for ${trackingNumber}` });
        await waitForHydration(actions);
        await actions.focus();
        await page.keyboard.press("Enter");
        await expect(page.getByRole("menuitem", { name: `Edit ${trackingNumber}` })).toHaveAttribute(
          "href",
          /\/admin\/shipments\/[0-9a-f-]{36}\/edit$/,
        );
        await expect(
          page.getByRole("menuitem", { name: `Add status update to ${trackingNumber}` }),
        ).toBeVisible();
        await page.keyboard.press("Escape");
        await expect(page.getByRole("menu")).toHaveCount(0);
        await settle(page);
        await checkA11y();

        await shipment.getByRole("link", { name: trackingNumber, exact: true }).click();
        await expect(
          page.getByRole("heading", { level: 1, name: `Shipment ${trackingNumber}` }),
        ).toBeVisible();
        await page.goBack();

        const menu = item(page, trackingNumber).getByRole("button", {
          name: `Actions for ${trackingNumber}`,
        });
        await waitForHydration(menu);
        await menu.click();
        await page.getByRole("menuitem", { name: `Delete ${trackingNumber}` }).click();
        const confirm = page.getByRole("alertdialog", { name: "Are you sure?" });
        await expect(confirm).toContainText(`permanently delete shipment ${trackingNumber}`);
        await confirm.getByRole("button", { name: "Delete" }).click();
        await expect(page.getByText(`Shipment ${trackingNumber} deleted successfully`)).toBeVisible();
        await expect(page.getByText("No shipments found")).toBeVisible();
      });

      test("quote requests: read toggle, details and delete from a card or row", async ({
        page,
        request,
        baseURL,
        checkA11y,
      }) => {
        const firstName = unique("Card");
        const name = await postQuoteRequest(request, baseURL!, firstName, "Flomo");

        await page.goto(`/admin/quote-requests?q=${firstName}`);
        await expectLayout(page, /^Quote requests, 1 in all/);
        const quote = item(page, name);
        await expect(quote).toHaveCount(1);
        await expect(quote.getByText("Monrovia → Accra")).toBeVisible();
        await expect(quote.getByText("Pallets")).toBeVisible();
        await checkA11y();

        const toggle = quote.getByRole("button", { name: "Mark as read" });
        await waitForHydration(toggle);
        await toggle.click();
        await expect(page.getByText("Request marked as read")).toBeVisible();
        await expect(quote.getByRole("button", { name: "Mark as unread" })).toBeVisible();
        // On a phone the toast covers the card's controls: a reload shows the page without it.
        await reloadWithoutToasts(page);
        await expect(quote.getByRole("button", { name: "Mark as unread" })).toBeVisible();

        await quote.getByRole("link", { name: `View quote request from ${name}` }).click();
        const dialog = page.getByRole("dialog", { name: "Quote Request Details" });
        await expect(dialog.getByText(`${firstName.toLowerCase()}@example.com`)).toBeVisible();
        await dialog.getByRole("link", { name: "Close", exact: true }).click();
        await expect(dialog).toHaveCount(0);

        await quote.getByRole("button", { name: `Delete quote request from ${name}` }).click();
        const confirm = page.getByRole("alertdialog", { name: "Are you sure?" });
        await confirm.getByRole("button", { name: "Delete" }).click();
        await expect(page.getByText("Quote request deleted successfully")).toBeVisible();
        await expect(page.getByText("No quote requests found.")).toBeVisible();
      });
    }

    // A click on 'View' right after a list loaded was once lost: when React took the page over, it added the
    // checkbox column, the phone's 'Select all on this page' and the bulk bar's space, and the row moved under the
    // pointer between press and release. The list's scripts are held here until the server's page is measured.
    test("nothing moves when the page's scripts take over a list: a click right after it loads lands", async ({
      page,
      request,
      baseURL,
    }) => {
      const firstName = unique("Still");
      const name = await postQuoteRequest(request, baseURL!, firstName, "Kollie");
      const held: { continue: () => Promise<void> }[] = [];
      let release = false;
      await page.route(/\.js(\?.*)?$/, (route) => (release ? route.continue() : void held.push(route)));
      await page.goto(`/admin/quote-requests?q=${firstName}`, { waitUntil: "commit" });
      const view = item(page, name).getByRole("link", { name: `View quote request from ${name}` });
      await expect(view).toBeVisible();
      const before = (await view.boundingBox())!;
      release = true;
      await Promise.all(held.map((route) => route.continue()));
      await waitForHydration(view);
      expect(await view.boundingBox()).toEqual(before);
      await view.click();
      await expect(page.getByRole("dialog", { name: /quote request/i })).toBeVisible();
    });

    if (phone) {
      test("contact messages: read toggle, details and delete from a card or row", async ({
        page,
        request,
        baseURL,
        checkA11y,
      }) => {
        const first = unique("Card");
        const name = `${first} Kollie`;
        await postContactPage(
          request,
          baseURL!,
          new URLSearchParams({
            intent: "contact",
            name,
            email: `${first.toLowerCase()}@example.com`,
            subject: "Shipping a car & a bike",
            message: "Hello,\nI would like to ship a car.",
          }),
        );

        await page.goto(`/admin/contact-submissions?q=${first}`);
        await expectLayout(page, /^Contact messages, 1 in all/);
        const message = item(page, name);
        await expect(message).toHaveCount(1);
        await expect(message.getByText("Shipping a car & a bike")).toBeVisible();
        await checkA11y();

        const toggle = message.getByRole("button", { name: "Mark as read" });
        await waitForHydration(toggle);
        await toggle.click();
        await expect(page.getByText("Message marked as read")).toBeVisible();
        await expect(message.getByRole("button", { name: "Mark as unread" })).toBeVisible();
        // On a phone the toast covers the card's controls: a reload shows the page without it.
        await reloadWithoutToasts(page);
        await expect(message.getByRole("button", { name: "Mark as unread" })).toBeVisible();

        await message.getByRole("link", { name: `View message from ${name}` }).click();
        const dialog = page.getByRole("dialog", { name: "Contact Message Details" });
        await expect(dialog.getByText("Shipping a car & a bike")).toBeVisible();
        await dialog.getByRole("link", { name: "Close", exact: true }).click();
        await expect(dialog).toHaveCount(0);
        // Focus comes back to the item's 'View' control, the one on screen.
        await expect(message.getByRole("link", { name: `View message from ${name}` })).toBeFocused();

        await message.getByRole("button", { name: `Delete message from ${name}` }).click();
        const confirm = page.getByRole("alertdialog", { name: "Are you sure?" });
        await confirm.getByRole("button", { name: "Delete" }).click();
        await expect(page.getByText("Message deleted successfully")).toBeVisible();
        await expect(page.getByText("No contact form submissions found.")).toBeVisible();
      });
    } else {
      test("each list shows its table and no cards", async ({ page, request, baseURL }) => {
        const tag = unique("Table");
        await makeShipments(page, tag, 1);
        await page.goto(`/admin/shipments?q=${tag}`);
        await expectLayout(page, "Shipments");
        await expect(item(page, tag)).toHaveCount(1);
        const name = await postQuoteRequest(request, baseURL!, tag, "Flomo");
        await page.goto(`/admin/quote-requests?q=${tag}`);
        await expectLayout(page, /^Quote requests, 1 in all/);
        await expect(item(page, name)).toHaveCount(1);
        await postContactPage(
          request,
          baseURL!,
          new URLSearchParams({
            intent: "contact",
            name: `${tag} Kollie`,
            email: `${tag.toLowerCase()}@example.com`,
            subject: "Shipping a car",
            message: "Hello,\nI would like to ship a car.",
          }),
        );
        await page.goto(`/admin/contact-submissions?q=${tag}`);
        await expectLayout(page, /^Contact messages, 1 in all/);
        await expect(item(page, `${tag} Kollie`)).toHaveCount(1);
      });
    }
  });
}
