import type { Page } from "@playwright/test";
import { reloadWithoutToasts, waitForHydration } from "../support/admin-fixtures.ts";
import { expect, test } from "../support/fixtures.ts";
import { submitMessage, submitQuote, unique } from "../support/site-fixtures.ts";

test.use({ signedIn: true });

// The two inboxes (quote requests, contact messages) and the live bell. Each test makes its own data with a
// unique name, so tests running side by side never see each other's rows.

const bell = (page: Page) => page.getByRole("button", { name: /^Notifications/ });
const row = (page: Page, name: string) => page.getByRole("row").filter({ hasText: name });

test.describe("live notifications", () => {
  test("a visitor's quote request and message reach the admin's bell and inbox without a reload", async ({
    page,
    browser,
    baseURL,
  }) => {
    test.slow();
    await page.goto("/admin/dashboard");
    const inbox = await page.context().newPage();
    await inbox.goto("/admin/quote-requests");
    await waitForHydration(inbox.getByRole("button", { name: /^Notifications/ }));
    await waitForHydration(bell(page));
    // The page is never reloaded: a marker set now must survive.
    await page.evaluate(() => {
      (window as unknown as { marker: string }).marker = "same page";
    });

    // The visitor fills in the public form in their own browser.
    const visitor = await browser.newContext();
    const visitorPage = await visitor.newPage();
    await visitorPage.goto("/contact");
    const form = visitorPage.getByRole("form", { name: "Get a Free Quote" });
    await waitForHydration(form);
    const firstName = unique("Live");
    await form.getByLabel("First Name").fill(firstName);
    await form.getByLabel("Last Name").fill("Flomo");
    await form.getByLabel("Email").fill(`${firstName.toLowerCase()}@example.com`);
    await form.getByLabel("City of Departure").fill("Monrovia");
    await form.getByLabel("Delivery City").fill("Accra");
    await form.getByLabel("Parcel Type").selectOption("Pallets");
    await form.getByLabel("Weight").fill("2 tons");
    await form.getByRole("checkbox", { name: "Air Freight" }).check();
    await form.getByRole("button", { name: "Submit Quote Request" }).click();
    await expect(
      visitorPage.getByText("Quote request submitted successfully. We'll contact you soon!"),
    ).toBeVisible();

    // The admin's open pages update by themselves.
    await bell(page).click();
    const item = page.getByRole("link", { name: new RegExp(`New quote request from ${firstName} Flomo`) });
    await expect(item).toBeVisible({ timeout: 5000 });
    await expect(row(inbox, `${firstName} Flomo`)).toBeVisible({ timeout: 5000 });
    await expect(bell(page)).toHaveAccessibleName(/^Notifications: \d+\+? unread$/);

    // A contact message too, with the sidebar's 'New' badge.
    const message = await submitMessage(visitor.request, baseURL!, "LiveMsg");
    await expect(
      page.getByRole("link", { name: new RegExp(`New message from ${message.name}`) }),
    ).toBeVisible({
      timeout: 5000,
    });
    await expect(page.getByRole("link", { name: /Contact Messages/ })).toContainText("New");
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe("same page");

    // An item opens that request.
    await item.click();
    await expect(page).toHaveURL(/\/admin\/quote-requests\/[0-9a-f-]{36}$/);
    const dialog = page.getByRole("dialog", { name: "Quote Request Details" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(`${firstName} Flomo`)).toBeVisible();
    await visitor.close();
  });

  test.describe("signed out", () => {
    test.use({ signedIn: false });
    test("the events route refuses a visitor without a session", async ({ request }) => {
      const response = await request.get("/admin/events", { maxRedirects: 0 });
      expect(response.status()).toBe(302);
      expect(response.headers().location).toMatch(/^\/admin-login\?/);
      expect(response.headers()["content-type"] ?? "").not.toContain("text/event-stream");
    });
  });

  test("the events stream is not cached and not compressed", async ({ page }) => {
    await page.goto("/admin/dashboard");
    const headers = await page.evaluate(async () => {
      const controller = new AbortController();
      const response = await fetch("/admin/events", {
        signal: controller.signal,
        headers: { "Accept-Encoding": "gzip" },
      });
      const reader = response.body!.getReader();
      const first = new TextDecoder().decode((await reader.read()).value);
      controller.abort();
      return {
        type: response.headers.get("content-type"),
        cache: response.headers.get("cache-control"),
        encoding: response.headers.get("content-encoding"),
        first,
      };
    });
    expect(headers.type).toContain("text/event-stream");
    expect(headers.cache).toBe("no-store, no-transform");
    expect(headers.encoding).toBeNull();
    expect(headers.first).toContain("retry: 2000");
  });
});

test.describe("the Quote Requests inbox", () => {
  test("toggle, open (marked read), reply by e-mail and delete", async ({ page, baseURL, checkA11y }) => {
    test.slow();
    const quote = await submitQuote(page.request, baseURL!);
    const name = `${quote.firstName} ${quote.lastName}`;
    await page.goto(`/admin/quote-requests?q=${quote.email}`);
    await expect(page.getByRole("heading", { name: "Quote Requests", level: 1 })).toBeVisible();
    for (const column of ["Status", "Name", "Email", "Route", "Type", "Date", "Actions"]) {
      await expect(page.getByRole("columnheader", { name: column })).toBeVisible();
    }
    const line = row(page, name);
    await expect(line).toContainText("Monrovia → Accra");
    await expect(line).toContainText("Pallets");
    await expect(line).toContainText(/[A-Z][a-z]{2} \d{1,2}, \d{4}/);

    const toggle = line.getByRole("button", { name: "Mark as read" });
    await waitForHydration(toggle);
    await expect(toggle).toHaveAttribute("title", "Mark as read");
    await toggle.click();
    await expect(page.getByText("Request marked as read")).toBeVisible();
    await line.getByRole("button", { name: "Mark as unread" }).click();
    await expect(page.getByText("Request marked as unread")).toBeVisible();
    await expect(line.getByRole("button", { name: "Mark as read" })).toBeVisible();

    // The Unread filter finds it; the Read filter does not.
    await page.getByLabel("Show").selectOption("read");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/read=read/);
    await expect(page.getByText("No quote requests found.")).toBeVisible();
    await page.getByLabel("Show").selectOption("unread");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(row(page, name)).toBeVisible();
    await page.getByLabel("Show").selectOption("");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/\?read=&q=/);

    // Open with the keyboard: the details dialog has its own URL and marks the request read.
    await reloadWithoutToasts(page);
    await checkA11y();
    await row(page, name)
      .getByRole("link", { name: `View quote request from ${name}` })
      .focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/admin\/quote-requests\/[0-9a-f-]{36}\?read=&q=/);
    const dialog = page.getByRole("dialog", { name: "Quote Request Details" });
    await expect(dialog).toBeVisible();
    // Focus starts on the least destructive control, never on Delete.
    await expect(dialog.getByRole("link", { name: "Close details" })).toBeFocused();
    await expect(
      dialog.getByText(/^Submitted on [A-Z][a-z]+ \d{1,2}, \d{4} \d{1,2}:\d{2} [AP]M$/),
    ).toBeVisible();
    await expect(dialog.getByText(quote.email)).toBeVisible();
    await expect(dialog.getByText("Monrovia", { exact: true })).toBeVisible();
    await expect(dialog.getByText("Accra", { exact: true })).toBeVisible();
    await expect(dialog.getByText("2 tons")).toBeVisible();
    await expect(dialog.getByText("Sea Freight")).toBeVisible();
    await expect(dialog.getByText("Road Transport")).toBeVisible();
    await expect(dialog.getByText("Air Freight")).toHaveCount(0);
    // Special information is shown as text, with its line break.
    await expect(dialog.getByText("Fragile <b>glass</b>")).toBeVisible();
    await expect(dialog.locator("b")).toHaveCount(0);
    const reply = dialog.getByRole("link", { name: "Reply via Email" });
    const href = await reply.getAttribute("href");
    expect(href).toBe(
      `mailto:${quote.email}?subject=${encodeURIComponent("RE: Your Quote Request")}&body=${encodeURIComponent(
        `Dear ${quote.firstName},\r\n\r\nThank you for your quote request from Monrovia to Accra.\r\n\r\n`,
      )}`,
    );
    await checkA11y();

    // Escape closes it and goes back to the list (filters kept); it is read now.
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/admin\/quote-requests\?read=&q=/);
    await expect(
      row(page, name).getByRole("link", { name: `View quote request from ${name}` }),
    ).toBeFocused();
    await page.goto(`/admin/quote-requests?q=${quote.email}`);
    await expect(row(page, name).getByRole("button", { name: "Mark as unread" })).toBeVisible();

    // Delete, after 'Are you sure?'; Cancel first.
    const remove = row(page, name).getByRole("button", { name: `Delete quote request from ${name}` });
    await waitForHydration(remove);
    await remove.click();
    const confirm = page.getByRole("alertdialog", { name: "Are you sure?" });
    await expect(
      confirm.getByText("This action cannot be undone. This will permanently delete the quote request."),
    ).toBeVisible();
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(confirm).toBeHidden();
    await remove.click();
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByText("Quote request deleted successfully")).toBeVisible();
    await expect(page.getByText("No quote requests found.")).toBeVisible();
  });

  test("a failed delete keeps the dialog open and says so", async ({ page, baseURL }) => {
    const quote = await submitQuote(page.request, baseURL!, "Gone");
    const name = `${quote.firstName} ${quote.lastName}`;
    await page.goto(`/admin/quote-requests?q=${quote.email}`);
    const view = row(page, name).getByRole("link", { name: `View quote request from ${name}` });
    const id = (await view.getAttribute("href"))!.split("/").pop()!.split("?")[0]!;
    const remove = row(page, name).getByRole("button", { name: `Delete quote request from ${name}` });
    await waitForHydration(remove);
    await remove.click();
    // Someone else deletes it first.
    const other = await page.request.post("/admin/quote-requests", {
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: baseURL! },
      data: new URLSearchParams({ intent: "delete", id }).toString(),
      maxRedirects: 0,
    });
    expect(other.status()).toBe(302);
    const confirm = page.getByRole("alertdialog", { name: "Are you sure?" });
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByText("Failed to delete quote request")).toBeVisible();
    await expect(confirm).toBeVisible();
    await expect(confirm.getByRole("button", { name: "Delete" })).toBeEnabled();
  });

  test("an unknown request is a 404", async ({ page }) => {
    const response = await page.goto("/admin/quote-requests/00000000-0000-4000-8000-000000000000");
    expect(response?.status()).toBe(404);
    await expect(page.getByText("Page Not Found")).toBeVisible();
  });

  test("without JavaScript the details page, the toggle and the delete work", async ({
    page,
    browser,
    baseURL,
  }) => {
    test.slow();
    const quote = await submitQuote(page.request, baseURL!, "NoJs");
    const name = `${quote.firstName} ${quote.lastName}`;
    await page.goto("/admin/dashboard");
    const noJs = await browser.newContext({
      javaScriptEnabled: false,
      storageState: await page.context().storageState(),
    });
    const plain = await noJs.newPage();
    await plain.goto(`/admin/quote-requests?q=${quote.email}`);
    await row(plain, name).getByRole("button", { name: "Mark as read" }).click();
    await expect(row(plain, name).getByRole("button", { name: "Mark as unread" })).toBeVisible();
    await expect(plain).toHaveURL(/\/admin\/quote-requests\?q=/);

    await row(plain, name)
      .getByRole("link", { name: `View quote request from ${name}` })
      .click();
    await expect(plain.getByRole("heading", { name: "Quote Request Details" })).toBeVisible();
    await expect(plain.getByText("Sea Freight")).toBeVisible();
    await plain.getByRole("link", { name: "Close", exact: true }).click();
    await expect(plain.getByRole("heading", { name: "Quote Request Details" })).toBeHidden();

    await row(plain, name)
      .getByRole("link", { name: `View quote request from ${name}` })
      .click();
    await plain.getByText("Delete", { exact: true }).first().click();
    await expect(
      plain.getByText("This action cannot be undone. This will permanently delete the quote request."),
    ).toBeVisible();
    await plain.getByRole("button", { name: "Delete", exact: true }).click();
    await expect(plain.getByText("No quote requests found.")).toBeVisible();
    await noJs.close();
  });
});

test.describe("the Contact Form Submissions inbox", () => {
  test("toggle, open (marked read), reply by e-mail and delete", async ({ page, baseURL, checkA11y }) => {
    test.slow();
    const message = await submitMessage(page.request, baseURL!);
    await page.goto(`/admin/contact-submissions?q=${message.email}`);
    await expect(page.getByRole("heading", { name: "Contact Form Submissions", level: 1 })).toBeVisible();
    for (const column of ["Status", "Name", "Email", "Subject", "Date", "Actions"]) {
      await expect(page.getByRole("columnheader", { name: column })).toBeVisible();
    }
    const line = row(page, message.name);
    await expect(line).toContainText(message.subject);
    const toggle = line.getByRole("button", { name: "Mark as read" });
    await waitForHydration(toggle);
    await toggle.click();
    await expect(page.getByText("Message marked as read")).toBeVisible();
    await line.getByRole("button", { name: "Mark as unread" }).click();
    await expect(page.getByText("Message marked as unread")).toBeVisible();

    await reloadWithoutToasts(page);
    await checkA11y();

    await line.getByRole("link", { name: `View message from ${message.name}` }).click();
    const dialog = page.getByRole("dialog", { name: "Contact Message Details" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(message.subject)).toBeVisible();
    // The message keeps its line breaks and is shown as text, never as HTML.
    const text = dialog.getByText(/I would like to ship a car/);
    await expect(text).toHaveText("Hello,\nI would like to ship a car.\n<script>alert(1)</script>");
    await expect(text).toHaveCSS("white-space", "pre-wrap");
    const href = await dialog.getByRole("link", { name: "Reply via Email" }).getAttribute("href");
    expect(href).toContain(`mailto:${message.email}?subject=${encodeURIComponent(`RE: ${message.subject}`)}`);
    await checkA11y();
    await dialog.getByRole("link", { name: "Close", exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(row(page, message.name).getByRole("button", { name: "Mark as unread" })).toBeVisible();

    const remove = row(page, message.name).getByRole("button", {
      name: `Delete message from ${message.name}`,
    });
    await remove.click();
    const confirm = page.getByRole("alertdialog", { name: "Are you sure?" });
    await expect(
      confirm.getByText("This action cannot be undone. This will permanently delete the message."),
    ).toBeVisible();
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByText("Message deleted successfully")).toBeVisible();
    await expect(page.getByText("No contact form submissions found.")).toBeVisible();
  });

  test("the bell opens a message, and the search finds it by subject", async ({ page, baseURL }) => {
    const message = await submitMessage(page.request, baseURL!, "Bell");
    await page.goto(`/admin/contact-submissions?q=${encodeURIComponent(message.name)}`);
    await expect(row(page, message.name)).toBeVisible();
    await waitForHydration(bell(page));
    await bell(page).click();
    await page.getByRole("link", { name: new RegExp(`New message from ${message.name}`) }).click();
    await expect(page.getByRole("dialog", { name: "Contact Message Details" })).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/contact-submissions\/[0-9a-f-]{36}$/);
  });
});
