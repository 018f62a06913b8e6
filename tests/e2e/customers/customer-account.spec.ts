import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser, BrowserContext } from "@playwright/test";
import sharp from "sharp";
import { type Database, openDatabase } from "#app/server/db/client.server.ts";
import { consignees, shipments, shippers } from "#app/server/db/schema.ts";
import { createQuoteRequest } from "#app/server/quotes/quote-requests.server.ts";
import { saveQuoteDraft, sendQuote } from "#app/server/quotes/quotes.server.ts";
import { getSiteSettings } from "#app/server/settings/settings.server.ts";
import { recordDelivery } from "#app/server/shipments/deliveries.server.ts";
import { processDeliveryImage } from "#app/server/shipments/delivery-images.server.ts";
import { type FakeAfricasTalking, startFakeAfricasTalking } from "#tests/fakes/africas-talking-server.ts";
import { type AppProcess, startApp } from "../../../scripts/lib/app-process.ts";
import { signInAsCustomer } from "../support/account-flow.ts";
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  type OutboxMessage,
  submitLogin,
  waitForHydration,
} from "../support/admin-fixtures.ts";
import { expect, test } from "../support/fixtures.ts";
import { DESKTOP, PHONE } from "../support/viewports.ts";

// Decision 029, walked end to end, on an app of its own that texts through a local stand-in of
// Africa's Talking's documented SMS API (tests/fakes/): staff invite the contact of a shipper; she signs in on a
// phone with a code sent to her e-mail, sees her company's shipments (as shipper and as consignee), opens one,
// downloads its waybill and its signed delivery note, accepts a pending quote and asks for a new one prefilled;
// a consignee who has no account sees the full details of his one shipment after a code sent to his phone; a
// customer of another company sees none of it by any URL.

const AT = { AFRICASTALKING_USERNAME: "unitrans", AFRICASTALKING_API_KEY: "atsk_customer_account_walk" };
const MUSU = "musu@flomo-imports.example";
const KWAME = "kwame@boateng-freight.example";
const ATO = "ato@flomo-imports.example";
const JALLAH_PHONE = "+231770123456";
const SHIPPED = "FLO-2026-1001";
const RECEIVED = "FLO-2026-2002";
const OTHERS = "BOA-2026-3003";

let app: AppProcess;
let at: FakeAfricasTalking;
let database: Database;
let outboxDir: string;
let quoteId = "";
let musuShipperId = "";

/** The e-mails the app wrote to its outbox folder for one address, oldest first. */
const mailsTo = (to: string): OutboxMessage[] =>
  fs
    .readdirSync(outboxDir)
    .filter((name) => name.endsWith(".json"))
    .map((name) => JSON.parse(fs.readFileSync(path.join(outboxDir, name), "utf8")) as OutboxMessage)
    .filter((mail) => mail.to.toLowerCase() === to)
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt));

/** The text messages the stand-in took for a number. */
const textsTo = (number: string) =>
  at.requests
    .filter((request) => request.form.get("to") === number)
    .map((request) => request.form.get("message") ?? "");

/** What the clerk set up before: the parties, three shipments (one delivered and signed for), a sent quote. */
async function seed() {
  const { db } = database;
  const [musu] = await db
    .insert(shippers)
    .values({
      name: "Musu Flomo",
      company: "Flomo Imports",
      email: MUSU,
      address: "Randall Street, Monrovia",
    })
    .returning();
  musuShipperId = musu!.id;
  // The same firm receiving: its own consignee record, joined to the account by the clerk below.
  const [flomoReceiving] = await db
    .insert(consignees)
    .values({ name: "Flomo Imports (receiving)", company: "Flomo Imports", address: "Freeport of Monrovia" })
    .returning();
  const [jallah] = await db
    .insert(consignees)
    .values({
      name: "Jallah Kollie",
      company: "Kollie Hardware",
      phone: JALLAH_PHONE,
      address: "Gbarnga Road",
    })
    .returning();
  const [kwame] = await db
    .insert(shippers)
    .values({ name: "Kwame Boateng", company: "Boateng Freight", email: KWAME })
    .returning();
  const [liWei] = await db
    .insert(shippers)
    .values({ name: "Li Wei", company: "Guangzhou Parts" })
    .returning();
  const [shipped] = await db
    .insert(shipments)
    .values({
      trackingNumber: SHIPPED,
      status: "In Transit",
      originLocation: "Monrovia, Liberia",
      destinationLocation: "Gbarnga, Liberia",
      shipperId: musu!.id,
      consigneeId: jallah!.id,
      transportMode: "road",
      pieces: 4,
      weight: 320,
      goodsDescription: "Roofing sheets",
    })
    .returning();
  await db.insert(shipments).values({
    trackingNumber: RECEIVED,
    status: "In Transit",
    originLocation: "Guangzhou, China",
    destinationLocation: "Monrovia, Liberia",
    shipperId: liWei!.id,
    consigneeId: flomoReceiving!.id,
    transportMode: "sea",
    goodsDescription: "Generator parts",
  });
  await db.insert(shipments).values({
    trackingNumber: OTHERS,
    status: "In Transit",
    originLocation: "Accra, Ghana",
    destinationLocation: "Monrovia, Liberia",
    shipperId: kwame!.id,
    goodsDescription: "Cocoa sacks",
  });
  // Delivered to Jallah Kollie, who signed on the driver's phone.
  const png = await sharp({ create: { width: 600, height: 200, channels: 4, background: "#00000000" } })
    .composite([
      {
        input: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="600" height="200"><path d="M20 150 C 120 20, 220 180, 580 40" stroke="#000" stroke-width="6" fill="none"/></svg>',
        ),
      },
    ])
    .png()
    .toBuffer();
  const signature = await processDeliveryImage({ bytes: png, maxBytes: 1_000_000, kind: "signature" });
  if (!signature.ok) throw new Error(signature.message);
  const delivered = await recordDelivery({
    db,
    shipmentId: shipped!.id,
    draftId: crypto.randomUUID(),
    input: {
      receiverName: "Jallah Kollie",
      deliveredAt: new Date(),
      remarks: null,
      internalNote: "Cash on gate",
    },
    signature,
  });
  if (!delivered.ok) throw new Error(delivered.reason);
  // A quote sent to Musu, not answered yet.
  const settings = await getSiteSettings({ db });
  const { id: requestId } = await createQuoteRequest({
    db,
    input: {
      firstName: "Musu",
      lastName: "Flomo",
      email: MUSU,
      cityDeparture: "Monrovia",
      deliveryCity: "Buchanan",
      parcelType: "Pallets",
      weight: "500 kg",
      specialInfo: "",
      freightTypes: ["road"],
    },
    submissionKey: `customer-account-walk-${Date.now()}`,
  });
  await saveQuoteDraft({
    db,
    requestId: requestId!,
    staffId: null,
    timeZone: settings.timeZone,
    input: {
      currency: "USD",
      validUntil: "2099-12-31",
      transitTime: null,
      incoterm: null,
      terms: null,
      note: null,
      lines: [{ description: "Road freight to Buchanan", amountMinor: 45_000 }],
    },
  });
  const sent = await sendQuote({
    db,
    config: { SMTP_URL: undefined, OUTBOX_DIR: outboxDir, siteUrl: app.url },
    logger: { info() {} },
    requestId: requestId!,
    staffId: null,
    settings,
  });
  if (!sent.ok) throw new Error(sent.reason);
  quoteId = sent.quoteId;
}

async function phoneContext(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({ ...PHONE.use, baseURL: app.url });
}

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  at = await startFakeAfricasTalking({
    username: AT.AFRICASTALKING_USERNAME,
    apiKey: AT.AFRICASTALKING_API_KEY,
  });
  outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), "freight-account-outbox-"));
  app = await startApp({
    env: {
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      OUTBOX_DIR: outboxDir,
      ...AT,
      AFRICASTALKING_BASE_URL: at.url,
      TRACK_RATE_LIMIT: "100000",
      FORM_RATE_LIMIT: "100000",
    },
  });
  database = await openDatabase({ dataDir: app.dataDir, poolSize: 2 });
  await seed();
});

test.afterAll(async () => {
  await database?.close();
  await app?.stop();
  await at?.close();
  if (app) fs.rmSync(app.dataDir, { recursive: true, force: true });
  if (outboxDir) fs.rmSync(outboxDir, { recursive: true, force: true });
});

test("the end-to-end walk of decision 029: invited on a phone, her company's shipments, documents and quotes; a consignee's one shipment by a texted code; nothing for another company", async ({
  browser,
  checkA11y,
}) => {
  test.setTimeout(240_000);

  // The clerk invites the shipper's contact from her page in the address book, and joins the firm's consignee
  // record to the same account.
  const desk = await browser.newContext({ ...DESKTOP.use, baseURL: app.url });
  const clerk = await desk.newPage();
  await clerk.goto("/admin-login");
  await waitForHydration(clerk.getByRole("button", { name: "Login" }));
  await submitLogin(clerk, ADMIN_EMAIL, ADMIN_PASSWORD);
  await expect(clerk).toHaveURL(/\/admin\/dashboard$/);
  await clerk.goto(`/admin/parties/${musuShipperId}`);
  const invite = clerk.getByRole("form", { name: "Invite to customer account" });
  await expect(invite.getByLabel("E-mail")).toHaveValue(MUSU);
  await waitForHydration(invite.getByRole("button", { name: "Invite to customer account" }));
  await invite.getByRole("button", { name: "Invite to customer account" }).click();
  await expect(clerk.getByText("Invitation sent")).toBeVisible();
  await expect.poll(() => mailsTo(MUSU).some((mail) => mail.subject.includes("customer account"))).toBe(true);
  await clerk.getByLabel("Find a shipper or consignee").fill("Flomo Imports (receiving)");
  await clerk.getByRole("button", { name: "Search", exact: true }).click();
  await clerk.getByRole("button", { name: "Add to this account" }).click();
  await expect(clerk.getByRole("link", { name: /Flomo Imports \(receiving\)/ }).first()).toBeVisible();
  await desk.close();

  // Musu signs in on her phone with the code e-mailed to her.
  const musuPhone = await phoneContext(browser);
  const musu = await musuPhone.newPage();
  await signInAsCustomer(musu, MUSU, mailsTo);
  await checkA11y(musu);
  // Her company's shipments: as shipper and as consignee, and nothing of another company.
  const list = musu.getByRole("main");
  await expect(list.getByText(SHIPPED)).toBeVisible();
  await expect(list.getByText(RECEIVED)).toBeVisible();
  await expect(list.getByText(OTHERS)).toHaveCount(0);

  // One shipment: its documents, the waybill and the delivery note Jallah Kollie signed.
  await list
    .getByRole("link", { name: new RegExp(SHIPPED) })
    .first()
    .click();
  await expect(musu).toHaveURL(new RegExp(`/account/shipments/${SHIPPED}$`));
  await expect(musu.getByText("Roofing sheets").first()).toBeVisible();
  await expect(musu.getByText("Cash on gate")).toHaveCount(0);
  await checkA11y(musu);
  for (const name of ["House waybill (PDF)", "Delivery note with proof of delivery (PDF)"]) {
    const href = await musu.getByRole("link", { name }).getAttribute("href");
    const pdf = await musu.request.get(href!);
    expect(pdf.status(), name).toBe(200);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");
  }

  // The pending quote, accepted from the account.
  await musu.goto("/account/quotes");
  await musu
    .getByRole("link", { name: /Buchanan/ })
    .first()
    .click();
  const accept = musu.getByRole("button", { name: /^Accept quote/ });
  await waitForHydration(accept);
  await musu.getByLabel("Your name").fill("Musu Flomo");
  await accept.click();
  await expect(musu.getByText("This quote was accepted").first()).toBeVisible();

  // Book again: a new quote request with the shipment's route and cargo filled in.
  await musu.goto(`/account/shipments/${SHIPPED}`);
  await musu.getByRole("link", { name: "Book again" }).click();
  await expect(musu).toHaveURL(new RegExp(`/contact\\?from=${SHIPPED}#quote$`));
  await expect(
    musu.getByText("Your details and your shipment's route and cargo are filled in"),
  ).toBeVisible();
  const quoteForm = musu.getByRole("form", { name: "Get a Free Quote" });
  await expect(quoteForm.getByLabel("Email")).toHaveValue(MUSU);
  await expect(quoteForm.getByLabel("City of Departure")).toHaveValue(/Monrovia/);
  await expect(quoteForm.getByLabel("Delivery City")).toHaveValue(/Gbarnga/);
  await expect(quoteForm.getByLabel("Weight")).toHaveValue("320 kg");
  await expect(quoteForm.getByRole("checkbox", { name: "Road Transport" })).toBeChecked();
  // Roofing sheets on pallets this time: the one thing the shipment's record does not say.
  await quoteForm.getByLabel("Parcel Type").selectOption("Pallets");
  const submit = quoteForm.getByRole("button", { name: "Submit Quote Request" });
  await waitForHydration(submit);
  await submit.click();
  await expect(musu.getByText("Quote request submitted successfully. We'll contact you soon!")).toBeVisible();

  // Musu asks a colleague in: an invitation, listed as waiting, that makes Ato a member at his first sign-in
  // with a code sent to his address (decision 029), not before.
  await musu.goto("/account/colleagues");
  const colleagueForm = musu.getByRole("form", { name: "Add a colleague" });
  await waitForHydration(colleagueForm.getByRole("button", { name: "Add colleague" }));
  await colleagueForm.getByLabel("Name").fill("Ato Flomo");
  await colleagueForm.getByLabel("E-mail address").fill(ATO);
  await colleagueForm.getByRole("button", { name: "Add colleague" }).click();
  await expect(
    musu.getByText(
      "We invited Ato Flomo: they join the account when they first sign in with a code sent to this address.",
    ),
  ).toBeVisible();
  await expect(musu.getByText("Invited: joins when they first sign in.")).toBeVisible();
  await checkA11y(musu);
  const atoPhone = await phoneContext(browser);
  const ato = await atoPhone.newPage();
  await signInAsCustomer(ato, ATO, mailsTo);
  await expect(ato.getByRole("main").getByText(SHIPPED)).toBeVisible();
  await atoPhone.close();
  await musu.reload();
  await expect(musu.getByText("Invited: joins when they first sign in.")).toHaveCount(0);
  await expect(musu.getByRole("main").getByText(ATO)).toBeVisible();

  // Jallah, the consignee, has no account: his shipment's full details after a code texted to his phone.
  const jallahPhone = await phoneContext(browser);
  const jallah = await jallahPhone.newPage();
  await jallah.goto(`/track/${SHIPPED}`);
  await expect(jallah.getByText("Roofing sheets")).toHaveCount(0);
  const details = jallah.getByRole("link", { name: "Show full details" });
  await waitForHydration(details);
  await details.click();
  await jallah.getByLabel("E-mail address or mobile number").fill("0770 123 456");
  const before = textsTo(JALLAH_PHONE).length;
  await jallah.getByRole("button", { name: "Send me a code" }).click();
  let code = "";
  await expect
    .poll(() => {
      const texts = textsTo(JALLAH_PHONE).slice(before);
      code = /\b(\d{6})\b/.exec(texts.find((text) => text.includes(SHIPPED)) ?? "")?.[1] ?? "";
      return code;
    })
    .toMatch(/^\d{6}$/);
  await jallah.getByLabel("6-digit code").fill(code);
  await jallah.getByRole("button", { name: "Confirm" }).click();
  await expect(jallah.getByText("Roofing sheets").first()).toBeVisible();
  await expect(jallah.getByText("Musu Flomo").first()).toBeVisible();
  await checkA11y(jallah);

  // Kwame, of another company, signs in with the e-mail on his own record and reaches none of it.
  const kwamePhone = await phoneContext(browser);
  const kwame = await kwamePhone.newPage();
  await signInAsCustomer(kwame, KWAME, mailsTo);
  await expect(kwame.getByRole("main").getByText(OTHERS)).toBeVisible();
  await expect(kwame.getByRole("main").getByText(SHIPPED)).toHaveCount(0);
  for (const url of [
    `/account/shipments/${SHIPPED}`,
    `/account/shipments/${SHIPPED}/waybill.pdf`,
    `/account/shipments/${SHIPPED}/delivery-note.pdf`,
    `/account/shipments/${RECEIVED}`,
    `/account/quotes/${quoteId}`,
    `/account/quotes/${quoteId}/quote.pdf`,
  ]) {
    expect((await kwame.request.get(url)).status(), url).toBe(404);
  }
  // Nor does his session open the tracking page's full details of her shipment.
  await kwame.goto(`/track/${SHIPPED}/details`);
  await expect(kwame.getByText("Roofing sheets")).toHaveCount(0);

  for (const context of [musuPhone, jallahPhone, kwamePhone]) await context.close();
});
