import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import type { Page } from "@playwright/test";
import { readOutbox, uniqueAdminEmail, waitForHydration } from "../support/admin-fixtures.ts";
import { expect, test } from "../support/fixtures.ts";
import { findEnglishWords } from "../support/french-text.ts";
import { clerkPage, openQuotePage, priceAndSend } from "../support/quote-flow.ts";
import { DESKTOP, PHONE } from "../support/viewports.ts";

// Decision 030, walked end to end: a consignee in Abidjan with a French browser lands on the English home
// page, is offered French and takes it; tracks his shipment in French; subscribes by e-mail and receives the next
// update in French; asks for a quote from the French contact page and opens it in French, its PDF included. The
// clerk works in the English back office throughout. (This app has no SMS provider: the French text message and
// the French invoice, page and PDF, are proven by app/server/notifications/notification-french.test.ts and
// app/routes/resources/french-documents.test.ts, app/routes/site/invoice.fr.test.tsx.)

const run = promisify(execFile);

/** The text of a PDF, read back with pdftotext (poppler-utils), its spaces made plain. */
async function pdfText(bytes: Buffer): Promise<string> {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "fr-pdf-")), "document.pdf");
  fs.writeFileSync(file, bytes);
  const { stdout } = await run("pdftotext", ["-enc", "UTF-8", file, "-"]);
  return stdout.replace(/[\u00a0\u202f]/g, " ");
}

/** The page is French (after a navigation in the browser, once React has drawn the new page). */
async function expectFrench(page: Page) {
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  await expect.poll(() => findEnglishWords(page), { message: `English words on ${page.url()}` }).toEqual([]);
}

test.use({ ...DESKTOP.use, signedIn: true });

test("a consignee with a French browser takes French, tracks, subscribes, gets the next update and his quote in French", async ({
  page: clerk,
  browser,
  baseURL,
  storageState,
}) => {
  test.setTimeout(240_000);
  const number = `FR${Date.now().toString(36).toUpperCase()}`.slice(0, 14);
  const email = uniqueAdminEmail("koffi");

  // The clerk books the shipment to Abidjan in the (English) back office.
  await clerk.goto("/admin/shipments/new");
  await waitForHydration(clerk.getByRole("button", { name: "Create Shipment" }));
  await clerk.getByLabel("Tracking Number").fill(number);
  await clerk.getByLabel("Status", { exact: true }).fill("In Transit");
  await clerk.getByLabel("Origin").fill("Monrovia, Liberia");
  await clerk.getByLabel("Destination").fill("Abidjan, Côte d'Ivoire");
  await clerk.getByLabel("Estimated Delivery").fill("2030-05-01");
  await clerk.getByLabel("Dimensions").fill("120 x 80 x 60");
  await clerk.getByRole("button", { name: "Create Shipment" }).click();
  await expect(clerk.getByRole("heading", { level: 1, name: `Shipment ${number}` })).toBeVisible();
  const shipmentPage = clerk.url();

  // Koffi, on a phone whose browser asks for French, lands on the English home page and is offered French.
  const koffi = await browser.newContext({ ...PHONE.use, locale: "fr-FR", baseURL });
  const phone = await koffi.newPage();
  await phone.goto("/");
  await expect(phone.locator("html")).toHaveAttribute("lang", "en");
  const offer = phone.getByRole("region", { name: "Langue" });
  await offer.getByRole("link", { name: "Voir en français" }).click();
  await expect(phone).toHaveURL(/\/fr$/);
  await expectFrench(phone);

  // He tracks his shipment in French, from the French home page's tracking box.
  const box = phone.locator('input[name="number"]').first();
  await waitForHydration(box);
  await box.fill(number);
  await box.press("Enter");
  await expect(phone).toHaveURL(new RegExp(`/fr/suivi/${number}$`));
  await expect(phone.getByText("En transit").first()).toBeVisible();
  await expectFrench(phone);

  // He subscribes by e-mail in French, and confirms from the French e-mail's link.
  const alerts = phone.getByRole("link", { name: "Recevoir les alertes" });
  await waitForHydration(alerts);
  await alerts.click();
  await expect(phone).toHaveURL(new RegExp(`/fr/suivi/${number}/alertes$`));
  await expectFrench(phone);
  const byEmail = phone.getByRole("form", { name: "Par e-mail" });
  await byEmail.getByLabel("Adresse e-mail").fill(email);
  await byEmail.getByRole("button", { name: "M'envoyer un lien de confirmation" }).click();
  await expect.poll(() => readOutbox(email).length).toBeGreaterThan(0);
  const confirmation = readOutbox(email).at(-1)!;
  const confirm = /https?:\/\/\S+(\/fr\/abonnement\/[\w-]{43})/.exec(confirmation.text)?.[1];
  expect(confirm, confirmation.text).toBeTruthy();
  await phone.goto(confirm!);
  await expectFrench(phone);
  const yes = phone.getByRole("button", { name: "Confirmer" });
  await waitForHydration(yes);
  await yes.click();
  await expect(phone.getByRole("heading", { level: 1, name: "Vous êtes abonné" })).toBeVisible();

  // The clerk records the arrival; the next update reaches Koffi in French, with the French tracking address.
  await clerk.goto(shipmentPage);
  const add = clerk.getByRole("button", { name: "Add Status Update" });
  await waitForHydration(add);
  await add.click();
  const dialog = clerk.getByRole("dialog", { name: "Add Status Update" });
  await dialog.getByLabel("Status", { exact: true }).fill("Arrived");
  await dialog.getByLabel("Location", { exact: true }).fill("Port autonome d'Abidjan");
  await dialog.getByRole("button", { name: "Add Status Update" }).click();
  await expect(clerk.getByText("Status update added")).toBeVisible();
  const update = () => readOutbox(email).find((mail) => mail.text.includes("Arrivée"));
  await expect.poll(() => update()?.text ?? "", { timeout: 60_000 }).toContain(`/fr/suivi/${number}`);
  expect(update()!.text).not.toMatch(/\bArrived\b|Track your shipment/);

  // He asks for a quote on the French contact page: the request keeps his language.
  await phone.goto("/fr/contact");
  const quoteForm = phone.locator("#quote-form");
  await waitForHydration(quoteForm.getByRole("button", { name: "Envoyer la demande de devis" }));
  await quoteForm.locator('[name="firstName"]').fill("Koffi");
  await quoteForm.locator('[name="lastName"]').fill("Kouassi");
  await quoteForm.locator('[name="email"]').fill(email);
  await quoteForm.locator('[name="cityDeparture"]').fill("Monrovia");
  await quoteForm.locator('[name="deliveryCity"]').fill("Accra");
  await quoteForm.locator('[name="parcelType"]').selectOption("Pallets");
  await quoteForm.locator('[name="weight"]').fill("250 kg");
  await quoteForm.locator('[name="freightTypes"][value="sea"]').check();
  await quoteForm.getByRole("button", { name: "Envoyer la demande de devis" }).click();
  await expect(phone.getByRole("region", { name: "Votre demande de devis a été envoyée" })).toBeVisible();

  // The clerk prices it in English; Koffi's e-mail, his quote page and its PDF are in French.
  const desk = await clerkPage(browser, DESKTOP.use, baseURL!, storageState);
  await openQuotePage(desk, email);
  await priceAndSend(desk);
  const quoteMail = () => readOutbox(email).find((mail) => mail.subject.startsWith("Votre devis"));
  await expect.poll(() => quoteMail()?.subject ?? "").toMatch(/Monrovia – Accra$/);
  expect(quoteMail()!.text.replace(/[\u00a0\u202f]/g, " ")).toContain("1 435,50 $US");
  const quotePath = /https?:\/\/\S+(\/fr\/devis\/[\w-]{43})/.exec(quoteMail()!.text)?.[1];
  expect(quotePath, quoteMail()!.text).toBeTruthy();
  await phone.goto(quotePath!);
  await expect(phone.getByRole("button", { name: "Accepter le devis" })).toBeVisible();
  await expectFrench(phone);
  const pdf = await phone.request.get(`${quotePath}/pdf`);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  const text = await pdfText(await pdf.body());
  expect(text).toContain("DEVIS");
  expect(text).toContain("1 435,50 $US");
  expect(text).not.toContain("QUOTATION");
  await desk.context().close();
  await koffi.close();
});
