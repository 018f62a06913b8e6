import { reloadWithoutToasts, uniqueAdminEmail, waitForHydration } from "../support/admin-fixtures.ts";
import { expect, test } from "../support/fixtures.ts";
import { askForQuote, openQuotePage, priceAndSend, quoteLinkFromMail } from "../support/quote-flow.ts";
import { DESKTOP, PHONE } from "../support/viewports.ts";

// Decision 026: a clerk turns an accepted quote into an invoice in one step and issues it, then corrects one line
// with a credit note. The invoice page passes axe at a desktop's and a phone's size.

test.describe(DESKTOP.name, () => {
  test.use({ ...DESKTOP.use, signedIn: true });

  test("a clerk invoices an accepted quote, issues it, and credits one of its lines", async ({
    page,
    checkA11y,
  }) => {
    test.slow();
    const email = uniqueAdminEmail("invoice-flow");
    await askForQuote(page, email);
    await openQuotePage(page, email);
    await priceAndSend(page);
    const quotePage = page.url();

    // The customer accepts it from the e-mail.
    await page.goto(await quoteLinkFromMail(email));
    const accept = page.getByRole("button", { name: "Accept quote" });
    await waitForHydration(accept);
    await page.getByLabel("Your name").fill("Musu Flomo");
    await accept.click();
    await expect(page.getByRole("status").filter({ hasText: "This quote was accepted" })).toBeVisible();

    // 'Invoice' on the accepted quote: its lines, currency and customer carried over.
    await page.goto(quotePage);
    await page.getByRole("link", { name: "Invoice", exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/invoices\/new\?quote=[0-9a-f-]{36}$/);
    await expect(page.getByRole("heading", { level: 1, name: "New invoice" })).toBeVisible();
    await expect(page.getByLabel("Description 1")).toHaveValue("Ocean freight Monrovia to Accra");
    await expect(page.getByLabel("Description 3")).toHaveValue("Customs clearance");
    await expect(page.getByLabel("Unit price 3")).toHaveValue("85.50");
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Musu Flomo");
    // The live total, the last of the totals.
    await expect(page.getByRole("definition").last()).toHaveText("1,435.50 USD");
    await page.getByRole("button", { name: "Save draft" }).click();
    await expect(page).toHaveURL(/\/admin\/invoices\/[0-9a-f-]{36}$/);
    await expect(page.getByRole("heading", { level: 1, name: "Draft invoice" })).toBeVisible();
    await reloadWithoutToasts(page);
    await checkA11y();

    // Issuing asks first: an issued invoice cannot be changed.
    const issue = page.getByRole("button", { name: "Issue invoice" });
    await waitForHydration(issue);
    await issue.click();
    const dialog = page.getByRole("alertdialog", { name: "Issue this invoice?" });
    await expect(dialog).toContainText("cannot be changed");
    await dialog.getByRole("button", { name: "Issue invoice" }).click();
    const heading = page.getByRole("heading", { level: 1, name: /^Invoice INV-\d{4}-\d{4}$/ });
    await expect(heading).toBeVisible();
    const number = (await heading.textContent())!.replace("Invoice ", "").trim();
    await expect(page.getByRole("row", { name: /^Total/ })).toContainText("1,435.50");
    await expect(page.getByRole("link", { name: "Download PDF" })).toHaveAttribute(
      "href",
      /\/admin\/invoices\/[0-9a-f-]{36}\/invoice\.pdf$/,
    );
    const invoicePage = page.url();
    await reloadWithoutToasts(page);
    await checkA11y();
    await page.setViewportSize(PHONE.use.viewport);
    await checkA11y();
    await page.setViewportSize(DESKTOP.use.viewport);

    // A credit note of the customs line only.
    await page.getByRole("link", { name: "Credit note" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "New credit note" })).toBeVisible();
    await expect(page.getByRole("link", { name: number })).toBeVisible();
    const remove = page.getByRole("button", { name: "Remove line 1" });
    await waitForHydration(remove);
    await remove.click();
    await remove.click();
    await expect(page.getByLabel("Description 1")).toHaveValue("Customs clearance");
    await expect(page.getByLabel("Description 2")).toHaveCount(0);
    await page.getByRole("button", { name: "Save draft" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Draft credit note" })).toBeVisible();
    const issueCredit = page.getByRole("button", { name: "Issue credit note" });
    await waitForHydration(issueCredit);
    await issueCredit.click();
    await page
      .getByRole("alertdialog", { name: "Issue this credit note?" })
      .getByRole("button", { name: "Issue credit note" })
      .click();
    await expect(page.getByRole("heading", { level: 1, name: /^Credit note CN-\d{4}-\d{4}$/ })).toBeVisible();
    await expect(page.getByRole("row", { name: /^Total/ })).toContainText("85.50");

    // The invoice lists its credit note; the list finds both by the customer's name, as cards on a phone.
    await page.goto(invoicePage);
    await expect(page.getByRole("link", { name: /^CN-\d{4}-\d{4}$/ })).toBeVisible();
    await page.setViewportSize(PHONE.use.viewport);
    await page.goto(`/admin/invoices?q=${encodeURIComponent("Musu Flomo")}`);
    const cards = page.getByRole("list", { name: "Invoices" });
    await expect(cards.getByRole("link", { name: number })).toBeVisible();
    await expect(cards.getByRole("link", { name: /^CN-\d{4}-\d{4}$/ }).first()).toBeVisible();
    await checkA11y();
  });
});
