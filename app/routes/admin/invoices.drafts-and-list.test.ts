// The invoice pages' loaders and actions, called as the browser calls them, on a real database with real staff
// sessions: a draft from an accepted quote, bad input, line rows without JavaScript, and the list.
import { describe, expect, it } from "vitest";
import type * as newInvoicePage from "#app/routes/admin/invoices.new.tsx";
import type * as invoiceList from "#app/routes/admin/invoices.tsx";
import { acceptedQuote as acceptedQuoteFixture } from "#app/server/invoices/accepted-quote.test-support.ts";
import { defaultValidUntil } from "#app/server/quotes/quotes.server.ts";
import type { Services } from "#app/server/services.server.ts";
import { createdId, draftFields, invoiceStaff } from "./invoices.test-support.ts";

let services: Services;
const { load, post, newDraft, stored, invoiceCount } = invoiceStaff((opened) => {
  services = opened;
});

let serial = 0;
async function acceptedQuote() {
  serial++;
  const settings = await services.siteSettings.get();
  return acceptedQuoteFixture({
    services,
    email: `ama-pages-${serial}@example.com`,
    settings,
    validUntil: defaultValidUntil(settings.timeZone),
  });
}

describe("a new invoice", () => {
  it("starts from an accepted quote with its lines, currency and customer, and saves as a draft", async () => {
    const quoteId = await acceptedQuote();
    const page = (await load(`/admin/invoices/new?quote=${quoteId}`)) as Awaited<
      ReturnType<typeof newInvoicePage.loader>
    >;
    expect(page.problem).toBeNull();
    expect(page.form.values).toMatchObject({
      customerName: "Ama Mensah",
      customerEmail: `ama-pages-${serial}@example.com`,
      currency: "USD",
      paymentTermsDays: "30",
      paymentInstructions: "Bank: LBDI 123",
      lines: [
        { description: "Sea freight", quantity: "1", unitPrice: "1200.50", tax: "" },
        { description: "Customs clearance", quantity: "1", unitPrice: "45.00", tax: "" },
      ],
    });
    expect(page.form.quote?.label).toBe("Quote, version 1");
    expect(page.form.taxRates).toEqual([{ name: "GST", label: "GST (12 %)", basisPoints: 1200 }]);

    const id = createdId(
      await post(`/admin/invoices/new?quote=${quoteId}`, {
        intent: "save-draft",
        party: "",
        customerName: "Ama Mensah",
        customerCompany: "",
        customerEmail: "",
        billingAddress: "",
        currency: "USD",
        paymentTermsDays: "30",
        notes: "",
        paymentInstructions: "",
        lineDescription: ["Sea freight", "Customs clearance"],
        lineQuantity: ["1", "1"],
        lineUnitPrice: ["1200.50", "45.00"],
        lineTax: ["", "GST"],
      }),
    );
    const row = await stored(id);
    expect(row).toMatchObject({
      state: "draft",
      number: null,
      quoteId,
      subtotalMinor: 124_550,
      taxMinor: 540,
    });
    expect(row!.totalMinor).toBe(125_090);
  });

  it("says so when the quote, shipment or invoice to credit does not exist or cannot be used", async () => {
    for (const path of [
      "/admin/invoices/new?quote=00000000-0000-4000-8000-000000000000",
      "/admin/invoices/new?quote=not-a-uuid",
      "/admin/invoices/new?shipment=00000000-0000-4000-8000-000000000000",
      "/admin/invoices/new?credit=00000000-0000-4000-8000-000000000000",
    ]) {
      const page = (await load(path)) as Awaited<ReturnType<typeof newInvoicePage.loader>>;
      expect(page.problem, path).toMatch(/cannot be (invoiced|credited)|can be credited/);
    }
  });

  it("refuses bad input with 400, the messages beside the fields and the typed values kept; nothing stored", async () => {
    const before = await invoiceCount();
    const reply = (await post(
      "/admin/invoices/new",
      draftFields({
        customerName: "",
        customerEmail: "not an address",
        lineQuantity: ["0", "2"],
        lineUnitPrice: ["500.001", "-3"],
        lineTax: ["", "VAT 99"],
      }),
    )) as {
      data: { errors: Record<string, string>; values: { lines: { quantity: string }[] } };
      init: ResponseInit;
    };
    expect(reply.init.status).toBe(400);
    expect(Object.keys(reply.data.errors).sort()).toEqual([
      "customerEmail",
      "customerName",
      "lines.0.quantity",
      "lines.0.unitPrice",
      "lines.1.tax",
      "lines.1.unitPrice",
    ]);
    expect(reply.data.values.lines.map((l) => l.quantity)).toEqual(["0", "2"]);
    expect(await invoiceCount()).toBe(before);
  });

  it("adds and removes line rows without JavaScript, storing nothing", async () => {
    const before = await invoiceCount();
    const added = (await post("/admin/invoices/new", draftFields({ intent: "add-line" }))) as {
      data: { values: { lines: unknown[] } };
    };
    expect(added.data.values.lines).toHaveLength(3);
    const removed = (await post("/admin/invoices/new", draftFields({ intent: "remove-line:0" }))) as {
      data: { values: { lines: { description: string }[] } };
    };
    expect(removed.data.values.lines.map((l) => l.description)).toEqual(["Handling"]);
    expect(await invoiceCount()).toBe(before);
  });
});

describe("the list", () => {
  it("finds by number or customer, filters by state and pages", async () => {
    const id = await newDraft({ customerName: "Zainab Listtest" });
    type List = Awaited<ReturnType<typeof invoiceList.loader>>;
    const found = (await load("/admin/invoices?q=listtest")) as List;
    expect(found.rows.map((r) => [r.id, r.number, r.status, r.total])).toEqual([
      [id, null, "draft", "522.40 USD"],
    ]);
    const issuedOnly = (await load("/admin/invoices?q=listtest&state=issued")) as List;
    expect(issuedOnly.rows).toEqual([]);
    for (let i = 0; i < 50; i++) await newDraft({ customerName: `Pager ${i}` });
    const first = (await load("/admin/invoices?q=pager")) as List;
    const second = (await load("/admin/invoices?q=pager&page=2")) as List;
    expect([first.total, first.pageCount, first.rows.length, second.rows.length]).toEqual([50, 1, 50, 0]);
    await newDraft({ customerName: "Pager 50" });
    const more = (await load("/admin/invoices?q=pager&page=2")) as List;
    expect([more.pageCount, more.rows.length]).toEqual([2, 1]);
  });
});
