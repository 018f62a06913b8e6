// Longer than 450 lines: one sweep of every page at 390 px, public and back office, sharing its list of
// addresses and fixtures.
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { isFrenchRoute } from "#app/lib/i18n/french-routes.ts";
import routeConfig from "#app/routes.ts";
import { signInAsCustomer } from "../support/account-flow.ts";
import { readOutbox, waitForHydration, waitForToastsToClose } from "../support/admin-fixtures.ts";
import { expect, test } from "../support/fixtures.ts";
import { fillQuoteRequest } from "../support/site-fixtures.ts";
import { BOTH_SIZES, DESKTOP, PHONE } from "../support/viewports.ts";

// No page of the app is wider than a 390 px phone: nothing pans sideways, nothing sticks out of the screen.
// Every URL pattern of app/routes.ts is visited (the last test fails when a page is added without being
// listed here), with demo content plus rows made through the forms that hold long unbroken strings: a
// 60-character e-mail address, a long company name, a long tracking number.

const WIDTH = PHONE.use.viewport.width;

// The back office with the worker's admin session (public pages do not read it).
test.use({ signedIn: true });

/** Patterns of app/routes.ts that are not pages: an event stream, and files (XML, text, images). */
const NOT_PAGES = [
  "admin/events",
  "sitemap.xml",
  "robots.txt",
  "blog/rss.xml",
  "media/:filename",
  "track/:trackingNumber/qr.svg",
  "admin/shipments/labels.pdf",
  "admin/shipments/:id/label.pdf",
  "admin/shipments/:id/waybill.pdf",
  "admin/shipments/:id/delivery-note.pdf",
  "admin/quote-requests/:id/quote.pdf",
  "admin/invoices/:id/invoice.pdf",
  "admin/payments/:id/receipt.pdf",
  "admin/statements/:kind/:partyId/statement.pdf",
  "quote/:token/pdf",
  "invoice/:token/invoice.pdf",
  "track/:trackingNumber/details/waybill.pdf",
  "track/:trackingNumber/details/delivery-note.pdf",
  "account/shipments/:trackingNumber/waybill.pdf",
  "account/shipments/:trackingNumber/delivery-note.pdf",
  "account/shipments/:trackingNumber/label.pdf",
  "account/shipments/:trackingNumber/photos/:photoId",
  "account/quotes/:id/quote.pdf",
  "account/invoices/:id/invoice.pdf",
  "account/statement.pdf",
  "admin/shipments/:id/deliver/photos",
  "admin/delivery-photos/:id",
  "admin/deliveries/:id/signature",
  "delivery-note/:token",
  "webhooks/twilio/:kind",
  "webhooks/africastalking/:token/:kind",
  "webhooks/mtn-momo/callback",
  // Spreadsheet downloads (decision 020).
  "admin/shipments/export.csv",
  "admin/shipments/export.xlsx",
  "admin/shipments/import-template.csv",
  "admin/quote-requests/export.csv",
  "admin/quote-requests/export.xlsx",
  "admin/contact-submissions/export.csv",
  "admin/contact-submissions/export.xlsx",
  "admin/invoices/export.csv",
  "admin/invoices/export.xlsx",
];

/** The URL patterns this spec visits (each test below lists the URLs it opens for them). */
const PUBLIC_PATTERNS = [
  "",
  "services",
  "services/road-transport",
  "services/:serviceId",
  "about",
  "contact",
  "track",
  "track/:trackingNumber",
  "track/:trackingNumber/updates",
  "unsubscribe/:token",
  "subscribe/:token",
  "quote/:token",
  "invoice/:token",
  "invoice/:token/pay",
  "blog",
  "blog/:slug",
  "privacy-policy",
  "terms-of-service",
  "*",
  "admin-login",
  "admin-forgot-password",
  "admin-reset-password",
];
/** The customer account's pages (decision 029), visited as a customer of a demo shipment's shipper. */
const ACCOUNT_PATTERNS = [
  "account",
  "account/code",
  "account/sign-in/:token",
  "account/sign-out",
  "account/shipments",
  "account/shipments/:trackingNumber",
  "account/quotes",
  "account/quotes/:id",
  "account/invoices",
  "account/invoices/:id",
  "account/colleagues",
  "account/preferences",
  "track/:trackingNumber/details",
];
const ADMIN_PATTERNS = [
  "admin",
  "admin/logout",
  "admin/change-password",
  "admin/dashboard",
  "admin/settings",
  "admin/staff",
  "admin/shipments",
  "admin/shipments/new",
  "admin/shipments/bulk-update",
  "admin/shipments/import",
  "admin/shipments/:id",
  "admin/shipments/:id/edit",
  "admin/shipments/:id/deliver",
  "admin/quote-requests",
  "admin/quote-requests/:id",
  "admin/quote-requests/:id/quote",
  "admin/contact-submissions",
  "admin/contact-submissions/:id",
  "admin/blog",
  "admin/cms/blog",
  "admin/cms/blog/new",
  "admin/cms/blog/:id",
  "admin/media",
  "admin/exceptions",
  "admin/activity",
  "admin/parties",
  "admin/parties/new",
  "admin/parties/:id",
  "admin/invoices",
  "admin/invoices/new",
  "admin/invoices/:id",
  "admin/payments",
  "admin/payments/new",
  "admin/payments/:id",
  "admin/invoices/:id/send",
  "admin/receivables",
  "admin/statements/:kind/:partyId",
  "admin/*",
];

function routePatterns(entries: RouteConfigEntry[], parent = ""): string[] {
  return entries.flatMap((entry) => {
    // A French page is its English page's module and layout with French words (decision 030).
    if (isFrenchRoute(entry)) return [];
    const pattern = [parent, entry.path?.replace(/^\//, "")]
      .filter((part) => part !== undefined && part !== "")
      .join("/");
    const own = entry.file.endsWith("layout.tsx") && entry.path === undefined ? [] : [pattern];
    return [...own, ...(entry.children ? routePatterns(entry.children, pattern) : [])];
  });
}

/** 60 characters, no space or hyphen to break at: the longest word a phone screen must cope with. */
const LONG_EMAIL = `${"shippingcoordinator.freeportofmonrovia".padEnd(48, "x")}@example.com`;
const LONG_COMPANY = "TransatlanticFreightForwardingAndWarehousingCorporationLimited";

type Offender = { url: string; scrollWidth: number; elements: string[] };

/**
 * Measures the open page: the document's width, and every element whose box reaches past the screen's
 * right (or left) edge without an ancestor that clips it (a scroll box, for instance) inside the screen.
 */
async function measure(page: Page): Promise<Omit<Offender, "url">> {
  return page.evaluate((width) => {
    // Whether an ancestor that clips overflow (a scroll box…) holds the element inside the screen. An
    // ancestor clips only its in-flow and positioned descendants: an absolutely positioned element (an
    // sr-only label) escapes every box up to its containing block, a fixed one every box.
    const clippedInside = (node: Node) => {
      let position = node instanceof Element ? getComputedStyle(node).position : "static";
      for (
        let parent = node.parentElement;
        parent && parent !== document.body;
        parent = parent.parentElement
      ) {
        const style = getComputedStyle(parent);
        const holdsFixed =
          style.transform !== "none" ||
          style.filter !== "none" ||
          /paint|layout|strict|content/.test(style.contain);
        const holdsAbsolute = style.position !== "static" || holdsFixed;
        if (position === "fixed" && !holdsFixed) continue;
        if (position === "absolute" && !holdsAbsolute) continue;
        if (style.overflowX !== "visible") {
          const box = parent.getBoundingClientRect();
          if (box.left >= -1 && box.right <= width + 1) return true;
        }
        position = style.position === "absolute" || style.position === "fixed" ? style.position : "static";
      }
      return false;
    };
    const elements: string[] = [];
    const report = (element: Element, box: DOMRect, what = "") => {
      const text = (element.textContent ?? "").replace(/\s+/g, " ").trim().slice(0, 50);
      const name = `${what}${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ""}`;
      elements.push(`${name} "${text}" spans ${Math.round(box.left)}–${Math.round(box.right)} px`);
    };
    const outside = (box: DOMRect) => box.right > width + 1 || box.left < -1;
    for (const element of document.body.querySelectorAll("*")) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) continue;
      if (outside(box) && !clippedInside(element)) report(element, box);
    }
    // Text that runs out of its box (a long word in a narrow column) leaves the boxes in place.
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent?.trim() || !node.parentElement) continue;
      range.selectNodeContents(node);
      const box = range.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) continue;
      // The text's own element, unless that is already listed for its box.
      if (outside(box) && !clippedInside(node) && !outside(node.parentElement.getBoundingClientRect())) {
        report(node.parentElement, box, "text in ");
      }
    }
    // The first few, outermost first, say where to look.
    return { scrollWidth: document.documentElement.scrollWidth, elements: elements.slice(0, 8) };
  }, WIDTH);
}

/** Opens each URL and returns the pages that are wider than the phone. */
async function findWidePages(page: Page, urls: string[]): Promise<Offender[]> {
  const offenders: Offender[] = [];
  for (const url of urls) {
    await page.goto(url);
    // After hydration, so what the browser renders later (client-only parts) is measured too.
    await waitForHydration(page.locator("body a").first());
    await page.evaluate(() => document.fonts.ready);
    const result = await measure(page);
    if (result.scrollWidth > WIDTH || result.elements.length > 0) offenders.push({ url, ...result });
  }
  return offenders;
}

test.describe(PHONE.name, () => {
  // The pages show media that tests running side by side upload and delete (admin-media.spec.ts): an image
  // deleted between the page's HTML and its request answers 404, which is not this test's concern.
  test.use({ ...PHONE.use, allowedConsoleErrors: [/404 \(Not Found\) \(https?:\/\/[^/]+\/media\//] });

  test("every public page fits a 390 px phone", async ({ page }) => {
    test.slow();
    // A message and a quote request with a 60-character e-mail address, sent through the public forms.
    await page.goto("/contact");
    const message = page.getByRole("form", { name: "Send us a message" });
    await waitForHydration(message);
    await message.getByLabel("Name", { exact: true }).fill("Wide Screen Tester");
    await message.getByLabel("Email").fill(LONG_EMAIL);
    await message.getByLabel("Subject").fill("Shipping a container");
    await message.getByLabel("Message").fill("Hello, I would like to ship a container to Antwerp.");
    await message.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByText("Message sent successfully!")).toBeVisible();

    const offenders = await findWidePages(page, [
      "/",
      "/services",
      "/services/road-transport",
      "/services/air-freight",
      "/services/sea-freight",
      "/services/trucking",
      "/services/no-such-service",
      "/about",
      "/contact",
      "/track",
      "/track/UTG-1234-5678",
      "/track/UTG-0000-0000",
      "/track/UTG-1234-5678/updates",
      "/track/UTG-0000-0000/updates",
      "/blog",
      "/blog/navigating-customs-clearance-in-west-africa",
      "/blog/no-such-post",
      "/unsubscribe/no-such-token",
      "/subscribe/no-such-token",
      `/quote/${"q".repeat(43)}`,
      `/invoice/${"q".repeat(43)}/pay`,
      "/privacy-policy",
      "/terms-of-service",
      "/no-such-page",
      "/admin-login",
      "/admin-forgot-password",
      "/admin-reset-password",
    ]);
    expect(offenders, "pages wider than 390 px").toEqual([]);
  });

  test("every back-office page fits a 390 px phone, with long e-mail addresses and names", async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const stamp = Date.now().toString(36).toUpperCase();
    const trackingNumber = `PHONEWIDTH${stamp}`.padEnd(40, "7");

    // A quote request and a contact message with a 60-character e-mail address, through the public forms.
    await page.goto("/contact");
    const quote = page.getByRole("form", { name: "Get a Free Quote" });
    await waitForHydration(quote);
    await fillQuoteRequest(quote, {
      email: LONG_EMAIL,
      firstName: `Wide${stamp}`,
      deliveryCity: "Rotterdam",
    });
    await quote.getByRole("button", { name: "Submit Quote Request" }).click();
    await expect(
      page.getByText("Quote request submitted successfully. We'll contact you soon!"),
    ).toBeVisible();
    const message = page.getByRole("form", { name: "Send us a message" });
    await message.getByLabel("Name", { exact: true }).fill(`Wide${stamp} Kollie`);
    await message.getByLabel("Email").fill(LONG_EMAIL);
    await message.getByLabel("Subject").fill(`Container ${LONG_COMPANY}`);
    await message.getByLabel("Message").fill(`Hello, please send a quote to ${LONG_EMAIL}.`);
    await message.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByText("Message sent successfully!")).toBeVisible();

    // A shipment with a long tracking number and parties with a long company name and e-mail address,
    // made through the back office's form on the phone.
    await page.goto("/admin/shipments/new");
    await waitForHydration(page.getByRole("button", { name: "Create Shipment" }));
    await page.getByLabel("Tracking Number").fill(trackingNumber);
    await page.getByLabel("Status", { exact: true }).fill("In Transit");
    await page.getByLabel("Origin").fill("Monrovia, Liberia");
    await page.getByLabel("Destination").fill("Rotterdam, Netherlands");
    await page.getByLabel("Estimated Delivery").fill("2030-05-01");
    await page.getByLabel("Dimensions").fill("120 x 80 x 60");
    for (const kind of ["Shipper", "Consignee"] as const) {
      await page.getByRole("button", { name: `Add New ${kind}` }).click();
      const dialog = page.getByRole("dialog", { name: `Add New ${kind}` });
      await dialog.getByLabel("Name").fill(`${kind} ${stamp}`);
      await dialog.getByLabel("Company").fill(LONG_COMPANY);
      await dialog.getByLabel("Email").fill(LONG_EMAIL);
      await dialog.getByLabel("Phone").fill("+231 77 000 1111");
      await dialog.getByLabel("Address").fill(`${LONG_COMPANY} Building, Freeport of Monrovia`);
      await dialog.getByRole("button", { name: `Add ${kind}` }).click();
      await expect(dialog).toHaveCount(0);
    }
    await page.getByRole("button", { name: "Create Shipment" }).click();
    await expect(page.getByRole("heading", { level: 1, name: `Shipment ${trackingNumber}` })).toBeVisible();
    const shipmentPath = new URL(page.url()).pathname;

    // The ids of the rows just made, and of a demo blog post.
    await page.goto(`/admin/quote-requests?q=Wide${stamp}`);
    const quotePath = await page
      .getByRole("link", { name: `View quote request from Wide${stamp} Flomo` })
      .first()
      .getAttribute("href");
    await page.goto(`/admin/contact-submissions?q=Wide${stamp}`);
    const messagePath = await page
      .getByRole("link", { name: `View message from Wide${stamp} Kollie` })
      .first()
      .getAttribute("href");
    await page.goto("/admin/blog");
    const postPath = await page
      .getByRole("link", { name: /^Edit / })
      .first()
      .getAttribute("href");
    await page.goto(`/admin/parties?q=${stamp}`);
    const partyPath = await page
      .locator('a[href^="/admin/parties/"]:not([href$="/new"])')
      .filter({ hasText: `Shipper ${stamp}` })
      .first()
      .getAttribute("href");
    expect([quotePath, messagePath, postPath, partyPath]).not.toContain(null);

    // A quote for the long request, priced with a long line, sent: its page for staff and for the customer.
    const requestPath = new URL(quotePath!, "http://x").pathname;
    await page.goto(`${requestPath}/quote`);
    const addLine = page.getByRole("button", { name: "Add line" });
    await waitForHydration(addLine);
    await page.getByLabel("Description 1").fill(`Handling${LONG_COMPANY}`);
    await page.getByLabel("Amount 1").fill("999,999,999,999.99");
    await page.getByLabel("Terms").fill(`Payable to ${LONG_COMPANY} before release.`);
    await page.getByRole("button", { name: "Save draft" }).click();
    await expect(page.getByText("Draft saved (version 1)")).toBeVisible();
    await waitForToastsToClose(page);
    await page.getByRole("button", { name: "Send quote" }).click();
    await expect(page.getByText("Quote sent", { exact: true })).toBeVisible();
    const quoteMail = () => readOutbox(LONG_EMAIL).find((m) => m.text.startsWith(`Dear Wide${stamp} Flomo`));
    await expect.poll(() => quoteMail()?.text ?? "").toContain("/quote/");
    const customerQuote = /\/quote\/[\w-]{43}/.exec(quoteMail()!.text)![0];

    // An invoice of the shipment (its 'Invoice' action), a line as long as an invoice can hold: the draft's
    // form, then the issued invoice.
    await page.goto(shipmentPath);
    await page.getByRole("link", { name: "Invoice", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: "New invoice" })).toBeVisible();
    await page.getByLabel("Description 1").fill(`Freight${LONG_COMPANY}`);
    await page.getByLabel("Unit price 1").fill("999,999,999,999.99");
    await page.getByRole("button", { name: "Save draft" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Draft invoice" })).toBeVisible();
    const invoicePath = new URL(page.url()).pathname;
    const draftOffenders = await findWidePages(page, [invoicePath]);
    const issue = page.getByRole("button", { name: "Issue invoice" });
    await waitForHydration(issue);
    await issue.click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Issue invoice" }).click();
    await expect(page.getByRole("heading", { level: 1, name: /^Invoice INV-/ })).toBeVisible();
    // 'Send' to the long address: the e-mail's link opens the customer's invoice page.
    await page.getByLabel("Send to").fill(LONG_EMAIL);
    await page.getByRole("button", { name: /^Send invoice INV-/ }).click();
    const invoiceMail = () => readOutbox(LONG_EMAIL).find((m) => m.subject.startsWith("Invoice INV-"));
    await expect.poll(() => invoiceMail()?.text ?? "").toContain("/invoice/");
    const customerInvoice = /\/invoice\/[\w-]{43}/.exec(invoiceMail()!.text)![0];
    // A payment of it, in another currency at a long rate, from the invoice's 'Record payment'.
    await page.getByRole("link", { name: "Record payment" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Record payment" })).toBeVisible();
    const newPaymentPath = `${new URL(page.url()).pathname}${new URL(page.url()).search}`;
    await page.getByLabel("Currency received").selectOption("LRD");
    await page.getByLabel("Amount received").fill("190,499,999,999.99");
    await page.getByLabel(/^Exchange rate/).fill("190.499999");
    await page.getByLabel(/^Take off INV-/).fill("999,999,999.99");
    await page.getByLabel("Reference (optional)").fill(`Transfer ${LONG_COMPANY}`.slice(0, 100));
    await page.getByLabel("Keep the rest as the customer's credit (for a later invoice)").check();
    await page.getByRole("button", { name: "Record payment" }).click();
    await expect(page.getByRole("heading", { level: 1, name: /^Payment RCT-/ })).toBeVisible();
    const paymentPath = new URL(page.url()).pathname;
    // The year the invoice and the payment were recorded in (the company's, in Monrovia: UTC).
    const thisYear = new Date().getUTCFullYear();

    const offenders = await findWidePages(page, [
      "/admin/payments",
      newPaymentPath,
      paymentPath,
      "/admin/invoices",
      "/admin/invoices/new",
      `/admin/invoices/new?shipment=${shipmentPath.split("/").at(-1)}`,
      `/admin/invoices/new?credit=${invoicePath.split("/").at(-1)}`,
      invoicePath,
      `${invoicePath}/send`,
      // What is owed: the receivables, and the statement of the long shipper (this month, and this year).
      "/admin/receivables",
      `/admin/statements/shipper/${partyPath!.split("/").at(-1)}`,
      `/admin/statements/shipper/${partyPath!.split("/").at(-1)}?from=${thisYear}-01-01&to=${thisYear}-12-31`,
      "/admin",
      "/admin/logout",
      "/admin/change-password",
      "/admin/dashboard",
      "/admin/settings",
      "/admin/staff",
      "/admin/shipments",
      "/admin/shipments/new",
      "/admin/shipments/bulk-update",
      "/admin/shipments/import",
      `/admin/shipments/bulk-update?all=1&q=${trackingNumber}&status=`,
      shipmentPath,
      `${shipmentPath}/edit`,
      `${shipmentPath}/deliver`,
      "/admin/shipments/00000000-0000-4000-8000-000000000000",
      "/admin/quote-requests",
      quotePath!,
      `${requestPath}/quote`,
      `/admin/shipments/new?request=${requestPath.split("/").at(-1)}`,
      "/admin/contact-submissions",
      messagePath!,
      "/admin/blog",
      "/admin/cms/blog",
      "/admin/cms/blog/new",
      postPath!,
      "/admin/media",
      "/admin/exceptions",
      "/admin/exceptions?kind=overdue",
      "/admin/activity",
      "/admin/activity?entity=shipments",
      `${shipmentPath}?activity`,
      "/admin/parties",
      "/admin/parties?role=consignee",
      "/admin/parties/new",
      partyPath!,
      "/admin/no-such-page",
      // The public pages of the long rows.
      `/track/${trackingNumber}`,
      `/track/${trackingNumber}/updates`,
      customerQuote,
      customerInvoice,
    ]);
    expect([...draftOffenders, ...offenders], "pages wider than 390 px").toEqual([]);
  });

  test("every customer account page fits a 390 px phone", async ({ page }) => {
    test.slow();
    // The demo shipper Li Wei, by the e-mail on his record (he may sign in by himself): his company's
    // shipment, its quote request form, and the account's other pages.
    const before = await findWidePages(page, [
      "/account",
      "/account/code",
      `/account/sign-in/${"q".repeat(43)}`,
    ]);
    await signInAsCustomer(page, "li.wei@sunrise-solar.example");
    const shipment = await page
      .getByRole("main")
      .getByRole("link", { name: /UTG-/ })
      .first()
      .getAttribute("href");
    const number = shipment!.split("/").at(-1);
    const offenders = await findWidePages(page, [
      "/account/shipments",
      shipment!,
      `/contact?from=${number}`,
      "/account/quotes",
      "/account/quotes/00000000-0000-4000-8000-000000000000",
      "/account/invoices",
      "/account/invoices/00000000-0000-4000-8000-000000000000",
      "/account/quote-request",
      "/account/colleagues",
      "/account/preferences",
      "/account/sign-out",
      `/track/${number}/details`,
    ]);
    expect([...before, ...offenders], "pages wider than 390 px").toEqual([]);
  });
});

test("the tests above visit every page of app/routes.ts", () => {
  const listed = [...PUBLIC_PATTERNS, ...ACCOUNT_PATTERNS, ...ADMIN_PATTERNS, ...NOT_PAGES].sort();
  expect([...new Set(routePatterns(routeConfig))].sort()).toEqual(listed);
});

// Small layout faults, each measured the way a person would see it.

/** The number of lines a text takes on screen. */
async function lineCount(locator: Locator) {
  return locator.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    const tops = Array.from(range.getClientRects())
      .filter((rect) => rect.width > 0)
      .map((rect) => Math.round(rect.top));
    return new Set(tops).size;
  });
}

/** A contact message as a visitor's browser posts it (the public form, without JavaScript). */
async function sendMessage(request: APIRequestContext, baseURL: string, name: string, email: string) {
  const response = await request.post("/contact", {
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: baseURL },
    data: new URLSearchParams({
      intent: "contact",
      name,
      email,
      subject: "Shipping a container",
      message: "Hello, I would like to ship a container to Antwerp.",
    }).toString(),
  });
  expect(response.status()).toBe(200);
}

for (const size of BOTH_SIZES) {
  test.describe(size.name, () => {
    test.use(size.use);

    test("inbox e-mail addresses wrap only where they must", async ({ page, request, baseURL }) => {
      const name = `Mail${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
      const shortEmail = `${name.toLowerCase()}@example.com`;
      await sendMessage(request, baseURL!, `${name} Short`, shortEmail);
      await sendMessage(request, baseURL!, `${name} Long`, LONG_EMAIL);
      await page.goto(`/admin/contact-submissions?q=${name}`);
      // An everyday address takes one line (two on a phone, broken at the '@'); a 60-character one takes a
      // few lines, never a letter a line.
      const short = page.getByText(shortEmail, { exact: true }).filter({ visible: true });
      await expect(short).toHaveCount(1);
      expect(await lineCount(short)).toBeLessThanOrEqual(size === PHONE ? 2 : 1);
      const long = page.getByText(LONG_EMAIL, { exact: true }).filter({ visible: true });
      await expect(long).toHaveCount(1);
      expect(await lineCount(long)).toBeLessThanOrEqual(3);
    });

    test("'Upload Media' is one line", async ({ page }) => {
      await page.goto("/admin/media");
      const upload = page.locator("label").filter({ hasText: "Upload Media" });
      await expect(upload).toBeVisible();
      expect(await lineCount(upload)).toBe(1);
    });

    test("'Show map' is a full-size target", async ({ page }) => {
      await page.goto("/contact");
      const show = page.getByRole("button", { name: "Show map" });
      await expect(show).toBeVisible();
      const box = (await show.boundingBox())!;
      // WCAG 2.2 target size: at least 24 px; the button's own height is 40 px.
      expect(box.height).toBeGreaterThanOrEqual(40);
      expect(await lineCount(show)).toBe(1);
    });
  });
}

test.describe(DESKTOP.name, () => {
  test.use(DESKTOP.use);

  test("the sidebar's labels are whole, 'Contact Messages' with its 'New' badge too", async ({
    page,
    request,
    baseURL,
  }) => {
    await sendMessage(request, baseURL!, "Sidebar Badge", "sidebar-badge@example.com");
    await page.goto("/admin/dashboard");
    const nav = page.getByRole("navigation", { name: "Admin" });
    await expect(nav.getByRole("link", { name: /Contact Messages/ })).toContainText("New");
    const cut = await nav.locator("a span").evaluateAll((spans) =>
      spans
        // Text for screen readers only (the unread counts' 'N unread') is clipped to a pixel on purpose.
        .filter((span) => span.clientWidth > 1 && span.scrollWidth > span.clientWidth)
        .map((span) => span.textContent),
    );
    expect(cut, "labels cut short").toEqual([]);
  });

  test("the dashboard's table for screen readers takes no room on screen", async ({ page }) => {
    await page.goto("/admin/dashboard");
    const table = page.getByRole("table", { name: "Shipments created per week, last 12 weeks" });
    await expect(table).toHaveCount(1);
    const size = () =>
      page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.scrollHeight]);
    const withTable = await size();
    await table.evaluate((element) => {
      (element as HTMLElement).style.display = "none";
    });
    expect(withTable).toEqual(await size());
  });
});
