import { reloadWithoutToasts, uniqueAdminEmail, waitForHydration } from "../support/admin-fixtures.ts";
import { expect, test } from "../support/fixtures.ts";
import {
  askForQuote,
  clerkPage,
  openQuotePage,
  priceAndSend,
  quoteLinkFromMail,
} from "../support/quote-flow.ts";
import { DESKTOP, PHONE } from "../support/viewports.ts";

// Decision 016's 'Done when': a visitor asks for a quote on the website; a clerk prices it in three lines and sends
// it; the visitor accepts it from the e-mail; the clerk books the shipment from the accepted quote with the
// shipper and route already filled in, and the request shows Booked. The test server has no SMTP_URL: the
// customer's mail is read from its outbox folder.

test.describe(DESKTOP.name, () => {
  test.use(DESKTOP.use);

  test("a visitor asks for a quote, a clerk prices it in three lines and sends it, the visitor accepts it from the e-mail, and the clerk books it from the accepted quote", async ({
    page,
    browser,
    baseURL,
    adminSession,
    checkA11y,
  }) => {
    test.slow();
    const email = uniqueAdminEmail("quote-flow");
    await askForQuote(page, email);

    const clerk = await clerkPage(browser, DESKTOP.use, baseURL!, await adminSession());
    await openQuotePage(clerk, email);
    await expect(clerk.getByText(/^Stage:/)).toContainText("New");
    await checkA11y(clerk);
    await priceAndSend(clerk);
    // 'Saved' and 'Sent' stack as two toasts, the one behind dimmed: the page is checked without them.
    await reloadWithoutToasts(clerk);
    await checkA11y(clerk);

    // The visitor opens the link of the e-mail: lines, total, validity; accepting asks for a name.
    const link = await quoteLinkFromMail(email);
    await page.goto(link);
    await expect(
      page.getByRole("heading", { level: 1, name: "Your quote: Monrovia to Accra" }),
    ).toBeVisible();
    const lines = page.getByRole("table", { name: "Price lines" });
    await expect(lines.getByRole("row")).toHaveCount(5);
    await expect(lines).toContainText("Customs clearance");
    await expect(lines.getByRole("row", { name: /Total/ })).toContainText("1,435.50");
    await expect(page.getByText("Valid until")).toBeVisible();
    // The same quote as a PDF (also attached to the e-mail).
    const downloading = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download this quote as a PDF" }).click();
    expect((await downloading).suggestedFilename()).toMatch(/^Quote-Q-[0-9A-F]{8}-v1\.pdf$/);
    await checkA11y();
    const accept = page.getByRole("button", { name: "Accept quote" });
    await waitForHydration(accept);
    await page.getByLabel("Your name").fill("Musu Flomo");
    await page.getByRole("button", { name: "Accept quote" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "This quote was accepted by Musu Flomo" }),
    ).toBeVisible();
    await expect(page.getByRole("button", { name: "Decline" })).toHaveCount(0);
    await checkA11y();

    // The clerk hears it and books: the form is filled from the request and the accepted quote.
    await clerk.reload();
    await expect(clerk.getByText(/^Stage:/)).toContainText("Accepted");
    await expect(clerk.getByText("Accepted by Musu Flomo: book it as a shipment.")).toBeVisible();
    await clerk.getByRole("button", { name: "Book shipment" }).click();
    await expect(clerk).toHaveURL(/\/admin\/shipments\/new\?request=[0-9a-f-]{36}$/);
    const requestId = new URL(clerk.url()).searchParams.get("request");
    await expect(
      clerk.getByText("Booking Musu Flomo's quote request (accepted quote, version 1)."),
    ).toBeVisible();
    await expect(clerk.getByLabel("Origin")).toHaveValue("Monrovia");
    await expect(clerk.getByLabel("Destination")).toHaveValue("Accra");
    await expect(clerk.getByLabel(/^Weight/)).toHaveValue("250");
    await expect(clerk.getByLabel(/Estimated delivery/i)).toHaveValue(/^\d{4}-\d{2}-\d{2}$/);
    const shipper = clerk.getByLabel("Shipper", { exact: true });
    await expect(shipper.locator("option:checked")).toHaveText(`Musu Flomo (new, ${email})`);
    await checkA11y(clerk);
    // What the customer never said: the dimensions.
    await clerk.getByLabel(/^Dimensions/).fill("120 x 100 x 150 cm");
    const create = clerk.getByRole("button", { name: "Create Shipment" });
    await waitForHydration(create);
    await create.click();
    await expect(clerk).toHaveURL(/\/admin\/shipments\/[0-9a-f-]{36}$/);
    await expect(clerk.getByText("Shipment created successfully")).toBeVisible();
    await expect(clerk.getByText("Musu Flomo").first()).toBeVisible();
    const shipmentUrl = clerk.url();

    // The request shows Booked, and booking it again opens the same shipment.
    await clerk.goto(`/admin/quote-requests?q=${email}`);
    await expect(clerk.getByText("Booked", { exact: true }).filter({ visible: true })).toBeVisible();
    // The inbox's Stage filter: Booked finds it, Quoted does not.
    const filters = clerk.getByRole("search", { name: "Search quote requests" });
    await filters.getByLabel("Stage").selectOption("quoted");
    await filters.getByRole("button", { name: "Apply" }).click();
    await expect(clerk).toHaveURL(/stage=quoted/);
    await expect(clerk.getByText("No quote requests found.")).toBeVisible();
    await filters.getByLabel("Stage").selectOption("booked");
    await filters.getByRole("button", { name: "Apply" }).click();
    await expect(clerk).toHaveURL(/stage=booked/);
    await checkA11y(clerk);
    await clerk.getByRole("link", { name: "View quote request from Musu Flomo" }).click();
    await expect(clerk.getByRole("dialog", { name: "Quote Request Details" })).toContainText("Booked");
    await clerk.getByRole("link", { name: "Prepare quote or book shipment" }).click();
    await expect(clerk.getByText(/^Stage:/)).toContainText("Booked");
    await expect(clerk.getByText("This request is booked.")).toBeVisible();
    await clerk.getByRole("link", { name: "Open the booked shipment" }).click();
    await expect(clerk).toHaveURL(shipmentUrl);
    await clerk.goto(`/admin/shipments/new?request=${requestId}`);
    await expect(clerk).toHaveURL(shipmentUrl);
    await clerk.context().close();
  });
});

test("a request opens from the keyboard by its name; its checkbox selects it without opening it; the dialog leads with the next step", async ({
  page,
  browser,
  baseURL,
  adminSession,
}) => {
  const email = uniqueAdminEmail("quote-row");
  await askForQuote(page, email);
  const clerk = await clerkPage(browser, {}, baseURL!, await adminSession());
  await clerk.goto(`/admin/quote-requests?q=${email}`);
  const row = clerk.getByRole("row", { name: /Musu Flomo/ });
  await waitForHydration(row.getByRole("checkbox"));
  await row.getByRole("checkbox").check();
  await expect(clerk.getByRole("dialog")).toHaveCount(0);
  await expect(clerk.getByRole("region", { name: "Bulk actions" })).toContainText("1 selected");
  await row.getByRole("link", { name: "Musu Flomo", exact: true }).focus();
  await clerk.keyboard.press("Enter");
  const dialog = clerk.getByRole("dialog", { name: "Quote Request Details" });
  await expect(dialog).toBeVisible();
  // The step that moves the request on comes after 'Reply via Email', last of the footer's buttons.
  await expect(dialog.getByRole("link", { name: "Reply via Email" })).toBeVisible();
  const links = await dialog.getByRole("link").allInnerTexts();
  expect(links.indexOf("Prepare quote or book shipment")).toBe(links.indexOf("Reply via Email") + 1);
  await clerk.context().close();
});

test.describe("without JavaScript", () => {
  test.use({ ...PHONE.use, javaScriptEnabled: false });

  test("a customer declines a quote with a comment on a phone, and the page says so", async ({
    page,
    browser,
    baseURL,
    adminSession,
    checkA11y,
  }) => {
    test.slow();
    const email = uniqueAdminEmail("quote-decline");
    // The visitor and the clerk with JavaScript, at a phone's size; the customer's quote page without it.
    const visitor = await (
      await browser.newContext({ ...PHONE.use, baseURL, javaScriptEnabled: true })
    ).newPage();
    await askForQuote(visitor, email);
    await visitor.context().close();
    const clerk = await clerkPage(browser, PHONE.use, baseURL!, await adminSession());
    await openQuotePage(clerk, email);
    await checkA11y(clerk);
    await priceAndSend(clerk);

    const link = await quoteLinkFromMail(email);
    await page.goto(link);
    await page.getByLabel("Comment (optional)").fill("Too expensive for us this month.");
    await page.getByRole("button", { name: "Decline" }).click();
    await expect(page.getByRole("status")).toContainText("This quote was declined");
    await expect(page.getByRole("button", { name: "Accept quote" })).toHaveCount(0);

    await clerk.reload();
    await expect(clerk.getByText(/^Stage:/)).toContainText("Declined");
    await expect(clerk.getByText("Customer's comment: Too expensive for us this month.")).toBeVisible();
    await clerk.context().close();
  });
});

// The French quote form's phone and company, to the booking: '07 07 12 34 56' was stored as +231707123456, an
// invalid Liberian number, and the booking's new shipper had neither the phone nor a company for the invoice.
test.describe(`${DESKTOP.name}: the phone's country and the company`, () => {
  // The refused number is the server's answer: a 400 to the form's post.
  test.use({
    ...DESKTOP.use,
    allowedConsoleErrors: [/400 \(Bad Request\) \(https?:\/\/[^/]+\/fr\/contact\.data/],
  });

  test("a French visitor's Ivorian number is read in Côte d'Ivoire, a wrong country is refused in French, and the booking's shipper gets the company and the phone", async ({
    page,
    browser,
    baseURL,
    adminSession,
  }) => {
    test.slow();
    const email = uniqueAdminEmail("quote-phone");
    await page.goto("/fr/contact");
    const form = page.getByRole("form", { name: "Demandez un devis gratuit" });
    const submit = form.getByRole("button", { name: "Envoyer la demande de devis" });
    await waitForHydration(submit);
    await form.getByLabel("Prénom").fill("Awa");
    await form.getByLabel("Nom", { exact: true }).fill("Koné");
    await form.getByLabel("E-mail").fill(email);
    await form.getByLabel("Entreprise (facultatif)").fill("Koné Négoce SARL");
    // The list starts at Côte d'Ivoire on a French page (Liberia on an English one).
    const country = form.getByLabel("Indicatif du pays");
    await expect(country).toHaveValue("CI");
    await expect(country.locator("option:checked")).toHaveText("Côte d’Ivoire (+225)");
    await form.getByLabel("Ville de départ").fill("Monrovia");
    await form.getByLabel("Ville de livraison").fill("Accra");
    await form.getByLabel("Type de colis").selectOption("Pallets");
    await form.getByLabel("Poids").fill("250 kg");
    await form.getByRole("checkbox", { name: "Fret maritime" }).check();

    // The same digits with Liberia chosen: not a Liberian number, refused with a clear message in French.
    await country.selectOption("LR");
    const phone = form.getByLabel("Téléphone (facultatif)");
    await phone.fill("07 07 12 34 56");
    await submit.click();
    await expect(
      form.getByText(
        "Veuillez saisir un numéro de téléphone valide pour le pays choisi, ou commencez-le par + et l'indicatif du pays.",
      ),
    ).toBeVisible();
    await expect(phone).toHaveAttribute("aria-invalid", "true");
    await country.selectOption("CI");
    await submit.click();
    await expect(page.getByRole("region", { name: "Votre demande de devis a été envoyée" })).toBeVisible();

    // The clerk sees the firm and the number in E.164, and books: the new shipper carries both.
    const clerk = await clerkPage(browser, DESKTOP.use, baseURL!, await adminSession());
    await openQuotePage(clerk, email);
    const request = clerk.getByRole("definition");
    await expect(request.filter({ hasText: "Koné Négoce SARL" })).toBeVisible();
    await expect(clerk.getByRole("link", { name: "+2250707123456" })).toBeVisible();
    await clerk.getByRole("button", { name: "Book shipment" }).click();
    await expect(clerk).toHaveURL(/\/admin\/shipments\/new\?request=[0-9a-f-]{36}$/);
    await expect(clerk.getByLabel("Shipper", { exact: true }).locator("option:checked")).toHaveText(
      `Awa Koné (Koné Négoce SARL, new, ${email})`,
    );
    // What the request never said: the dimensions, and (with no accepted quote's transit time) the delivery date.
    await clerk.getByLabel(/^Dimensions/).fill("120 x 100 x 150 cm");
    await clerk.getByLabel(/Estimated delivery/i).fill("2030-05-01");
    const create = clerk.getByRole("button", { name: "Create Shipment" });
    await waitForHydration(create);
    await create.click();
    await expect(clerk).toHaveURL(/\/admin\/shipments\/[0-9a-f-]{36}$/);
    await expect(clerk.getByText("Koné Négoce SARL").first()).toBeVisible();
    await expect(clerk.getByText("+2250707123456").first()).toBeVisible();
    await clerk.context().close();
  });
});
