import { expect, test } from "../support/fixtures.ts";

// The demo shipment of app/server/seed-data.server.ts.
const DEMO = "UTG-1234-5678";
const SECRETS = [
  "grace@kollie-energy.example",
  "+231 77 555 0142",
  "14 Tubman Boulevard",
  "li.wei@sunrise-solar.example",
  "+86 21 5555 0188",
  "88 Pudong Avenue",
  "Two pallets of solar panels",
];

test.describe("tracking a shipment", () => {
  test("the result page shows every card and the timeline newest first", async ({ page, checkA11y }) => {
    const response = await page.goto(`/track/${DEMO}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: "Track Package" })).toBeVisible();
    await expect(page.getByText(DEMO, { exact: true })).toBeVisible();

    const details = page.locator("dl");
    await expect(details.getByText("In Transit")).toBeVisible();
    for (const [term, value] of [
      ["Origin", "Shanghai, China"],
      ["Destination", "Monrovia, Liberia"],
      ["Current Location", "Port of Abidjan, Côte d'Ivoire"],
      ["Weight", "1,250.5 kg"],
      ["Dimensions", "240 x 120 x 150 cm"],
    ]) {
      await expect(details.getByRole("term").filter({ hasText: term })).toBeVisible();
      await expect(details.getByRole("definition").filter({ hasText: value })).toBeVisible();
    }
    await expect(details.getByRole("term").filter({ hasText: "Estimated Delivery" })).toBeVisible();

    await expect(page.getByRole("heading", { name: "Shipment Details" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Shipper" })).toBeVisible();
    await expect(page.getByText("Li Wei")).toBeVisible();
    await expect(page.getByText("Sunrise Solar Manufacturing Co.")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Consignee" })).toBeVisible();
    await expect(page.getByText("Grace Kollie")).toBeVisible();
    await expect(page.getByText("Kollie Energy Supplies")).toBeVisible();

    await expect(page.getByRole("heading", { name: "Status History" })).toBeVisible();
    const entries = page.getByRole("list", { name: "Status history" }).getByRole("listitem");
    await expect(entries).toHaveCount(4);
    // The demo's newest entry is its status (decision 013): In Transit at the Port of Abidjan.
    await expect(entries.nth(0)).toContainText("In Transit");
    await expect(entries.nth(0)).toContainText("Port of Abidjan, Côte d'Ivoire");
    await expect(entries.nth(1)).toContainText("In Transit");
    await expect(entries.nth(1)).toContainText("Port Louis, Mauritius");
    await expect(entries.nth(2)).toContainText("Shipped");
    await expect(entries.nth(3)).toContainText("Processing");
    await expect(entries.nth(3)).toContainText("Booking confirmed");
    // 'MMM d, yyyy' and 'h:mm a'.
    await expect(entries.nth(0).locator("time")).toHaveText(
      /^[A-Z][a-z]{2} \d{1,2}, \d{4} · \d{1,2}:\d{2} (AM|PM)$/,
    );

    const route = page.getByRole("list", { name: "Shipment route" });
    await expect(route.getByRole("listitem")).toHaveText([
      /Origin\s*Shanghai, China/,
      /Current Location\s*Port of Abidjan/,
      /Destination\s*Monrovia, Liberia/,
    ]);

    // The QR code is behind the Share button.
    await page.getByRole("button", { name: "Share", exact: true }).click();
    await page.getByRole("button", { name: "QR code", exact: true }).click();
    const qrCode = page.getByRole("img", { name: `QR code linking to the tracking page of ${DEMO}` });
    await expect(qrCode).toBeVisible();
    // The picture really loaded (it is an image of its own, /track/:number/qr.svg).
    await expect
      .poll(() => qrCode.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    await page.keyboard.press("Escape");
    await expect(page.getByText(/^Last updated/)).toBeVisible();
    await checkA11y();
  });

  test("the search form trims and ignores case", async ({ page, checkA11y }) => {
    await page.goto("/track");
    await expect(page.getByRole("heading", { level: 1, name: "Track Package" })).toBeVisible();
    await checkA11y();
    const input = page.getByLabel("Tracking number");
    await expect(input).toHaveAttribute("placeholder", "UTG-1234-5678");
    await input.fill("  utg-1234-5678 ");
    await page.getByRole("button", { name: "Track" }).click();
    await expect(page).toHaveURL(new RegExp(`/track/${DEMO}$`));
    await expect(page.getByText("Grace Kollie")).toBeVisible();
  });

  test("another way of writing the number lands on its canonical address", async ({ page }) => {
    const response = await page.goto("/track/utg%201234%205678");
    expect(response?.status()).toBe(200);
    expect(response?.request().redirectedFrom()?.url()).toMatch(/\/track\/utg%201234%205678$/);
    await expect(page).toHaveURL(new RegExp(`/track/${DEMO}$`));
    await expect(page.getByText(DEMO, { exact: true })).toBeVisible();
    await expect(page.getByText("Grace Kollie")).toBeVisible();

    // Typed in the form, with an en dash and a full stop: the same page.
    await page.goto("/track");
    await page.getByLabel("Tracking number").fill("UTG\u20131234\u20135678.");
    await page.getByRole("button", { name: "Track" }).click();
    await expect(page).toHaveURL(new RegExp(`/track/${DEMO}$`));
    await expect(page.getByText("Grace Kollie")).toBeVisible();
  });

  test("an empty search does nothing", async ({ page }) => {
    await page.goto("/track");
    await page.getByLabel("Tracking number").fill("   ");
    await page.getByRole("button", { name: "Track" }).click();
    await expect(page).toHaveURL(/\/track$/);
    await expect(page.getByText("Shipment Not Found")).toHaveCount(0);
  });

  test("an unknown number shows the not-found view with status 404", async ({ page, checkA11y }) => {
    const response = await page.goto("/track/UTG-0000-0000");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Shipment Not Found" })).toBeVisible();
    await expect(
      page.getByText("We couldn't find a shipment with tracking number: UTG-0000-0000"),
    ).toBeVisible();
    await expect(page.getByRole("link", { name: "contact our support team" })).toHaveAttribute(
      "href",
      "/contact",
    );
    await checkA11y();
  });

  test("a hostile number is shown as text, cut short, and answers 404", async ({ page }) => {
    let dialogs = 0;
    page.on("dialog", (dialog) => {
      dialogs++;
      void dialog.dismiss();
    });
    const hostile = `<img src=x onerror=alert(1)>${"a".repeat(200)}`;
    const response = await page.goto(`/track/${encodeURIComponent(hostile)}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Shipment Not Found" })).toBeVisible();
    await expect(page.getByText("<IMG SRC=X ONERROR=ALERT(1)>", { exact: false })).toBeVisible();
    const html = await response!.text();
    expect(html).not.toContain("<img src=x");
    expect(html).not.toContain("A".repeat(100));
    expect(dialogs).toBe(0);
  });

  test("contact details never reach the browser; the result is not cached or indexed", async ({
    page,
    request,
  }) => {
    const response = await request.get(`/track/${DEMO}`);
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toContain("Grace Kollie");
    for (const secret of SECRETS) expect(html, secret).not.toContain(secret);
    expect(response.headers()["cache-control"]).toBe("private, no-store");

    await page.goto(`/track/${DEMO}`);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
    const content = await page.content();
    for (const secret of SECRETS) expect(content, secret).not.toContain(secret);

    const data = await request.get(`/track/${DEMO}.data`);
    const body = await data.text();
    for (const secret of SECRETS) expect(body, secret).not.toContain(secret);
    expect(data.headers()["cache-control"]).toBe("private, no-store");
  });

  test("'Copy link' puts the tracking URL on the clipboard and says so", async ({
    page,
    context,
    baseURL,
  }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
    await page.goto(`/track/${DEMO}`);
    await page.getByRole("button", { name: "Share", exact: true }).click();
    await page.getByRole("button", { name: "Copy link", exact: true }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "The tracking link is on your clipboard." }),
    ).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    // SITE_URL (the test server's own address): the page was reached at it.
    expect(copied).toBe(`${baseURL}/track/${DEMO}`);
  });

  test("a printout is the result only: no site header, footer, search form or buttons", async ({ page }) => {
    await page.goto(`/track/${DEMO}`);
    const share = page.getByRole("button", { name: "Share", exact: true });
    const chrome = [page.locator("header"), page.locator("footer"), share];
    for (const element of chrome) await expect(element).toBeVisible();
    await page.emulateMedia({ media: "print" });
    for (const element of chrome) await expect(element).toBeHidden();
    await expect(page.getByRole("search", { name: "Track a shipment" })).toBeHidden();
    await expect(page.getByRole("region", { name: "Tracking Number" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Status History" })).toBeVisible();
    // Other pages print their header as usual.
    await page.goto("/about");
    await expect(page.locator("header")).toBeVisible();
  });

  test("on a phone the route reads top to bottom", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`/track/${DEMO}`);
    const stops = page.getByRole("list", { name: "Shipment route" }).getByRole("listitem");
    const boxes = await Promise.all([0, 1, 2].map((i) => stops.nth(i).boundingBox()));
    expect(boxes[0]!.y).toBeLessThan(boxes[1]!.y);
    expect(boxes[1]!.y).toBeLessThan(boxes[2]!.y);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
  });

  test("a delivered shipment and one past its estimated delivery", async ({ page }) => {
    await page.goto("/track/UTG-2045-7731");
    await expect(page.locator("dl").getByText("Delivered")).toBeVisible();
    // Delivered: the page says when, and shows no estimated delivery beside it.
    await expect(page.getByText("Estimated Delivery")).toHaveCount(0);
    await expect(page.getByText("Delayed?")).toHaveCount(0);
    await page.goto("/track/UTG-4478-2290");
    await expect(page.getByText("Delayed?")).toBeVisible();
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the form lands on the shareable result page", async ({ page }) => {
    await page.goto("/track");
    await page.getByLabel("Tracking number").fill("  utg-1234-5678 ");
    await page.getByRole("button", { name: "Track" }).click();
    await expect(page).toHaveURL(new RegExp(`/track/${DEMO}$`));
    await expect(page.getByRole("heading", { name: "Status History" })).toBeVisible();
    await expect(page.getByText("Kollie Energy Supplies")).toBeVisible();
    await expect(page.getByRole("button", { name: "Share", exact: true })).toBeHidden();
    // WhatsApp: plain links, so they work without the page's script too.
    await expect(page.getByRole("link", { name: "Share on WhatsApp" })).toHaveAttribute(
      "href",
      new RegExp(`^https://wa\\.me/\\?text=Track%20shipment%20${DEMO}%3A%20`),
    );
    await expect(page.getByRole("link", { name: "Ask us on WhatsApp" })).toHaveAttribute(
      "href",
      new RegExp(`^https://wa\\.me/\\d+\\?text=.*${DEMO}`),
    );
  });

  test("an empty number stays on /track without an error", async ({ page }) => {
    await page.goto("/track");
    await page.getByRole("button", { name: "Track" }).click();
    await expect(page).toHaveURL(/\/track$/);
    await expect(page.getByRole("heading", { level: 1, name: "Track Package" })).toBeVisible();
    await expect(page.getByText("Shipment Not Found")).toHaveCount(0);
  });

  test("an unknown number shows the not-found view", async ({ page }) => {
    await page.goto("/track");
    await page.getByLabel("Tracking number").fill("nope-1");
    await page.getByRole("button", { name: "Track" }).click();
    await expect(page).toHaveURL(/\/track\/NOPE-1$/);
    await expect(page.getByRole("heading", { name: "Shipment Not Found" })).toBeVisible();
  });
});
