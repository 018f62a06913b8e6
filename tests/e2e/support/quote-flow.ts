// The steps of a quote from the website to the customer's answer (decision 016), shared by the specs that start
// from a priced or accepted quote (quote-to-booking, invoices).
import type { Browser, BrowserContextOptions, Locator, Page } from "@playwright/test";
import { readOutbox, waitForHydration } from "./admin-fixtures.ts";
import { expect } from "./fixtures.ts";
import { fillQuoteRequest } from "./site-fixtures.ts";

const QUOTE_LINK = /https?:\/\/[^\s/]+(\/quote\/[\w-]{43})/;

export async function askForQuote(page: Page, email: string) {
  await page.goto("/contact");
  const form = page.getByRole("form", { name: "Get a Free Quote" });
  await waitForHydration(form.getByRole("button", { name: "Submit Quote Request" }));
  await fillQuoteRequest(form, { email, weight: "250 kg", specialInfo: "Keep dry" });
  await form.getByRole("button", { name: "Submit Quote Request" }).click();
  await expect(page.getByRole("region", { name: "Your quote request has been sent" })).toBeVisible();
}

/** A signed-in clerk (the worker's admin session) in a browser of their own, at the same size as the visitor. */
export async function clerkPage(
  browser: Browser,
  use: object,
  baseURL: string,
  storageState: BrowserContextOptions["storageState"],
) {
  const context = await browser.newContext({ ...use, baseURL, storageState, javaScriptEnabled: true });
  const clerk = await context.newPage();
  return clerk;
}

/** From the inbox, the request's quote page. */
export async function openQuotePage(clerk: Page, email: string) {
  await clerk.goto(`/admin/quote-requests?q=${email}`);
  // The sidebar counts unread requests: this one at least, until it is opened (other tests add theirs). On a
  // phone the sidebar is the 'Menu' drawer.
  const menu = clerk.getByRole("banner").getByRole("button", { name: "Menu" });
  const phone = (clerk.viewportSize()?.width ?? 1366) < 768;
  if (phone) {
    await waitForHydration(menu);
    await menu.click();
  }
  const inbox = clerk
    .getByRole("navigation", { name: "Admin" })
    .getByRole("link", { name: /^Quote Requests/ });
  await expect(inbox).toHaveAccessibleName(/^Quote Requests \d+\+? unread$/);
  if (phone) {
    await clerk.keyboard.press("Escape");
    await expect(inbox).toBeHidden();
  }
  // The whole row opens it (a click on its route, not only the small eye icon), as a table row or a phone's card.
  const route = clerk.getByText("Monrovia → Accra").filter({ visible: true });
  await waitForHydration(route);
  await route.click();
  const dialog = clerk.getByRole("dialog", { name: "Quote Request Details" });
  await dialog.getByRole("link", { name: "Prepare quote or book shipment" }).click();
  await expect(clerk.getByRole("heading", { level: 1, name: "Quote" })).toBeVisible();
}

async function fillLine(editor: Locator, n: number, description: string, amount: string) {
  await editor.getByLabel(`Description ${n}`).fill(description);
  await editor.getByLabel(`Amount ${n}`).fill(amount);
}

/** The clerk prices the request in three lines, saves the draft and sends it. */
export async function priceAndSend(clerk: Page) {
  const editor = clerk.locator("form").filter({ has: clerk.getByRole("group", { name: "Price lines" }) });
  await waitForHydration(editor.getByRole("button", { name: "Add line" }));
  await fillLine(editor, 1, "Ocean freight Monrovia to Accra", "1,200");
  await editor.getByRole("button", { name: "Add line" }).click();
  await fillLine(editor, 2, "Origin charges", "150");
  await editor.getByRole("button", { name: "Add line" }).click();
  await fillLine(editor, 3, "Customs clearance", "80");
  await editor.getByLabel("Currency").selectOption("USD");
  await editor.getByLabel("Transit time").fill("5-7 days");
  await editor.getByLabel("Incoterm").selectOption("FOB");
  await editor.getByRole("button", { name: "Save draft" }).click();
  await expect(clerk.getByText("Draft saved (version 1)")).toBeVisible();
  // A change after saving, sent without saving again: the customer gets what is on screen (85.50, not 80).
  await expect(editor.getByLabel("Amount 3")).toHaveValue("80.00");
  await editor.getByLabel("Amount 3").fill("85.50");
  await clerk.getByRole("button", { name: "Send quote" }).click();
  await expect(clerk.getByText("Quote sent", { exact: true })).toBeVisible();
  await expect(clerk.getByRole("heading", { level: 2, name: "Version 1 Sent" })).toBeVisible();
  await expect(clerk.getByText(/^Stage:/)).toContainText("Quoted");
}

/** The path of the quote link in the newest mail to `email`, after checking the mail's summary. */
export async function quoteLinkFromMail(email: string) {
  await expect.poll(() => readOutbox(email).length).toBeGreaterThan(0);
  const mail = readOutbox(email).at(-1)!;
  expect(mail.subject).toMatch(/^Your quote from .+: Monrovia to Accra$/);
  expect(mail.text).toContain("Ocean freight Monrovia to Accra");
  expect(mail.text).toMatch(/Total: .*1,435\.50/);
  expect(mail.attachments).toEqual([
    {
      filename: expect.stringMatching(/^Quote-Q-[0-9A-F]{8}-v1\.pdf$/),
      contentType: "application/pdf",
      bytes: expect.any(Number),
    },
  ]);
  const path = QUOTE_LINK.exec(mail.text)?.[1];
  expect(path).toBeTruthy();
  return path!;
}
