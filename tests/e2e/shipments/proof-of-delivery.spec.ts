import type { Page } from "@playwright/test";
import sharp from "sharp";
import { reloadWithoutToasts, waitForHydration } from "../support/admin-fixtures.ts";
import { expect, test } from "../support/fixtures.ts";
import { PHONE } from "../support/viewports.ts";

// Proof of delivery from a phone (decision 015): 'Record delivery' on the shipment detail, a signature drawn on
// the pad, a photo uploaded to the draft (kept through a reload), 'Save' sets Delivered, staff see the proof,
// and the public tracking page says 'signed by' with the receiver's initials only. Without JavaScript the same
// page records a delivery with the typed name and a plain file field. A driver records it on a phone: the size
// the flow is tested at.

test.use({ signedIn: true });

const trackingNumber = () =>
  `UTG-${String(Date.now() % 10_000).padStart(4, "0")}-${String(Math.floor(Math.random() * 10_000)).padStart(4, "0")}`;

/** A small JPEG, as a phone's camera would give (smaller). */
const photo = async () =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 180, g: 90, b: 30 } } })
    .jpeg()
    .toBuffer();

/** Creates a shipment through the form and ends on its detail page. */
async function createShipment(page: Page, number: string) {
  await page.goto("/admin/shipments/new");
  await waitForHydration(page.getByRole("button", { name: "Create Shipment" }));
  await page.getByLabel("Tracking Number").fill(number);
  await page.getByLabel("Status", { exact: true }).fill("Out for Delivery");
  await page.getByLabel("Origin").fill("Monrovia, Liberia");
  await page.getByLabel("Destination").fill("Accra, Ghana");
  await page.getByLabel("Estimated Delivery").fill("2030-05-01");
  await page.getByLabel("Dimensions").fill("120 x 80 x 60");
  await page.getByRole("button", { name: "Create Shipment" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Shipment ${number}` })).toBeVisible();
}

/** Draws a stroke across the signature pad with the mouse (pointer events, as a finger gives them). */
async function sign(page: Page) {
  const pad = page.getByRole("img", { name: /^Signature pad/ });
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + 20, box.y + box.height * 0.7);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++) {
    await page.mouse.move(
      box.x + 20 + (i * (box.width - 40)) / 12,
      box.y + box.height * (0.7 - 0.4 * Math.sin(i / 2)),
    );
  }
  await page.mouse.up();
  await expect(page.getByRole("img", { name: "Signature pad, signed" })).toBeVisible();
}

test.describe(PHONE.name, () => {
  test.use(PHONE.use);

  test("a driver records a signed delivery with a photo; a reload keeps it; tracking says 'signed by' initials", async ({
    page,
    checkA11y,
  }) => {
    test.slow();
    const number = trackingNumber();
    await createShipment(page, number);
    await page.getByRole("link", { name: "Record delivery" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Record delivery" })).toBeVisible();
    await expect(page).toHaveURL(/\/deliver\?draft=[0-9a-f-]{36}$/);
    const save = page.getByRole("button", { name: "Save delivery" });
    await waitForHydration(save);

    await page.getByLabel("Receiver's name").fill("John Doe");
    await sign(page);
    await page.locator('input[type="file"]').setInputFiles({
      name: "goods.jpg",
      mimeType: "image/jpeg",
      buffer: await photo(),
    });
    const attached = page.getByRole("list", { name: "Photos attached" });
    await expect(attached.getByRole("img")).toHaveCount(1);
    await checkA11y();

    // A reload mid-way: the draft (in the URL) keeps the uploaded photo; the name and signature come back.
    const draftUrl = page.url();
    await page.reload();
    expect(page.url()).toBe(draftUrl);
    await waitForHydration(save);
    await expect(attached.getByRole("img")).toHaveCount(1);
    await expect(page.getByLabel("Receiver's name")).toHaveValue("John Doe");
    await expect(page.getByRole("img", { name: "Signature pad, signed" })).toBeVisible();

    await save.click();
    // Saving re-encodes the signature and the photo on the server: on a busy two-core machine that has taken
    // more than the default 7 s once.
    await expect(page.getByRole("heading", { level: 1, name: `Shipment ${number}` })).toBeVisible({
      timeout: 20_000,
    });
    const proof = page.locator("#delivery");
    await expect(proof.getByText("John Doe")).toBeVisible();
    await expect(proof.getByRole("img", { name: "Signature of John Doe" })).toBeVisible();
    await expect(proof.getByRole("img", { name: /^Goods as delivered/ })).toHaveCount(1);
    await expect(page.getByText("Delivered").first()).toBeVisible();
    const signatureSrc = await proof.getByRole("img", { name: "Signature of John Doe" }).getAttribute("src");
    const image = await page.request.get(signatureSrc!);
    expect(image.headers()["cache-control"]).toBe("private, no-store");
    expect(image.headers()["content-type"]).toBe("image/png");
    await reloadWithoutToasts(page);
    await checkA11y();

    // The public page: initials only.
    await page.context().clearCookies();
    await page.goto(`/track/${number}`);
    await expect(page.getByText(/signed by J\. D\./)).toBeVisible();
    await expect(page.getByText("John Doe")).toHaveCount(0);
    // Signed out, the images are not served.
    const anonymous = await page.request.get(signatureSrc!, { maxRedirects: 0 });
    expect(anonymous.status()).toBe(302);
  });
});

test("without JavaScript, the page records a delivery with the typed name and a photo field", async ({
  browser,
  page,
}) => {
  test.slow();
  const number = trackingNumber();
  await createShipment(page, number);
  const detail = page.url();

  // The same session in a browser without JavaScript (signing in without it: admin-login.spec.ts).
  const context = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
  });
  const plain = await context.newPage();
  await plain.goto(new URL(detail).pathname);
  await expect(plain.getByRole("heading", { level: 1, name: `Shipment ${number}` })).toBeVisible();
  await plain.getByRole("link", { name: "Record delivery" }).click();
  await expect(plain.getByText("The receiver's typed name is recorded as the signature.")).toBeVisible();
  // A refused post (no name) says why and changes nothing.
  await plain.getByRole("button", { name: "Save delivery" }).click();
  await expect(plain.getByText("Receiver's name is required.")).toBeVisible();
  await plain.getByLabel("Receiver's name").fill("Mary Kollie");
  await plain
    .getByLabel("Photos", { exact: true })
    .setInputFiles({ name: "goods.jpg", mimeType: "image/jpeg", buffer: await photo() });
  await plain.getByRole("button", { name: "Save delivery" }).click();
  await expect(plain.getByRole("heading", { level: 1, name: `Shipment ${number}` })).toBeVisible();
  const proof = plain.locator("#delivery");
  await expect(proof.getByText("Typed name: Mary Kollie")).toBeVisible();
  await expect(proof.getByRole("img", { name: /^Goods as delivered/ })).toHaveCount(1);
  await context.close();

  await page.goto(`/track/${number}`);
  // A typed name is no signature: the page says who received it.
  await expect(page.getByText(/received by M\. K\./)).toBeVisible();
});
