import fs from "node:fs";
import { renderQrCodeSvg } from "#app/server/shipments/tracking.server.ts";
import { type AppProcess, startApp } from "../../../scripts/lib/app-process.ts";
import { expect, test } from "../support/fixtures.ts";

// A production start of its own: no SITE_URL (so it is http://localhost:PORT), and 127.0.0.1 allowed.
// Forged Host headers against the same code: app/routes/site/track.host-header.test.ts.
const DEMO = "UTG-1234-5678";
let app: AppProcess;

test.describe.configure({ mode: "serial" });
test.beforeAll(async () => {
  test.setTimeout(90_000);
  app = await startApp({ env: { SITE_URL: "", ALLOWED_HOSTS: "127.0.0.1" } });
});
test.afterAll(async () => {
  await app?.stop();
  if (app) fs.rmSync(app.dataDir, { recursive: true, force: true });
});

test("a production start without SITE_URL says so in the log", async () => {
  expect(app.output()).toContain(
    `SITE_URL is not set: links, QR codes and e-mails point to http://localhost:${app.port}`,
  );
});

test("'Copy link' and the QR code use the allowed address the page was reached at, else SITE_URL", async ({
  page,
  context,
}) => {
  for (const origin of [`http://127.0.0.1:${app.port}`, `http://localhost:${app.port}`]) {
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin });
    await page.goto(`${origin}/track/${DEMO}`);
    await page.getByRole("button", { name: "Share", exact: true }).click();
    await page.getByRole("button", { name: "Copy link", exact: true }).click();
    await expect(page.getByText("The tracking link is on your clipboard.")).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${origin}/track/${DEMO}`);

    const image = await fetch(`${origin}/track/${DEMO}/qr.svg`);
    expect(await image.text()).toBe(await renderQrCodeSvg(`${origin}/track/${DEMO}`));
  }
});
