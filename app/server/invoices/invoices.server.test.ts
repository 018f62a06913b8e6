import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type InvoiceFormValues, validateInvoiceForm } from "#app/schemas/invoice.ts";
import { DEFAULT_INVOICE_SETTINGS, type TaxRate } from "#app/schemas/invoice-settings.ts";
import { shipmentSchema } from "#app/schemas/shipment.ts";
import { invoiceLines, invoices, shippers } from "#app/server/db/schema.ts";
import { acceptedQuote as acceptedQuoteFixture } from "#app/server/invoices/accepted-quote.test-support.ts";
import {
  prefillCreditNote,
  prefillFromQuote,
  prefillFromShipment,
} from "#app/server/invoices/invoice-prefills.server.ts";
import {
  deleteInvoiceDraft,
  getInvoice,
  issueInvoice,
  listInvoices,
  saveInvoiceDraft,
  voidInvoice,
} from "#app/server/invoices/invoices.server.ts";
import type { Services } from "#app/server/services.server.ts";
import { createShipment } from "#app/server/shipments/shipments.server.ts";
import { createAdminUser } from "#app/server/staff/staff-accounts.server.ts";
import { createTestServices } from "#tests/setup/test-db.ts";

const NOW = new Date("2026-11-23T10:00:00Z");
const TODAY = "2026-11-23";
const GST: TaxRate = { name: "GST", basisPoints: 1200 };
const settings = {
  companyName: "Unitrans",
  timeZone: "Africa/Monrovia",
  email: "ops@unitrans.example",
  phone: "+231 555 0100",
  address: "Freeport of Monrovia",
};

let services: Services;
let staffId: string;
beforeAll(async () => {
  services = await createTestServices({}, { outbox: { autostart: false } });
  const staff = await createAdminUser({
    db: services.db,
    email: "accounts@example.com",
    name: "Accounts Desk",
    password: "a sturdy accounts passphrase",
    role: "accounts",
  });
  staffId = staff!.id;
});
afterAll(() => services?.close());

let counter = 0;
/** A quote request whose quote (freight 1,200.50 USD and customs 45.00) the customer accepted. */
function acceptedQuote(requester: { company?: string; phone?: string } = {}) {
  counter += 1;
  return acceptedQuoteFixture({
    services,
    requester,
    email: `ama${counter}@example.com`,
    settings,
    validUntil: "2026-12-07",
    now: NOW,
  });
}

const form = (overrides: Partial<InvoiceFormValues> = {}): InvoiceFormValues => ({
  party: "",
  customerName: "Ama Mensah",
  customerCompany: "Mensah Trading",
  customerEmail: "ama@example.com",
  billingAddress: "12 Broad Street\nMonrovia",
  currency: "USD",
  paymentTermsDays: "30",
  notes: "",
  paymentInstructions: "",
  lines: [
    { description: "Sea freight", quantity: "1", unitPrice: "1200.50", tax: "" },
    { description: "Handling", quantity: "2.5", unitPrice: "0.33", tax: "GST" },
  ],
  shipmentIds: [],
  ...overrides,
});

function checked(values: InvoiceFormValues) {
  const result = validateInvoiceForm(values, { taxRates: [GST] });
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.value;
}

async function draft(values = form()) {
  const saved = await saveInvoiceDraft({ db: services.db, id: null, input: checked(values), staffId });
  if (!saved.ok) throw new Error(saved.reason);
  return saved.id;
}

const issue = (id: string, today = TODAY) =>
  issueInvoice({ db: services.db, id, staffId, today, settings: DEFAULT_INVOICE_SETTINGS, now: NOW });

describe("invoice drafts", () => {
  it("computes every amount on the server: lines rounded once, tax per line, totals their sums", async () => {
    const id = await draft();
    const invoice = await getInvoice({ db: services.db, id });
    expect(invoice).toMatchObject({
      state: "draft",
      number: null,
      subtotalMinor: 120_133,
      taxMinor: 10,
      totalMinor: 120_143,
    });
    expect(
      invoice!.lines.map((l) => [l.description, l.quantityMilli, l.amountMinor, l.taxName, l.taxMinor]),
    ).toEqual([
      ["Sea freight", 1000, 120_050, null, 0],
      ["Handling", 2500, 83, "GST", 10],
    ]);
  });

  it("refuses bad input with a message per field and stores nothing", async () => {
    const before = await services.db.select({ n: sql<number>`count(*)::int` }).from(invoices);
    const result = validateInvoiceForm(
      form({
        customerName: " ",
        currency: "BTC",
        paymentTermsDays: "-3",
        customerEmail: "not an address",
        lines: [
          { description: "", quantity: "0", unitPrice: "-1", tax: "VAT" },
          { description: "Freight", quantity: "1", unitPrice: "10.999", tax: "" },
        ],
      }),
      { taxRates: [GST] },
    );
    expect(result).toEqual({
      ok: false,
      errors: {
        currency: "Choose a currency",
        customerName: "Enter the customer's name",
        customerEmail: "Enter a valid e-mail address, or leave it empty",
        paymentTermsDays: "Enter a number of days from 0 to 365",
        "lines.0.description": "Enter a description",
        "lines.0.quantity": "The quantity must be more than zero",
        "lines.0.unitPrice": "The amount cannot be negative",
        "lines.0.tax": "Choose a tax rate from the settings, or none",
        "lines.1.unitPrice": "The amount can have at most 2 decimals in USD",
      },
    });
    expect(validateInvoiceForm(form({ lines: [] }), { taxRates: [] })).toMatchObject({
      ok: false,
      errors: { lines: "An invoice needs at least one line" },
    });
    const after = await services.db.select({ n: sql<number>`count(*)::int` }).from(invoices);
    expect(after).toEqual(before);
  });

  it("starts from an accepted quote: its lines, currency, customer and booked shipment", async () => {
    const quoteId = await acceptedQuote();
    const prefill = await prefillFromQuote({ db: services.db, quoteId });
    expect(prefill).toMatchObject({
      kind: "invoice",
      currency: "USD",
      customerName: "Ama Mensah",
      customerEmail: `ama${counter}@example.com`,
      quoteId,
      lines: [
        { description: "Sea freight", quantityMilli: 1000, unitPriceMinor: 120_050, taxName: null },
        { description: "Customs clearance", quantityMilli: 1000, unitPriceMinor: 4_500, taxName: null },
      ],
    });
    // A quote not accepted (or none) gives nothing to start from.
    expect(await prefillFromQuote({ db: services.db, quoteId: crypto.randomUUID() })).toBeNull();
    expect(await prefillFromQuote({ db: services.db, quoteId: "not-an-id" })).toBeNull();
  });

  it("starts from a shipment with its shipper as the customer, and links the shipment", async () => {
    const [shipper] = await services.db
      .insert(shippers)
      .values({
        name: "Kollie Imports",
        email: "kollie@example.com",
        company: "Kollie Ltd",
        address: "Vai Town",
      })
      .returning();
    const shipment = await createShipment({
      db: services.db,
      input: {
        ...shipmentSchema.parse({
          trackingNumber: `UTG-9${Date.now().toString().slice(-6)}`,
          status: "In Transit",
          originLocation: "Antwerp",
          destinationLocation: "Monrovia",
          estimatedDelivery: "2026-12-20",
          dimensions: "1x1x1 m",
        }),
        shipperId: shipper!.id,
      },
    });
    const shipmentId = shipment.id;
    const prefill = await prefillFromShipment({ db: services.db, shipmentId, currency: "USD" });
    expect(prefill).toMatchObject({
      party: { kind: "shipper", id: shipper!.id },
      customerName: "Kollie Imports",
      customerCompany: "Kollie Ltd",
      billingAddress: "Vai Town",
      lines: [],
    });
    expect(prefill?.shipments.map((s) => s.id)).toEqual([shipmentId]);
    const id = await draft(form({ shipmentIds: [shipmentId] }));
    expect((await getInvoice({ db: services.db, id }))!.shipments.map((s) => s.id)).toEqual([shipmentId]);
    // An unknown shipment is refused, not silently dropped.
    const refused = await saveInvoiceDraft({
      db: services.db,
      id: null,
      input: checked(form({ shipmentIds: [crypto.randomUUID()] })),
      staffId,
    });
    expect(refused).toEqual({ ok: false, reason: "unknown-shipment" });
  });
});

describe("issuing", () => {
  it("numbers the draft INV-<year>-NNNN, dates it, and a second issue answers the same number", async () => {
    const id = await draft(form({ paymentTermsDays: "14" }));
    const first = await issue(id);
    expect(first).toMatchObject({ ok: true, alreadyIssued: false });
    const number = first.ok ? first.number : "";
    expect(number).toMatch(/^INV-2026-\d{4}$/);
    expect(await issue(id)).toEqual({ ok: true, number, alreadyIssued: true });
    const invoice = await getInvoice({ db: services.db, id });
    expect(invoice).toMatchObject({
      state: "issued",
      issueDate: TODAY,
      dueDate: "2026-12-07",
      issuedBy: staffId,
    });
    // A draft with no number in another year starts that year's series at 1.
    const next = await issue(await draft(), "2027-01-04");
    expect(next).toMatchObject({ ok: true, number: "INV-2027-0001" });
  });

  it("gives consecutive numbers without gaps or duplicates when many clerks issue at once", async () => {
    const ids = await Promise.all(Array.from({ length: 12 }, () => draft()));
    const year = "2031-03-01";
    const results = await Promise.all(ids.map((id) => issue(id, year)));
    const numbers = results.map((r) => (r.ok ? r.number : r.reason)).sort();
    expect(numbers).toEqual(
      Array.from({ length: 12 }, (_, i) => `INV-2031-${String(i + 1).padStart(4, "0")}`),
    );
  });

  it("an issued invoice never changes: the database refuses edits, new lines and deletion", async () => {
    const id = await draft();
    await issue(id);
    const client = new pg.Client({ connectionString: services.database.url });
    await client.connect();
    try {
      await expect(
        client.query("update invoices set total_minor = 1, subtotal_minor = 1, tax_minor = 0 where id = $1", [
          id,
        ]),
      ).rejects.toThrow(/cannot change/);
      await expect(
        client.query("update invoice_lines set description = 'Changed' where invoice_id = $1", [id]),
      ).rejects.toThrow(/cannot change/);
      await expect(client.query("delete from invoices where id = $1", [id])).rejects.toThrow(
        /cannot be deleted/,
      );
      await expect(
        client.query("update invoices set state = 'draft', number = null, issue_date = null where id = $1", [
          id,
        ]),
      ).rejects.toThrow(/cannot change/);
    } finally {
      await client.end();
    }
    expect(await saveInvoiceDraft({ db: services.db, id, input: checked(form()), staffId })).toEqual({
      ok: false,
      reason: "not-draft",
    });
    expect(await deleteInvoiceDraft({ db: services.db, id })).toBe(false);
    const [stored] = await services.db.select().from(invoices).where(eq(invoices.id, id));
    expect(stored!.totalMinor).toBe(120_143);
  });

  it("voids with who, when and why, keeping the number; a draft is deleted instead", async () => {
    const id = await draft();
    const issued = await issue(id);
    expect(await voidInvoice({ db: services.db, id, staffId, reason: "Billed twice", now: NOW })).toEqual({
      ok: true,
    });
    expect(await getInvoice({ db: services.db, id })).toMatchObject({
      state: "void",
      number: issued.ok ? issued.number : "",
      voidReason: "Billed twice",
      voidedBy: staffId,
    });
    expect(await voidInvoice({ db: services.db, id, staffId, reason: "Again" })).toEqual({
      ok: false,
      reason: "already-void",
    });
    expect(await issue(id)).toEqual({ ok: false, reason: "void" });
    const other = await draft();
    expect(await voidInvoice({ db: services.db, id: other, staffId, reason: "x" })).toEqual({
      ok: false,
      reason: "draft",
    });
    expect(await deleteInvoiceDraft({ db: services.db, id: other })).toBe(true);
    expect(await services.db.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, other))).toEqual(
      [],
    );
  });
});

describe("credit notes", () => {
  it("credit one line of an issued invoice in their own series, never more than was invoiced", async () => {
    const invoiceId = await draft();
    await issue(invoiceId);
    const prefill = await prefillCreditNote({ db: services.db, invoiceId });
    expect(prefill).toMatchObject({
      kind: "credit_note",
      creditedInvoiceId: invoiceId,
      customerName: "Ama Mensah",
    });
    expect(prefill!.lines).toHaveLength(2);

    const handlingOnly = checked(
      form({ lines: [{ description: "Handling", quantity: "2.5", unitPrice: "0.33", tax: "GST" }] }),
    );
    const saved = await saveInvoiceDraft({
      db: services.db,
      id: null,
      input: handlingOnly,
      staffId,
      creditedInvoiceId: invoiceId,
    });
    if (!saved.ok) throw new Error(saved.reason);
    const issued = await issue(saved.id);
    expect(issued).toMatchObject({ ok: true, number: expect.stringMatching(/^CN-2026-\d{4}$/) });
    const invoice = await getInvoice({ db: services.db, id: invoiceId });
    expect(invoice!.creditNotes).toEqual([
      { id: saved.id, number: issued.ok ? issued.number : "", state: "issued", totalMinor: 93 },
    ]);

    // What is left to credit is 1,200.50: crediting the freight twice over is refused.
    const tooMuch = checked(
      form({ lines: [{ description: "Sea freight", quantity: "2", unitPrice: "1200.50", tax: "" }] }),
    );
    expect(
      await saveInvoiceDraft({
        db: services.db,
        id: null,
        input: tooMuch,
        staffId,
        creditedInvoiceId: invoiceId,
      }),
    ).toEqual({ ok: false, reason: "credit-too-large" });
    // An invoice with an issued credit note is not voided.
    expect(await voidInvoice({ db: services.db, id: invoiceId, staffId, reason: "x" })).toEqual({
      ok: false,
      reason: "credited",
    });
    // A draft invoice, or another currency, cannot be credited.
    const draftId = await draft();
    expect(
      await saveInvoiceDraft({
        db: services.db,
        id: null,
        input: handlingOnly,
        staffId,
        creditedInvoiceId: draftId,
      }),
    ).toEqual({ ok: false, reason: "not-creditable" });
    expect(
      await saveInvoiceDraft({
        db: services.db,
        id: null,
        input: checked(form({ currency: "EUR" })),
        staffId,
        creditedInvoiceId: invoiceId,
      }),
    ).toEqual({ ok: false, reason: "not-creditable" });
  });
});

describe("the list", () => {
  it("finds by number or customer, filters by state, newest first", async () => {
    const id = await draft(form({ customerName: "Zorzor Logistics", customerCompany: "" }));
    const issued = await issue(id);
    const number = issued.ok ? issued.number : "";
    const byName = await listInvoices({ db: services.db, filter: { search: "zorzor" }, page: 1 });
    expect(byName.rows.map((r) => r.id)).toEqual([id]);
    const byNumber = await listInvoices({
      db: services.db,
      filter: { search: number.toLowerCase() },
      page: 1,
    });
    expect(byNumber.rows.map((r) => r.number)).toEqual([number]);
    const drafts = await listInvoices({
      db: services.db,
      filter: { status: { is: "draft", today: "2026-01-01" } },
      page: 1,
    });
    expect(drafts.rows.every((r) => r.state === "draft")).toBe(true);
    // Control characters typed or sent in the address (PostgreSQL refuses a NUL) are left out of the search.
    const withNul = await listInvoices({ db: services.db, filter: { search: "zor\u0000zor" }, page: 1 });
    expect(withNul.rows.map((r) => r.id)).toEqual([id]);
    // A search of LIKE's own characters matches them as text.
    expect((await listInvoices({ db: services.db, filter: { search: "%_" }, page: 1 })).total).toBe(0);
  });
});
