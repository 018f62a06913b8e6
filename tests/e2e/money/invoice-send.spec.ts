import fs from "node:fs";
import { readOutbox, uniqueAdminEmail, waitForHydration } from "../support/admin-fixtures.ts";
import { expect, test } from "../support/fixtures.ts";
import { issueDraftInvoice, startInvoice } from "../support/invoice-flow.ts";
import { DESKTOP, PHONE } from "../support/viewports.ts";

// Decision 026: a clerk issues an invoice and sends it; the customer opens the e-mail's link on a phone, sees what
// is due and downloads the PDF. The invoice's history lists the sending and the opening.

test.describe(DESKTOP.name, () => {
  test.use({ ...DESKTOP.use, signedIn: true });

  test("issue, send, the customer opens the link on a phone and downloads the PDF", async ({
    page,
    browser,
    checkA11y,
  }) => {
    test.slow();
    const email = uniqueAdminEmail("invoice-send");
    await startInvoice(page, { name: "Musu Flomo", email });
    await page.getByLabel("Description 1").fill("Air freight Accra to Monrovia");
    await page.getByLabel("Unit price 1").fill("250.00");
    await page.getByRole("button", { name: "Save draft" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Draft invoice" })).toBeVisible();
    const { number } = await issueDraftInvoice(page);

    // 'Send' to the customer's address, offered in the form; a double click sends one e-mail.
    await expect(page.getByLabel("Send to")).toHaveValue(email);
    const send = page.getByRole("button", { name: `Send invoice ${number}` });
    await waitForHydration(send);
    await send.dblclick();
    await expect(page.getByRole("heading", { name: "History" })).toBeVisible();
    await expect.poll(() => readOutbox(email).length).toBe(1);
    const mail = readOutbox(email)[0]!;
    expect(mail.subject).toMatch(new RegExp(`^Invoice ${number} from `));
    expect(mail.attachments).toEqual([
      { filename: `Invoice-${number}.pdf`, contentType: "application/pdf", bytes: expect.any(Number) },
    ]);
    const link = /\/invoice\/[\w-]{43}/.exec(mail.text)?.[0];
    expect(link).toBeTruthy();
    const history = page.getByRole("list", { name: "History" });
    await expect(history).toContainText(`Sent: To ${email}`);
    await checkA11y();

    // The customer, on a phone, without a session.
    const customer = await browser.newContext({ ...PHONE.use });
    const phone = await customer.newPage();
    const phoneErrors: string[] = [];
    phone.on("pageerror", (error) => phoneErrors.push(error.message));
    phone.on("console", (message) => {
      if (message.type() === "error") phoneErrors.push(message.text());
    });
    const opened = await phone.goto(link!);
    expect(opened?.headers()["referrer-policy"]).toBe("no-referrer");
    await expect(phone.getByRole("heading", { level: 1, name: `Invoice ${number}` })).toBeVisible();
    await expect(phone.getByRole("status").filter({ hasText: "Awaiting payment" })).toBeVisible();
    await expect(phone.getByRole("row", { name: /^Balance due/ })).toContainText("250.00");
    await expect(phone.getByText("Air freight Accra to Monrovia")).toBeVisible();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const downloading = phone.waitForEvent("download");
    await phone.getByRole("link", { name: "Download PDF" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`Invoice-${number}.pdf`);
    expect(
      fs
        .readFileSync((await download.path())!)
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
    expect(phoneErrors, "errors on the customer's page").toEqual([]);
    await customer.close();

    // The clerk's page lists the opening.
    await page.reload();
    await expect(history).toContainText("Opened: The customer opened the invoice's link");
  });
});
