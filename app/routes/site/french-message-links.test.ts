// Every link in every customer message opens in the recipient's language (decision 030): each message
// type is produced for a French recipient on a real database (the shipment update with its delivery note, the
// unsubscribe link and its SMS, the subscription confirmation, the quote, the invoice and its reminder, the
// receipt, the sign-in code and the invitation), every address in it (text, HTML, headers) is checked to be the
// French one, and each is opened through the app's own request handler: 200, in French.

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { englishPath, localizePath } from "#app/lib/i18n/paths.ts";
import { companyToday } from "#app/lib/time-zone.ts";
import { loader as deliveryNoteLoader } from "#app/routes/resources/delivery-note.$token.ts";
import { requestCustomerCode } from "#app/server/customers/customer-sign-in.server.ts";
import { inviteMemberByStaff } from "#app/server/customers/customer-staff-invitations.server.ts";
import { consignees, outbox, shipments, shippers } from "#app/server/db/schema.ts";
import { pdfPagesText } from "#app/server/documents/pdf-readers.test-support.ts";
import { sendDueReminders } from "#app/server/invoices/invoice-reminders.server.ts";
import { sendInvoice } from "#app/server/invoices/invoice-sending.server.ts";
import { billedCustomer, issuedInvoice, paidBy } from "#app/server/invoices/issued-invoice.test-support.ts";
import { requestSubscription } from "#app/server/notifications/subscription-requests.server.ts";
import { defaultValidUntil } from "#app/server/quotes/quotes.server.ts";
import { sentQuote } from "#app/server/quotes/sent-quote.test-support.ts";
import type { Services } from "#app/server/services.server.ts";
import { setNotificationsEnabled } from "#app/server/settings/notification-settings.server.ts";
import { recordDelivery } from "#app/server/shipments/deliveries.server.ts";
import { type AppHandler, createAppHandler } from "#tests/setup/route-handler.ts";
import { signInStaff } from "#tests/setup/staff-session.ts";
import { createTestContext, createTestServices } from "#tests/setup/test-db.ts";

const SITE = "https://unitrans.example";
let services: Services;
let app: AppHandler;
let staff: { cookie: string; userId: string };

beforeAll(async () => {
  // Text messages through Twilio (never sent: the outbox worker does not run here), to Côte d'Ivoire too.
  services = await createTestServices({
    SITE_URL: SITE,
    TWILIO_ACCOUNT_SID: `AC${"1".repeat(32)}`,
    TWILIO_AUTH_TOKEN: "0123456789abcdef0123456789abcdef",
    TWILIO_SMS_FROM: "+15017122661",
    SMS_ALLOWED_COUNTRIES: "LR,CI",
  });
  app = await createAppHandler();
  const signedIn = await signInStaff({ ...services, role: "administrator", email: "desk@example.com" });
  staff = { cookie: signedIn.cookie, userId: signedIn.user.id };
  await setNotificationsEnabled({ db: services.db, enabled: true });
});
afterAll(() => services?.close());

/** Every outgoing message to `to` (e-mail or phone), newest last. */
const messagesTo = (to: string) =>
  services.db.select().from(outbox).where(eq(outbox.to, to)).orderBy(outbox.createdAt);

/** Every address in a message: its text, its HTML part and its headers (List-Unsubscribe). */
function linksOf(message: typeof outbox.$inferSelect): string[] {
  const parts = [message.text, message.html ?? "", ...Object.values(message.headers ?? {})].join("\n");
  const found = parts.match(/https?:\/\/[^\s<>"']+/g) ?? [];
  return [...new Set(found.map((link) => link.replace(/[.,;:)]+$/, "")))];
}

let ip = 0;
const nextContext = () => createTestContext(services, `198.51.100.${(ip++ % 250) + 1}`);

/** GETs a page as a browser does (following the site's redirects); where it ended, its status and its data. */
async function openPage(path: string) {
  let current = path;
  for (let hops = 0; hops < 3; hops++) {
    const { response, body } = await app.send(new Request(`${SITE}${current}`), nextContext());
    const location = response.headers.get("Location");
    if (response.status >= 300 && response.status < 400 && location) {
      current = new URL(location, `${SITE}${current}`).pathname;
      continue;
    }
    const data = (response.status === 200 ? JSON.parse(body).loaderData : {}) as Record<
      string,
      { words?: Record<string, string> } | null
    >;
    return { path: current, status: response.status, data };
  }
  throw new Error(`${path} redirects too often`);
}

/**
 * Checks every link of `message`: on the site, at a French address (the table's French form of its English
 * one), answering 200 in French: a page whose own route is the French copy and carries French words, or (the
 * delivery note, a file) a French PDF. Returns the links' paths.
 */
async function expectFrenchLinks(message: typeof outbox.$inferSelect): Promise<string[]> {
  const paths: string[] = [];
  for (const link of linksOf(message)) {
    expect(link.startsWith(`${SITE}/`), link).toBe(true);
    const path = new URL(link).pathname;
    expect(path, `${link} in '${message.subject ?? message.text}'`).toBe(
      localizePath(englishPath(path), "fr"),
    );
    expect(path).toMatch(/^\/fr\//);
    paths.push(path);
    const note = /^\/fr\/bon-de-livraison\/([\w-]+)$/.exec(path);
    if (note) {
      const response = (await deliveryNoteLoader({
        request: new Request(`${SITE}${path}`),
        params: { token: note[1]! },
        context: nextContext(),
      } as never)) as Response;
      expect(response.status, path).toBe(200);
      const text = (await pdfPagesText(Buffer.from(await response.arrayBuffer()))).join("\n");
      expect(text).toContain("BON DE LIVRAISON");
      continue;
    }
    const page = await openPage(path);
    expect(page.status, `${path} (after redirects: ${page.path})`).toBe(200);
    expect(page.path).toMatch(/^\/fr(\/|$)/);
    // The page's own route (the last matched) is the French copy, and it carries its French words.
    const [id, data] = Object.entries(page.data).at(-1)!;
    expect(id, path).toMatch(/^fr:/);
    const words = Object.values(data?.words ?? {});
    expect(words.length, `${path} carries French words`).toBeGreaterThan(0);
  }
  return paths;
}

/** A French party of the address book, with an e-mail address and (for a consignee) a mobile in Côte d'Ivoire. */
async function frenchParty(kind: "shipper" | "consignee", email: string, phone: string | null = null) {
  const table = kind === "shipper" ? shippers : consignees;
  const [row] = await services.db
    .insert(table)
    .values({ name: "Awa Koné", company: "Koné Import-Export", email, phone, language: "fr" })
    .returning();
  return row!.id;
}

describe("a French recipient's messages", () => {
  it("the delivered shipment's e-mail and SMS: tracking page, delivery note and unsubscribe in French", async () => {
    const shipperId = await frenchParty("shipper", "expediteur@example.ci");
    const consigneeId = await frenchParty("consignee", "destinataire@example.ci", "+2250708091011");
    const [shipment] = await services.db
      .insert(shipments)
      .values({
        trackingNumber: "UTG-7070-0001",
        status: "Out for Delivery",
        originLocation: "Anvers",
        destinationLocation: "Abidjan",
        estimatedDelivery: new Date("2030-01-01T00:00:00Z"),
        shipperId,
        consigneeId,
      })
      .returning();
    const now = new Date();
    const delivered = await recordDelivery({
      db: services.db,
      shipmentId: shipment!.id,
      draftId: crypto.randomUUID(),
      input: {
        receiverName: "Awa Koné",
        deliveredAt: new Date(now.getTime() - 60_000),
        remarks: null,
        internalNote: null,
      },
      signature: null,
      now,
    });
    expect(delivered).toMatchObject({ ok: true });
    await services.notifications.runOnce();

    const [mail] = await messagesTo("destinataire@example.ci");
    expect(mail?.subject).toContain("Livrée");
    const paths = await expectFrenchLinks(mail!);
    expect(paths.map((path) => path.replace(/\/[\w-]{20,}$/, "/…"))).toEqual(
      expect.arrayContaining(["/fr/suivi/UTG-7070-0001", "/fr/bon-de-livraison/…", "/fr/desabonnement/…"]),
    );
    const [sms] = await messagesTo("+2250708091011");
    expect(await expectFrenchLinks(sms!)).toEqual(["/fr/suivi/UTG-7070-0001"]);
  });

  it("the subscription's confirmation: the link to confirm and the tracking page in French", async () => {
    const asked = await requestSubscription({
      ...services,
      trackingNumber: "UTG-7070-0001",
      channel: "email",
      address: "abonne@example.ci",
      clientAddress: "203.0.113.9",
      locale: "fr",
    });
    expect(asked.outcome).toBe("sent");
    const [mail] = await messagesTo("abonne@example.ci");
    const paths = await expectFrenchLinks(mail!);
    expect(paths.some((path) => path.startsWith("/fr/abonnement/"))).toBe(true);
  });

  it("the quote: its page in French", async () => {
    const settings = await services.siteSettings.get();
    const { token } = await sentQuote({
      services,
      email: "devis@example.ci",
      settings,
      validUntil: defaultValidUntil(settings.timeZone),
      language: "fr",
    });
    const [mail] = await messagesTo("devis@example.ci");
    expect(await expectFrenchLinks(mail!)).toEqual([`/fr/devis/${token}`]);
  });

  it("the invoice, its reminder and the receipt: the invoice's page in French", async () => {
    const customer = await billedCustomer(services.db, { name: "Koné Import-Export" });
    await services.db.update(shippers).set({ language: "fr" }).where(eq(shippers.id, customer.id));
    const settings = await services.siteSettings.get();
    // Due in three days: the reminder 'due soon' is due today.
    const invoice = await issuedInvoice({ db: services.db, staffId: staff.userId, customer, termsDays: 3 });
    const sent = await sendInvoice({
      ...services,
      id: invoice.id,
      to: "",
      submissionKey: "french-links-invoice-0001",
      staffId: staff.userId,
      settings,
    });
    expect(sent.ok).toBe(true);
    expect(await sendDueReminders(services)).toBe(1);
    const [invoiceMail, reminder] = await messagesTo(customer.email);
    expect(invoiceMail?.subject).toMatch(/^Facture /);
    expect(reminder?.subject).toMatch(/^Rappel/);
    for (const mail of [invoiceMail!, reminder!]) {
      const [path] = await expectFrenchLinks(mail);
      expect(path).toMatch(/^\/fr\/facture\/[\w-]+$/);
    }

    const paid = await paidBy({
      db: services.db,
      staffId: staff.userId,
      customer,
      overrides: {
        receivedOn: companyToday(settings.timeZone),
        amountMinor: 10_000,
        allocations: [{ invoiceId: invoice.id, amountMinor: 10_000 }],
      },
    });
    const { response } = await app.send(
      new Request(`${SITE}/admin/payments/${paid.id}`, {
        method: "POST",
        headers: { cookie: staff.cookie },
        body: new URLSearchParams({ intent: "email-receipt", submissionKey: crypto.randomUUID() }),
      }),
      createTestContext(services),
    );
    expect(response.status).toBe(302);
    const receipt = (await messagesTo(customer.email)).at(-1)!;
    expect(receipt.subject).toMatch(/^Votre reçu/);
    // No link to follow; none in English either.
    expect(await expectFrenchLinks(receipt)).toEqual([]);
  });

  it("the invitation and the sign-in code: the account's sign-in pages in French", async () => {
    const partyId = await frenchParty("shipper", "compte@example.ci");
    const settings = await services.siteSettings.get();
    const invited = await inviteMemberByStaff({
      ...services,
      settings,
      staffId: staff.userId,
      kind: "shipper",
      partyId,
      input: {},
    });
    expect(invited.ok).toBe(true);
    const [invitation] = await messagesTo("compte@example.ci");
    expect(await expectFrenchLinks(invitation!)).toEqual(["/fr/compte"]);

    const asked = await requestCustomerCode({
      ...services,
      settings,
      typed: "compte@example.ci",
      clientAddress: "203.0.113.10",
    });
    expect(asked.ok).toBe(true);
    const code = (await messagesTo("compte@example.ci")).at(-1)!;
    const [path] = await expectFrenchLinks(code);
    expect(path).toMatch(/^\/fr\/compte\/connexion\/[\w-]+$/);
  });
});
