import { expect, test } from "../support/fixtures.ts";

// The demo database holds three published posts (app/server/seed-data.server.ts).
const POSTS = [
  {
    slug: "navigating-customs-clearance-in-west-africa",
    title: "Navigating Customs Clearance in West Africa",
    category: "Customs",
  },
  {
    slug: "air-or-sea-choosing-the-right-mode",
    title: "Air or Sea? Choosing the Right Mode for Your Cargo",
    category: "Guides",
  },
  {
    slug: "tracking-your-shipment-step-by-step",
    title: "Tracking Your Shipment, Step by Step",
    category: "Company News",
  },
];
const DATE = /^[A-Z][a-z]{2} \d{1,2}, \d{4}$/;

test("the blog lists the published posts, newest first, with image, category, date and excerpt", async ({
  page,
  checkA11y,
}) => {
  // axe and many page loads take a while on a busy machine.
  test.slow();
  const response = await page.goto("/blog");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: "Latest Updates & Insights" })).toBeVisible();
  // Other tests publish posts on the same server meanwhile: find the demo posts by title, in order.
  const cards = page.getByRole("article");
  await expect.poll(() => cards.count()).toBeGreaterThanOrEqual(3);
  const titles = await cards.getByRole("heading").allTextContents();
  const demoOrder = titles.filter((title) => POSTS.some((post) => post.title === title));
  expect(demoOrder).toEqual(POSTS.map((post) => post.title));
  for (const post of POSTS) {
    const card = cards.filter({ has: page.getByRole("heading", { name: post.title }) });
    await expect(card.getByRole("heading", { name: post.title })).toBeVisible();
    await expect(card.getByRole("link", { name: post.title })).toHaveAttribute("href", `/blog/${post.slug}`);
    await expect(card.getByRole("img", { name: post.title })).toBeVisible();
    await expect(card.getByText(post.category, { exact: true })).toBeVisible();
    await expect(card.locator("time")).toHaveText(DATE);
  }
  await expect(
    cards
      .filter({ has: page.getByRole("heading", { name: POSTS[0]!.title }) })
      .getByText(/Paperwork is the most common cause of delay/),
  ).toBeVisible();
  await expect(page.getByText("No blog posts found")).toHaveCount(0);
  await checkA11y();
});

test("a post opens from the list and links back to the blog", async ({ page, checkA11y }) => {
  // axe and many page loads take a while on a busy machine.
  test.slow();
  await page.goto("/blog");
  await page.getByRole("link", { name: POSTS[0]!.title }).click();
  await expect(page).toHaveURL(new RegExp(`/blog/${POSTS[0]!.slug}$`));
  await expect(page.getByRole("heading", { level: 1, name: POSTS[0]!.title })).toBeVisible();
  await expect(
    page.getByRole("heading", { level: 2, name: "The documents every shipment needs" }),
  ).toBeVisible();
  await expect(page.getByRole("img", { name: POSTS[0]!.title }).first()).toBeVisible();
  await expect(page.getByRole("main").locator("time").first()).toHaveText(DATE);
  await expect(page.getByRole("link", { name: "Contact our customs desk" })).toHaveAttribute(
    "href",
    "/contact",
  );
  await checkA11y();

  await page.getByRole("link", { name: "Back to Blog" }).click();
  await expect(page).toHaveURL(/\/blog$/);
  await expect(page.getByRole("heading", { level: 1, name: "Latest Updates & Insights" })).toBeVisible();

  await page.goto(`/blog/${POSTS[1]!.slug}`);
  await expect(page.getByRole("heading", { level: 1, name: POSTS[1]!.title })).toBeVisible();
  await page.getByRole("link", { name: "Browse More Articles" }).click();
  await expect(page).toHaveURL(/\/blog$/);
  await expect.poll(() => page.getByRole("article").count()).toBeGreaterThanOrEqual(3);
});

test("a post suggests the other posts", async ({ page }) => {
  await page.goto(`/blog/${POSTS[2]!.slug}`);
  const more = page.getByRole("region", { name: "More from our blog" });
  // The newest other posts: the demo ones, unless a test running alongside just published some.
  await expect.poll(() => more.getByRole("link").count()).toBeGreaterThanOrEqual(2);
  await expect(more.getByRole("link", { name: POSTS[2]!.title })).toHaveCount(0);
});

test("an unknown post answers 404 with a way back", async ({ page, checkA11y }) => {
  test.slow();
  const response = await page.goto("/blog/no-such-post-anywhere");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Blog Post Not Found" })).toBeVisible();
  const back = page.getByRole("link", { name: "Return to Blog" });
  await expect(back).toHaveAttribute("href", "/blog");
  await checkA11y();
  await back.click();
  await expect(page).toHaveURL(/\/blog$/);
  await expect.poll(() => page.getByRole("article").count()).toBeGreaterThanOrEqual(3);
});

test("odd page numbers never break the list", async ({ page }) => {
  for (const query of ["?page=abc", "?page=-3", "?page=1.5", "?page=%00"]) {
    const response = await page.goto(`/blog${query}`);
    expect(response?.status(), query).toBe(200);
    await expect.poll(() => page.getByRole("article").count()).toBeGreaterThanOrEqual(3);
  }
  const past = await page.goto("/blog?page=40");
  expect(past?.status()).toBe(404);
  await expect(page.getByText("No blog posts found")).toBeVisible();
  await expect(page.getByRole("link", { name: "Return to Blog" })).toHaveAttribute("href", "/blog");
});

test("categories filter the list", async ({ page }) => {
  await page.goto("/blog");
  const categories = page.getByRole("navigation", { name: "Blog categories" });
  await categories.getByRole("link", { name: "Guides" }).click();
  await expect(page).toHaveURL(/\/blog\?category=Guides$/);
  await expect(page.getByRole("link", { name: POSTS[1]!.title })).toBeVisible();
  for (const title of await page.getByRole("article").getByRole("heading").allTextContents()) {
    if (POSTS.some((post) => post.title === title)) expect(title).toBe(POSTS[1]!.title);
  }
  await expect(categories.getByRole("link", { name: "Guides" })).toHaveAttribute("aria-current", "page");
  await categories.getByRole("link", { name: "All Posts" }).click();
  await expect.poll(() => page.getByRole("article").count()).toBeGreaterThanOrEqual(3);

  await page.goto("/blog?category=%3Cscript%3Ealert(1)%3C%2Fscript%3E");
  await expect(page.getByText("No blog posts found")).toBeVisible();
});
