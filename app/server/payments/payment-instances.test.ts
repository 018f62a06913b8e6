import { spawn } from "node:child_process";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#app/server/db/client.server.ts";
import { payments } from "#app/server/db/schema.ts";
import { getInvoiceBalances } from "#app/server/invoices/invoice-balances.server.ts";
import { billedCustomer, issuedInvoice } from "#app/server/invoices/issued-invoice.test-support.ts";
import { createAdminUser } from "#app/server/staff/staff-accounts.server.ts";
import { createTestDatabase } from "#tests/setup/test-db.ts";

// Exactly once across processes (decision 026): three app processes post payments on the same ten invoices. Each
// invoice gets the same form twice from every process (a double click in two tabs on two instances) and a
// payment of its own from each (three clerks at once, for 40 of its 100.00). One payment per form is recorded;
// the invoice never goes below zero (two of the three clerks get it, the third is refused); receipt numbers
// run without a gap or a duplicate.

const INVOICES = 10;
const PROCESSES = 3;

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

type Answer = { key: string; invoiceId: string; ok: boolean; id?: string; number?: string; reason?: string };

function recordInProcess(wanted: { invoiceId: string; amountMinor: number; key: string }[], staffId: string) {
  return new Promise<Answer[]>((resolve, reject) => {
    const child = spawn(process.execPath, ["tests/setup/payment-recorder.ts"], {
      env: {
        ...process.env,
        DATABASE_URL: database.url,
        PAYMENTS: JSON.stringify(wanted),
        STAFF_ID: staffId,
        TODAY: "2033-03-03",
      },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let output = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0
        ? resolve(JSON.parse(output))
        : reject(new Error(`the recording process exited with ${code}`)),
    );
  });
}

// Each process loads the app: beside the browser and hostile-input suites on two cores that took past the default
// 30 s (it takes ~15 s alone), so these tests get 90.
describe("several app processes recording payments at once", { timeout: 90_000 }, () => {
  it("record each form once, never below a zero balance, receipts numbered without gaps", async () => {
    const staff = await createAdminUser({ db: database.db, email: "cashier@example.com", role: "accounts" });
    const customer = await billedCustomer(database.db);
    const ids: string[] = [];
    for (let i = 0; i < INVOICES; i++)
      ids.push((await issuedInvoice({ db: database.db, staffId: staff!.id, customer, amount: "100.00" })).id);
    const plan = (process: number) => {
      const order = process % 2 === 0 ? ids : [...ids].reverse();
      return order.flatMap((invoiceId) => [
        { invoiceId, amountMinor: 1_000, key: `shared-${invoiceId}` },
        { invoiceId, amountMinor: 4_000, key: `own-${process}-${invoiceId}` },
        { invoiceId, amountMinor: 1_000, key: `shared-${invoiceId}` },
      ]);
    };
    const answers = (
      await Promise.all(Array.from({ length: PROCESSES }, (_, p) => recordInProcess(plan(p), staff!.id)))
    ).flat();

    // The shared form: one payment per invoice, every post answering it.
    for (const invoiceId of ids) {
      const shared = answers.filter((a) => a.key === `shared-${invoiceId}`);
      expect(shared.every((a) => a.ok)).toBe(true);
      expect(new Set(shared.map((a) => a.id)).size).toBe(1);
      // 10.00 shared, then two of the three 40.00 payments: 90.00; the third would go past the total.
      const own = answers.filter((a) => a.invoiceId === invoiceId && a.key.startsWith("own-"));
      expect(own.filter((a) => a.ok)).toHaveLength(2);
      expect(own.filter((a) => !a.ok).map((a) => a.reason)).toEqual(["more-than-balance"]);
    }
    const balances = await getInvoiceBalances({ db: database.db, ids });
    for (const id of ids)
      expect(balances.get(id)).toEqual({ paidMinor: 9_000, creditedMinor: 0, balanceMinor: 1_000 });
    const numbers = (
      await database.db.select({ number: payments.number }).from(payments).where(eq(payments.year, 2033))
    ).map((row) => row.number);
    expect(numbers.sort()).toEqual(
      Array.from({ length: INVOICES * 3 }, (_, i) => `RCT-2033-${String(i + 1).padStart(4, "0")}`),
    );
    const [{ n }] = (await database.db.execute(sql`select count(*)::int as n from payment_allocations`))
      .rows as [{ n: number }];
    expect(n).toBe(INVOICES * 3);
  });
});
