import fs from "node:fs";
import { sql } from "drizzle-orm";
import { type Database, openDatabase } from "#app/server/db/client.server.ts";
import { createInvoiceLink } from "#app/server/invoices/invoice-links.server.ts";
import { billedCustomer, issuedInvoice } from "#app/server/invoices/issued-invoice.test-support.ts";
import { createAdminUser } from "#app/server/staff/staff-accounts.server.ts";
import { MOMO_PAYERS, type MomoStandIn, startMomoStandIn } from "#tests/fakes/mtn-momo-server.ts";
import { type AppProcess, startApp } from "../../scripts/lib/app-process.ts";
import { type Cluster, findPostgresBin, removeCluster, startCluster } from "../../scripts/lib/postgres.ts";
import { waitForHydration } from "./admin-fixtures.ts";
import { expect, test } from "./fixtures.ts";
import { PHONE } from "./viewports.ts";

// Issue 28: the customer pays part of an invoice by MTN Mobile Money on a phone, through the local MTN stand-in
// (tests/fakes/mtn-momo-server.ts): the app sends the request to pay, the page asks them to approve on their
// phone, MTN's callback comes a moment later, and the page shows Paid with the balance left. Starts its own
// PostgreSQL cluster, stand-in and app process from the current build (the invoice is issued on its database).

test.use(PHONE.use);

test("a customer pays part of an invoice by mobile money on a phone", async ({
  page,
  browser,
  checkA11y,
}) => {
  test.setTimeout(180_000);
  const bin = findPostgresBin();
  if (!bin) {
    if (process.env.CI === "true") throw new Error("PostgreSQL binaries are needed for this test in CI");
    console.warn("\n*** mobile-money: no PostgreSQL binaries here; the check did NOT run ***\n");
    return;
  }
  let cluster: Cluster | undefined;
  let standIn: MomoStandIn | undefined;
  let app: AppProcess | undefined;
  let database: Database | undefined;
  try {
    cluster = await startCluster(bin);
    // The customer takes a moment to approve: the callback comes 1.5 s after the request.
    standIn = await startMomoStandIn({ currency: "USD", callbackDelayMs: 1500 });
    app = await startApp({ env: { DATABASE_URL: cluster.url, SEED_DEMO: "false", ...standIn.env() } });
    database = await openDatabase({ databaseUrl: cluster.url, poolSize: 2 });
    const staff = await createAdminUser({ db: database.db, email: "accounts@example.com", role: "accounts" });
    const customer = await billedCustomer(database.db);
    const invoice = await issuedInvoice({ db: database.db, staffId: staff!.id, customer, amount: "250.00" });
    const token = await createInvoiceLink({ db: database.db, invoiceId: invoice.id, staffId: staff!.id });

    await page.goto(`${app.url}/invoice/${token}/pay`);
    await expect(
      page.getByRole("heading", { level: 1, name: `Pay invoice ${invoice.number} by mobile money` }),
    ).toBeVisible();
    await expect(page.getByLabel("Amount (USD)")).toHaveValue("250.00");
    await checkA11y();
    const pay = page.getByRole("button", { name: "Pay" });
    await waitForHydration(pay);
    await page.getByLabel("Your mobile money number").fill("088 600 0001");
    await page.getByLabel("Amount (USD)").fill("100");
    await pay.click();

    // Waiting for the customer, then paid: the page looks again by itself.
    await expect(page.getByRole("heading", { name: "Approve the payment on your phone" })).toBeVisible();
    await expect(page.getByRole("status")).toContainText(`${MOMO_PAYERS.approves} to approve 100.00 USD`);
    await expect(page.getByRole("heading", { name: "Paid" })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText("Balance due: 150.00 USD")).toBeVisible();
    // The form offers the rest, not what was typed.
    await expect(page.getByLabel("Amount (USD)")).toHaveValue("150.00");
    await checkA11y();
    // Nothing pans sideways on the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      PHONE.use.viewport.width,
    );
    // MTN sent its callback once, and it was answered.
    expect(standIn.callbacks.map((c) => c.status)).toEqual([200]);

    // Without JavaScript: the form posts, and the waiting page looks again by itself (a meta refresh). This
    // wallet's callback comes twice: one payment.
    const plain = await browser.newContext({ ...PHONE.use, javaScriptEnabled: false });
    const noScript = await plain.newPage();
    await noScript.goto(`${app.url}/invoice/${token}/pay`);
    await expect(noScript.getByLabel("Amount (USD)")).toHaveValue("150.00");
    await noScript.getByLabel("Your mobile money number").fill(MOMO_PAYERS.approvesCallingBackTwice);
    await noScript.getByLabel("Amount (USD)").fill("50.00");
    await noScript.getByRole("button", { name: "Pay" }).click();
    await expect(noScript.getByRole("heading", { name: "Approve the payment on your phone" })).toBeVisible();
    await expect(noScript.getByRole("heading", { name: "Paid" })).toBeVisible({ timeout: 30_000 });
    await expect(noScript.getByText("Balance due: 100.00 USD")).toBeVisible();
    await plain.close();
    const { rows } = await database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from payments where method = 'mobile_money'`,
    );
    expect(rows[0]!.n).toBe(2);
  } finally {
    await database?.close();
    if (app) {
      await app.stop("SIGKILL").catch(() => {});
      fs.rmSync(app.dataDir, { recursive: true, force: true });
    }
    await standIn?.close();
    if (cluster) removeCluster(cluster);
  }
});
