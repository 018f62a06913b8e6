import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_TEMPLATES_FR } from "#app/lib/notification-templates.ts";
import { createMember, ensureCompanyForParty } from "#app/server/customers/customer-companies.server.ts";
import {
  consignees,
  customerMembers,
  notificationSubscribers,
  outbox,
  shipments,
  shippers,
} from "#app/server/db/schema.ts";
import type { Services } from "#app/server/services.server.ts";
import {
  saveFrenchNotificationTemplates,
  setNotificationsEnabled,
} from "#app/server/settings/notification-settings.server.ts";
import { addStatusUpdate } from "#app/server/shipments/shipments.server.ts";
import { type FakeTwilio, startFakeTwilio } from "#tests/fakes/twilio-server.ts";
import { type SmtpTestServer, startSmtpTestServer } from "#tests/setup/smtp-test-server.ts";
import { createTestServices } from "#tests/setup/test-db.ts";

// Decision 030: each recipient of a shipment update gets it in their language: a French consignee and a French
// subscriber in French (templates, status names, dates, the /fr/suivi link), an English shipper in English, on
// the same update. The real scheduler and outbox worker, a real SMTP server and the fake of Twilio's API.

const clock = new Date("2026-11-23T14:40:00Z");
const SITE = "https://freight.example.com";
const TWILIO = {
  TWILIO_ACCOUNT_SID: `AC${"1".repeat(32)}`,
  TWILIO_AUTH_TOKEN: "0123456789abcdef0123456789abcdef",
  TWILIO_SMS_FROM: "+15017122661",
  TWILIO_WHATSAPP_FROM: "+15017122662",
  TWILIO_WHATSAPP_TEMPLATE_SID: `HX${"e".repeat(32)}`,
  TWILIO_WHATSAPP_TEMPLATE_SID_FR: `HX${"f".repeat(32)}`,
};
const SHIPPER_PHONE = "+231770000011";
const CONSIGNEE_PHONE = "+231880000012";

let smtp: SmtpTestServer;
let twilio: FakeTwilio;
let services: Services;
beforeAll(async () => {
  smtp = await startSmtpTestServer();
  twilio = await startFakeTwilio({
    accountSid: TWILIO.TWILIO_ACCOUNT_SID,
    authToken: TWILIO.TWILIO_AUTH_TOKEN,
  });
  services = await createTestServices(
    { SMTP_URL: smtp.url, SITE_URL: SITE, ...TWILIO },
    {
      outbox: { now: () => clock, autostart: false, providers: { twilioBaseUrl: twilio.url } },
      notifications: { now: () => clock, autostart: false },
    },
  );
});
afterAll(async () => {
  await services?.close();
  await smtp?.close();
  await twilio?.close();
});

let shipmentId: string;
let shipperId: string;
let trackingNumber: string;
let serial = 0;
beforeEach(async () => {
  await setNotificationsEnabled({ db: services.db, enabled: true });
  await saveFrenchNotificationTemplates({ db: services.db, templates: DEFAULT_TEMPLATES_FR });
  const [shipper] = await services.db
    .insert(shippers)
    .values({ name: "Ada Shipper", email: "shipper@example.com", phone: SHIPPER_PHONE, language: "en" })
    .returning();
  const [consignee] = await services.db
    .insert(consignees)
    .values({ name: "Awa Koné", email: "awa@example.com", phone: CONSIGNEE_PHONE, language: "fr" })
    .returning();
  serial++;
  trackingNumber = `UTG-3030-${String(1000 + serial)}`;
  const [shipment] = await services.db
    .insert(shipments)
    .values({
      trackingNumber,
      status: "In Transit",
      originLocation: "Shanghai",
      destinationLocation: "Abidjan",
      estimatedDelivery: new Date("2026-11-30T00:00:00Z"),
      shipperId: shipper!.id,
      consigneeId: consignee!.id,
    })
    .returning();
  shipmentId = shipment!.id;
  shipperId = shipper!.id;
  smtp.received.length = 0;
  twilio.requests.length = 0;
});

async function arrive() {
  await addStatusUpdate({
    db: services.db,
    shipmentId,
    input: {
      status: "Arrived",
      location: "Port of Abidjan",
      notes: null,
      timestamp: clock,
      alsoSetCurrent: true,
    },
    now: clock,
  });
  await services.notifications.runOnce();
  await services.outbox.drain();
}
/** What the outbox sent to an address on a channel (subject, text and HTML as queued). */
const sentTo = async (channel: "email" | "sms" | "whatsapp", to: string) =>
  services.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.channel, channel), eq(outbox.to, to)))
    .then((rows) => rows.filter((row) => row.text.includes(trackingNumber)));
const received = (address: string) =>
  smtp.received.filter((mail) => mail.to.includes(address)).map((mail) => mail.raw.replace(/=\r?\n/g, ""));
const twilioTo = (to: string) => twilio.requests.filter((request) => request.form.get("To") === to);

describe("shipment updates in each recipient's language", () => {
  it("tells a French consignee in French and the English shipper in English, on the same update", async () => {
    await arrive();

    const [french] = await sentTo("email", "awa@example.com");
    expect(french!.subject).toBe(`${trackingNumber} : Arrivée à Port of Abidjan`);
    expect(french!.text).toContain(`Expédition ${trackingNumber} : Arrivée à Port of Abidjan`);
    expect(french!.text).toContain("Statut : Arrivée");
    expect(french!.text).toContain("Date : 23 nov. 2026, 14:40");
    expect(french!.text).toContain("Livraison prévue : 30 novembre 2026");
    expect(french!.text).toContain(`Suivre votre expédition : ${SITE}/fr/suivi/${trackingNumber}`);
    expect(french!.text).toContain(`Se désabonner : ${SITE}/fr/desabonnement/`);
    expect(french!.html).toContain('<html lang="fr">');
    expect(french!.html).toContain("Suivre votre expédition</a>");
    expect(french!.text).not.toMatch(/Track your shipment|Status:|Unsubscribe/);
    // It reached the mail server, with its link to the French tracking page.
    expect(received("awa@example.com")).toHaveLength(1);
    expect(received("awa@example.com")[0]).toContain(`${SITE}/fr/suivi/${trackingNumber}`);

    const [english] = await sentTo("email", "shipper@example.com");
    expect(english!.subject).toBe(`${trackingNumber}: Arrived at Port of Abidjan`);
    expect(english!.text).toContain("Status: Arrived");
    expect(english!.text).toContain(`Track your shipment: ${SITE}/track/${trackingNumber}`);
    expect(english!.html).toContain('<html lang="en">');
    expect(received("shipper@example.com")).toHaveLength(1);

    // SMS: the French template to the consignee, the English one to the shipper.
    expect(twilioTo(CONSIGNEE_PHONE).map((request) => request.form.get("Body"))).toEqual([
      `${trackingNumber} : Arrivée à Port of Abidjan. Suivi : ${SITE}/fr/suivi/${trackingNumber}`,
    ]);
    expect(twilioTo(SHIPPER_PHONE).map((request) => request.form.get("Body"))).toEqual([
      `${trackingNumber}: Arrived at Port of Abidjan. Track: ${SITE}/track/${trackingNumber}`,
    ]);
    // WhatsApp: the template approved in French for the French consignee, with the French text.
    const whatsappFrench = twilioTo(`whatsapp:${CONSIGNEE_PHONE}`)[0]!.form;
    expect(whatsappFrench.get("ContentSid")).toBe(TWILIO.TWILIO_WHATSAPP_TEMPLATE_SID_FR);
    expect(whatsappFrench.get("ContentVariables")).toContain("Arrivée à Port of Abidjan. Suivi :");
    const whatsappEnglish = twilioTo(`whatsapp:${SHIPPER_PHONE}`)[0]!.form;
    expect(whatsappEnglish.get("ContentSid")).toBe(TWILIO.TWILIO_WHATSAPP_TEMPLATE_SID);
    expect(whatsappEnglish.get("ContentVariables")).toContain("Arrived at Port of Abidjan. Track:");
  });

  it("tells a subscriber who subscribed on the French site in French", async () => {
    await services.db.insert(notificationSubscribers).values([
      { shipmentId, channel: "email", address: "abonne@example.com", confirmedAt: clock, language: "fr" },
      { shipmentId, channel: "email", address: "reader@example.com", confirmedAt: clock, language: "en" },
    ]);
    await arrive();
    const [french] = await sentTo("email", "abonne@example.com");
    expect(french!.subject).toBe(`${trackingNumber} : Arrivée à Port of Abidjan`);
    expect(french!.text).toContain(`${SITE}/fr/suivi/${trackingNumber}`);
    expect(received("abonne@example.com")).toHaveLength(1);
    const [english] = await sentTo("email", "reader@example.com");
    expect(english!.subject).toBe(`${trackingNumber}: Arrived at Port of Abidjan`);
  });

  it("writes to an account member in the language they chose, over their party's", async () => {
    await services.db.transaction(async (tx) => {
      const company = await ensureCompanyForParty({ tx, kind: "shipper", partyId: shipperId });
      const member = await createMember({
        tx,
        companyId: company.id,
        name: "Ada",
        email: "shipper@example.com",
        phone: null,
      });
      await tx.update(customerMembers).set({ language: "fr" }).where(eq(customerMembers.id, member.id));
    });
    try {
      await arrive();
      expect((await sentTo("email", "shipper@example.com"))[0]!.subject).toBe(
        `${trackingNumber} : Arrivée à Port of Abidjan`,
      );
      // The party's phone, not the member's, stays in the party's language.
      expect(twilioTo(SHIPPER_PHONE)[0]!.form.get("Body")).toContain("Arrived at Port of Abidjan");
    } finally {
      await services.db.delete(customerMembers).where(eq(customerMembers.email, "shipper@example.com"));
    }
  });

  it("uses staff's French templates for French recipients only", async () => {
    await saveFrenchNotificationTemplates({
      db: services.db,
      templates: {
        ...DEFAULT_TEMPLATES_FR,
        emailSubject: "Votre colis {trackingNumber} : {status}",
        sms: "Bonjour ! {trackingNumber} : {status}. {trackingUrl}",
      },
    });
    await arrive();
    expect((await sentTo("email", "awa@example.com"))[0]!.subject).toBe(
      `Votre colis ${trackingNumber} : Arrivée`,
    );
    expect(twilioTo(CONSIGNEE_PHONE)[0]!.form.get("Body")).toBe(
      `Bonjour ! ${trackingNumber} : Arrivée. ${SITE}/fr/suivi/${trackingNumber}`,
    );
    expect((await sentTo("email", "shipper@example.com"))[0]!.subject).toBe(
      `${trackingNumber}: Arrived at Port of Abidjan`,
    );
  });

  it("sends WhatsApp in English, with the English template, when no French template is set", async () => {
    const config = services.config as { TWILIO_WHATSAPP_TEMPLATE_SID_FR?: string };
    const french = config.TWILIO_WHATSAPP_TEMPLATE_SID_FR;
    config.TWILIO_WHATSAPP_TEMPLATE_SID_FR = undefined;
    try {
      await arrive();
    } finally {
      config.TWILIO_WHATSAPP_TEMPLATE_SID_FR = french;
    }
    const form = twilioTo(`whatsapp:${CONSIGNEE_PHONE}`)[0]!.form;
    expect(form.get("ContentSid")).toBe(TWILIO.TWILIO_WHATSAPP_TEMPLATE_SID);
    expect(form.get("ContentVariables")).toContain("Arrived at Port of Abidjan. Track:");
    // SMS and e-mail stay French.
    expect(twilioTo(CONSIGNEE_PHONE)[0]!.form.get("Body")).toContain("Arrivée à Port of Abidjan");
  });
});
