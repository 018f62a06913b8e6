// The invoice pages' tests' fixtures: an Administrator, an Accounts and an Operations member signed in on the
// file's own database (its outbox held, so queued mail stays to be read), the pages' loaders and actions called
// as the browser calls them, and the draft form's fields.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect } from "vitest";
import * as invoicePage from "#app/routes/admin/invoices.$id.tsx";
import * as newInvoicePage from "#app/routes/admin/invoices.new.tsx";
import * as invoiceList from "#app/routes/admin/invoices.tsx";
import { DEFAULT_INVOICE_SETTINGS } from "#app/schemas/invoice-settings.ts";
import { invoices } from "#app/server/db/schema.ts";
import type { Services } from "#app/server/services.server.ts";
import { updateInvoiceSettings } from "#app/server/settings/invoice-settings.server.ts";
import { signInStaff } from "#tests/setup/staff-session.ts";
import { createTestContext, createTestServices } from "#tests/setup/test-db.ts";

const BASE = "http://localhost";
export type Role = "administrator" | "accounts" | "operations";

export const draftFields = (overrides: Record<string, string | string[]> = {}) => ({
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
export function createdId(reply: unknown): string {
  const response = reply as Response;
  expect(response.status).toBe(302);
  const id = /^\/admin\/invoices\/([0-9a-f-]{36})$/.exec(response.headers.get("Location") ?? "")?.[1];
  expect(id).toBeTruthy();
  return id!;
}

async function settle<T>(
  run: () => Promise<T>,
): Promise<T | Response | { data: unknown; init: ResponseInit }> {
  try {
    return await run();
  } catch (error) {
    return error as Response;
  }
}

/**
 * Opens the calling file's services and signs in one member of each role before its tests (with a GST rate
 * and payment instructions in the invoice settings), closes them after; call it at the file's top level.
 * `opened` hands the file its services; the answer calls the pages as each role's browser does.
 */
export function invoiceStaff(opened: (services: Services) => void) {
  let services: Services;
  const cookies: Record<Role, string> = { administrator: "", accounts: "", operations: "" };

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
    opened(services);
  });
  afterAll(() => services?.close());

  const context = () => createTestContext(services);

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

  async function newDraft(overrides: Record<string, string | string[]> = {}, role: Role = "accounts") {
    return createdId(await post("/admin/invoices/new", draftFields(overrides), role));
  }

  const stored = async (id: string) => {
    const [row] = await services.db.select().from(invoices).where(eq(invoices.id, id));
    return row;
  };
  const invoiceCount = async () =>
    Number((await services.db.select({ n: sql<number>`count(*)` }).from(invoices))[0]!.n);

  return { load, post, newDraft, stored, invoiceCount };
}
