import type { Page } from "@playwright/test";
import sharp from "sharp";
import { waitForHydration } from "../support/admin-fixtures.ts";
import { expect, test } from "../support/fixtures.ts";

test.use({ signedIn: true });

const uid = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function pngFile(name: string, colour: string) {
  const buffer = await sharp({ create: { width: 1200, height: 800, channels: 3, background: colour } })
    .png()
    .toBuffer();
  return { name, mimeType: "image/png", buffer };
}

/** Opens the editor for a new post, ready for typing (hydrated). */
async function openNewPost(page: Page) {
  await page.goto("/admin/cms/blog/new");
  await expect(page.getByRole("heading", { level: 1, name: "Create New Blog Post" })).toBeVisible();
  await waitForHydration(page.getByRole("button", { name: "Create Post" }));
  await expect(page.getByRole("toolbar", { name: "Formatting" })).toBeVisible();
}

/** Toasts come and go (4 s); axe looks at the page without them. */
async function waitForToastsToClose(page: Page) {
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 });
}

/**
 * Deletes a post this test made public, so the shared server's blog is back to the demo posts (other specs
 * count them).
 */
async function removePost(page: Page, title: string) {
  await page.goto("/admin/blog");
  const href = await row(page, title)
    .getByRole("link", { name: `Edit ${title}` })
    .getAttribute("href");
  const response = await page.request.post("/admin/blog", {
    form: { intent: "delete", id: href!.split("/").pop()! },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
}

const editor = (page: Page) => page.getByRole("textbox", { name: "Content" });
const row = (page: Page, title: string) => page.getByRole("row").filter({ hasText: title });

test("a post is written with an uploaded image, published, read, and unpublished", async ({
  page,
  checkA11y,
}) => {
  test.slow();
  const id = uid();
  const title = `Freight Update ${id}`;
  const slug = `freight-update-${id}`;
  const imageName = `harbour-${id}.png`;
  await page.goto("/admin/blog");
  await expect(page.getByRole("heading", { level: 1, name: "Blog Posts" })).toBeVisible();
  await expect(page.getByText("Manage your blog posts. Create, edit, and publish content.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "All Posts" })).toBeVisible();
  await checkA11y();
  await page.getByRole("link", { name: "New Post" }).click();
  await expect(page).toHaveURL(/\/admin\/cms\/blog\/new$/);
  await openNewPost(page);
  await expect(page.getByText("Create a new blog post.")).toBeVisible();
  await checkA11y();

  // The slug follows the title.
  await page.getByLabel("Title").fill(title);
  await expect(page.getByLabel("Slug")).toHaveValue(slug);
  await expect(page.getByLabel("Slug")).toHaveAttribute("placeholder", "enter-post-slug");
  await page.getByLabel("Category").fill("Guides");
  await page.getByLabel("Excerpt").fill("What changes for shippers this season.");

  // Featured image: uploaded in the media library dialog, then selected.
  await page.getByRole("button", { name: "Choose from Media Library" }).click();
  const picker = page.getByRole("dialog", { name: "Choose a Featured Image" });
  await picker.getByLabel("Upload Media").setInputFiles(await pngFile(imageName, "#0f766e"));
  await expect(picker.getByRole("progressbar", { name: `Upload of ${imageName}` })).toBeVisible();
  await expect(picker.getByText("Uploaded")).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText("Media uploaded successfully")).toBeVisible();
  await waitForToastsToClose(page);
  await checkA11y();
  await picker.getByRole("button", { name: `Select ${imageName}` }).click();
  await expect(picker).toBeHidden();
  await expect(page.getByLabel("Featured image URL")).toHaveValue(/^\/media\/[0-9a-f]{24}\.png$/);
  const imageUrl = await page.getByLabel("Featured image URL").inputValue();
  await expect(page.getByText("Preview", { exact: true })).toBeVisible();

  // Content with the toolbar and shortcuts.
  await editor(page).click();
  await page.keyboard.type("Why it matters");
  await page.getByRole("button", { name: "Heading 2" }).click();
  await expect(page.getByRole("button", { name: "Heading 2" })).toHaveAttribute("aria-pressed", "true");
  await page.keyboard.press("End");
  await page.keyboard.press("Enter");
  await page.getByRole("button", { name: "Paragraph" }).click();
  await page.keyboard.type("Rates are ");
  await page.keyboard.press("ControlOrMeta+b");
  await page.keyboard.type("steady");
  await page.keyboard.press("ControlOrMeta+b");
  await page.keyboard.type(" this month. ");
  await page.keyboard.press("ControlOrMeta+k");
  const linkDialog = page.getByRole("dialog", { name: "Insert link" });
  await linkDialog.getByLabel("Link address").fill("javascript:alert(1)");
  await linkDialog.getByRole("button", { name: "Apply link" }).click();
  await expect(linkDialog.getByText(/Enter a web address/)).toBeVisible();
  await linkDialog.getByLabel("Link address").fill("/contact");
  await linkDialog.getByRole("button", { name: "Apply link" }).click();
  await expect(linkDialog).toBeHidden();
  await page.keyboard.press("End");
  await page.keyboard.press("Enter");
  await page.getByRole("button", { name: "Bulleted list" }).click();
  await page.keyboard.type("Air freight");
  await expect(page.getByRole("button", { name: "Bulleted list" })).toHaveAttribute("aria-pressed", "true");
  await page.keyboard.press("Enter");
  await page.keyboard.type("Sea freight");
  await page.keyboard.press("Enter");
  await page.keyboard.press("Enter");
  await page.getByRole("button", { name: "Insert image from the media library" }).click();
  const insertDialog = page.getByRole("dialog", { name: "Insert an Image" });
  await insertDialog.getByRole("button", { name: `Select ${imageName}` }).click();
  await expect(insertDialog).toBeHidden();
  await expect(editor(page).locator("h2")).toHaveText("Why it matters");
  await expect(editor(page).locator("strong, b")).toHaveText("steady");
  await expect(editor(page).locator('a[href="/contact"]')).toHaveText("/contact");
  await expect(editor(page).locator("li")).toHaveText(["Air freight", "Sea freight"]);
  await expect(editor(page).locator("img")).toHaveAttribute("src", imageUrl);

  // The HTML view shows the source the form posts.
  await page.getByRole("button", { name: "Edit HTML source" }).click();
  const source = page.getByRole("textbox", { name: "Content" });
  await expect(source).toHaveValue(/<h2>Why it matters<\/h2>/);
  await page.getByRole("button", { name: "Edit HTML source" }).click();
  await expect(editor(page).locator("h2")).toHaveText("Why it matters");

  await page.getByRole("button", { name: "Publish now" }).click();
  await expect(page).toHaveURL(/\/admin\/cms\/blog$/);
  await expect(page.getByText("Blog post created successfully")).toBeVisible();
  await expect(row(page, title).getByText("Published", { exact: true })).toBeVisible();
  await expect(row(page, title).getByText("Guides", { exact: true })).toBeVisible();
  await expect(row(page, title).getByRole("cell").nth(3)).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
  await expect(
    row(page, title).getByRole("link", { name: `View ${title} on the blog (opens in a new tab)` }),
  ).toHaveAttribute("href", `/blog/${slug}`);

  // The public post, with responsive library images.
  const response = await page.goto(`/blog/${slug}`);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Why it matters" })).toBeVisible();
  await expect(page.locator("article strong, article b").filter({ hasText: "steady" })).toBeVisible();
  await expect(page.getByRole("link", { name: "/contact" })).toHaveAttribute("href", "/contact");
  const featured = page.getByRole("img", { name: title }).first();
  await expect(featured).toHaveAttribute("srcset", /\/media\/[0-9a-f]{24}\.png\?w=320 320w/);
  await expect(featured).toHaveAttribute("sizes", /.+/);
  // The post's own article: the cards under 'More from our blog' are articles too, with images of their own.
  const post = page.locator("article").filter({ has: page.getByRole("heading", { level: 1, name: title }) });
  const body = post.locator("img[srcset]").last();
  await expect(body).toHaveAttribute("srcset", /\?w=1024 1024w, .*\?w=1200 1200w/);
  await expect(body).toHaveAttribute("width", "1200");
  await expect(body).toHaveAttribute("height", "800");
  await expect(body).toHaveAttribute("loading", "lazy");
  await expect(page.locator('link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute(
    "href",
    "/blog/rss.xml",
  );
  const feed = await page.request.get("/blog/rss.xml");
  expect(await feed.text()).toContain(`/blog/${slug}</link>`);

  // Unpublished: back to a draft, gone for visitors.
  await page.goto("/admin/blog");
  await row(page, title)
    .getByRole("link", { name: `Edit ${title}` })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Edit Blog Post" })).toBeVisible();
  await expect(page.getByText("Update your blog post content.")).toBeVisible();
  await waitForHydration(page.getByRole("button", { name: "Update Post" }));
  await waitForToastsToClose(page);
  await checkA11y();
  await expect(page.getByLabel("Slug")).toHaveValue(slug);
  await page.getByRole("button", { name: "Unpublish" }).click();
  await expect(page.getByText("Blog post updated successfully")).toBeVisible();
  await expect(row(page, title).getByText("Draft", { exact: true })).toBeVisible();
  await expect(row(page, title).getByRole("link", { name: /on the blog/ })).toHaveCount(0);
  const gone = await page.goto(`/blog/${slug}`);
  expect(gone?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Blog Post Not Found" })).toBeVisible();
});

test("a scheduled post appears on the blog, in the sitemap and in the feed at its time", async ({ page }) => {
  // Scheduling is to the minute: the post goes live at the first whole minute at least 30 s from now (time enough
  // to save it and see it is not out yet, even on a busy machine).
  test.setTimeout(300_000);
  const id = uid();
  const title = `Scheduled Notice ${id}`;
  const slug = `scheduled-notice-${id}`;
  await openNewPost(page);
  await page.getByLabel("Title").fill(title);
  await editor(page).click();
  await page.keyboard.type("Our office hours change next week.");
  const at = new Date(Math.ceil((Date.now() + 30_000) / 60_000) * 60_000);
  await expect(
    page.getByText("Times are UTC, which is Monrovia time (GMT) all year.", { exact: false }),
  ).toBeVisible();
  await page.getByLabel("Publish date and time (UTC)").fill(at.toISOString().slice(0, 16));
  await page.getByRole("button", { name: "Schedule" }).click();
  await expect(page.getByText("Blog post created successfully")).toBeVisible();
  await expect(row(page, title).getByText("Scheduled", { exact: true })).toBeVisible();

  expect((await page.request.get(`/blog/${slug}`)).status()).toBe(404);
  expect(await (await page.request.get("/sitemap.xml")).text()).not.toContain(slug);

  // Nobody does anything: time passes.
  await expect
    .poll(async () => (await page.request.get(`/blog/${slug}`)).status(), {
      timeout: 200_000,
      intervals: [1_000],
    })
    .toBe(200);
  expect(Date.now()).toBeGreaterThanOrEqual(at.getTime());
  expect(await (await page.request.get("/sitemap.xml")).text()).toContain(`/blog/${slug}</loc>`);
  expect(await (await page.request.get("/blog/rss.xml")).text()).toContain(`/blog/${slug}</link>`);
  await page.goto("/blog");
  await expect(page.getByRole("link", { name: title })).toBeVisible();
  await page.goto("/admin/blog");
  await expect(row(page, title).getByText("Published", { exact: true })).toBeVisible();
  await removePost(page, title);
});

test("a post is deleted after confirmation", async ({ page }) => {
  test.slow();
  const id = uid();
  const title = `Short Lived ${id}`;
  await openNewPost(page);
  await page.getByLabel("Title").fill(title);
  await page.getByRole("button", { name: "Create Post" }).click();
  await expect(page.getByText("Blog post created successfully")).toBeVisible();
  await expect(row(page, title).getByText("Draft", { exact: true })).toBeVisible();
  await expect(row(page, title).getByRole("cell").nth(1)).toHaveText("-");

  await row(page, title)
    .getByRole("button", { name: `Delete ${title}` })
    .click();
  const dialog = page.getByRole("alertdialog", { name: "Are you sure?" });
  await expect(dialog).toContainText(title);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(row(page, title)).toHaveCount(1);
  await row(page, title)
    .getByRole("button", { name: `Delete ${title}` })
    .click();
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Blog post deleted successfully")).toBeVisible();
  await expect(row(page, title)).toHaveCount(0);
});

test("the editor checks the title and the slug as they are typed", async ({ page }) => {
  test.slow();
  const id = uid();
  await openNewPost(page);
  await page.getByRole("button", { name: "Create Post" }).click();
  await expect(page.getByText("Title is required.")).toBeVisible();
  await expect(page.getByText("Slug is required.")).toBeVisible();

  await page.getByLabel("Title").fill(`Taken ${id}`);
  await page.getByLabel("Slug").fill("Not a Slug!");
  await page.getByLabel("Slug").blur();
  await expect(
    page.getByText("Use only lowercase letters, numbers and hyphens, e.g. air-freight-guide."),
  ).toBeVisible();
  // Typed by hand: the title no longer changes it.
  await page.getByLabel("Slug").fill(`taken-${id}`);
  await page.getByLabel("Title").fill(`Taken again ${id}`);
  await expect(page.getByLabel("Slug")).toHaveValue(`taken-${id}`);
  await page.getByRole("button", { name: "Create Post" }).click();
  await expect(page.getByText("Blog post created successfully")).toBeVisible();

  const missing = await page.goto("/admin/cms/blog/00000000-0000-4000-8000-000000000000");
  expect(missing?.status()).toBe(404);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the editor is a plain form whose textarea posts the HTML", async ({ page }) => {
    test.slow();
    const id = uid();
    const title = `Plain Form ${id}`;
    await page.goto("/admin/cms/blog/new");
    await expect(page.getByRole("toolbar")).toHaveCount(0);
    await page.getByLabel("Title").fill(title);
    await page.getByLabel("Slug").fill(`plain-form-${id}`);
    await page
      .getByRole("textbox", { name: "Content" })
      .fill('<h2>Plain</h2><p onclick="alert(1)">Works <script>alert(1)</script>without scripts.</p>');
    await page.getByRole("button", { name: "Publish now" }).click();
    await expect(page).toHaveURL(/\/admin\/cms\/blog$/);
    await expect(row(page, title).getByText("Published", { exact: true })).toBeVisible();

    await page.goto(`/blog/plain-form-${id}`);
    await expect(page.getByRole("heading", { level: 2, name: "Plain" })).toBeVisible();
    await expect(page.getByText("Works without scripts.")).toBeVisible();
    await expect(page.locator("article [onclick]")).toHaveCount(0);
    await removePost(page, title);
  });

  test("a slug already in use is refused with the typed values kept", async ({ page }) => {
    test.slow();
    const id = uid();
    for (const title of [`First ${id}`, `Second ${id}`]) {
      await page.goto("/admin/cms/blog/new");
      await page.getByLabel("Title").fill(title);
      await page.getByLabel("Slug").fill(`shared-slug-${id}`);
      await page.getByRole("textbox", { name: "Content" }).fill("<p>Kept after the error</p>");
      await page.getByRole("button", { name: "Create Post" }).click();
    }
    await expect(page).toHaveURL(/\/admin\/cms\/blog\/new$/);
    await expect(
      page.getByText("This slug is already used by another post. Choose a different one."),
    ).toBeVisible();
    await expect(page.getByLabel("Slug")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Title")).toHaveValue(`Second ${id}`);
    await expect(page.getByRole("textbox", { name: "Content" })).toHaveValue("<p>Kept after the error</p>");
  });
});
