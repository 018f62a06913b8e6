import {
  readOutbox,
  reloadWithoutToasts,
  uniqueAdminEmail,
  waitForHydration,
} from "../support/admin-fixtures.ts";
import { expect, test } from "../support/fixtures.ts";
import { DESKTOP } from "../support/viewports.ts";

// Decision 028, what is owed: the receivables page and its export for the accountant, a customer's statement from
// their address-book page, its PDF, and 'E-mail statement' sending one e-mail with the PDF however often it is
// clicked. Both pages pass axe.

test.describe(DESKTOP.name, () => {
  test.use({ ...DESKTOP.use, signedIn: true });

  test("a clerk opens the receivables, exports the month, and e-mails a customer's statement", async ({
    page,
    checkA11y,
  }) => {
    test.slow();
    await page.goto("/admin/dashboard");
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Receivables" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Receivables" })).toBeVisible();
    await checkA11y();

    // The accountant's export: a CSV of the period's invoices, its header as a bookkeeper expects.
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Export CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(
      /^invoices-\d{4}-\d{2}-01-to-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/,
    );
    const text = await (await download.createReadStream()).toArray();
    expect(Buffer.concat(text).toString("utf8")).toContain("Number,Kind,Issue date,Due date,Customer");

    // A customer of the address book with an e-mail address: their page links to their statement.
    const email = uniqueAdminEmail("statement");
    const name = `Statement ${email.split("@")[0]}`;
    await page.goto("/admin/parties/new?role=shipper");
    const form = page.getByRole("form", { name: "Contact details" });
    await waitForHydration(form.getByRole("button", { name: "Add Contact" }));
    await form.getByLabel("Name").fill(name);
    await form.getByLabel("Email").fill(email);
    await form.getByRole("button", { name: "Add Contact" }).click();
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    await page.getByRole("link", { name: "Statement of account" }).click();
    await expect(page.getByRole("heading", { level: 1, name: `Statement: ${name}` })).toBeVisible();
    await expect(page.getByText("Nothing invoiced or paid up to the end of this period.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Download PDF" })).toHaveAttribute(
      "href",
      /\/statement\.pdf\?from=\d{4}-\d{2}-01&to=\d{4}-\d{2}-\d{2}$/,
    );
    await checkA11y();

    const send = page.getByRole("button", { name: "E-mail statement" });
    await waitForHydration(send);
    await send.click();
    await expect(page.getByText(`Statement kept in the outbox for ${email}`)).toBeVisible();
    await reloadWithoutToasts(page);
    const mails = () => readOutbox(email);
    await expect.poll(() => mails().length).toBe(1);
    expect(mails()[0]!.subject).toMatch(/statement of account/);
    expect(mails()[0]!.attachments.map((file) => file.contentType)).toEqual(["application/pdf"]);
  });
});
