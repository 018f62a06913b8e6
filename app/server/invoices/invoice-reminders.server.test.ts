// Payment reminders on a real PostgreSQL (decision 026): the stage due on each day, one e-mail per stage however often
// the job runs, none once paid, none to a customer marked 'No reminders', and the history row.
import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { validateInvoiceForm } from "#app/schemas/invoice.ts";
import { DEFAULT_INVOICE_SETTINGS } from "#app/schemas/invoice-settings.ts";
import { invoiceEvents, invoices, outbox } from "#app/server/db/schema.ts";
import { listInvoiceHistory } from "#app/server/invoices/invoice-history.server.ts";
import {
  dueReminderStage,
  REMIND_NOW_REFUSALS,
  sendDueReminders,
  sendReminderNow,
} from "#app/server/invoices/invoice-reminders.server.ts";
import { issueInvoice, saveInvoiceDraft, voidInvoice } from "#app/server/invoices/invoices.server.ts";
import {
  billedCustomer,
  invoiceFormValues,
  issuedCreditNote,
  issuedInvoice,
  paidBy,
} from "#app/server/invoices/issued-invoice.test-support.ts";
import { recordPayment } from "#app/server/payments/payments.server.ts";
import type { Services } from "#app/server/services.server.ts";
import { updateInvoiceSettings } from "#app/server/settings/invoice-settings.server.ts";
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

describe("'Send a reminder now' from the invoice's page", () => {
  const remindNow = (id: string, now: Date) => sendReminderNow({ ...services, id, staffId, now });
  /** The e-mail without its link, whose token is new each time. */
  const withoutLink = (text: string | null) =>
    (text ?? "").replace(/\/invoice\/[\w-]{43}/, "/invoice/<token>");

  it("queues the scheduled reminder's e-mail, once for clicks within a minute, in the history with its clerk", async () => {
    const customer = await billedCustomer(services.db);
    const scheduledTo = await billedCustomer(services.db);
    // Both due 2026-12-02 with 100.00 USD owed; on 2026-11-29 the scheduled one is '3 days before'.
    const invoice = await issuedInvoice({ db: services.db, staffId, customer, today: "2026-11-02" });
    const twin = await issuedInvoice({
      db: services.db,
      staffId,
      customer: scheduledTo,
      today: "2026-11-02",
    });
    const click = at("2026-11-29");
    // A double click, a second tab: one e-mail.
    const [first, second] = await Promise.all([remindNow(invoice.id, click), remindNow(invoice.id, click)]);
    expect([first.ok && first.created, second.ok && second.created].sort()).toEqual([false, true]);
    expect(await remindNow(invoice.id, new Date(click.getTime() + 59_000))).toMatchObject({
      ok: true,
      created: false,
      to: customer.email,
    });
    const mails = await remindersTo(customer.email);
    expect(mails).toHaveLength(1);
    // The same message the scheduled reminder sends (another customer's, the names aside).
    await run("2026-11-29");
    const [scheduled] = await remindersTo(scheduledTo.email);
    expect(mails[0]!.subject).toBe((scheduled!.subject ?? "").replace(twin.number, invoice.number));
    expect(withoutLink(mails[0]!.text)).toBe(
      withoutLink(scheduled!.text)
        .replace(twin.number, invoice.number)
        .replace(scheduledTo.name, customer.name),
    );
    const history = await listInvoiceHistory({ db: services.db, id: invoice.id });
    // The scheduled stage of the day went too (the job ran for the other customer): each is listed.
    expect(history.filter((entry) => entry.title === "Reminded").map((entry) => entry.detail)).toEqual([
      `Sent from the invoice's page, to ${customer.email} (kept in the outbox, not sent: no mail server is set up for this site), by Accounts`,
      `3 days before the due date, to ${customer.email}`,
    ]);
    // The job's reminder of the last minute counts for a click too: the twin's customer gets nothing more.
    expect(await remindNow(twin.id, new Date(click.getTime() + 30_000))).toMatchObject({ created: false });
    expect(await remindersTo(scheduledTo.email)).toHaveLength(1);
    // A minute later, a deliberate second reminder goes.
    expect(await remindNow(invoice.id, new Date(click.getTime() + 61_000))).toMatchObject({ created: true });
    expect(await remindersTo(customer.email)).toHaveLength(3);
  });

  it("refuses a paid, void, draft or credit note, and an invoice with no e-mail address; nothing is queued", async () => {
    const customer = await billedCustomer(services.db);
    const paid = await issuedInvoice({ db: services.db, staffId, customer, amount: "10.00" });
    await paidBy({
      db: services.db,
      staffId,
      customer,
      overrides: {
        receivedOn: "2026-11-20",
        amountMinor: 1_000,
        allocations: [{ invoiceId: paid.id, amountMinor: 1_000 }],
      },
    });
    const voided = await issuedInvoice({ db: services.db, staffId, customer });
    await voidInvoice({ db: services.db, id: voided.id, staffId, reason: "Wrong customer" });
    const credited = await issuedInvoice({ db: services.db, staffId, customer });
    await issuedCreditNote({
      db: services.db,
      staffId,
      customer,
      invoiceId: credited.id,
      amount: "10.00",
      today: "2026-11-20",
    });
    const [creditNote] = await services.db
      .select({ id: invoices.id })
      .from(invoices)
      .where(eq(invoices.creditedInvoiceId, credited.id));
    const checked = validateInvoiceForm(invoiceFormValues({ customer, amount: "10.00" }), { taxRates: [] });
    if (!checked.ok) throw new Error("the fixture's draft is invalid");
    const draft = await saveInvoiceDraft({ db: services.db, id: null, input: checked.value, staffId });
    if (!draft.ok) throw new Error(draft.reason);
    const unaddressed = validateInvoiceForm(
      { ...invoiceFormValues({ customer, amount: "10.00" }), customerEmail: "" },
      { taxRates: [] },
    );
    if (!unaddressed.ok) throw new Error("the fixture's draft is invalid");
    const noAddress = await saveInvoiceDraft({
      db: services.db,
      id: null,
      input: unaddressed.value,
      staffId,
    });
    if (!noAddress.ok) throw new Error(noAddress.reason);
    await issueInvoice({
      db: services.db,
      id: noAddress.id,
      staffId,
      today: "2026-11-20",
      settings: DEFAULT_INVOICE_SETTINGS,
    });
    const quiet = await billedCustomer(services.db, { noReminders: true });
    const quietInvoice = await issuedInvoice({ db: services.db, staffId, customer: quiet });
    const before = (await services.db.select().from(outbox)).length;
    const cases: [string, keyof typeof REMIND_NOW_REFUSALS][] = [
      [paid.id, "paid"],
      [voided.id, "void"],
      [creditNote!.id, "credit-note"],
      [draft.id, "draft"],
      [quietInvoice.id, "no-reminders"],
      [noAddress.id, "no-email"],
      [crypto.randomUUID(), "not-found"],
      ["not-an-id", "not-found"],
    ];
    for (const [id, reason] of cases)
      expect(await remindNow(id, new Date()), reason).toEqual({
        ok: false,
        reason,
        message: REMIND_NOW_REFUSALS[reason],
      });
    expect((await services.db.select().from(outbox)).length).toBe(before);
  });
});
