import type { Page } from "@playwright/test";
import { waitForHydration } from "./admin-fixtures.ts";
import { expect } from "./fixtures.ts";

/** A new invoice's form for a customer typed in (signed in as staff). */
export async function startInvoice(page: Page, customer: { name: string; email: string }) {
  await page.goto("/admin/invoices/new");
  await waitForHydration(page.getByRole("button", { name: "Save draft" }));
  await page.getByLabel("Name", { exact: true }).fill(customer.name);
  await page.getByLabel("E-mail").fill(customer.email);
}

/** Issues the draft invoice the page shows ('Issue invoice', confirmed); its heading and number. */
export async function issueDraftInvoice(page: Page) {
  const issue = page.getByRole("button", { name: "Issue invoice" });
  await waitForHydration(issue);
  await issue.click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Issue invoice" }).click();
  const heading = page.getByRole("heading", { level: 1, name: /^Invoice INV-\d{4}-\d{4}$/ });
  await expect(heading).toBeVisible();
  return { heading, number: (await heading.textContent())!.replace("Invoice ", "").trim() };
}
