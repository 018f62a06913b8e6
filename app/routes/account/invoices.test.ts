// The account's invoices (decision 029) on a real PostgreSQL, with mobile money against the MTN stand-in: the
// company's issued and void invoices and credit notes (never drafts, never another company's), the balances as
// staff see them, the invoice as its link shows it, 'Pay', and the PDFs.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatMoneyIn } from "#app/lib/i18n/format.ts";
import { formatMoney } from "#app/lib/money.ts";
import { loader as invoicePdf } from "#app/routes/resources/account.invoices.$id.invoice.pdf.ts";
import { loader as statementPdf } from "#app/routes/resources/account.statement.pdf.ts";
import { loader as payPage } from "#app/routes/site/invoice.$token.pay.tsx";
import { loader as publicPage } from "#app/routes/site/invoice.$token.tsx";
import { validateInvoiceForm } from "#app/schemas/invoice.ts";
import {
  bodyOf,
  callAccount,
  signedInCustomer,
  statusOf,
  type TestCustomer,
} from "#app/server/customers/customer-billing.test-support.ts";
import type { AccountInvoicesData } from "#app/server/customers/customer-billing-views.ts";
import { invoiceLinks } from "#app/server/db/schema.ts";
import { pdfPagesText } from "#app/server/documents/pdf-readers.test-support.ts";
import { createInvoiceLink } from "#app/server/invoices/invoice-links.server.ts";
import { listInvoices, saveInvoiceDraft } from "#app/server/invoices/invoices.server.ts";
import {
  invoiceFormValues,
  issuedCreditNote,
  issuedInvoice,
  paidBy,
} from "#app/server/invoices/issued-invoice.test-support.ts";
import type { Services } from "#app/server/services.server.ts";
import { createAdminUser } from "#app/server/staff/staff-accounts.server.ts";
import { type MomoStandIn, startMomoStandIn } from "#tests/fakes/mtn-momo-server.ts";
import { createTestContext, createTestServices } from "#tests/setup/test-db.ts";
import { action, loader } from "./invoices.$id.tsx";
import { loader as listLoader } from "./invoices.tsx";

let standIn: MomoStandIn;
let services: Services;
let staffId: string;
let ama: TestCustomer;
let kofi: TestCustomer;
const ids = {} as Record<"first" | "second" | "draft" | "theirs", string>;

beforeAll(async () => {
  standIn = await startMomoStandIn({ currency: "USD" });
  services = await createTestServices({ SITE_URL: "https://freight.example", ...standIn.env() });
  staffId = (await createAdminUser({
    db: services.db,
    email: "accounts@example.com",
    name: "Accounts",
    password: "a sturdy accounts passphrase",
    role: "accounts",
  }))!.id;
  ama = await signedInCustomer(services, { company: "Mensah Trading" });
  kofi = await signedInCustomer(services, { company: "Boateng Imports" });
  const db = services.db;
  ids.first = (
    await issuedInvoice({ db, staffId, customer: ama.shipper, amount: "100.00", today: "2026-10-01" })
  ).id;
  ids.second = (
    await issuedInvoice({ db, staffId, customer: ama.shipper, amount: "250.00", today: "2026-11-02" })
  ).id;
  await paidBy({
    db,
    staffId,
    customer: ama.shipper,
    overrides: {
      receivedOn: "2026-11-10",
      amountMinor: 5000,
      allocations: [{ invoiceId: ids.second, amountMinor: 5000 }],
    },
  });
  await issuedCreditNote({
    db,
    staffId,
    customer: ama.shipper,
    invoiceId: ids.second,
    amount: "20.00",
    today: "2026-11-12",
  });
  const checked = validateInvoiceForm(invoiceFormValues({ customer: ama.shipper, amount: "999.00" }), {
    taxRates: [],
  });
  if (!checked.ok) throw new Error("draft");
  const draft = await saveInvoiceDraft({ db, id: null, input: checked.value, staffId });
  if (!draft.ok) throw new Error(draft.reason);
  ids.draft = draft.id;
  ids.theirs = (await issuedInvoice({ db, staffId, customer: kofi.shipper, amount: "75.00" })).id;
});
afterAll(async () => {
  await services?.close();
  await standIn?.close();
});

const list = (customer: TestCustomer) =>
  callAccount(services, listLoader, { path: "/account/invoices", customer });
const page = (id: string, customer: TestCustomer) =>
  callAccount(services, loader, { path: `/account/invoices/${id}`, params: { id }, customer });
const post = (id: string, customer: TestCustomer, form: Record<string, string>) =>
  callAccount(services, action, { path: `/account/invoices/${id}`, params: { id }, customer, form });
const pdf = (id: string, customer: TestCustomer) =>
  callAccount(services, invoicePdf, {
    path: `/account/invoices/${id}/invoice.pdf`,
    params: { id },
    customer,
  });
const statement = (customer: TestCustomer, query = "") =>
  callAccount(services, statementPdf, { path: `/account/statement.pdf${query}`, customer });
const linkCount = async () => (await services.db.select().from(invoiceLinks)).length;

describe("the account's invoices", () => {
  it("lists the company's invoices and credit notes with the balances staff see, never drafts or others'", async () => {
    const data = bodyOf<AccountInvoicesData>(await list(ama));
    const listed = data.rows.map((row) => row.id);
    expect(listed).toHaveLength(3);
    expect(listed).toEqual(expect.arrayContaining([ids.first, ids.second]));
    expect(listed).not.toContain(ids.draft);
    expect(listed).not.toContain(ids.theirs);
    const note = data.rows.find((row) => row.creditNote);
    expect(note).toMatchObject({ statusLabel: "Credit note", balance: null, total: "-20.00 USD" });

    // The same figures as the staff's invoice list.
    const staff = (await listInvoices({ db: services.db, filter: {}, page: 1 })).rows;
    for (const id of [ids.first, ids.second]) {
      const staffRow = staff.find((row) => row.id === id)!;
      expect(data.rows.find((row) => row.id === id)?.balance).toBe(formatMoney(staffRow.balanceMinor, "USD"));
    }
    expect(data.rows.find((row) => row.id === ids.second)?.balance).toBe("180.00 USD");
    expect(data.rows.find((row) => row.id === ids.first)).toMatchObject({
      overdue: true,
      statusLabel: "Overdue",
    });
    expect(data.owed).toEqual([{ currency: "USD", amount: "280.00 USD" }]);
    expect(data.statements).toHaveLength(1);

    const theirs = bodyOf<AccountInvoicesData>(await list(kofi));
    expect(theirs.rows.map((row) => row.id)).toEqual([ids.theirs]);
  });

  it("shows an invoice as its link does, with the payments received", async () => {
    const shown = bodyOf<{ invoice: Record<string, unknown>; payments: unknown[] }>(
      await page(ids.second, ama),
    );
    expect(shown.invoice).toMatchObject({ paid: "50.00 USD", balanceDue: "180.00 USD", mobileMoney: true });
    expect(shown.payments).toEqual([
      expect.objectContaining({ receivedOn: "2026-11-10", amount: "50.00 USD", method: "Cash" }),
    ]);
    const token = await createInvoiceLink({ db: services.db, invoiceId: ids.second, staffId });
    const fromLink = bodyOf<{ invoice: Record<string, unknown> }>(
      await publicPage({
        request: new Request(`https://freight.example/invoice/${token}`),
        params: { token },
        context: createTestContext(services),
      } as never),
    );
    expect({ ...fromLink.invoice, pdfPath: "" }).toEqual({ ...shown.invoice, pdfPath: "" });
  });

  it("writes every figure of the French invoice page in French, as the list beside it does", async () => {
    const id = ids.second;
    const french = bodyOf<{ invoice: Record<string, unknown>; payments: { amount: string }[] }>(
      await callAccount(services, loader, {
        path: `/fr/compte/factures/${id}`,
        params: { id },
        customer: ama,
      }),
    );
    const fr = (minor: number) => formatMoneyIn("fr", minor, "USD");
    expect(fr(5000)).toMatch(/^50,00\s\$US$/);
    expect(french.invoice).toMatchObject({ paid: fr(5000), balanceDue: fr(18000) });
    expect(french.payments[0]!.amount).toBe(fr(5000));
    const frenchList = bodyOf<AccountInvoicesData>(
      await callAccount(services, listLoader, { path: "/fr/compte/factures", customer: ama }),
    );
    const row = frenchList.rows.find((listed) => listed.id === id) as unknown as Record<string, string>;
    expect(String(french.invoice.total)).toBe(row.total);
  });

  it("shows 'Amount paid' only as the PDF prints it: not on a credit note, not while nothing was received", async () => {
    const rows = bodyOf<AccountInvoicesData>(await list(ama)).rows;
    const note = rows.find((row) => row.creditNote)!;
    const unpaid = rows.find((row) => !row.creditNote && row.id !== ids.second)!;
    for (const id of [note.id, unpaid.id]) {
      const shown = bodyOf<{ invoice: Record<string, unknown> }>(await page(id, ama));
      expect(shown.invoice.paid, id).toBeNull();
    }
  });

  it("answers 404 for another company's invoice, a draft or no invoice: page, PDF and 'Pay'", async () => {
    const before = await linkCount();
    for (const id of [ids.theirs, ids.draft, crypto.randomUUID(), "nope"]) {
      expect(statusOf(await page(id, ama))).toBe(404);
      expect(statusOf(await pdf(id, ama))).toBe(404);
      expect(statusOf(await post(id, ama, { intent: "pay" }))).toBe(404);
    }
    expect(statusOf(await statement(ama, `?party=shipper:${kofi.shipper.id}`))).toBe(404);
    expect(await linkCount()).toBe(before);
  });

  it("'Pay' makes a fresh link to the payment page; a bad form or a paid-off credit note makes none", async () => {
    const before = await linkCount();
    expect(statusOf(await post(ids.second, ama, { intent: "delete" }))).toBe(400);
    const notPayable = (await post(
      (bodyOf<AccountInvoicesData>(await list(ama)).rows.find((row) => row.creditNote) ?? { id: "" }).id,
      ama,
      { intent: "pay" },
    )) as unknown;
    expect(statusOf(notPayable)).toBe(409);
    expect(await linkCount()).toBe(before);

    const paid = (await post(ids.second, ama, { intent: "pay" })) as Response;
    expect(paid.status).toBe(302);
    const target = paid.headers.get("Location")!;
    expect(target).toMatch(/^\/invoice\/[A-Za-z0-9_-]{43}\/pay$/);
    expect(await linkCount()).toBe(before + 1);
    const token = target.split("/")[2]!;
    const opened = await payPage({
      request: new Request(`https://freight.example${target}`),
      params: { token },
      context: createTestContext(services),
    } as never);
    expect(statusOf(opened)).toBe(200);
  });

  it("with mobile money off, offers no 'Pay' and says so when it is posted, making no link", async () => {
    const off = await createTestServices({ SITE_URL: "https://freight.example" });
    try {
      const admin = (await createAdminUser({
        db: off.db,
        email: "accounts@example.com",
        name: "Accounts",
        password: "a sturdy accounts passphrase",
        role: "accounts",
      }))!.id;
      const customer = await signedInCustomer(off, { company: "Offline Traders" });
      const { id } = await issuedInvoice({ db: off.db, staffId: admin, customer: customer.shipper });
      const shown = bodyOf<{ invoice: Record<string, unknown> }>(
        await callAccount(off, loader, { path: `/account/invoices/${id}`, params: { id }, customer }),
      );
      expect(shown.invoice).toMatchObject({ mobileMoney: false, balanceDue: "100.00 USD" });
      const refused = await callAccount(off, action, {
        path: `/account/invoices/${id}`,
        params: { id },
        customer,
        form: { intent: "pay" },
      });
      expect(statusOf(refused)).toBe(409);
      expect(bodyOf(refused)).toEqual({
        error: "Paying by mobile money is not available at the moment. Please pay another way.",
      });
      expect(await off.db.select().from(invoiceLinks)).toEqual([]);
    } finally {
      await off.close();
    }
  });

  it("gives the invoice's PDF and the statement as documents that read back", async () => {
    const response = (await pdf(ids.second, ama)) as Response;
    expect(response.status).toBe(200);
    const text = (await pdfPagesText(Buffer.from(await response.arrayBuffer()))).join("\n");
    expect(text).toContain("250.00");
    expect(text).toContain(`freight.example/account/invoices/${ids.second}`);

    const sheet = (await statement(ama, "?from=2026-10-01&to=2026-11-30")) as Response;
    expect(sheet.status).toBe(200);
    const lines = (await pdfPagesText(Buffer.from(await sheet.arrayBuffer()))).join("\n");
    expect(lines).toContain("Mensah Trading");
    expect(lines).toContain("280.00");
  });
});
