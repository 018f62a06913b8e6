import fs from "node:fs";
import type { Page } from "@playwright/test";
import { type AppProcess, startApp } from "../../../scripts/lib/app-process.ts";
import { ADMIN_EMAIL, ADMIN_PASSWORD, submitLogin, waitForHydration } from "../support/admin-fixtures.ts";
import { expect, test } from "../support/fixtures.ts";
import { DESKTOP, PHONE } from "../support/viewports.ts";

// Freight documents (decision 015): the shipment detail's Documents links answer PDFs, the list prints labels for
// the ticked shipments, and the admin warns while SITE_URL is not set.

const DEMO = "UTG-1234-5678";

async function openDemoShipment(page: Page, base = "") {
  await page.goto(`${base}/admin/shipments?q=${DEMO}`);
  await page.getByRole("link", { name: DEMO, exact: true }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: `Shipment ${DEMO}` })).toBeVisible();
}

async function expectPdf(page: Page, href: string, filename: string) {
  const response = await page.request.get(href);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("application/pdf");
  expect(response.headers()["cache-control"]).toBe("private, no-store");
  expect(response.headers()["content-disposition"]).toBe(`inline; filename="${filename}"`);
  expect((await response.body()).subarray(0, 5).toString()).toBe("%PDF-");
}

test.describe(DESKTOP.name, () => {
  test.use({ ...DESKTOP.use, signedIn: true });

  test("the shipment detail's Documents links each answer a PDF", async ({ page, checkA11y }) => {
    await openDemoShipment(page);
    const documents = page.getByRole("list", { name: "Documents" });
    await expect(documents).toBeVisible();
    // This server has SITE_URL: no warning.
    await expect(page.getByText("Set SITE_URL so printed codes open your public address")).toHaveCount(0);
    for (const [name, file] of [
      ["Label", `${DEMO}-label.pdf`],
      ["Label (A6)", `${DEMO}-label.pdf`],
      ["Waybill", `${DEMO}-waybill.pdf`],
      ["Delivery note", `${DEMO}-delivery-note.pdf`],
    ] as const) {
      const link = documents.getByRole("link", { name, exact: true });
      await expect(link).toBeVisible();
      await expectPdf(page, (await link.getAttribute("href"))!, file);
    }
    await checkA11y();
  });

  test("the list prints labels for the ticked shipments, and says why when it cannot", async ({
    page,
    checkA11y,
  }) => {
    await page.goto("/admin/shipments");
    const form = page.getByRole("form", { name: "Print labels for the selected shipments" });
    await expect(form).toContainText("at most 100 pieces per shipment and 500 labels per PDF");
    await waitForHydration(page.getByRole("link", { name: "Add Shipment" }));
    await checkA11y();

    // Nothing ticked: back on the list with the reason.
    await form.getByRole("button", { name: "Print labels" }).click();
    await expect(page.getByText("Select at least one shipment to print labels for.")).toBeVisible();

    const boxes = page.getByRole("checkbox", { name: /^Select / });
    await boxes.nth(0).check();
    await boxes.nth(1).check();
    await form.getByLabel("Label size").selectOption("a6");
    const [response] = await Promise.all([
      page.waitForResponse(
        (r) => r.url().endsWith("/admin/shipments/labels.pdf") && r.request().method() === "POST",
      ),
      form.getByRole("button", { name: "Print labels" }).click(),
    ]);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("application/pdf");
    expect(response.headers()["cache-control"]).toBe("private, no-store");
  });
});

// A table row on a desktop, a card on a phone.
for (const size of [DESKTOP, PHONE]) {
  test.describe(size.name, () => {
    test.use({ ...size.use, signedIn: true });
    test("each list row links its label", async ({ page }) => {
      await page.goto(`/admin/shipments?q=${DEMO}`);
      const link = page.getByRole("link", { name: `Label ${DEMO}` });
      await expect(link).toBeVisible();
      await expectPdf(page, (await link.getAttribute("href"))!, `${DEMO}-label.pdf`);
    });
  });
}

test.describe("without SITE_URL", () => {
  let app: AppProcess;
  test.describe.configure({ mode: "serial" });
  test.beforeAll(async () => {
    test.setTimeout(90_000);
    app = await startApp({ env: { SITE_URL: "", ADMIN_EMAIL, ADMIN_PASSWORD } });
  });
  test.afterAll(async () => {
    await app?.stop();
    if (app) fs.rmSync(app.dataDir, { recursive: true, force: true });
  });

  test.describe(DESKTOP.name, () => {
    test.use(DESKTOP.use);
    test("the Documents card warns that printed codes need SITE_URL", async ({ page, checkA11y }) => {
      const base = `http://localhost:${app.port}`;
      await page.goto(`${base}/admin-login`);
      await waitForHydration(page.getByRole("button", { name: "Login" }));
      await submitLogin(page, ADMIN_EMAIL, ADMIN_PASSWORD);
      await expect(page).toHaveURL((url) => url.pathname === "/admin/dashboard");
      await openDemoShipment(page, base);
      await expect(page.getByText("Set SITE_URL so printed codes open your public address")).toBeVisible();
      await expect(page.getByText(`Until then they open ${base}.`)).toBeVisible();
      await checkA11y();
    });
  });
});
