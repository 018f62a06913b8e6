// The invoice pages' loaders and actions, called as the browser calls them, on a real database with real staff
// sessions: issuing and voiding by role, credit notes, deleting drafts and a second
// 'Issue'.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type * as invoicePage from "#app/routes/admin/invoices.$id.tsx";
import type * as newInvoicePage from "#app/routes/admin/invoices.new.tsx";
import { invoiceLines } from "#app/server/db/schema.ts";
import type { Services } from "#app/server/services.server.ts";
import { createdId, draftFields, invoiceStaff } from "./invoices.test-support.ts";

let services: Services;
const { load, post, newDraft, stored, invoiceCount } = invoiceStaff((opened) => {
  services = opened;
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
