import { expect, test } from "../support/fixtures.ts";

const POST = "/blog/navigating-customs-clearance-in-west-africa";
const PAGES = [
  "/",
  "/services",
  "/services/air-freight",
  "/services/sea-freight",
  "/services/trucking",
  "/about",
  "/contact",
  "/track",
  "/blog",
  POST,
  "/privacy-policy",
  "/terms-of-service",
];
const SITEMAP_PAGES = PAGES.filter((path) => path !== POST);

for (const path of PAGES) {
  test(`${path} has a title, description, canonical link and Open Graph title`, async ({ page, baseURL }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    expect((await page.title()).trim()).not.toBe("");
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /\S/);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}${path}`);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", /\S/);
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", /^https?:\/\//);
  });
}

test("every public page has its own title and description", async ({ page }) => {
  // Twelve page loads take a while on a busy machine.
  test.slow();
  const titles = new Map<string, string>();
  const descriptions = new Map<string, string>();
  for (const path of PAGES) {
    await page.goto(path);
    titles.set(path, await page.title());
    descriptions.set(path, (await page.locator('meta[name="description"]').getAttribute("content")) ?? "");
  }
  const duplicates = (values: Map<string, string>) =>
    [...values]
      .filter(([, v], _, all) => all.filter(([, w]) => w === v).length > 1)
      .map(([path, v]) => `${path}: ${v}`);
  expect(duplicates(titles), "pages sharing a title").toEqual([]);
  expect(duplicates(descriptions), "pages sharing a description").toEqual([]);
});

test("a post has article meta and BlogPosting structured data", async ({ page, baseURL }) => {
  await page.goto(POST);
  await expect(page).toHaveTitle(/Navigating Customs Clearance in West Africa/);
  await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "article");
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
    "content",
    `${baseURL}/images/blog/customs.svg`,
  );
  await expect(page.locator('meta[name="description"]')).toHaveAttribute(
    "content",
    /^Paperwork is the most common cause/,
  );
  const json = await page.locator('script[type="application/ld+json"]').first().textContent();
  const data = JSON.parse(json ?? "{}");
  expect(data).toMatchObject({
    "@context": "https://schema.org",
    "@type": "BlogPosting",
    headline: "Navigating Customs Clearance in West Africa",
    url: `${baseURL}${POST}`,
    image: [`${baseURL}/images/blog/customs.svg`],
  });
  expect(Number.isNaN(Date.parse(data.datePublished))).toBe(false);
});

test("an unknown post is not indexed", async ({ page }) => {
  await page.goto("/blog/no-such-post-for-seo");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  await expect(page).toHaveTitle(/Blog Post Not Found/);
});

test("the sitemap lists the public pages and the published posts", async ({ request, baseURL }) => {
  const response = await request.get("/sitemap.xml");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/^application\/xml/);
  const xml = await response.text();
  expect(xml).toMatch(
    /^<\?xml version="1.0" encoding="UTF-8"\?>\s*<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
  );
  for (const path of SITEMAP_PAGES) expect(xml).toContain(`<loc>${baseURL}${path}</loc>`);
  for (const slug of [
    "navigating-customs-clearance-in-west-africa",
    "air-or-sea-choosing-the-right-mode",
    "tracking-your-shipment-step-by-step",
  ]) {
    expect(xml).toContain(`<loc>${baseURL}/blog/${slug}</loc>`);
  }
  const locs = [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!);
  expect(locs.every((loc) => loc.startsWith(`${baseURL}/`))).toBe(true);
  expect(locs.some((loc) => loc.includes("/admin"))).toBe(false);
  expect(xml.match(/<lastmod>/g)?.length ?? 0).toBeGreaterThanOrEqual(3);
});

test("robots.txt points to the sitemap and keeps the back office out", async ({ request, baseURL }) => {
  const response = await request.get("/robots.txt");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/^text\/plain/);
  const body = await response.text();
  expect(body).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  expect(body).toMatch(/^Disallow: \/admin$/m);
});

test("the default share image and the blog illustrations are served", async ({ request }) => {
  const og = await request.get("/og-image.png");
  expect(og.status()).toBe(200);
  expect(og.headers()["content-type"]).toBe("image/png");
  for (const name of ["customs", "air-sea", "tracking"]) {
    const image = await request.get(`/images/blog/${name}.svg`);
    expect(image.status(), name).toBe(200);
    expect(image.headers()["content-type"]).toMatch(/^image\/svg\+xml/);
  }
});
