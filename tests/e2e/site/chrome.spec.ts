import type { Locator, Page } from "@playwright/test";
import { expect, test } from "../support/fixtures.ts";

/** React has hydrated an element once it carries its props (its event handlers now work). */
async function waitForHydration(element: Locator) {
  await expect
    .poll(() => element.evaluate((node) => Object.keys(node).some((key) => key.startsWith("__reactProps"))))
    .toBe(true);
}

async function scrollTo(page: Page, y: number) {
  await page.evaluate((top) => window.scrollTo({ top, behavior: "instant" }), y);
}

test.describe("top bar", () => {
  test("has the five links, the active page and the Track Package button", async ({ page }) => {
    await page.goto("/about");
    const nav = page.getByRole("navigation", { name: "Main" });
    const expected = [
      ["Home", "/"],
      ["Services", "/services"],
      ["About", "/about"],
      ["Blog", "/blog"],
      ["Contact", "/contact"],
    ] as const;
    await expect(nav.getByRole("link")).toHaveText(expected.map(([name]) => name));
    for (const [name, href] of expected) {
      await expect(nav.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
    }
    // Home is active only on an exact match.
    await expect(nav.getByRole("link", { name: "About" })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("link", { name: "Home" })).not.toHaveAttribute("aria-current", "page");

    const banner = page.getByRole("banner");
    await expect(banner.getByRole("link", { name: "Track Package" })).toHaveAttribute("href", "/track");

    await waitForHydration(nav.getByRole("link", { name: "Home" }));
    await nav.getByRole("link", { name: "Home" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(nav.getByRole("link", { name: "Home" })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("link", { name: "About" })).not.toHaveAttribute("aria-current", "page");
  });

  test("condenses and gets a shadow after scrolling more than 50 px", async ({ page }) => {
    await page.goto("/");
    const header = page.getByRole("banner");
    await waitForHydration(header.getByRole("link", { name: "Track Package" }));
    const shadow = () => header.evaluate((node) => getComputedStyle(node).boxShadow);
    const height = async () => (await header.boundingBox())?.height ?? 0;
    const fullHeight = await height();
    expect(await shadow()).toBe("none");

    await scrollTo(page, 40);
    await page.waitForTimeout(400);
    expect(await height()).toBe(fullHeight);

    await scrollTo(page, 120);
    await expect.poll(height).toBeLessThan(fullHeight);
    await expect.poll(shadow).not.toBe("none");

    await scrollTo(page, 0);
    await expect.poll(height).toBe(fullHeight);
  });

  test("a skip link leads to the main content", async ({ page }) => {
    await page.goto("/about");
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to main content" });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await expect(skip).toHaveAttribute("href", "#main");
  });
});

test.describe("back to top", () => {
  test("appears after 300 px and scrolls back to the top", async ({ page }) => {
    await page.goto("/");
    const toTop = page.getByRole("button", { name: "Back to top" });
    await waitForHydration(page.getByRole("banner").getByRole("link", { name: "Track Package" }));
    await expect(toTop).toHaveCount(0);

    await scrollTo(page, 250);
    await page.waitForTimeout(200);
    await expect(toTop).toHaveCount(0);

    await scrollTo(page, 1200);
    await expect(toTop).toBeVisible();
    const box = await toTop.boundingBox();
    const viewport = page.viewportSize()!;
    expect(box!.x + box!.width).toBeGreaterThan(viewport.width - 60);
    expect(box!.y + box!.height).toBeGreaterThan(viewport.height - 60);

    await toTop.click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(toTop).toHaveCount(0);
  });
});

test.describe("mobile menu", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("toggles, shows the phone and e-mail above the links, closes on Escape and on navigation", async ({
    page,
  }) => {
    await page.goto("/");
    // Nothing on the page is wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const button = page.getByRole("button", { name: "Menu" });
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
    const panel = page.locator(`#${await button.getAttribute("aria-controls")}`);
    await expect(panel).toBeHidden();
    // Tracking stays one tap away beside the menu button (site-phone.spec.ts); the long label is for wider screens.
    await expect(page.getByRole("banner").getByRole("link", { name: "Track Package" })).toHaveCount(0);
    await expect(page.getByRole("banner").getByRole("link", { name: "Track", exact: true })).toBeVisible();

    await waitForHydration(button);
    await button.click();
    await expect(button).toHaveAttribute("aria-expanded", "true");
    await expect(panel).toBeVisible();
    const phone = panel.getByRole("link", { name: /^\+231/ });
    const email = panel.getByRole("link", { name: /@/ });
    await expect(phone).toHaveAttribute("href", /^tel:\+231\d+$/);
    await expect(email).toHaveAttribute("href", /^mailto:.+@/);
    const nav = panel.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link")).toHaveText(["Home", "Services", "About", "Blog", "Contact"]);
    await expect(panel.getByRole("link", { name: "Track Package" })).toHaveAttribute("href", "/track");
    const phoneBox = (await phone.boundingBox())!;
    const emailBox = (await email.boundingBox())!;
    const firstLinkBox = (await nav.getByRole("link", { name: "Home" }).boundingBox())!;
    expect(phoneBox.y).toBeLessThan(firstLinkBox.y);
    expect(emailBox.y).toBeLessThan(firstLinkBox.y);

    await page.keyboard.press("Escape");
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await expect(panel).toBeHidden();
    await expect(button).toBeFocused();

    await button.click();
    await expect(panel).toBeVisible();
    await button.click();
    await expect(panel).toBeHidden();

    await button.click();
    await nav.getByRole("link", { name: "About" }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByRole("heading", { level: 1, name: "About Us" })).toBeVisible();
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await expect(panel).toBeHidden();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});

test.describe("footer", () => {
  test("has four columns, the services links, contact details and the current year", async ({ page }) => {
    await page.goto("/about");
    const footer = page.getByRole("contentinfo");
    const companyName = (await page.getByRole("banner").getByRole("link").first().textContent())!.trim();

    await expect(
      footer.getByText(
        "Your trusted partner for global logistics and freight forwarding services, delivering excellence since 1995.",
      ),
    ).toBeVisible();
    const social = footer.getByRole("list", { name: "Follow us" }).getByRole("listitem");
    await expect(social).toHaveText(["Facebook", "Twitter", "LinkedIn", "Instagram"]);

    const quick = footer.getByRole("navigation", { name: "Quick Links" });
    await expect(quick.getByRole("heading", { name: "Quick Links" })).toBeVisible();
    await expect(quick.getByRole("link")).toHaveText(["Home", "Services", "About", "Blog", "Contact"]);

    const services = footer.getByRole("navigation", { name: "Our Services" });
    const serviceLinks = [
      ["Air Freight", "/services/air-freight"],
      ["Sea Freight", "/services/sea-freight"],
      ["Road Transport", "/services/trucking"],
      ["Warehousing", "/services"],
      ["Project Cargo", "/services"],
    ] as const;
    await expect(services.getByRole("link")).toHaveText(serviceLinks.map(([name]) => name));
    for (const [name, href] of serviceLinks) {
      await expect(services.getByRole("link", { name })).toHaveAttribute("href", href);
    }

    await expect(footer.getByRole("heading", { name: "Contact Us" })).toBeVisible();
    await expect(footer.getByText("Broad and Randell Street, Monrovia, Liberia")).toBeVisible();
    await expect(footer.getByRole("link", { name: /^\+231/ })).toHaveAttribute("href", /^tel:/);
    await expect(footer.getByRole("link", { name: /@/ })).toHaveAttribute("href", /^mailto:/);
    await expect(footer.getByText("9:00 AM - 6:00 PM")).toBeVisible();
    await expect(footer.getByText("10:00 AM - 2:00 PM")).toBeVisible();
    await expect(footer.getByText("Closed")).toBeVisible();

    const year = new Date().getFullYear();
    await expect(footer.getByText(`© ${year} ${companyName}. All rights reserved.`)).toBeVisible();
    await expect(footer.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute(
      "href",
      "/privacy-policy",
    );
    await expect(footer.getByRole("link", { name: "Terms of Service" })).toHaveAttribute(
      "href",
      "/terms-of-service",
    );
  });

  test("the layout renders the organisation's JSON-LD once", async ({ page }) => {
    await page.goto("/about");
    const scripts = page.locator('script[type="application/ld+json"]');
    const organisations = [];
    for (const text of await scripts.allTextContents()) {
      const data = JSON.parse(text);
      if (data["@type"] === "Organization") organisations.push(data);
    }
    expect(organisations).toHaveLength(1);
    const [organisation] = organisations;
    expect(organisation).toMatchObject({
      "@context": "https://schema.org",
      foundingDate: "1995",
      address: { streetAddress: "Broad and Randell Street, Monrovia, Liberia" },
    });
    expect(organisation.name).toBeTruthy();
    expect(organisation.url).toMatch(/^https?:\/\//);
    expect(organisation.telephone).toMatch(/^\+231/);
    expect(organisation.email).toContain("@");
  });
});
