import type { Page } from "@playwright/test";
import { readOutbox, uniqueAdminEmail, waitForHydration } from "../support/admin-fixtures.ts";
import { expect, test } from "../support/fixtures.ts";
import { issueDraftInvoice, startInvoice } from "../support/invoice-flow.ts";
import { linesTaken } from "../support/lines-taken.ts";
import { BOTH_SIZES, DESKTOP } from "../support/viewports.ts";

// On a phone an invoice's lines scrolled sideways, their amounts and the balance out of sight: at 390 px and at
// 1366 px every line's description and amount and the totals are seen without scrolling sideways, on the staff's
// page and the customer's.

/**
 * Nothing on the page scrolls sideways (neither the page nor a box inside it), and each text is seen whole
 * inside the screen's width.
 */
async function expectSeenWithoutScrolling(page: Page, texts: string[]) {
  const width = page.viewportSize()!.width;
  const scrollers = await page.evaluate(() =>
    [document.documentElement, ...document.querySelectorAll("body *")]
      .filter((element) => {
        const overflow = getComputedStyle(element).overflowX;
        const scrolls = element === document.documentElement || overflow === "auto" || overflow === "scroll";
        return scrolls && element.scrollWidth > element.clientWidth + 1;
      })
      .map((element) => element.outerHTML.slice(0, 120)),
  );
  expect(scrollers, "boxes that scroll sideways").toEqual([]);
  for (const text of texts) {
    // The one on the screen (the unit price of a line of one piece reads as its amount, in a column a phone hides).
    const shown = page.getByText(text, { exact: true }).filter({ visible: true }).first();
    await expect(shown).toBeVisible();
    const box = (await shown.boundingBox())!;
    expect(box.x, text).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, text).toBeLessThanOrEqual(width + 0.5);
  }
}

test.describe("an issued invoice", () => {
  test.use({ ...DESKTOP.use, signedIn: true });

  test("shows every line's description and amount and the balance at 390 and 1366 px, staff's and customer's", async ({
    page,
    browser,
  }) => {
    test.slow();
    const email = uniqueAdminEmail("invoice-phone");
    await startInvoice(page, { name: "Musu Flomo", email });
    const lines = [
      { description: "Ocean freight Antwerp to Monrovia, 2 x 40ft high cube", price: "1,250,000.00" },
      { description: "Customs clearance and port handling at Freeport", price: "98,765.43" },
    ];
    await page.getByLabel("Description 1").fill(lines[0]!.description);
    await page.getByLabel("Unit price 1").fill(lines[0]!.price);
    await page.getByRole("button", { name: "Add line" }).click();
    await page.getByLabel("Description 2").fill(lines[1]!.description);
    await page.getByLabel("Unit price 2").fill(lines[1]!.price);
    await page.getByRole("button", { name: "Save draft" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Draft invoice" })).toBeVisible();
    const { heading: staffHeading, number } = await issueDraftInvoice(page);
    const send = page.getByRole("button", { name: `Send invoice ${number}` });
    await waitForHydration(send);
    await send.click();
    await expect.poll(() => readOutbox(email).length).toBe(1);
    const link = /\/invoice\/[\w-]{43}/.exec(readOutbox(email)[0]!.text)![0];

    const seen = [
      ...lines.map((line) => line.description),
      "1,250,000.00 USD",
      "98,765.43 USD",
      "Balance due",
      "1,348,765.43 USD",
    ];
    const staffPage = page.url();
    for (const size of BOTH_SIZES) {
      await page.setViewportSize(size.use.viewport);
      await page.goto(staffPage);
      await expect(page.getByRole("row", { name: /^Balance due/ })).toContainText("1,348,765.43 USD");
      await expectSeenWithoutScrolling(page, seen);
      // Nor does the heading break the invoice's number.
      expect(await linesTaken(staffHeading, number)).toBe(1);
    }

    // The customer's page of the e-mail's link (the account's invoice page shows the same component).
    for (const size of BOTH_SIZES) {
      const customer = await browser.newContext({ ...size.use });
      const phone = await customer.newPage();
      await phone.goto(link);
      await expect(phone.getByRole("heading", { level: 1, name: `Invoice ${number}` })).toBeVisible();
      await expectSeenWithoutScrolling(phone, seen);
      await customer.close();
    }
  });
});
