// Invoice e-mails and reminders follow a customer member's choice (decision 029): an address whose member turned
// invoice e-mails off gets neither the invoice nor its reminders; the clerk is told why, and nothing is stored.
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_INVOICE_SETTINGS } from "#app/schemas/invoice-settings.ts";
import { createMember, ensureCompanyForParty } from "#app/server/customers/customer-companies.server.ts";
import type { CustomerMessagePreferences } from "#app/server/db/schema.ts";
import { customerMembers, invoiceEvents, outbox } from "#app/server/db/schema.ts";
import { sendDueReminders } from "#app/server/invoices/invoice-reminders.server.ts";
import { sendInvoice } from "#app/server/invoices/invoice-sending.server.ts";
import { billedCustomer, issuedInvoice } from "#app/server/invoices/issued-invoice.test-support.ts";
import type { Services } from "#app/server/services.server.ts";
import { updateInvoiceSettings } from "#app/server/settings/invoice-settings.server.ts";
import { createAdminUser } from "#app/server/staff/staff-accounts.server.ts";
import { createTestServices } from "#tests/setup/test-db.ts";

let services: Services;
let staffId: string;
beforeAll(async () => {
  services = await createTestServices(
    { SITE_URL: "https://freight.example" },
    { outbox: { autostart: false } },
  );
  staffId = (await createAdminUser({
    db: services.db,
    email: "member-prefs@example.com",
    name: "Accounts",
    password: "a sturdy accounts passphrase",
    role: "accounts",
  }))!.id;
  await updateInvoiceSettings({
    db: services.db,
    settings: { ...DEFAULT_INVOICE_SETTINGS, reminderDaysBefore: [3], reminderDaysAfter: [7] },
  });
});
afterAll(() => services?.close());

/** A billed customer whose e-mail belongs to a member with these choices, and an invoice issued to them. */
async function invoiceToMember(preferences: CustomerMessagePreferences) {
  const customer = await billedCustomer(services.db);
  await services.db.transaction(async (tx) => {
    const company = await ensureCompanyForParty({ tx, kind: "shipper", partyId: customer.id });
    const member = await createMember({
      tx,
      companyId: company.id,
      name: "Ama",
      email: customer.email,
      phone: null,
    });
    await tx
      .update(customerMembers)
      .set({ messagePreferences: preferences })
      .where(eq(customerMembers.id, member.id));
  });
  // Issued 2026-11-02, 30 days: due 2026-12-02.
  const invoice = await issuedInvoice({ db: services.db, staffId, customer, today: "2026-11-02" });
  return { customer, invoice };
}

const mailsTo = (email: string) => services.db.select().from(outbox).where(eq(outbox.to, email));
const eventCount = async (invoiceId: string) =>
  (
    await services.db.select({ n: count() }).from(invoiceEvents).where(eq(invoiceEvents.invoiceId, invoiceId))
  )[0]!.n;
const send = async (id: string, to = "") =>
  sendInvoice({
    ...services,
    id,
    to,
    submissionKey: crypto.randomUUID(),
    staffId,
    settings: await services.siteSettings.get(),
  });

describe("invoice e-mails and a member's choice", () => {
  it("a member who turned invoice e-mails off gets no invoice and no reminder; the clerk is told why", async () => {
    const { customer, invoice } = await invoiceToMember({ invoices: ["sms"] });
    const events = await eventCount(invoice.id);
    expect(await send(invoice.id)).toEqual({
      ok: false,
      reason: "email-turned-off",
      message:
        "The customer turned off invoice e-mails to this address in their account's preferences: enter another address, or give them the invoice another way.",
    });
    expect(await sendDueReminders({ ...services, now: new Date("2026-11-30T12:00:00Z") })).toBe(0);
    expect(await mailsTo(customer.email)).toEqual([]);
    expect(await eventCount(invoice.id)).toBe(events);
    // Another address typed by the clerk is sent to.
    expect(await send(invoice.id, "office@mensah.example")).toMatchObject({
      ok: true,
      to: "office@mensah.example",
    });
  });

  it("a member who kept e-mail (or never chose) gets the invoice and its reminder", async () => {
    const { customer, invoice } = await invoiceToMember({ invoices: ["email"] });
    expect(await send(invoice.id)).toMatchObject({ ok: true, to: customer.email });
    await sendDueReminders({ ...services, now: new Date("2026-11-30T12:00:00Z") });
    expect(await mailsTo(customer.email)).toHaveLength(2);
  });
});
