// Longer than 450 lines: the invoice pages as each role calls them, from a new draft to issuing, voiding,
// crediting and reminding, on one set of signed-in staff and one page caller.
// The invoice pages' loaders and actions, called as the browser calls them, on a real database with real staff
// sessions (issue 28): the list, a draft from an accepted quote, bad input, issuing and voiding by role, credit notes.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as invoicePage from "#app/routes/admin/invoices.$id.tsx";
import * as newInvoicePage from "#app/routes/admin/invoices.new.tsx";
import * as invoiceList from "#app/routes/admin/invoices.tsx";
import { DEFAULT_INVOICE_SETTINGS } from "#app/schemas/invoice-settings.ts";
import { invoiceLines, invoices, outbox } from "#app/server/db/schema.ts";
import { acceptedQuote as acceptedQuoteFixture } from "#app/server/invoices/accepted-quote.test-support.ts";
import { updateInvoiceSettings } from "#app/server/invoices/invoice-settings.server.ts";
import { defaultValidUntil } from "#app/server/quotes/quotes.server.ts";
import type { Services } from "#app/server/services.server.ts";
import { signInStaff } from "#tests/setup/staff-session.ts";
import { createTestContext, createTestServices } from "#tests/setup/test-db.ts";

const BASE = "http://localhost";
let services: Services;
const cookies = { administrator: "", accounts: "", operations: "" };
type Role = keyof typeof cookies;

beforeAll(async () => {
  services = await createTestServices({}, { outbox: { autostart: false } });
  for (const role of Object.keys(cookies) as Role[])
    ({ cookie: cookies[role] } = await signInStaff({
      ...services,
      role,
      email: `invoices-${role}@example.com`,
    }));
  await updateInvoiceSettings({
    db: services.db,
    settings: {
      ...DEFAULT_INVOICE_SETTINGS,
      taxRates: [{ name: "GST", basisPoints: 1200 }],
      paymentInstructions: "Bank: LBDI 123",
    },
  });
});
afterAll(() => services?.close());

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

const context = () => createTestContext(services);

async function settle<T>(
  run: () => Promise<T>,
): Promise<T | Response | { data: unknown; init: ResponseInit }> {
  try {
    return await run();
  } catch (error) {
    return error as Response;
  }
}

function load(path: string, role: Role = "accounts") {
  const request = new Request(`${BASE}${path}`, { headers: { cookie: cookies[role] } });
  const id = /^\/admin\/invoices\/([^/?]+)/.exec(path)?.[1];
  if (path.startsWith("/admin/invoices/new"))
    return newInvoicePage.loader({ request, context: context(), params: {} } as never);
  if (id) return invoicePage.loader({ request, context: context(), params: { id } } as never);
  return invoiceList.loader({ request, context: context(), params: {} } as never);
}

function post(path: string, fields: Record<string, string | string[]>, role: Role = "accounts") {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields))
    for (const one of Array.isArray(value) ? value : [value]) body.append(name, one);
  const request = new Request(`${BASE}${path}`, {
    method: "POST",
    body,
    headers: { cookie: cookies[role], origin: BASE },
  });
  const id = /^\/admin\/invoices\/([^/?]+)/.exec(path)?.[1];
  return settle(() =>
    path.startsWith("/admin/invoices/new")
      ? (newInvoicePage.action({ request, context: context(), params: {} } as never) as Promise<unknown>)
      : (invoicePage.action({
          request,
          context: context(),
          params: { id: id! },
        } as never) as Promise<unknown>),
  );
}

const draftFields = (overrides: Record<string, string | string[]> = {}) => ({
  intent: "save-draft",
  party: "",
  customerName: "Kofi Boateng",
  customerCompany: "Boateng Imports",
  customerEmail: "kofi@example.com",
  billingAddress: "4 Ashley Street\nMonrovia",
  currency: "USD",
  paymentTermsDays: "14",
  notes: "",
  paymentInstructions: "Bank: LBDI 123",
  lineDescription: ["Air freight", "Handling"],
  lineQuantity: ["1", "2"],
  lineUnitPrice: ["500.00", "10.00"],
  lineTax: ["", "GST"],
  ...overrides,
});

/** The new draft's id from the redirect to its page. */
function createdId(reply: unknown): string {
  const response = reply as Response;
  expect(response.status).toBe(302);
  const id = /^\/admin\/invoices\/([0-9a-f-]{36})$/.exec(response.headers.get("Location") ?? "")?.[1];
  expect(id).toBeTruthy();
  return id!;
}

async function newDraft(overrides: Record<string, string | string[]> = {}, role: Role = "accounts") {
  return createdId(await post("/admin/invoices/new", draftFields(overrides), role));
}

const stored = async (id: string) => {
  const [row] = await services.db.select().from(invoices).where(eq(invoices.id, id));
  return row;
};
const invoiceCount = async () =>
  Number((await services.db.select({ n: sql<number>`count(*)` }).from(invoices))[0]!.n);

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

describe("issuing and voiding", () => {
  it("Accounts issues a draft: it gets the next number and dates, and is read-only after", async () => {
    const id = await newDraft();
    const reply = (await post(`/admin/invoices/${id}`, draftFields({ intent: "issue-invoice" }))) as Response;
    expect(reply.status).toBe(302);
    const row = await stored(id);
    expect(row!.state).toBe("issued");
    expect(row!.number).toMatch(/^INV-\d{4}-\d{4}$/);
    expect(row!.dueDate).not.toBeNull();
    const page = (await load(`/admin/invoices/${id}`)) as Awaited<ReturnType<typeof invoicePage.loader>>;
    expect(page.mode).toBe("document");
    if (page.mode !== "document") return;
    expect(page.document).toMatchObject({
      number: row!.number,
      status: "issued",
      subtotal: "520.00 USD",
      taxes: [{ label: "GST (12 %)", amount: "2.40 USD" }],
      total: "522.40 USD",
      canIssue: true,
    });
  });

  it("Operations may draft but not issue or void: 403 and nothing changed", async () => {
    const id = await newDraft({}, "operations");
    const draftPage = (await load(`/admin/invoices/${id}`, "operations")) as Awaited<
      ReturnType<typeof invoicePage.loader>
    >;
    expect(draftPage.mode === "draft" && draftPage.form.canIssue).toBe(false);
    const before = await stored(id);
    const issue = (await post(
      `/admin/invoices/${id}`,
      draftFields({ intent: "issue-invoice", customerName: "X" }),
      "operations",
    )) as {
      init: ResponseInit;
    };
    expect(issue.init.status).toBe(403);
    expect(await stored(id)).toEqual(before);

    await post(`/admin/invoices/${id}`, draftFields({ intent: "issue-invoice" }));
    const issued = await stored(id);
    const voided = (await post(
      `/admin/invoices/${id}`,
      { intent: "void-invoice", reason: "Wrong customer" },
      "operations",
    )) as {
      init: ResponseInit;
    };
    expect(voided.init.status).toBe(403);
    expect(await stored(id)).toEqual(issued);
  });

  it("voiding needs a reason, keeps the number and says why a second void is refused", async () => {
    const id = await newDraft();
    await post(`/admin/invoices/${id}`, draftFields({ intent: "issue-invoice" }));
    const issued = await stored(id);
    const blank = (await post(`/admin/invoices/${id}`, { intent: "void-invoice", reason: "  " })) as {
      data: { errors: Record<string, string> };
      init: ResponseInit;
    };
    expect(blank.init.status).toBe(400);
    expect(blank.data.errors.reason).toBe("Say why it is voided");
    expect(await stored(id)).toEqual(issued);

    expect(
      (
        (await post(`/admin/invoices/${id}`, {
          intent: "void-invoice",
          reason: "Wrong customer",
        })) as Response
      ).status,
    ).toBe(302);
    expect(await stored(id)).toMatchObject({
      state: "void",
      number: issued!.number,
      voidReason: "Wrong customer",
    });
    const again = (await post(`/admin/invoices/${id}`, { intent: "void-invoice", reason: "Twice" })) as {
      data: { errors: Record<string, string> };
      init: ResponseInit;
    };
    expect([again.init.status, again.data.errors.form]).toEqual([409, "This document is void already."]);
  });

  it("a credit note of one line: from the issued invoice, issued in its own series, linked both ways", async () => {
    const id = await newDraft();
    await post(`/admin/invoices/${id}`, draftFields({ intent: "issue-invoice" }));
    const page = (await load(`/admin/invoices/new?credit=${id}`)) as Awaited<
      ReturnType<typeof newInvoicePage.loader>
    >;
    expect(page.form.kind).toBe("credit_note");
    expect(page.form.values.lines.map((l) => l.description)).toEqual(["Air freight", "Handling"]);

    // More than the invoice: refused in words, nothing stored.
    const before = await invoiceCount();
    const tooMuch = (await post(
      `/admin/invoices/new?credit=${id}`,
      draftFields({
        lineDescription: "Air freight",
        lineQuantity: "2",
        lineUnitPrice: "500.00",
        lineTax: "",
      }),
    )) as { data: { errors: Record<string, string> }; init: ResponseInit };
    expect(tooMuch.init.status).toBe(409);
    expect(tooMuch.data.errors.form).toMatch(/cannot take back more/);
    expect(await invoiceCount()).toBe(before);

    const creditId = createdId(
      await post(
        `/admin/invoices/new?credit=${id}`,
        draftFields({
          lineDescription: "Handling",
          lineQuantity: "2",
          lineUnitPrice: "10.00",
          lineTax: "GST",
        }),
      ),
    );
    await post(
      `/admin/invoices/${creditId}`,
      draftFields({
        intent: "issue-invoice",
        lineDescription: "Handling",
        lineQuantity: "2",
        lineUnitPrice: "10.00",
        lineTax: "GST",
      }),
    );
    const credit = await stored(creditId);
    expect(credit).toMatchObject({
      kind: "credit_note",
      state: "issued",
      creditedInvoiceId: id,
      totalMinor: 2240,
    });
    expect(credit!.number).toMatch(/^CN-\d{4}-\d{4}$/);
    // A credit note asks for no payment: no due date stored, none on its page, and it can be sent.
    expect(credit!.dueDate).toBeNull();
    const creditPage = (await load(`/admin/invoices/${creditId}`)) as Awaited<
      ReturnType<typeof invoicePage.loader>
    >;
    expect(creditPage.mode === "document" && creditPage.document).toMatchObject({
      dueDate: "",
      send: { kind: "credit_note", number: credit!.number, to: "kofi@example.com" },
    });
    const lines = await services.db.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, creditId));
    expect(lines.map((l) => l.description)).toEqual(["Handling"]);

    const invoicePageData = (await load(`/admin/invoices/${id}`)) as Awaited<
      ReturnType<typeof invoicePage.loader>
    >;
    expect(invoicePageData.mode === "document" && invoicePageData.document.creditNotes).toEqual([
      { id: creditId, label: credit!.number, status: "issued", total: "22.40 USD" },
    ]);
    // Staff read the balance the customer's PDF prints: the total less the credit note.
    expect(invoicePageData.mode === "document" && invoicePageData.document).toMatchObject({
      total: "522.40 USD",
      credits: [{ label: `Less credit note ${credit!.number}`, amount: "-22.40 USD" }],
      balanceDue: "500.00 USD",
    });
    // The invoice cannot be voided while its credit note stands.
    const voided = (await post(`/admin/invoices/${id}`, { intent: "void-invoice", reason: "Mistake" })) as {
      data: { errors: Record<string, string> };
    };
    expect(voided.data.errors.form).toBe(
      "This invoice has an issued credit note: void the credit note first.",
    );
  });

  it("deletes a draft, never an issued invoice", async () => {
    const id = await newDraft();
    expect(
      ((await post(`/admin/invoices/${id}`, { intent: "delete-draft" }, "operations")) as Response).status,
    ).toBe(302);
    expect(await stored(id)).toBeUndefined();
    const issuedId = await newDraft();
    await post(`/admin/invoices/${issuedId}`, draftFields({ intent: "issue-invoice" }));
    const refused = (await post(`/admin/invoices/${issuedId}`, { intent: "delete-draft" })) as {
      init: ResponseInit;
    };
    expect(refused.init.status).toBe(409);
    expect((await stored(issuedId))?.state).toBe("issued");
  });
});

describe("issuing twice", () => {
  it("a second 'Issue' (double click, second tab) changes nothing and answers the same number", async () => {
    const id = await newDraft();
    await post(`/admin/invoices/${id}`, draftFields({ intent: "issue-invoice" }));
    const issued = await stored(id);
    const again = (await post(`/admin/invoices/${id}`, draftFields({ intent: "issue-invoice" }))) as Response;
    expect(again.status).toBe(302);
    expect(await stored(id)).toEqual(issued);
  });
});

describe("'Send a reminder now'", () => {
  it("is offered on an issued, unpaid invoice to Accounts, queues one reminder per minute, and says why not", async () => {
    const id = await newDraft({ customerEmail: "remind-me@example.com" });
    await post(
      `/admin/invoices/${id}`,
      draftFields({ intent: "issue-invoice", customerEmail: "remind-me@example.com" }),
    );
    const page = (await load(`/admin/invoices/${id}`)) as Awaited<ReturnType<typeof invoicePage.loader>>;
    const asOperations = (await load(`/admin/invoices/${id}`, "operations")) as typeof page;
    expect(page.mode === "document" && page.document.canRemind).toBe(true);
    expect(asOperations.mode === "document" && asOperations.document.canRemind).toBe(false);
    const reminders = () => services.db.select().from(outbox).where(eq(outbox.to, "remind-me@example.com"));
    const forbidden = (await post(`/admin/invoices/${id}`, { intent: "send-reminder" }, "operations")) as {
      init: ResponseInit;
    };
    expect(forbidden.init.status).toBe(403);
    expect(await reminders()).toHaveLength(0);
    const [first, second] = (await Promise.all([
      post(`/admin/invoices/${id}`, { intent: "send-reminder" }),
      post(`/admin/invoices/${id}`, { intent: "send-reminder" }),
    ])) as Response[];
    expect([first!.status, second!.status]).toEqual([302, 302]);
    expect(first!.headers.get("Location")).toBe(`/admin/invoices/${id}`);
    expect(await reminders()).toHaveLength(1);
    await post(`/admin/invoices/${id}`, { intent: "void-invoice", reason: "Issued twice" });
    const refused = (await post(`/admin/invoices/${id}`, { intent: "send-reminder" })) as {
      init: ResponseInit;
      data: { errors: { form: string } };
    };
    expect(refused.init.status).toBe(409);
    expect(refused.data.errors.form).toBe(
      "This invoice was voided: nothing is owed, so no reminder is sent.",
    );
    expect(await reminders()).toHaveLength(1);
  });
});
