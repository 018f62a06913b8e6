// Payment reminders on a real PostgreSQL (issue 28): the stage due on each day, one e-mail per stage however often
// the job runs, none once paid, none to a customer marked 'No reminders', and the history row.
import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_INVOICE_SETTINGS } from "#app/schemas/invoice-settings.ts";
import { invoiceEvents, outbox } from "#app/server/db/schema.ts";
import { dueReminderStage, sendDueReminders } from "#app/server/invoices/invoice-reminders.server.ts";
import { updateInvoiceSettings } from "#app/server/invoices/invoice-settings.server.ts";
import { billedCustomer, issuedInvoice } from "#app/server/invoices/issued-invoice.test-support.ts";
import { recordPayment } from "#app/server/payments/payments.server.ts";
import type { Services } from "#app/server/services.server.ts";
import { createAdminUser } from "#app/server/staff/staff-accounts.server.ts";
import { createTestServices } from "#tests/setup/test-db.ts";

let services: Services;
let staffId: string;
beforeAll(async () => {
  services = await createTestServices(
    {},
    { outbox: { autostart: false }, notifications: { autostart: false } },
  );
  staffId = (await createAdminUser({
    db: services.db,
    email: "reminders@example.com",
    name: "Accounts",
    password: "a sturdy reminders passphrase",
    role: "accounts",
  }))!.id;
  await updateInvoiceSettings({
    db: services.db,
    settings: { ...DEFAULT_INVOICE_SETTINGS, reminderDaysBefore: [3], reminderDaysAfter: [7, 30] },
  });
});
afterAll(() => services?.close());

const days = { before: [3], after: [7, 30] };
/** Noon in Monrovia (UTC) on a day. */
const at = (day: string) => new Date(`${day}T12:00:00Z`);
const run = (day: string) => sendDueReminders({ ...services, now: at(day) });
const remindersTo = (email: string) => services.db.select().from(outbox).where(eq(outbox.to, email));

describe("payment reminders", () => {
  it("picks the latest stage that has come, and none before the first", () => {
    expect(dueReminderStage("2026-12-10", "2026-12-06", days)).toBeNull();
    expect(dueReminderStage("2026-12-10", "2026-12-07", days)?.key).toBe("before3");
    expect(dueReminderStage("2026-12-10", "2026-12-10", days)?.key).toBe("before3");
    expect(dueReminderStage("2026-12-10", "2026-12-16", days)).toBeNull();
    expect(dueReminderStage("2026-12-10", "2026-12-17", days)?.key).toBe("after7");
    // After downtime, only the latest stage missed.
    expect(dueReminderStage("2026-12-10", "2027-01-20", days)?.key).toBe("after30");
  });

  it("sends each stage once, however often the job runs, and records it in the history", async () => {
    const customer = await billedCustomer(services.db);
    // Issued 2026-11-02, 30 days: due 2026-12-02.
    const invoice = await issuedInvoice({
      db: services.db,
      staffId,
      customer,
      amount: "100.00",
      today: "2026-11-02",
    });
    expect(await run("2026-11-28")).toBe(0);
    await Promise.all([run("2026-11-29"), run("2026-11-29"), run("2026-11-30")]);
    let mails = await remindersTo(customer.email);
    expect(mails.map((m) => m.subject)).toEqual([
      `Reminder: invoice ${invoice.number} from Unitrans Global Logistics is due on December 2, 2026`,
    ]);
    expect(mails[0]!.text).toContain("100.00 USD is still to be paid");
    expect(mails[0]!.text).toMatch(/\/invoice\/[\w-]{43}\n/);
    await run("2026-12-09");
    await run("2026-12-09");
    mails = await remindersTo(customer.email);
    expect(mails).toHaveLength(2);
    expect(mails.map((m) => m.subject)).toContain(
      `Overdue: invoice ${invoice.number} from Unitrans Global Logistics`,
    );
    const history = await services.db
      .select()
      .from(invoiceEvents)
      .where(and(eq(invoiceEvents.invoiceId, invoice.id), eq(invoiceEvents.kind, "reminded")));
    expect(history.map((e) => e.detail).sort()).toEqual([
      `3 days before the due date, to ${customer.email}`,
      `7 days after the due date, to ${customer.email}`,
    ]);
  });

  it("stops once the invoice is paid, and never writes to a customer marked 'No reminders'", async () => {
    const paying = await billedCustomer(services.db);
    const quiet = await billedCustomer(services.db, { noReminders: true });
    const paid = await issuedInvoice({
      db: services.db,
      staffId,
      customer: paying,
      amount: "10.00",
      today: "2026-11-02",
    });
    await issuedInvoice({ db: services.db, staffId, customer: quiet, amount: "10.00", today: "2026-11-02" });
    await recordPayment({
      db: services.db,
      staffId,
      today: "2026-11-20",
      input: {
        party: null,
        customerName: "",
        receivedOn: "2026-11-20",
        method: "cash",
        reference: null,
        note: null,
        currency: "USD",
        amountMinor: 1_000,
        settledCurrency: "USD",
        rateMicro: null,
        allocations: [{ invoiceId: paid.id, amountMinor: 1_000 }],
        overpayment: false,
        submissionKey: null,
      },
    });
    await run("2026-11-30");
    await run("2026-12-20");
    expect(await remindersTo(paying.email)).toEqual([]);
    expect(await remindersTo(quiet.email)).toEqual([]);
    expect(await services.db.select().from(outbox).where(like(outbox.subject, "%INV-%"))).not.toHaveLength(0);
  });
});
