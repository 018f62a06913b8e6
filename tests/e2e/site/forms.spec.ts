import type { Locator, Page } from "@playwright/test";
import { expect, test } from "../support/fixtures.ts";
import { fillQuoteRequest } from "../support/site-fixtures.ts";

const QUOTE_SUCCESS = "Quote request submitted successfully. We'll contact you soon!";

/** React has hydrated an element once it carries its props (its event handlers now work). */
async function waitForHydration(element: Locator) {
  await expect
    .poll(() => element.evaluate((node) => Object.keys(node).some((key) => key.startsWith("__reactProps"))))
    .toBe(true);
}

function uniqueEmail(label: string) {
  return `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

const quoteForm = (page: Page) => page.getByRole("form", { name: "Get a Free Quote" });
const contactForm = (page: Page) => page.getByRole("form", { name: "Send us a message" });
const sideForm = (page: Page) => page.getByRole("form", { name: "Get a Quote" });
/** The confirmation that replaces a sent form (tests/e2e/site/site-phone.spec.ts covers it in full). */
const sentPanel = (page: Page, name: string) => page.getByRole("region", { name });

const fillQuote = (form: Locator, email: string) =>
  fillQuoteRequest(form, { email, specialInfo: "Fragile <b>glass</b>\nKeep dry" });

async function fillContact(form: Locator, email: string) {
  await form.getByLabel("Name", { exact: true }).fill("Joseph Kollie");
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Subject").fill("Shipping a car");
  await form.getByLabel("Message").fill("Hello, I would like to ship a car to Accra.");
}

/** Holds the form's POST for a moment so the pending state can be seen. */
async function slowDownPosts(page: Page) {
  await page.route(
    (url) => url.pathname.startsWith("/contact") || url.pathname.startsWith("/services"),
    async (route) => {
      if (route.request().method() === "POST") await new Promise((resolve) => setTimeout(resolve, 600));
      await route.continue();
    },
  );
}

test.describe("with JavaScript", () => {
  test("the quote form validates instantly, then submits, shows the toast and resets", async ({ page }) => {
    await page.goto("/contact");
    const form = quoteForm(page);
    await waitForHydration(form);

    await form.getByRole("button", { name: "Submit Quote Request" }).click();
    await expect(form.getByText("First name must be at least 2 characters.")).toBeVisible();
    await expect(form.getByText("Last name must be at least 2 characters.")).toBeVisible();
    await expect(form.getByText("Please enter a valid email address.")).toBeVisible();
    await expect(form.getByText("Please specify a valid departure city.")).toBeVisible();
    await expect(form.getByText("Please specify a valid delivery city.")).toBeVisible();
    await expect(form.getByText("Please select a parcel type.")).toBeVisible();
    await expect(form.getByText("Please specify the weight.")).toBeVisible();
    await expect(form.getByText("Please select at least one freight type.")).toBeVisible();
    await expect(form.getByLabel("First Name")).toHaveAttribute("aria-invalid", "true");
    await expect(form.getByLabel("First Name")).toHaveAccessibleDescription(
      "First name must be at least 2 characters.",
    );

    // The message goes away as soon as the field is right.
    await form.getByLabel("First Name").fill("Musu");
    await expect(form.getByText("First name must be at least 2 characters.")).toBeHidden();

    await fillQuote(form, uniqueEmail("quote-js"));
    await slowDownPosts(page);
    await form.getByRole("button", { name: "Submit Quote Request" }).click();
    await expect(form.getByRole("button", { name: "Submitting..." })).toBeDisabled();
    await expect(page.getByText(QUOTE_SUCCESS)).toBeVisible();
    // Sent: a confirmation stands in for the form; 'Send another' shows it again, emptied.
    await sentPanel(page, "Your quote request has been sent")
      .getByRole("link", { name: "Send another quote request" })
      .click();
    await expect(form.getByLabel("First Name")).toHaveValue("");
    await expect(form.getByLabel("Email")).toHaveValue("");
    await expect(form.getByLabel("Parcel Type")).toHaveValue("");
    await expect(form.getByRole("checkbox", { name: "Sea Freight" })).not.toBeChecked();
    await expect(form.getByRole("button", { name: "Submit Quote Request" })).toBeEnabled();
    await expect(page.getByRole("status").filter({ hasText: QUOTE_SUCCESS })).toHaveCount(0);
  });

  test("the contact form validates, sends, shows the toast and resets", async ({ page }) => {
    await page.goto("/contact");
    const form = contactForm(page);
    await waitForHydration(form);

    await form.getByLabel("Name", { exact: true }).fill("J");
    await form.getByLabel("Subject").fill("Hi");
    await form.getByLabel("Message").fill("Short");
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(form.getByText("Name must be at least 2 characters.")).toBeVisible();
    await expect(form.getByText("Please enter a valid email address.")).toBeVisible();
    await expect(form.getByText("Subject must be at least 5 characters.")).toBeVisible();
    await expect(form.getByText("Message must be at least 10 characters.")).toBeVisible();

    await fillContact(form, uniqueEmail("contact-js"));
    await slowDownPosts(page);
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(form.getByRole("button", { name: "Sending..." })).toBeDisabled();
    await expect(page.getByText("Message sent successfully!")).toBeVisible();
    await expect(page.getByText("We'll get back to you as soon as possible.")).toBeVisible();
    await sentPanel(page, "Your message has been sent")
      .getByRole("link", { name: "Send another message" })
      .click();
    await expect(form.getByLabel("Name", { exact: true })).toHaveValue("");
    await expect(form.getByLabel("Message")).toHaveValue("");
  });

  test("a form's checks load when a field first takes the focus; a submit before that is checked too", async ({
    page,
  }) => {
    const checks: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname.includes("public-form-checks")) checks.push(request.url());
    });
    await page.goto("/contact");
    const form = contactForm(page);
    await waitForHydration(form);
    await page.waitForLoadState("networkidle");
    expect(checks, "the checks before any field had the focus").toEqual([]);

    // A submit no focus preceded (a script, or autofill and Enter): held until the checks are here.
    let posts = 0;
    page.on("request", (request) => {
      if (request.method() === "POST") posts += 1;
    });
    await form.evaluate((element: HTMLFormElement) => element.requestSubmit());
    await expect(form.getByText("Subject must be at least 5 characters.")).toBeVisible();
    expect(checks).toHaveLength(1);
    expect(posts, "a form the browser found wrong is not posted").toBe(0);
  });

  test("fields left one after another while the checks load each keep their message", async ({ page }) => {
    // The checks arrive late (a slow phone network): two fields are left before they are here.
    await page.route(
      (url) => url.pathname.includes("public-form-checks"),
      async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 500));
        await route.continue();
      },
    );
    await page.goto("/contact");
    const form = contactForm(page);
    await waitForHydration(form);
    await form.getByLabel("Name", { exact: true }).focus();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await expect(form.getByText("Name must be at least 2 characters.")).toBeVisible();
    await expect(form.getByText("Please enter a valid email address.")).toBeVisible();
    await expect(form.getByLabel("Name", { exact: true })).toHaveAttribute("aria-invalid", "true");
  });

  test.describe("when the checks cannot load", () => {
    // The refused file, and the server's 400 answer to the unchecked post (one pattern: a list of two would
    // read as Playwright's [value, options]).
    test.use({
      allowedConsoleErrors: [/public-form-checks-|400 \(Bad Request\) \(https?:\/\/[^/]+\/contact\.data/],
    });
    test("the form is posted and the server's messages show", async ({ page }) => {
      await page.route(
        (url) => url.pathname.includes("public-form-checks"),
        (route) => route.abort(),
      );
      await page.goto("/contact");
      const form = contactForm(page);
      await waitForHydration(form);
      await form.getByLabel("Name", { exact: true }).fill("J");
      await form.getByRole("button", { name: "Send Message" }).click();
      await expect(form.getByText("Name must be at least 2 characters.")).toBeVisible();
      await expect(form.getByText("Subject must be at least 5 characters.")).toBeVisible();
      await expect(form.getByLabel("Name", { exact: true })).toHaveValue("J");
    });
  });

  test("the side form on /services submits a quote request", async ({ page }) => {
    await page.goto("/services");
    const form = sideForm(page);
    await waitForHydration(form);

    await form.getByRole("button", { name: "Request a Quote" }).click();
    await expect(form.getByText("Name must be at least 2 characters.")).toBeVisible();
    await expect(form.getByText("Please select a shipment type.")).toBeVisible();

    await form.getByLabel("Name").fill("Grace Togba");
    await form.getByLabel("Email").fill(uniqueEmail("side-js"));
    await form.getByLabel("Shipment Type").selectOption({ label: "Sea Freight" });
    await form.getByLabel("City of Departure").fill("Monrovia");
    await form.getByLabel("Delivery City").fill("Antwerp");
    await form.getByLabel("Message").fill("One 40 ft container to Antwerp.");
    await form.getByRole("button", { name: "Request a Quote" }).click();
    await expect(page.getByText(QUOTE_SUCCESS)).toBeVisible();
    await sentPanel(page, "Your quote request has been sent")
      .getByRole("link", { name: "Send another quote request" })
      .click();
    await expect(form.getByLabel("Name")).toHaveValue("");
    await expect(form.getByLabel("Shipment Type")).toHaveValue("");
  });

  test("a server-side error shows the failure toast and keeps the values", async ({ page }) => {
    await page.goto("/contact");
    const form = contactForm(page);
    await waitForHydration(form);
    await fillContact(form, uniqueEmail("contact-fail"));
    await page.route(
      (url) => url.pathname.startsWith("/contact"),
      async (route) => {
        if (route.request().method() !== "POST") return route.continue();
        const response = await route.fetch();
        // The answer the action gives when the database is down (status 200 here: Chrome logs a 503 as a console error).
        const body = (await response.text()).replace('"success"', '"failed"');
        await route.fulfill({ response, body });
      },
    );
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByText("Failed to send message")).toBeVisible();
    await expect(page.getByText("Please try again later.")).toBeVisible();
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the quote form shows the server's messages next to the fields and keeps the values", async ({
    page,
  }) => {
    await page.goto("/contact");
    const form = quoteForm(page);
    await form.getByLabel("First Name").fill("M");
    await form.getByLabel("Email").fill("not-an-email");
    await form.getByLabel("Weight").fill("10 kg");
    await form.getByRole("checkbox", { name: "Air Freight" }).check();
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST"),
      form.getByRole("button", { name: "Submit Quote Request" }).click(),
    ]);
    expect(response.status()).toBe(400);
    await expect(form.getByText("First name must be at least 2 characters.")).toBeVisible();
    await expect(form.getByText("Please enter a valid email address.")).toBeVisible();
    await expect(form.getByText("Please select a parcel type.")).toBeVisible();
    await expect(form.getByText("Please select at least one freight type.")).toBeHidden();
    await expect(form.getByLabel("First Name")).toHaveAttribute("aria-invalid", "true");
    await expect(form.getByLabel("First Name")).toHaveAccessibleDescription(
      "First name must be at least 2 characters.",
    );
    await expect(form.getByLabel("First Name")).toHaveValue("M");
    await expect(form.getByLabel("Email")).toHaveValue("not-an-email");
    await expect(form.getByLabel("Weight")).toHaveValue("10 kg");
    await expect(form.getByRole("checkbox", { name: "Air Freight" })).toBeChecked();

    await fillQuote(form, uniqueEmail("quote-nojs"));
    await form.getByRole("button", { name: "Submit Quote Request" }).click();
    const notice = sentPanel(page, "Your quote request has been sent").getByRole("status");
    await expect(notice).toHaveText(QUOTE_SUCCESS);
    // The page opens at the form, so the notice is in view.
    await expect(page).toHaveURL(/\/contact#quote$/);
    await expect(notice).toBeInViewport();
    await expect(form.getByLabel("First Name")).toHaveValue("");
    await expect(form.getByText("First name must be at least 2 characters.")).toBeHidden();
  });

  test("the contact form works and shows the success notice", async ({ page }) => {
    await page.goto("/contact");
    const form = contactForm(page);
    await form.getByLabel("Subject").fill("Hi");
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(form.getByText("Name must be at least 2 characters.")).toBeVisible();
    await expect(form.getByText("Subject must be at least 5 characters.")).toBeVisible();
    await expect(form.getByText("Message must be at least 10 characters.")).toBeVisible();
    await expect(form.getByLabel("Subject")).toHaveValue("Hi");

    await fillContact(form, uniqueEmail("contact-nojs"));
    await form.getByRole("button", { name: "Send Message" }).click();
    const notice = sentPanel(page, "Your message has been sent").getByRole("status");
    await expect(notice).toContainText("Message sent successfully!");
    await expect(notice).toContainText("We'll get back to you as soon as possible.");
    await expect(form.getByLabel("Subject")).toHaveValue("");
  });

  test("the side form on /services works", async ({ page }) => {
    await page.goto("/services");
    const form = sideForm(page);
    await form.getByLabel("Name").fill("Grace Togba");
    await form.getByRole("button", { name: "Request a Quote" }).click();
    await expect(form.getByText("Please enter a valid email address.")).toBeVisible();
    await expect(form.getByLabel("Name")).toHaveValue("Grace Togba");

    await form.getByLabel("Email").fill(uniqueEmail("side-nojs"));
    await form.getByLabel("Shipment Type").selectOption({ label: "Air Freight" });
    await form.getByLabel("City of Departure").fill("Monrovia");
    await form.getByLabel("Delivery City").fill("Antwerp");
    await form.getByLabel("Message").fill("Documents to London, 2 kg.");
    await form.getByRole("button", { name: "Request a Quote" }).click();
    await expect(sentPanel(page, "Your quote request has been sent").getByRole("status")).toHaveText(
      QUOTE_SUCCESS,
    );
  });

  test("a resubmitted page stores one row and still answers success", async ({ page }) => {
    await page.goto("/contact");
    const form = contactForm(page);
    await fillContact(form, uniqueEmail("contact-twice"));
    const body = await form.evaluate((element) =>
      new URLSearchParams(
        new FormData(element as HTMLFormElement) as unknown as Record<string, string>,
      ).toString(),
    );
    for (let i = 0; i < 2; i++) {
      const response = await page.request.post("/contact", {
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: new URL(page.url()).origin },
        data: body,
      });
      expect(response.status()).toBe(200);
      expect(await response.text()).toContain("Message sent successfully!");
    }
  });
});
