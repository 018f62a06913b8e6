import { readOutbox, uniqueAdminEmail, waitForHydration } from "../support/admin-fixtures.ts";
import { expect, test } from "../support/fixtures.ts";
import { issueDraftInvoice } from "../support/invoice-flow.ts";
import { askForQuote, openQuotePage, priceAndSend, quoteLinkFromMail } from "../support/quote-flow.ts";
import { DESKTOP, PHONE } from "../support/viewports.ts";

// Decision 026, walked end to end: a clerk turns an accepted (and booked) quote into an invoice in one
// step and issues it; a credit note corrects one line; the customer receives it by e-mail, opens it on a phone
// and pays part by mobile money (the local MTN stand-in the e2e app runs with); the clerk records the rest in
// cash, in Liberian dollars at a stated rate; the invoice shows Paid, and the customer's statement and the
// receivables agree; the accountant exports the month.

test.describe(DESKTOP.name, () => {
  test.use({ ...DESKTOP.use, signedIn: true });

  test("from an accepted quote to a paid invoice: mobile money, then cash in Liberian dollars", async ({
    page,
    browser,
    checkA11y,
  }) => {
    test.setTimeout(240_000);
    const email = uniqueAdminEmail("getting-paid");
    await askForQuote(page, email);
    await openQuotePage(page, email);
    await priceAndSend(page);
    const quotePage = page.url();

    // The customer accepts the quote on a phone.
    const customer = await browser.newContext({ ...PHONE.use });
    const phone = await customer.newPage();
    await phone.goto(await quoteLinkFromMail(email));
    const accept = phone.getByRole("button", { name: "Accept quote" });
    await waitForHydration(accept);
    await phone.getByLabel("Your name").fill("Musu Flomo");
    await accept.click();
    await expect(phone.getByRole("status").filter({ hasText: "This quote was accepted" })).toBeVisible();

    // The clerk books it: Musu Flomo joins the address book as the shipper.
    await page.goto(quotePage);
    await page.getByRole("button", { name: "Book shipment" }).click();
    await page.getByLabel(/^Dimensions/).fill("120 x 100 x 150 cm");
    const create = page.getByRole("button", { name: "Create Shipment" });
    await waitForHydration(create);
    await create.click();
    await expect(page).toHaveURL(/\/admin\/shipments\/[0-9a-f-]{36}$/);

    // 'Invoice' on the accepted quote, issued.
    await page.goto(quotePage);
    await page.getByRole("link", { name: "Invoice", exact: true }).click();
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Musu Flomo");
    await page.getByRole("button", { name: "Save draft" }).click();
    const { number } = await issueDraftInvoice(page);
    const invoicePage = page.url();

    // A credit note corrects the customs line (85.50): 1,350.00 is left to pay.
    await page.getByRole("link", { name: "Credit note" }).click();
    const remove = page.getByRole("button", { name: "Remove line 1" });
    await waitForHydration(remove);
    await remove.click();
    await remove.click();
    await expect(page.getByLabel("Description 1")).toHaveValue("Customs clearance");
    await page.getByRole("button", { name: "Save draft" }).click();
    const issueCredit = page.getByRole("button", { name: "Issue credit note" });
    await waitForHydration(issueCredit);
    await issueCredit.click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Issue credit note" }).click();
    await expect(page.getByRole("heading", { level: 1, name: /^Credit note CN-/ })).toBeVisible();

    // 'Send': the customer's e-mail, with the PDF and the link to their page.
    await page.goto(invoicePage);
    const send = page.getByRole("button", { name: `Send invoice ${number}` });
    await waitForHydration(send);
    await send.click();
    const invoiceMail = () => readOutbox(email).find((m) => m.subject.startsWith(`Invoice ${number}`));
    await expect.poll(() => invoiceMail()?.text ?? "").toContain("/invoice/");
    const link = /\/invoice\/[\w-]{43}/.exec(invoiceMail()!.text)![0];

    // The customer opens it on the phone and pays 500.00 of it by mobile money.
    await phone.goto(link);
    await expect(phone.getByText("1,350.00 USD").first()).toBeVisible();
    await phone.getByRole("link", { name: "Pay by mobile money" }).click();
    const pay = phone.getByRole("button", { name: "Pay" });
    await waitForHydration(pay);
    await phone.getByLabel("Your mobile money number").fill("088 600 0001");
    await phone.getByLabel("Amount (USD)").fill("500");
    await pay.click();
    await expect(phone.getByRole("heading", { name: "Paid" })).toBeVisible({ timeout: 30_000 });
    await expect(phone.getByText("Balance due: 850.00 USD")).toBeVisible();
    await customer.close();

    // The clerk records the rest in cash, Liberian dollars at 190.50 for a dollar: 161,925.00 LRD.
    await page.goto(invoicePage);
    await expect(page.getByText("Partly paid", { exact: true }).first()).toBeVisible();
    await page.getByRole("link", { name: "Record payment" }).click();
    const takeOff = page.getByLabel(`Take off ${number}`);
    await expect(takeOff).toHaveValue("850.00");
    const amount = page.getByLabel("Amount received");
    await waitForHydration(amount);
    await page.getByLabel("Currency received", { exact: true }).selectOption("LRD");
    await amount.fill("95,250.00");
    await page.getByLabel(/^Exchange rate/).fill("190.50");
    // As the clerk types: what the Liberian dollars are worth in dollars, and what comes off the invoice follows.
    await expect(page.getByText("Worth 500.00 USD (1 USD = 190.5 LRD)")).toBeVisible();
    await expect(takeOff).toHaveValue("500.00");
    await amount.fill("161,925.00");
    await expect(page.getByText("Worth 850.00 USD (1 USD = 190.5 LRD)")).toBeVisible();
    await expect(takeOff).toHaveValue("850.00");
    await page.getByRole("button", { name: "Record payment" }).click();
    await expect(page.getByRole("heading", { level: 1, name: /^Payment RCT-\d{4}-\d{4}$/ })).toBeVisible();
    await expect(page.getByText("1 USD = 190.5 LRD")).toBeVisible();
    await checkA11y();

    // The invoice shows Paid: both payments, nothing due.
    await page.goto(invoicePage);
    await expect(page.getByText("Paid", { exact: true }).first()).toBeVisible();
    await expect(page.getByRole("row", { name: /^Balance due/ })).toContainText("0.00 USD");
    const payments = page.getByRole("list", { name: "Payments of this invoice" });
    await expect(payments.getByRole("listitem")).toHaveCount(2);
    await expect(payments).toContainText("Mobile money");
    await expect(payments).toContainText("Paid 161,925.00 LRD at 190.5");
    await checkA11y();

    // The customer's statement agrees: the invoice, the credit note, both payments, nothing due.
    await page.goto(`/admin/parties?q=${encodeURIComponent(email)}`);
    await page.getByRole("link", { name: "Musu Flomo" }).first().click();
    await page.getByRole("link", { name: "Statement of account" }).click();
    await expect(page.getByRole("heading", { level: 1, name: /^Statement: Musu Flomo/ })).toBeVisible();
    const statement = page.getByRole("main");
    await expect(statement).toContainText(number);
    await expect(statement).toContainText(/CN-\d{4}-\d{4}/);
    await expect(statement).toContainText(/RCT-\d{4}-\d{4}/);
    await expect(statement).toContainText("Closing balance: 0.00 (Nothing due)");
    await checkA11y();

    // The receivables and the accountant's export of the month's payments list both receipts.
    await page.goto("/admin/receivables");
    await expect(page.getByRole("heading", { level: 1, name: "Receivables" })).toBeVisible();
    await page.getByLabel("What").selectOption("payments");
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Export CSV" }).click(),
    ]);
    const csv = Buffer.concat(await (await download.createReadStream()).toArray()).toString("utf8");
    const rows = csv.split("\n").filter((line) => line.includes(number));
    expect(rows).toHaveLength(2);
    expect(rows.join("\n")).toContain("161925");
  });
});
