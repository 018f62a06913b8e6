import fs from "node:fs";
import path from "node:path";
import { expect, type Locator, type Page, test } from "@playwright/test";

/** The first admin of the test server: scripts/e2e.ts passes these as ADMIN_EMAIL and ADMIN_PASSWORD. */
export const ADMIN_EMAIL = "admin@example.com";
export const ADMIN_PASSWORD = "e2e admin passphrase 2026";

/** A different address per test, so tests running side by side never share an account or a throttle. */
export function uniqueAdminEmail(label: string): string {
  return `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** Waits until React has hydrated the element (before that, a click is a plain HTML form post). */
export async function waitForHydration(element: Locator) {
  await expect
    .poll(() => element.evaluate((node) => Object.keys(node).some((key) => key.startsWith("__reactProps"))))
    .toBe(true);
}

/**
 * Waits until no toast is on screen (a toast stays 4 s). Axe checks run after it: the toast library's rich
 * colours are below AA contrast (reported to the lead), and the page itself is what those checks are about.
 */
export async function waitForToastsToClose(page: Page) {
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 });
}

/** Faster than waiting: reloads the page, after which no toast is on screen (a server toast shows once). */
export async function reloadWithoutToasts(page: Page) {
  await page.reload();
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0);
}

/** Fills in the login page (already open) and submits it. */
export async function submitLogin(page: Page, email: string, password: string) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Login" }).click();
}

/** Signs in (as the test server's admin unless told otherwise) and waits for the page after login. */
export async function login(
  page: Page,
  {
    email = ADMIN_EMAIL,
    password = ADMIN_PASSWORD,
    redirectTo,
  }: { email?: string; password?: string; redirectTo?: string } = {},
) {
  await page.goto(redirectTo ? `/admin-login?${new URLSearchParams({ redirectTo })}` : "/admin-login");
  await waitForHydration(page.getByRole("button", { name: "Login" }));
  await submitLogin(page, email, password);
  await expect(page).toHaveURL((url) => url.pathname === (redirectTo ?? "/admin/dashboard").split("?")[0]);
}

export type OutboxMessage = {
  id: string;
  to: string;
  subject: string;
  text: string;
  createdAt: string;
  /** The files sent with it, by name and size. */
  attachments: { filename: string; contentType: string; bytes: number }[];
};

/** The e-mails the app sent to an address (the app writes each into E2E_OUTBOX_DIR as well as the outbox table). */
export function readOutbox(to: string): OutboxMessage[] {
  const dir = process.env.E2E_OUTBOX_DIR;
  if (!dir) throw new Error("E2E_OUTBOX_DIR is not set: run the end-to-end tests with scripts/e2e.ts");
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith(".json"))
    .map((name) => JSON.parse(fs.readFileSync(path.join(dir, name), "utf8")) as OutboxMessage)
    .filter((message) => message.to.toLowerCase() === to.toLowerCase())
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

/** Shipments with unique numbers, made by posting the 'New Shipment' form as the page does (signed in). */
export async function makeShipments(page: Page, prefix: string, n: number, status = "In Transit") {
  const numbers: string[] = [];
  // The page's own site, or the test server's when the page has not opened one yet.
  const origin = new URL(page.url().startsWith("http") ? page.url() : test.info().project.use.baseURL!)
    .origin;
  for (let i = 1; i <= n; i++) {
    const trackingNumber = `${prefix}-${i}`;
    const response = await page.request.post("/admin/shipments/new", {
      headers: { Origin: origin },
      form: {
        intent: "save-shipment",
        trackingNumber,
        status,
        originLocation: "Antwerp, Belgium",
        destinationLocation: "Monrovia, Liberia",
        estimatedDelivery: "2030-12-20",
        dimensions: "120 x 100 x 150 cm",
        shipperId: "none",
        consigneeId: "none",
      },
      maxRedirects: 0,
    });
    expect(response.status(), await response.text()).toBe(302);
    numbers.push(trackingNumber);
  }
  return numbers;
}
