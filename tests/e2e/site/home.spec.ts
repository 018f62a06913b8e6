import type { Page } from "@playwright/test";
import { expect, test } from "../support/fixtures.ts";

/** The avatars start loading in an effect, so a status other than 'idle' means the page has hydrated. */
async function waitForHydration(page: Page) {
  await expect(page.locator('[data-status="idle"]')).toHaveCount(0);
}

const carousel = (page: Page) => page.getByRole("region", { name: "What Our Customers Say" });
const dot = (page: Page, position: number) =>
  carousel(page).getByRole("button", { name: `Show testimonial ${position}`, exact: true });

async function expectTestimonial(page: Page, position: number, name: string) {
  await expect(dot(page, position)).toHaveAttribute("aria-current", "true");
  await carousel(page).getByRole("button", { name: "Next testimonial" }).scrollIntoViewIfNeeded();
  await expect(carousel(page).getByText(name, { exact: true })).toBeInViewport({ ratio: 0.9 });
}

test.describe("home page", () => {
  test("hero and service cards link to the right pages", async ({ page, checkA11y }) => {
    await page.goto("/");
    await expect(page).toHaveTitle(/Global Logistics Solutions/);
    await expect(page.getByRole("heading", { level: 1, name: "Global Logistics Solutions" })).toBeVisible();
    const main = page.getByRole("main");
    await expect(main.getByRole("link", { name: "Get a Free Quote" })).toHaveAttribute(
      "href",
      "/contact#quote",
    );
    await expect(main.getByRole("link", { name: "Our Services" })).toHaveAttribute("href", "/services");

    const services = main.getByRole("region", { name: "Our Services" });
    for (const [title, href] of [
      ["Air Freight", "/services/air-freight"],
      ["Sea Freight", "/services/sea-freight"],
      ["Road Transport", "/services/road-transport"],
    ] as const) {
      await expect(services.getByRole("heading", { level: 3, name: title })).toBeVisible();
      await expect(services.getByRole("link", { name: title })).toHaveAttribute("href", href);
    }
    await checkA11y();
  });

  test("Meet The Team shows four people with photo, role, bio and three social profiles", async ({
    page,
  }) => {
    await page.goto("/");
    const team = page.getByRole("region", { name: "Meet The Team" });
    const cards = team.getByRole("heading", { level: 3 });
    await expect(cards).toHaveCount(4);
    for (const role of ["CEO & Founder", "Operations Director", "Head of Sales", "Technology Officer"]) {
      await expect(team.getByText(role, { exact: true })).toBeVisible();
    }
    await expect(team.locator("img")).toHaveCount(4);
    const firstName = (await cards.first().textContent())!;
    await expect(
      team.getByRole("list", { name: `${firstName} on social media` }).getByRole("listitem"),
    ).toHaveText([`${firstName} on LinkedIn`, `${firstName} on Twitter`, `${firstName} on Facebook`]);
  });

  test("the testimonial carousel moves with the buttons and dots, and loops", async ({ page }) => {
    await page.goto("/");
    const region = carousel(page);
    await expect(region.getByText("What Our Customers Say")).toBeVisible();
    await expect(
      region.getByText(
        "Don't just take our word for it. Here's what our clients have to say about our logistics services and customer support.",
      ),
    ).toBeVisible();
    await expect(region.getByRole("button", { name: /^Show testimonial/ })).toHaveCount(7);
    await waitForHydration(page);
    await expectTestimonial(page, 1, "Musu Flomo");
    await expect(region.getByRole("img", { name: "Rated 5 out of 5" }).first()).toBeVisible();

    await region.getByRole("button", { name: "Next testimonial" }).click();
    await expectTestimonial(page, 2, "Adebayo Okonkwo");
    await region.getByRole("button", { name: "Previous testimonial" }).click();
    await expectTestimonial(page, 1, "Musu Flomo");
    await region.getByRole("button", { name: "Previous testimonial" }).click();
    await expectTestimonial(page, 7, "Aissata Camara");
    await region.getByRole("button", { name: "Next testimonial" }).click();
    await expectTestimonial(page, 1, "Musu Flomo");

    await dot(page, 5).click();
    await expectTestimonial(page, 5, "Akosua Boateng");
    await expect(dot(page, 1)).not.toHaveAttribute("aria-current", "true");
    const activeWidth = (await dot(page, 5).boundingBox())!.width;
    const otherWidth = (await dot(page, 1).boundingBox())!.width;
    expect(activeWidth).toBeGreaterThan(otherWidth);
  });

  test("the carousel plays every 5 seconds and pauses under the pointer", async ({ page }) => {
    await page.clock.install();
    await page.goto("/");
    await waitForHydration(page);
    // Stop the clock with the pointer and focus on the carousel (both pause it), start from the first
    // testimonial, then let go: from here on only the fake clock moves time.
    await dot(page, 1).click();
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.mouse.move(5, 5);
    await expectTestimonial(page, 1, "Musu Flomo");

    await page.clock.runFor(4900);
    await expect(dot(page, 1)).toHaveAttribute("aria-current", "true");
    await page.clock.runFor(200);
    await expectTestimonial(page, 2, "Adebayo Okonkwo");
    await page.clock.runFor(5000);
    await expectTestimonial(page, 3, "Grace Togba");

    // Pointer over the carousel: no rotation; on leave it resumes.
    await carousel(page).getByText("What Our Customers Say").hover();
    await page.clock.runFor(12_000);
    await expect(dot(page, 3)).toHaveAttribute("aria-current", "true");
    await page.mouse.move(5, 5);
    await page.clock.runFor(5100);
    await expectTestimonial(page, 4, "Ibrahim Sesay");

    // Seven more turns bring it round the loop to the fourth again.
    for (let turn = 0; turn < 7; turn += 1) await page.clock.runFor(5000);
    await expectTestimonial(page, 4, "Ibrahim Sesay");
  });

  test("the carousel does not play by itself under reduced motion", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.clock.install();
    await page.goto("/");
    await waitForHydration(page);
    await page.clock.runFor(16_000);
    await expect(dot(page, 1)).toHaveAttribute("aria-current", "true");
  });

  test("avatars show the photo once loaded and the initials when it fails", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    const slide = carousel(page).getByRole("group", { name: "1 of 7" });
    await expect(slide.locator('[data-status="loaded"] img')).toBeVisible();
    await expect(slide.getByText("MF", { exact: true })).toHaveCount(0);

    await page.route("**/images/home/testimonial-*.svg", (route) =>
      route.fulfill({ status: 200, contentType: "image/svg+xml", body: "this is not an image" }),
    );
    await page.goto("/");
    await waitForHydration(page);
    await expect(slide.getByText("MF", { exact: true })).toBeVisible();
    await expect(slide.locator("img")).toHaveCount(0);
  });

  test("'Our Global Impact' counts up to the final numbers once scrolled into view", async ({ page }) => {
    await page.goto("/");
    const band = page.getByRole("region", { name: "Our Global Impact" });
    await expect(
      band.getByText("We continue to expand our reach and services across the globe"),
    ).toBeVisible();
    const tiles = band.getByRole("listitem");
    await expect(tiles).toHaveCount(4);
    const counter = (label: string) => tiles.filter({ hasText: label }).getByTestId("impact-counter");
    await waitForHydration(page);
    await expect(counter("Packages")).toHaveText("0+");

    await band.scrollIntoViewIfNeeded();
    for (const [label, value] of [
      ["Packages", "9,800+"],
      ["Offices", "230+"],
      ["Employees", "1,200+"],
      ["Tons", "5,200+"],
    ] as const) {
      await expect(counter(label)).toHaveText(value, { timeout: 10_000 });
      // Screen readers get the final number from the start.
      await expect(tiles.filter({ hasText: label }).locator(".sr-only")).toHaveText(value);
    }
  });

  test("under reduced motion the final numbers show at once", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto("/");
    await waitForHydration(page);
    const band = page.getByRole("region", { name: "Our Global Impact" });
    await expect(band.getByTestId("impact-counter")).toHaveText(["9,800+", "230+", "1,200+", "5,200+"]);
    await band.scrollIntoViewIfNeeded();
    await expect(band.getByTestId("impact-counter")).toHaveText(["9,800+", "230+", "1,200+", "5,200+"]);
    await expect(band.getByRole("listitem").first()).toHaveCSS("opacity", "1");
  });

  test("has no serious accessibility problems after scrolling through", async ({ page, checkA11y }) => {
    await page.goto("/");
    await waitForHydration(page);
    await page.getByRole("region", { name: "Our Global Impact" }).scrollIntoViewIfNeeded();
    await expect(page.getByTestId("impact-counter").first()).toHaveText("9,800+", { timeout: 10_000 });
    await checkA11y();
  });
});

test.describe("home page without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("shows the content, the first testimonial and the final numbers", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1, name: "Global Logistics Solutions" })).toBeVisible();
    const region = carousel(page);
    await region.getByRole("button", { name: "Next testimonial" }).scrollIntoViewIfNeeded();
    await expect(region.getByText("Musu Flomo", { exact: true })).toBeInViewport({ ratio: 0.9 });
    await expect(region.getByText("Adebayo Okonkwo", { exact: true })).not.toBeInViewport();
    await expect(region.getByText("MF", { exact: true })).toBeVisible();
    const band = page.getByRole("region", { name: "Our Global Impact" });
    await band.scrollIntoViewIfNeeded();
    await expect(band.getByTestId("impact-counter")).toHaveText(["9,800+", "230+", "1,200+", "5,200+"]);
    await expect(band.getByRole("listitem").first()).toBeVisible();
    await expect(band.getByRole("listitem").first()).toHaveCSS("opacity", "1");
  });
});
