import { spawn } from "node:child_process";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mobileMoneyRequests, paymentAllocations, payments } from "#app/server/db/schema.ts";
import { getInvoiceBalances } from "#app/server/invoices/invoice-balances.server.ts";
import { billedCustomer, issuedInvoice } from "#app/server/invoices/issued-invoice.test-support.ts";
import { startedRequest } from "#app/server/payments/mobile-money/mobile-money.test-support.ts";
import type { Services } from "#app/server/services.server.ts";
import { createAdminUser } from "#app/server/staff/staff-accounts.server.ts";
import { MOMO_PAYERS, type MomoStandIn, startMomoStandIn } from "#tests/fakes/mtn-momo-server.ts";
import { createTestServices } from "#tests/setup/test-db.ts";

// Exactly once across processes (decision 027): approved mobile-money payments whose callback never
// came, settled at the same moment by three app processes (one running the poller's round, two recording MTN's
// answer for each request as the callback route and the customer's page do, each in its own order). Each request
// records one payment, and each invoice is paid once. And MTN is asked about a request once however many
// processes look at it at the same moment: when it was last asked is in the database.

const REQUESTS = 10;

let standIn: MomoStandIn;
let services: Services;
beforeAll(async () => {
  standIn = await startMomoStandIn({ currency: "USD" });
  services = await createTestServices(standIn.env());
});
afterAll(async () => {
  await services?.close();
  await standIn?.close();
});

function settleInProcess(
  ids: string[],
  poll: boolean,
  goAt: number,
  mode: "settle" | "check" = "settle",
): Promise<{ id: string; state: string }[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["tests/setup/momo-settler.ts"], {
      env: {
        ...process.env,
        ...standIn.env(),
        DATABASE_URL: services.database.url,
        REQUEST_IDS: ids.join(","),
        NOW: new Date(Date.now() + 60_000).toISOString(),
        POLL: poll ? "1" : "0",
        SETTLE: mode === "settle" ? "1" : "0",
        GO_AT: String(goAt),
      },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let output = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0
        ? resolve(JSON.parse(output))
        : reject(new Error(`the settling process exited with ${code}`)),
    );
  });
}

// Each process loads the app: beside the browser and hostile-input suites on two cores that took past the default
// 30 s (it takes ~15 s alone), so these tests get 90.
describe("several app processes settling the same mobile-money payments", { timeout: 90_000 }, () => {
  it(`record each of ${REQUESTS} approved payments once`, async () => {
    const staff = await createAdminUser({ db: services.db, email: "accounts@example.com", role: "accounts" });
    const invoiceIds: string[] = [];
    const ids: string[] = [];
    for (let i = 0; i < REQUESTS; i++) {
      const customer = await billedCustomer(services.db);
      const invoice = await issuedInvoice({ db: services.db, staffId: staff!.id, customer, amount: "50.00" });
      const requestId = await startedRequest({
        services,
        invoiceId: invoice.id,
        payer: MOMO_PAYERS.approvesWithoutCallback,
        amountMinor: 5_000,
      });
      invoiceIds.push(invoice.id);
      ids.push(requestId);
    }
    const goAt = Date.now() + 4_000;
    const answers = await Promise.all([
      settleInProcess(ids, true, goAt),
      settleInProcess([...ids].reverse(), false, goAt),
      settleInProcess([...ids.slice(REQUESTS / 2), ...ids.slice(0, REQUESTS / 2)], false, goAt),
    ]);
    for (const answer of answers) expect(answer.every((a) => a.state === "successful")).toBe(true);
    const recorded = await services.db
      .select({ invoiceId: paymentAllocations.invoiceId, amount: payments.amountMinor })
      .from(payments)
      .innerJoin(paymentAllocations, eq(paymentAllocations.paymentId, payments.id))
      .where(and(eq(payments.method, "mobile_money"), inArray(paymentAllocations.invoiceId, invoiceIds)));
    expect(recorded).toHaveLength(REQUESTS);
    // …and no second payment kept as credit: the database holds these payments only.
    expect(await services.db.select().from(payments).where(eq(payments.method, "mobile_money"))).toHaveLength(
      REQUESTS,
    );
    expect(new Set(recorded.map((r) => r.invoiceId)).size).toBe(REQUESTS);
    const balances = await getInvoiceBalances({ db: services.db, ids: invoiceIds });
    expect([...balances.values()].every((b) => b.paidMinor === 5_000 && b.balanceMinor === 0)).toBe(true);
    const rows = await services.db
      .select()
      .from(mobileMoneyRequests)
      .where(inArray(mobileMoneyRequests.id, ids));
    expect(rows.every((row) => row.state === "successful" && row.paymentId !== null)).toBe(true);
  });

  it("ask MTN once about a request that three processes look at at the same moment", async () => {
    const staff = await createAdminUser({ db: services.db, email: "clerk@example.com", role: "accounts" });
    const ids: string[] = [];
    for (let i = 0; i < REQUESTS; i++) {
      const customer = await billedCustomer(services.db);
      const invoice = await issuedInvoice({ db: services.db, staffId: staff!.id, customer, amount: "50.00" });
      ids.push(
        await startedRequest({
          services,
          invoiceId: invoice.id,
          payer: MOMO_PAYERS.neverAnswers,
          amountMinor: 5_000,
        }),
      );
    }
    const goAt = Date.now() + 4_000;
    const answers = await Promise.all([
      settleInProcess(ids, false, goAt, "check"),
      settleInProcess([...ids].reverse(), false, goAt, "check"),
      settleInProcess([...ids.slice(REQUESTS / 2), ...ids.slice(0, REQUESTS / 2)], false, goAt, "check"),
    ]);
    for (const answer of answers) expect(answer.every((a) => a.state === "pending")).toBe(true);
    expect(ids.map((id) => standIn.statusAsks(id))).toEqual(ids.map(() => 1));
  });
});
