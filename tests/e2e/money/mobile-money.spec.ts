import fs from "node:fs";
import { sql } from "drizzle-orm";
import { type Database, openDatabase } from "#app/server/db/client.server.ts";
import { createInvoiceLink } from "#app/server/invoices/invoice-links.server.ts";
import { billedCustomer, issuedInvoice } from "#app/server/invoices/issued-invoice.test-support.ts";
import { createAdminUser } from "#app/server/staff/staff-accounts.server.ts";
import { MOMO_PAYERS, type MomoStandIn, startMomoStandIn } from "#tests/fakes/mtn-momo-server.ts";
import { type AppProcess, startApp } from "../../../scripts/lib/app-process.ts";
import { type Cluster, findPostgresBin, removeCluster, startCluster } from "../../../scripts/lib/postgres.ts";
import { waitForHydration } from "../support/admin-fixtures.ts";
import { expect, test } from "../support/fixtures.ts";
import { PHONE } from "../support/viewports.ts";

// Decision 027: the customer pays part of an invoice by MTN Mobile Money on a phone, through the local MTN stand-in
// (tests/fakes/mtn-momo-server.ts): the app sends the request to pay, the page asks them to approve on their
// phone, MTN's callback comes a moment later, and the page shows Paid with the balance left. And a wallet that
// never answers blocks nothing (decision 027): the customer pays again from another number and amount at once,
// or cancels the waiting request. Each test starts its own PostgreSQL cluster, stand-in and app process from the
// current build (the invoice is issued on its database).

test.use(PHONE.use);

type Site = {
  app: AppProcess;
  standIn: MomoStandIn;
  database: Database;
  /** An issued invoice of `amount` USD and the customer's link to it. */
  invoice(amount: string): Promise<{ number: string | null; token: string }>;
};

/** Runs `walk` against an app of its own on a fresh cluster with the MTN stand-in; false when there is no PostgreSQL here. */
async function withSite(walk: (site: Site) => Promise<void>): Promise<boolean> {
  const bin = findPostgresBin();
  if (!bin) {
    if (process.env.CI === "true") throw new Error("PostgreSQL binaries are needed for this test in CI");
    console.warn("\n*** mobile-money: no PostgreSQL binaries here; the check did NOT run ***\n");
    return false;
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
    const db = database.db;
    const staff = await createAdminUser({ db, email: "accounts@example.com", role: "accounts" });
    await walk({
      app,
      standIn,
      database,
      async invoice(amount) {
        const customer = await billedCustomer(db);
        const invoice = await issuedInvoice({ db, staffId: staff!.id, customer, amount });
        return {
          number: invoice.number,
          token: await createInvoiceLink({ db, invoiceId: invoice.id, staffId: staff!.id }),
        };
      },
    });
    return true;
  } finally {
    await database?.close();
    if (app) {
      await app.stop("SIGKILL").catch(() => {});
      fs.rmSync(app.dataDir, { recursive: true, force: true });
    }
    await standIn?.close();
    if (cluster) removeCluster(cluster);
  }
}

test("a customer pays part of an invoice by mobile money on a phone", async ({
  page,
  browser,
  checkA11y,
}) => {
  test.setTimeout(180_000);
  await withSite(async ({ app, standIn, database, invoice: issue }) => {
    const invoice = await issue("250.00");
    const token = invoice.token;

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

    // Waiting for the customer, then paid: the page looks again by itself. The number shows masked.
    await expect(page.getByRole("heading", { name: "Approve the payment on your phone" })).toBeVisible();
    await expect(page.getByRole("status")).toContainText("•••0001 to approve 100.00 USD");
    await expect(page.getByRole("heading", { name: "Paid" })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText("Balance due: 150.00 USD")).toBeVisible();
    await expect(page.getByText(MOMO_PAYERS.approves)).toHaveCount(0);
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
  });
});

test("a wallet that never answers blocks nothing: pay again from another number and amount, or cancel", async ({
  page,
  checkA11y,
}) => {
  test.setTimeout(180_000);
  await withSite(async ({ app, standIn, database, invoice: issue }) => {
    const { token } = await issue("405.00");
    const payFrom = async (number: string, amount: string) => {
      const pay = page.getByRole("button", { name: /^(Pay|Try again)$/ });
      await waitForHydration(pay);
      await page.getByLabel("Your mobile money number").fill(number);
      await page.getByLabel("Amount (USD)").fill(amount);
      await pay.click();
    };

    // Pay from a wallet that never answers: the page waits.
    await page.goto(`${app.url}/invoice/${token}/pay`);
    await payFrom("088 600 0003", "405.00");
    await expect(page.getByRole("heading", { name: "Approve the payment on your phone" })).toBeVisible();
    await expect(page.getByRole("status").first()).toContainText("•••0003 to approve 405.00 USD");
    const waiting = page.url();

    // Back to pay, from another number and another amount: asked at once, and paid.
    await page.goto(`${app.url}/invoice/${token}/pay`);
    await payFrom("088 600 0001", "205.00");
    await expect(page.getByRole("status").first()).toContainText("•••0001");
    await expect(page.getByRole("heading", { name: "Paid" })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText("Balance due: 200.00 USD")).toBeVisible();
    // MTN was asked for the new number and amount.
    expect([...standIn.stored.values()].map((r) => r.body.amount)).toEqual(["405.00", "205.00"]);
    // The first request says in words that it ended.
    await page.goto(waiting);
    await expect(page.getByRole("heading", { name: "The request has ended" })).toBeVisible();
    await expect(page.getByText("A newer request replaced this one")).toBeVisible();

    // Pay again from the silent wallet, then cancel: the form is offered again at once.
    await page.goto(`${app.url}/invoice/${token}/pay`);
    await payFrom("088 600 0003", "50.00");
    await expect(page.getByRole("heading", { name: "Approve the payment on your phone" })).toBeVisible();
    await page.getByRole("button", { name: "Cancel this request" }).click();
    await expect(page.getByRole("heading", { name: "The request has ended" })).toBeVisible();
    await expect(page.getByText("You cancelled this request: nothing was taken.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Try again" })).toBeVisible();
    await expect(page.getByLabel("Amount (USD)")).toHaveValue("200.00");
    await checkA11y();

    const { rows } = await database.db.execute<{ state: string; end_reason: string | null }>(
      sql`select state, end_reason from mobile_money_requests order by created_at`,
    );
    expect(rows).toEqual([
      { state: "pending", end_reason: "replaced" },
      { state: "successful", end_reason: null },
      { state: "pending", end_reason: "cancelled" },
    ]);
  });
});
