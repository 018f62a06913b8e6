// The invoice PDF route, called directly on a real database: an issued invoice with its shipment and the payment
// instructions of the settings, a credit note, a draft and a void invoice, their file names and headers, and who
// may not have it (no session, the Editor role, an unknown invoice).

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader } from "#app/routes/resources/admin.invoices.$id.invoice.pdf.ts";
import { validateInvoiceForm } from "#app/schemas/invoice.ts";
import { DEFAULT_INVOICE_SETTINGS } from "#app/schemas/invoice-settings.ts";
import { shipmentSchema } from "#app/schemas/shipment.ts";
import { invoiceLinks } from "#app/server/db/schema.ts";
import { decodePages, pdfPagesText } from "#app/server/documents/pdf-readers.test-support.ts";
import { findInvoiceLink } from "#app/server/invoices/invoice-links.server.ts";
import { issueInvoice, saveInvoiceDraft, voidInvoice } from "#app/server/invoices/invoices.server.ts";
import type { Services } from "#app/server/services.server.ts";
import { updateInvoiceSettings } from "#app/server/settings/invoice-settings.server.ts";
import { createShipment } from "#app/server/shipments/shipments.server.ts";
import { thrownStatus } from "#tests/setup/responses.ts";
import { signInStaff } from "#tests/setup/staff-session.ts";
import { createTestContext, createTestServices } from "#tests/setup/test-db.ts";

let services: Services;
let accounts: { cookie: string; userId: string };
let editor: string;
let operations: string;

beforeAll(async () => {
  services = await createTestServices();
  const signedIn = await signInStaff({ ...services, role: "accounts" });
  accounts = { cookie: signedIn.cookie, userId: signedIn.user.id };
  ({ cookie: editor } = await signInStaff({ ...services, role: "editor" }));
  ({ cookie: operations } = await signInStaff({ ...services, role: "operations" }));
  await updateInvoiceSettings({
    db: services.db,
    settings: {
      ...DEFAULT_INVOICE_SETTINGS,
      taxRates: [{ name: "GST", basisPoints: 1200 }],
      paymentInstructions: "Bank: LBDI, account 001-234567-01\nMTN Mobile Money: +231 88 000 1234",
    },
  });
});
afterAll(() => services.close());

async function draft({
  creditedInvoiceId = null,
  shipmentIds = [],
}: {
  creditedInvoiceId?: string | null;
  shipmentIds?: string[];
} = {}) {
  const checked = validateInvoiceForm(
    {
      party: "",
      customerName: "Ama Mensah",
      customerCompany: "Mensah Trading",
      customerEmail: "ama@example.com",
      billingAddress: "12 Broad Street\nMonrovia",
      currency: "USD",
      paymentTermsDays: "14",
      notes: "Thank you for your business.",
      paymentInstructions: "",
      lines: [
        { description: "Sea freight", quantity: "1", unitPrice: "1200.50", tax: "" },
        { description: "Handling", quantity: "2.5", unitPrice: "10", tax: "GST" },
      ],
      shipmentIds,
    },
    { taxRates: [{ name: "GST", basisPoints: 1200 }] },
  );
  if (!checked.ok) throw new Error(JSON.stringify(checked.errors));
  const saved = await saveInvoiceDraft({
    db: services.db,
    id: null,
    input: checked.value,
    staffId: accounts.userId,
    creditedInvoiceId,
  });
  if (!saved.ok) throw new Error(saved.reason);
  return saved.id;
}

async function issue(id: string) {
  const issued = await issueInvoice({
    db: services.db,
    id,
    staffId: accounts.userId,
    today: "2026-11-23",
    settings: DEFAULT_INVOICE_SETTINGS,
  });
  if (!issued.ok) throw new Error(issued.reason);
  return issued.number;
}

const pdfOf = (id: string, cookie: string | null = accounts.cookie) =>
  loader({
    request: new Request(`http://localhost/admin/invoices/${id}/invoice.pdf`, {
      headers: cookie ? { cookie } : {},
    }),
    params: { id },
    context: createTestContext(services),
  } as never) as Promise<Response>;

const text = async (response: Response) =>
  (await pdfPagesText(Buffer.from(await response.arrayBuffer()), { mode: "layout" }))
    .join(" ")
    .replace(/\s+/g, " ");

describe("the invoice PDF route", () => {
  it("prints an issued invoice with its shipment and the settings' payment instructions, named after its number", async () => {
    const shipment = await createShipment({
      db: services.db,
      input: shipmentSchema.parse({
        trackingNumber: "UTG-4321-8765",
        status: "In Transit",
        originLocation: "Antwerp",
        destinationLocation: "Monrovia",
        estimatedDelivery: "2026-12-20",
        dimensions: "1x1x1 m",
      }),
    });
    const id = await draft({ shipmentIds: [shipment.id] });
    const number = await issue(id);
    const response = await pdfOf(id);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(response.headers.get("Content-Disposition")).toBe(`inline; filename="Invoice-${number}.pdf"`);
    const printed = await text(response);
    for (const expected of [
      "INVOICE",
      `No. ${number}`,
      "Ama Mensah",
      "SHIPMENT UTG-4321-8765",
      "Sea freight 1 1,200.50 None 1,200.50",
      "Handling 2.5 10.00 GST 12 % 25.00",
      "GST 12 % on 25.00 3.00 USD",
      "Total 1,228.50 USD",
      "Balance due 1,228.50 USD",
      "Due 7 Dec 2026",
      "Bank: LBDI, account 001-234567-01",
      "MTN Mobile Money: +231 88 000 1234",
    ]) {
      expect(printed).toContain(expected);
    }

    // Operations staff print it too.
    expect((await pdfOf(id, operations)).status).toBe(200);
  });

  it("prints the customer's pay link and its QR code on an issued, unpaid invoice: one link, whatever the downloads", async () => {
    const id = await draft();
    await issue(id);
    const qrCodes = async (response: Response) =>
      (await decodePages(Buffer.from(await response.arrayBuffer())))
        .flat()
        .filter((code) => code.type === "QR-Code")
        .map((code) => code.data);
    // Two downloads at once, then a third: the same link, made once.
    const [first, second] = await Promise.all([pdfOf(id), pdfOf(id)]);
    const [link] = await qrCodes(first);
    expect(link).toMatch(new RegExp(`^${services.config.siteUrl}/invoice/[\\w-]{43}$`));
    expect(await qrCodes(second)).toEqual([link]);
    const third = await pdfOf(id);
    expect(await text(third.clone())).toContain(link);
    expect(await qrCodes(third)).toEqual([link]);
    expect(await services.db.select().from(invoiceLinks).where(eq(invoiceLinks.invoiceId, id))).toHaveLength(
      1,
    );
    // A real customer link: it opens this invoice's page.
    const token = link!.slice(link!.lastIndexOf("/") + 1);
    expect(await findInvoiceLink({ db: services.db, token })).toMatchObject({ invoiceId: id });

    // Nothing to pay, nothing to print: a draft, a credit note, a void invoice.
    const draftId = await draft();
    expect(await qrCodes(await pdfOf(draftId))).toEqual([]);
    const creditId = await draft({ creditedInvoiceId: id });
    await issue(creditId);
    expect(await qrCodes(await pdfOf(creditId))).toEqual([]);
    const voided = await draft();
    await issue(voided);
    await voidInvoice({ db: services.db, id: voided, staffId: accounts.userId, reason: "Typo" });
    expect(await qrCodes(await pdfOf(voided))).toEqual([]);
    // Six PDFs drawn and each page's QR codes decoded: about 3 s on a quiet machine, past the default 30 s beside
    // the browser suite on two cores (the oldest-PostgreSQL pass runs beside it).
  }, 90_000);

  it("names a credit note and a draft as such, and marks a void invoice", async () => {
    const invoiceId = await draft();
    const invoiceNumber = await issue(invoiceId);
    const creditId = await draft({ creditedInvoiceId: invoiceId });
    const draftResponse = await pdfOf(creditId);
    expect(draftResponse.headers.get("Content-Disposition")).toBe(
      `inline; filename="Credit-note-draft-${creditId.slice(0, 8)}.pdf"`,
    );
    expect(await text(draftResponse)).toContain("CREDIT NOTE (DRAFT)");
    const creditNumber = await issue(creditId);
    const credit = await pdfOf(creditId);
    expect(credit.headers.get("Content-Disposition")).toBe(
      `inline; filename="Credit-note-${creditNumber}.pdf"`,
    );
    const creditText = await text(credit);
    expect(creditText).toContain(`For invoice ${invoiceNumber}`);
    expect(creditText).toContain("Total credited 1,228.50 USD");

    const draftInvoice = await draft();
    expect((await pdfOf(draftInvoice)).headers.get("Content-Disposition")).toBe(
      `inline; filename="Invoice-draft-${draftInvoice.slice(0, 8)}.pdf"`,
    );

    const voided = await draft();
    const voidNumber = await issue(voided);
    expect(
      await voidInvoice({ db: services.db, id: voided, staffId: accounts.userId, reason: "Typo" }),
    ).toEqual({
      ok: true,
    });
    const voidText = await text(await pdfOf(voided));
    expect(voidText).toContain("INVOICE (VOID)");
    expect(voidText).toContain(`No. ${voidNumber}`);
    expect(voidText).not.toContain("Typo");
  });

  it("an issued invoice keeps the payment instructions of its day: changing the settings later changes its PDF not", async () => {
    const id = await draft();
    await issue(id);
    const settingsOfToday = "Bank: LBDI, account 001-234567-01";
    await updateInvoiceSettings({
      db: services.db,
      settings: {
        ...DEFAULT_INVOICE_SETTINGS,
        taxRates: [{ name: "GST", basisPoints: 1200 }],
        paymentInstructions: "Bank: Ecobank, account 999-000",
      },
    });
    try {
      const printed = await text(await pdfOf(id));
      expect(printed).toContain(settingsOfToday);
      expect(printed).not.toContain("Ecobank");
      // A draft, sent to no one yet, shows what issuing it now would print.
      expect(await text(await pdfOf(await draft()))).toContain("Ecobank");
    } finally {
      await updateInvoiceSettings({
        db: services.db,
        settings: {
          ...DEFAULT_INVOICE_SETTINGS,
          taxRates: [{ name: "GST", basisPoints: 1200 }],
          paymentInstructions: "Bank: LBDI, account 001-234567-01\nMTN Mobile Money: +231 88 000 1234",
        },
      });
    }
  });

  it("answers 404 to an unknown invoice, 403 to the Editor role, and sends the signed-out to sign in", async () => {
    for (const id of ["00000000-0000-4000-8000-000000000000", "not-a-uuid"]) {
      expect(await thrownStatus(pdfOf(id)), id).toBe(404);
    }
    const id = await draft();
    const refused = await pdfOf(id, editor).catch((error: unknown) => error as Response);
    expect(refused.status).toBe(403);
    expect(await refused.text()).toBe("You do not have access to this page.");
    expect(await thrownStatus(pdfOf(id, null))).toBe(302);
  });
});
