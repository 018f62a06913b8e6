// The invoice pages' loaders and actions, called as the browser calls them, on a real database with real staff
// sessions: 'Send a reminder now' on an issued invoice.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type * as invoicePage from "#app/routes/admin/invoices.$id.tsx";
import { outbox } from "#app/server/db/schema.ts";
import type { Services } from "#app/server/services.server.ts";
import { draftFields, invoiceStaff } from "./invoices.test-support.ts";

let services: Services;
const { load, post, newDraft } = invoiceStaff((opened) => {
  services = opened;
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
