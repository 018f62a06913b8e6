// The receivables page, a customer's statement (page, PDF, e-mail) and the accountant's export, called as the
// browser calls them, on a real database with real staff sessions (decision 028): Administrators and
// Accounts see them, Operations get 403; the PDF read back with pdftotext; one e-mail per form however often
// it is posted; the export's contents with text neutralised against formulas, in CSV and in .xlsx.

import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { companyToday } from "#app/lib/time-zone.ts";
import * as dashboard from "#app/routes/admin/dashboard.tsx";
import * as partyPage from "#app/routes/admin/parties.$id.tsx";
import * as receivablesPage from "#app/routes/admin/receivables.tsx";
import * as statementPage from "#app/routes/admin/statements.$kind.$party-id.tsx";
import * as exportRoute from "#app/routes/resources/admin.invoices.export.ts";
import * as statementPdf from "#app/routes/resources/admin.statements.$kind.$party-id.statement.pdf.ts";
import { outbox, outboxAttachments, shippers } from "#app/server/db/schema.ts";
import { pdfPagesText } from "#app/server/documents/pdf-readers.test-support.ts";
import {
  billedCustomer,
  issuedCreditNote,
  issuedInvoice,
  paidBy,
} from "#app/server/invoices/issued-invoice.test-support.ts";
import { PAYMENTS_HEADER } from "#app/server/receivables/accounts-export.server.ts";
import type { Services } from "#app/server/services.server.ts";
import { readXlsx } from "#app/server/spreadsheets/xlsx-read.server.ts";
import { signInStaff } from "#tests/setup/staff-session.ts";
import { createTestContext, createTestServices } from "#tests/setup/test-db.ts";

const BASE = "http://localhost";
let services: Services;
const cookies = { administrator: "", accounts: "", operations: "" };
type Role = keyof typeof cookies;
let staffId: string;
let customer: Awaited<ReturnType<typeof billedCustomer>>;
let today: string;
let invoiceNumber: string;
let receipt: string;

beforeAll(async () => {
  services = await createTestServices({}, { outbox: { autostart: false } });
  for (const role of Object.keys(cookies) as Role[]) {
    const signed = await signInStaff({ ...services, role, email: `owed-${role}@example.com` });
    cookies[role] = signed.cookie;
  }
  staffId = (await services.db.execute<{ id: string }>(sql`select id from admin_users limit 1`)).rows[0]!.id;
  today = companyToday((await services.siteSettings.get()).timeZone);
  // A customer whose name a spreadsheet would run as a formula.
  customer = await billedCustomer(services.db, { name: "Mensah Trading" });
  await services.db
    .update(shippers)
    .set({ name: '=HYPERLINK("http://evil.example","Click")' })
    .where(eq(shippers.id, customer.id));
  customer = { ...customer, name: '=HYPERLINK("http://evil.example","Click")' };
  const invoice = await issuedInvoice({ db: services.db, staffId, customer, amount: "300.00", today });
  invoiceNumber = invoice.number;
  const paid = await paidBy({
    db: services.db,
    staffId,
    customer,
    overrides: {
      receivedOn: today,
      method: "bank_transfer",
      reference: "+TRF-991",
      amountMinor: 10_000,
      allocations: [{ invoiceId: invoice.id, amountMinor: 10_000 }],
    },
  });
  receipt = paid.number;
}, 60_000);
afterAll(() => services?.close());

const context = () => createTestContext(services);

async function settle<T>(run: () => Promise<T>): Promise<T | { init: ResponseInit } | Response> {
  try {
    return await run();
  } catch (error) {
    return error as Response;
  }
}

const request = (path: string, role: Role, init: RequestInit = {}) =>
  new Request(`${BASE}${path}`, { ...init, headers: { cookie: cookies[role], origin: BASE } });
const statementPath = () => `/admin/statements/shipper/${customer.id}`;
const statementParams = () => ({ kind: "shipper", partyId: customer.id });
const statusOf = (reply: unknown) =>
  reply instanceof Response ? reply.status : (reply as { init: ResponseInit }).init.status;

describe("who sees what is owed", () => {
  it("lets Administrators and Accounts in and answers Operations 403 on every page, PDF and export", async () => {
    for (const role of ["administrator", "accounts"] as const) {
      const page = (await receivablesPage.loader({
        request: request("/admin/receivables", role),
        context: context(),
        params: {},
      } as never)) as Awaited<ReturnType<typeof receivablesPage.loader>>;
      expect(page.customers).toEqual([
        expect.objectContaining({ currency: "USD", total: "200.00 USD", statementUrl: statementPath() }),
      ]);
      expect(page.totals).toEqual([expect.objectContaining({ currency: "USD", total: "200.00 USD" })]);
    }
    const refused: (() => Promise<unknown>)[] = [
      () =>
        receivablesPage.loader({
          request: request("/admin/receivables", "operations"),
          context: context(),
          params: {},
        } as never),
      () =>
        statementPage.loader({
          request: request(statementPath(), "operations"),
          context: context(),
          params: statementParams(),
        } as never),
      () =>
        statementPage.action({
          request: request(statementPath(), "operations", {
            method: "POST",
            body: new URLSearchParams({ intent: "email", submissionKey: crypto.randomUUID() }),
          }),
          context: context(),
          params: statementParams(),
        } as never),
      () =>
        statementPdf.loader({
          request: request(`${statementPath()}/statement.pdf`, "operations"),
          context: context(),
          params: statementParams(),
        } as never),
      () =>
        exportRoute.loader({
          request: request(`/admin/invoices/export.csv?from=${today}&to=${today}`, "operations"),
          context: context(),
          params: {},
        } as never),
    ];
    for (const run of refused) expect(statusOf(await settle(run))).toBe(403);
    expect(await services.db.select().from(outbox)).toEqual([]);
  });

  it("shows Administrators a Receivables card on the dashboard, and Operations none", async () => {
    const asAdmin = (await dashboard.loader({
      request: request("/admin/dashboard", "administrator"),
      context: context(),
      params: {},
    } as never)) as Awaited<ReturnType<typeof dashboard.loader>>;
    expect(asAdmin.receivables).toEqual([{ currency: "USD", total: "200.00 USD", overdue: "0.00 USD" }]);
    const asOperations = (await dashboard.loader({
      request: request("/admin/dashboard", "operations"),
      context: context(),
      params: {},
    } as never)) as Awaited<ReturnType<typeof dashboard.loader>>;
    expect(asOperations.receivables).toBeNull();
  });

  it("links a party's page to their statement for Administrators, and not for Operations", async () => {
    const partyOf = async (role: Role) =>
      (await partyPage.loader({
        request: request(`/admin/parties/${customer.id}`, role),
        context: context(),
        params: { id: customer.id },
      } as never)) as Extract<Awaited<ReturnType<typeof partyPage.loader>>, { statementUrl: unknown }>;
    expect((await partyOf("administrator")).statementUrl).toBe(statementPath());
    expect((await partyOf("operations")).statementUrl).toBeNull();
  });
});

describe("the statement", () => {
  it("prints the period's lines and balances in its PDF", async () => {
    const response = (await statementPdf.loader({
      request: request(`${statementPath()}/statement.pdf`, "accounts"),
      context: context(),
      params: statementParams(),
    } as never)) as Response;
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const [text] = await pdfPagesText(Buffer.from(await response.arrayBuffer()), { mode: "layout" });
    expect(text).toContain("STATEMENT OF ACCOUNT");
    expect(text).toContain("Opening balance");
    expect(text).toMatch(new RegExp(`Invoice ${invoiceNumber}.*300\\.00.*300\\.00`));
    // The payment's details wrap onto a second line under them; the amounts stay on the first.
    expect(text).toMatch(
      new RegExp(`Payment ${receipt}, bank transfer, ref\\..*100\\.00.*200\\.00\\n\\s+\\+TRF-991\\n`),
    );
    expect(text).toContain("Balance due: 200.00 USD");
  });

  it("sends one e-mail with the PDF however often one form is posted, and refuses a customer without an address", async () => {
    const key = crypto.randomUUID();
    const send = () =>
      settle(() =>
        statementPage.action({
          request: request(statementPath(), "accounts", {
            method: "POST",
            body: new URLSearchParams({ intent: "email", submissionKey: key }),
          }),
          context: context(),
          params: statementParams(),
        } as never),
      );
    const first = (await send()) as Response;
    const second = (await send()) as Response;
    expect([first.status, second.status]).toEqual([302, 302]);
    const mails = await services.db.select().from(outbox).where(eq(outbox.to, customer.email));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain("statement of account");
    expect(mails[0]!.text).toContain("Balance due: 200.00 USD");
    const files = await services.db
      .select()
      .from(outboxAttachments)
      .where(eq(outboxAttachments.outboxId, mails[0]!.id));
    expect(files.map((file) => file.contentType)).toEqual(["application/pdf"]);

    await services.db.update(shippers).set({ email: null }).where(eq(shippers.id, customer.id));
    const refused = (await settle(() =>
      statementPage.action({
        request: request(statementPath(), "accounts", {
          method: "POST",
          body: new URLSearchParams({ intent: "email", submissionKey: crypto.randomUUID() }),
        }),
        context: context(),
        params: statementParams(),
      } as never),
    )) as { data: { error: string }; init: ResponseInit };
    expect(refused.init.status).toBe(400);
    expect(refused.data.error).toMatch(/no e-mail address/);
    expect(await services.db.select().from(outbox)).toHaveLength(1);
    await services.db.update(shippers).set({ email: customer.email }).where(eq(shippers.id, customer.id));
  });

  it("falls back to this month, saying why, for dates that are not dates", async () => {
    const page = (await statementPage.loader({
      request: request(`${statementPath()}?from=2026-02-31&to=2026-03-01`, "accounts"),
      context: context(),
      params: statementParams(),
    } as never)) as Awaited<ReturnType<typeof statementPage.loader>>;
    expect(page.periodProblem).toMatch(/not understood/);
    expect(page.to).toBe(today);
    expect(page.from).toBe(`${today.slice(0, 8)}01`);
  });
});

describe("the accountant's export", () => {
  const exported = async (format: "csv" | "xlsx", what: string) => {
    const response = (await exportRoute.loader({
      request: request(`/admin/invoices/export.${format}?what=${what}&from=${today}&to=${today}`, "accounts"),
      context: context(),
      params: {},
    } as never)) as Response;
    expect(response.status).toBe(200);
    return new Uint8Array(await response.arrayBuffer());
  };

  it("lists the period's invoices with paid and balance, and neutralises text a spreadsheet would run", async () => {
    const [invoice] = await services.db
      .execute<{ id: string }>(sql`select id from invoices where number = ${invoiceNumber}`)
      .then((result) => result.rows);
    const creditNumber = await issuedCreditNote({
      db: services.db,
      staffId,
      customer,
      invoiceId: invoice!.id,
      amount: "50.00",
      today,
    });
    const csv = new TextDecoder().decode(await exported("csv", "documents"));
    const lines = csv
      .replace(/^\ufeff/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toBe(
      "Number,Kind,Issue date,Due date,Customer,Company,Currency,Subtotal,Tax,Total,Paid,Credited,Balance,Status,Credit note for",
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`${invoiceNumber},Invoice,${today},`);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil.example"",""Click"")"`);
    expect(lines[1]).toContain(",USD,300,0,300,100,50,150,Partly paid,");
    expect(lines[2]).toMatch(
      new RegExp(`^${creditNumber},Credit note,${today},,.*,USD,50,0,50,,,,Issued,${invoiceNumber}$`),
    );

    const sheet = readXlsx(await exported("xlsx", "payments"), { maxRows: 10 });
    expect(sheet.formulas).toEqual([]);
    expect(sheet.rows[0]).toEqual(PAYMENTS_HEADER);
    expect(sheet.rows[1]!.slice(0, 12)).toEqual([
      receipt,
      today,
      `'=HYPERLINK("http://evil.example","Click")`,
      "Bank transfer",
      "'+TRF-991",
      "USD",
      "100",
      "",
      "USD",
      "100",
      `${invoiceNumber} (100)`,
      "0",
    ]);
  });

  it("refuses a period that is not one, with the reason", async () => {
    const response = (await exportRoute.loader({
      request: request("/admin/invoices/export.csv?what=documents&from=2026-12-01&to=2026-11-01", "accounts"),
      context: context(),
      params: {},
    } as never)) as Response;
    expect(response.status).toBe(400);
    expect(await response.text()).toBe("The start date is after the end date.");
  });
});
