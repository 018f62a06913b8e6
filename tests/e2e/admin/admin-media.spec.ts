import crypto from "node:crypto";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { waitForHydration } from "../support/admin-fixtures.ts";
import { expect, test } from "../support/fixtures.ts";

test.use({ signedIn: true });

const uid = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function image(name: string, format: "png" | "jpeg", width = 400, height = 300) {
  const picture = sharp({ create: { width, height, channels: 3, background: "#1d4ed8" } });
  const buffer = format === "png" ? await picture.png().toBuffer() : await picture.jpeg().toBuffer();
  return { name, mimeType: `image/${format}`, buffer };
}

/** A real PNG of random noise, so it cannot be compressed below `bytes`. */
async function noisePng(name: string, bytes: number) {
  const side = Math.ceil(Math.sqrt(bytes / 3));
  const raw = crypto.randomBytes(side * side * 3);
  const buffer = await sharp(raw, { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
  return { name, mimeType: "image/png", buffer };
}

async function openLibrary(page: Page) {
  await page.goto("/admin/media");
  await expect(page.getByRole("heading", { level: 1, name: "Media Library" })).toBeVisible();
  await waitForHydration(page.getByLabel("Upload Media", { exact: true }));
}

/** An image of the library's grid (not the upload progress list), by its file name. */
const card = (page: Page, name: string) =>
  page.getByRole("list", { name: "Images", exact: true }).getByRole("listitem", { name, exact: true });

test("several images upload with a progress bar each, and their alt text is saved", async ({
  page,
  checkA11y,
}) => {
  test.slow();
  const id = uid();
  const files = [
    await image(`quay-${id}.png`, "png", 400, 300),
    await image(`crane-${id}.jpg`, "jpeg", 800, 600),
    await image(`truck-${id}.png`, "png", 640, 480),
  ];
  await openLibrary(page);
  await checkA11y();

  await page.getByLabel("Upload Media", { exact: true }).setInputFiles(files);
  for (const file of files) {
    await expect(page.getByRole("progressbar", { name: `Upload of ${file.name}` })).toBeVisible();
  }
  await expect(
    page.getByRole("list", { name: "Uploads" }).getByText("Uploaded", { exact: true }),
  ).toHaveCount(3, {
    timeout: 30_000,
  });
  await expect(page.getByText("Media uploaded successfully")).toBeVisible();
  // Toasts come and go (4 s); axe looks at the page without them.
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 });

  await expect(card(page, `quay-${id}.png`)).toContainText("400 × 300");
  await expect(card(page, `crane-${id}.jpg`)).toContainText("800 × 600");
  await expect(card(page, `truck-${id}.png`)).toContainText(/\d+(\.\d)? (KB|B) · 640 × 480/);
  await checkA11y();

  const quay = card(page, `quay-${id}.png`);
  await quay.getByLabel(`Alt text for quay-${id}.png`).fill("Containers on the quay at Freeport of Monrovia");
  await quay.getByRole("button", { name: `Save alt text for quay-${id}.png` }).click();
  await expect(quay.getByText("Alt text saved.")).toBeVisible();
  await page.reload();
  await expect(card(page, `quay-${id}.png`).getByLabel(`Alt text for quay-${id}.png`)).toHaveValue(
    "Containers on the quay at Freeport of Monrovia",
  );

  // The stored file is served with the safe headers, a variant on request, and 304 on revalidation.
  const src = await card(page, `crane-${id}.jpg`).locator("img").getAttribute("src");
  expect(src).toMatch(/^\/media\/[0-9a-f]{24}\.jpg\?w=640$/);
  const file = await page.request.get(src!.replace("?w=640", ""));
  expect(file.status()).toBe(200);
  expect(file.headers()).toMatchObject({
    "content-type": "image/jpeg",
    "x-content-type-options": "nosniff",
    "cache-control": "public, max-age=31536000, immutable",
    "content-disposition": "inline",
    "content-security-policy": "default-src 'none'; sandbox",
  });
  const variant = await page.request.get(src!);
  expect(variant.headers()["content-type"]).toBe("image/webp");
  const again = await page.request.get(src!, { headers: { "If-None-Match": variant.headers().etag! } });
  expect(again.status()).toBe(304);
  expect((await page.request.get("/media/000000000000000000000000.png")).status()).toBe(404);
});

test("a renamed HTML file, an SVG and an oversized file are refused with clear messages", async ({
  page,
}) => {
  test.slow();
  const id = uid();
  await openLibrary(page);
  const html = {
    name: `photo-${id}.png`,
    mimeType: "image/png",
    buffer: Buffer.from("<!doctype html><script>alert(1)</script>"),
  };
  const svg = {
    name: `logo-${id}.svg`,
    mimeType: "image/svg+xml",
    buffer: Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="9" height="9"/></svg>',
    ),
  };
  const big = await noisePng(`huge-${id}.png`, 11 * 1024 * 1024);
  expect(big.buffer.length).toBeGreaterThan(10 * 1024 * 1024);

  await page.getByLabel("Upload Media", { exact: true }).setInputFiles([html, svg, big]);
  const uploads = page.getByRole("list", { name: "Uploads" });
  await expect(uploads.getByRole("listitem").filter({ hasText: html.name })).toContainText(
    "Only JPEG, PNG, WebP, GIF and AVIF images can be uploaded.",
    { timeout: 20_000 },
  );
  await expect(uploads.getByRole("listitem").filter({ hasText: svg.name })).toContainText(
    "Only JPEG, PNG, WebP, GIF and AVIF images can be uploaded.",
  );
  await expect(uploads.getByRole("listitem").filter({ hasText: big.name })).toContainText(
    "The file is larger than 10 MB.",
  );
  await expect(page.getByText("Failed to upload media")).toBeVisible();
  for (const name of [html.name, svg.name, big.name]) await expect(card(page, name)).toHaveCount(0);

  // The server refuses it too, whatever the page does: just over the limit, and far over it.
  const justOver = await noisePng(`over-${id}.png`, 10.2 * 1024 * 1024);
  expect(justOver.buffer.length).toBeGreaterThan(10 * 1024 * 1024);
  const direct = await page.request.post("/admin/media", {
    headers: { "X-Requested-With": "XMLHttpRequest", Accept: "application/json" },
    multipart: { intent: "upload", files: justOver },
  });
  expect(direct.status()).toBe(400);
  expect(await direct.json()).toMatchObject({
    results: [{ ok: false, message: "The file is larger than 10 MB." }],
  });
  const tooBig = await page.request.post("/admin/media", {
    headers: { "X-Requested-With": "XMLHttpRequest" },
    multipart: { intent: "upload", files: big },
  });
  expect(tooBig.status()).toBe(413);
});

test("deleting an image used by a post warns with the post's title", async ({ page }) => {
  test.slow();
  const id = uid();
  const name = `dock-${id}.png`;
  await openLibrary(page);
  await page.getByLabel("Upload Media", { exact: true }).setInputFiles(await image(name, "png"));
  await expect(card(page, name)).toBeVisible({ timeout: 20_000 });
  const src = await card(page, name).locator("img").getAttribute("src");
  const url = src!.replace(/\?.*$/, "");

  const title = `Dock Works ${id}`;
  const created = await page.request.post("/admin/cms/blog/new", {
    form: { title, slug: `dock-works-${id}`, featuredImage: url, content: "<p>News</p>", intent: "save" },
    maxRedirects: 0,
  });
  expect(created.status()).toBe(302);

  await openLibrary(page);
  await card(page, name)
    .getByRole("button", { name: `Delete ${name}` })
    .click();
  const dialog = page.getByRole("alertdialog", { name: "Are you sure?" });
  await expect(dialog).toContainText("A blog post uses this image:");
  await expect(dialog.getByRole("listitem")).toHaveText(title);
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Media deleted successfully")).toBeVisible();
  await expect(card(page, name)).toHaveCount(0);
  expect((await page.request.get(url)).status()).toBe(404);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a plain multiple-file form uploads", async ({ page }) => {
    test.slow();
    const id = uid();
    await page.goto("/admin/media");
    await page
      .getByLabel("Upload Media", { exact: true })
      .setInputFiles([await image(`one-${id}.png`, "png"), await image(`two-${id}.jpg`, "jpeg")]);
    await page.getByRole("button", { name: "Send files" }).click();
    await expect(page.getByText(`one-${id}.png: Media uploaded successfully`)).toBeVisible();
    await expect(page.getByText(`two-${id}.jpg: Media uploaded successfully`)).toBeVisible();
    await expect(card(page, `one-${id}.png`)).toBeVisible();
  });
});
