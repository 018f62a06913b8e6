import { spawn } from "node:child_process";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { validateInvoiceForm } from "#app/schemas/invoice.ts";
import type { Database } from "#app/server/db/client.server.ts";
import { invoices } from "#app/server/db/schema.ts";
import { saveInvoiceDraft } from "#app/server/invoices/invoices.server.ts";
import { createAdminUser } from "#app/server/staff/staff-accounts.server.ts";
import { createTestDatabase } from "#tests/setup/test-db.ts";

// Exactly once across processes (decision 026): three app processes click 'Issue' on the same twenty drafts, each in
// its own order. Each draft is issued once, the numbers run 1…20 without a gap or a duplicate, and every other
// click answers the number already given.

const DRAFTS = 20;
const PROCESSES = 3;

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

type Answer = { id: string; ok: boolean; number?: string; alreadyIssued?: boolean };

function issueInProcess(ids: string[], staffId: string): Promise<Answer[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["tests/setup/invoice-issuer.ts"], {
      env: {
        ...process.env,
        DATABASE_URL: database.url,
        INVOICE_IDS: ids.join(","),
        STAFF_ID: staffId,
        TODAY: "2032-05-04",
      },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let output = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0 ? resolve(JSON.parse(output)) : reject(new Error(`the issuing process exited with ${code}`)),
    );
  });
}

// Each process loads the app: beside the browser and hostile-input suites on two cores that took past the default
// 30 s (it takes ~15 s alone), so these tests get 90.
describe("several app processes issuing the same drafts", { timeout: 90_000 }, () => {
  it(`issue each of ${DRAFTS} drafts once, numbered 1…${DRAFTS} without gaps`, async () => {
    const staff = await createAdminUser({ db: database.db, email: "accounts@example.com", role: "accounts" });
    const checked = validateInvoiceForm(
      {
        party: "",
        customerName: "Kollie Imports",
        customerCompany: "",
        customerEmail: "",
        billingAddress: "",
        currency: "USD",
        paymentTermsDays: "30",
        notes: "",
        paymentInstructions: "",
        lines: [{ description: "Sea freight", quantity: "1", unitPrice: "1200", tax: "" }],
        shipmentIds: [],
      },
      { taxRates: [] },
    );
    if (!checked.ok) throw new Error(JSON.stringify(checked.errors));
    const ids: string[] = [];
    for (let i = 0; i < DRAFTS; i++) {
      const saved = await saveInvoiceDraft({
        db: database.db,
        id: null,
        input: checked.value,
        staffId: staff!.id,
      });
      if (!saved.ok) throw new Error(saved.reason);
      ids.push(saved.id);
    }
    // Forward, backward, and from the middle: the processes meet on the same drafts.
    const orders = [ids, [...ids].reverse(), [...ids.slice(DRAFTS / 2), ...ids.slice(0, DRAFTS / 2)]];
    const answers = (
      await Promise.all(orders.slice(0, PROCESSES).map((order) => issueInProcess(order, staff!.id)))
    ).flat();

    expect(answers).toHaveLength(DRAFTS * PROCESSES);
    expect(answers.every((answer) => answer.ok)).toBe(true);
    const firstIssues = answers.filter((answer) => !answer.alreadyIssued);
    expect(firstIssues.map((answer) => answer.id).sort()).toEqual([...ids].sort());
    const numbers = firstIssues.map((answer) => answer.number).sort();
    expect(numbers).toEqual(
      Array.from({ length: DRAFTS }, (_, i) => `INV-2032-${String(i + 1).padStart(4, "0")}`),
    );
    // Every other click answered the number that draft already had.
    const stored = new Map(
      (await database.db.select().from(invoices).where(eq(invoices.year, 2032))).map((row) => [
        row.id,
        row.number,
      ]),
    );
    for (const answer of answers) expect(answer.number).toBe(stored.get(answer.id));
  });
});
