import type { Page } from "@playwright/test";
import { reloadWithoutToasts, waitForHydration } from "../support/admin-fixtures.ts";
import { expect, test } from "../support/fixtures.ts";
import { submitMessage, submitQuote, unique } from "../support/site-fixtures.ts";
import { DESKTOP, PHONE } from "../support/viewports.ts";

// Bulk actions on the inboxes (decision 016): choose rows, or every row a search matches, then mark them read or
// unread or delete them in one action. Each test makes its own rows under a unique search word.

/** The page's checkbox for every row: the table's header on a desktop, above the cards on a phone. */
const pageCheckbox = (page: Page) =>
  page.getByRole("checkbox", { name: "Select all on this page" }).filter({ visible: true });
const bar = (page: Page) => page.getByRole("region", { name: "Bulk actions" });

test.use({ signedIn: true });

test.describe(DESKTOP.name, () => {
  test.use(DESKTOP.use);

  test("eight unread quote requests are marked read in one action, then two chosen rows unread again", async ({
    page,
    baseURL,
    checkA11y,
  }) => {
    test.slow();
    const stamp = unique("Eight");
    const quotes = [];
    for (let i = 0; i < 8; i++) quotes.push(await submitQuote(page.request, baseURL!, stamp));
    await page.goto(`/admin/quote-requests?q=${stamp}`);
    await expect(page.getByRole("button", { name: "Mark as read" }).filter({ visible: true })).toHaveCount(8);
    const all = pageCheckbox(page);
    await waitForHydration(all);
    await all.check();
    await expect(bar(page)).toContainText("8 selected");
    await checkA11y();
    await bar(page).getByRole("button", { name: "Mark read" }).click();
    await expect(page.getByText("8 quote requests marked as read")).toBeVisible();
    await expect(page.getByRole("button", { name: "Mark as unread" }).filter({ visible: true })).toHaveCount(
      8,
    );
    await expect(bar(page)).toHaveCount(0);
    await reloadWithoutToasts(page);

    for (const quote of quotes.slice(0, 2)) {
      await page
        .getByRole("checkbox", { name: `Select quote request from ${quote.firstName} Flomo` })
        .filter({ visible: true })
        .check();
    }
    await expect(bar(page)).toContainText("2 selected");
    await expect(all).not.toBeChecked();
    await bar(page).getByRole("button", { name: "Mark unread" }).click();
    await expect(page.getByText("2 quote requests marked as unread")).toBeVisible();
    await expect(page.getByRole("button", { name: "Mark as read" }).filter({ visible: true })).toHaveCount(2);
  });
});

test("every request a search matches, across pages, is deleted after the confirmation worded for them all", async ({
  page,
  baseURL,
  checkA11y,
}) => {
  test.slow();
  const stamp = unique("Many");
  for (let i = 0; i < 22; i++) await submitQuote(page.request, baseURL!, stamp);
  const keep = await submitQuote(page.request, baseURL!, "Keep");
  await page.goto(`/admin/quote-requests?q=${stamp}`);
  await expect(page.getByRole("table", { name: /^Quote requests, 22 in all \(page 1 of 2\)/ })).toBeVisible();
  const all = pageCheckbox(page);
  await waitForHydration(all);
  await all.check();
  await expect(bar(page)).toContainText("20 selected");
  await bar(page).getByRole("button", { name: "Select all 22 quote requests matching" }).click();
  await expect(bar(page)).toContainText("All 22 quote requests matching are selected");
  await bar(page).getByRole("button", { name: "Delete" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Are you sure?" });
  await expect(dialog).toContainText(
    "This action cannot be undone. This will permanently delete 22 quote requests.",
  );
  await checkA11y();
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("22 quote requests deleted")).toBeVisible();
  await expect(page.getByText("No quote requests found.")).toBeVisible();
  // What the search did not match is still there.
  await page.goto(`/admin/quote-requests?q=${keep.firstName}`);
  await expect(page.getByRole("row").filter({ hasText: keep.firstName })).toBeVisible();
});

test("chosen contact messages are deleted with the confirmation for two", async ({ page, baseURL }) => {
  const stamp = unique("Pair");
  const messages = [
    await submitMessage(page.request, baseURL!, stamp),
    await submitMessage(page.request, baseURL!, stamp),
  ];
  await page.goto(`/admin/contact-submissions?q=${stamp}`);
  for (const message of messages) {
    const box = page.getByRole("checkbox", { name: `Select message from ${message.name}` });
    await waitForHydration(box);
    await box.check();
  }
  await bar(page).getByRole("button", { name: "Delete" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Are you sure?" });
  await expect(dialog).toContainText(
    "This action cannot be undone. This will permanently delete 2 messages.",
  );
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("2 messages deleted")).toBeVisible();
  await expect(page.getByText("No contact form submissions found.")).toBeVisible();
});

test.describe(PHONE.name, () => {
  test.use(PHONE.use);
  test("on a phone the page's checkbox above the cards chooses them all", async ({
    page,
    baseURL,
    checkA11y,
  }) => {
    const stamp = unique("Cards");
    for (let i = 0; i < 2; i++) await submitQuote(page.request, baseURL!, stamp);
    await page.goto(`/admin/quote-requests?q=${stamp}`);
    const all = pageCheckbox(page);
    await waitForHydration(all);
    await all.check();
    await expect(bar(page)).toContainText("2 selected");
    await checkA11y();
    await bar(page).getByRole("button", { name: "Mark read" }).click();
    await expect(page.getByText("2 quote requests marked as read")).toBeVisible();
    await expect(page.getByRole("button", { name: "Mark as unread" }).filter({ visible: true })).toHaveCount(
      2,
    );
  });
});
