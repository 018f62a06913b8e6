import { readOutbox, waitForHydration } from "../support/admin-fixtures.ts";
import { expect, test } from "../support/fixtures.ts";
import { PHONE } from "../support/viewports.ts";

// Tracking in tiers (decision 029): a consignee without an account sees the full details of his one shipment after
// a code sent to the contact on file. The test server has no SMS provider, so the code goes by e-mail (read
// from its outbox folder); the SMS path is in app/routes/site/track.$tracking-number.details.test.ts.

const NUMBER = "UTG-1234-5678"; // a demo shipment
const CONSIGNEE_EMAIL = "grace@kollie-energy.example"; // its consignee's e-mail on file

test.describe(PHONE.name, () => {
  test.use(PHONE.use);

  test("a consignee without an account taps 'Show full details', types his e-mail and the code, and sees the names, goods and waybill", async ({
    page,
    checkA11y,
  }) => {
    await page.goto(`/track/${NUMBER}`);
    // The public page keeps its parties masked.
    await expect(
      page.getByText("Contact details are not shown on the public tracking page.").first(),
    ).toBeVisible();
    await expect(page.getByText(CONSIGNEE_EMAIL)).toHaveCount(0);
    const link = page.getByRole("link", { name: "Show full details" });
    await waitForHydration(link);
    await link.click();
    await expect(page).toHaveURL(`/track/${NUMBER}/details`);
    await expect(page.getByRole("heading", { level: 1, name: `Full details of ${NUMBER}` })).toBeVisible();
    await checkA11y();

    const before = readOutbox(CONSIGNEE_EMAIL).length;
    await page.getByLabel("E-mail address").fill(CONSIGNEE_EMAIL.toUpperCase());
    await page.getByRole("button", { name: "Send me a code" }).click();
    await expect(page.getByRole("heading", { name: "Enter the code" })).toBeVisible();
    await expect(page.getByText("If g•••@kollie-energy.example is on file")).toBeVisible();
    await checkA11y();

    await expect.poll(() => readOutbox(CONSIGNEE_EMAIL).length).toBeGreaterThan(before);
    const mail = readOutbox(CONSIGNEE_EMAIL).at(-1)!;
    const code = /\b(\d{6})\b/.exec(mail.subject)?.[1] ?? "";
    expect(mail.subject).toBe(`${code} is your code for shipment ${NUMBER}`);
    expect(mail.text).toContain(`full details of shipment ${NUMBER} is ${code}`);

    await page.getByLabel("6-digit code").fill(code);
    await page.getByRole("button", { name: "Confirm" }).click();
    await expect(page.getByText("This browser sees this shipment's full details for 24 hours")).toBeVisible();
    await expect(page.getByText("Grace Kollie")).toBeVisible();
    await expect(page.getByText("Li Wei")).toBeVisible();
    await expect(page.getByText(CONSIGNEE_EMAIL)).toBeVisible();
    await expect(page.getByText("14 Tubman Boulevard, Sinkor, Monrovia, Liberia")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Goods" })).toBeVisible();
    await expect(page.getByText("1,250.5 kg")).toBeVisible();
    const waybill = page.getByRole("link", { name: "House waybill (PDF)" });
    await expect(waybill).toHaveAttribute("href", `/track/${NUMBER}/details/waybill.pdf`);
    // The browser's grant cookie opens the waybill.
    const pdf = await page.request.get(`/track/${NUMBER}/details/waybill.pdf`);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    // Usable at 390 px: nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await checkA11y();
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a contact not on file gets the same answer, and no message is sent", async ({ page }) => {
    const stranger = `stranger-${Date.now()}@example.com`;
    await page.goto(`/track/${NUMBER}`);
    await page.getByRole("link", { name: "Show full details" }).click();
    await page.getByLabel("E-mail address").fill(stranger);
    await page.getByRole("button", { name: "Send me a code" }).click();
    await expect(page.getByRole("heading", { name: "Enter the code" })).toBeVisible();
    await expect(page.getByText("If s•••@example.com is on file")).toBeVisible();
    await page.getByLabel("6-digit code").fill("123456");
    await page.getByRole("button", { name: "Confirm" }).click();
    await expect(page.getByText("That code is not right. You can try 4 more times.")).toBeVisible();
    await expect(page.getByText("Grace Kollie")).toHaveCount(0);
    expect(readOutbox(stranger)).toHaveLength(0);
    // Starting again brings the address form back.
    await page.getByRole("button", { name: "Ask for a new code, or use another address" }).click();
    await expect(page.getByLabel("E-mail address")).toBeVisible();
  });
});
