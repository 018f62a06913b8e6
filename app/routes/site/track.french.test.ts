import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Catalog, makeTranslate } from "#app/lib/i18n/translate.ts";
import { loader as subscribeLoader } from "#app/routes/site/subscribe.$token.tsx";
import { loader as resultLoader } from "#app/routes/site/track.$tracking-number.tsx";
import {
  action as updatesAction,
  loader as updatesLoader,
} from "#app/routes/site/track.$tracking-number.updates.tsx";
import { loader as searchLoader } from "#app/routes/site/track.tsx";
import { notificationSubscribers, outbox, shipmentStatusHistory, shipments } from "#app/server/db/schema.ts";
import type { Services } from "#app/server/services.server.ts";
import { type FakeTwilio, startFakeTwilio } from "#tests/fakes/twilio-server.ts";
import { decodedMail, type SmtpTestServer, startSmtpTestServer } from "#tests/setup/smtp-test-server.ts";
import { createTestContext, createTestServices } from "#tests/setup/test-db.ts";

// Tracking in French (decision 030): /fr/suivi/:n says it all in French with French dates, numbers and addresses,
// and 'Get updates' on /fr/suivi/:n/alertes stores the subscriber's language and sends the link or code in
// French, its link to the French page. The same pages in English stay as they were.

const SITE = "https://freight.example.com";
const NUMBER = "UTG-3030-0001";
const TWILIO = {
  TWILIO_ACCOUNT_SID: `AC${"3".repeat(32)}`,
  TWILIO_AUTH_TOKEN: "abcdef0123456789abcdef0123456789",
  TWILIO_SMS_FROM: "+15017122661",
};

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
    { outbox: { autostart: false, providers: { twilioBaseUrl: twilio.url } } },
  );
  const [shipment] = await services.db
    .insert(shipments)
    .values({
      trackingNumber: NUMBER,
      status: "Shipped",
      originLocation: "Shanghai, China",
      destinationLocation: "Abidjan, Côte d'Ivoire",
      estimatedDelivery: new Date("2099-12-03T00:00:00Z"),
      weight: 1250.5,
    })
    .returning();
  await services.db.insert(shipmentStatusHistory).values({
    shipmentId: shipment!.id,
    status: "Shipped",
    location: "Port of Shanghai",
    timestamp: new Date("2026-12-03T14:40:00Z"),
  });
});
afterAll(async () => {
  await services?.close();
  await smtp?.close();
  await twilio?.close();
});

let ip = 0;
const nextIp = () => `198.51.100.${(ip++ % 250) + 1}`;
type Answer = { data?: unknown; init?: { status?: number } | null };
const bodyOf = (answer: unknown) =>
  (answer && typeof answer === "object" && "data" in answer ? (answer as Answer).data : answer) as Record<
    string,
    unknown
  >;
// Intl writes French numbers and times with no-break spaces.
const plain = (value: unknown) => JSON.parse(JSON.stringify(value).replace(/[\u202f\u00a0]/g, " "));

const open = (path: string) =>
  resultLoader({
    request: new Request(`${SITE}${path}`),
    params: { trackingNumber: NUMBER },
    context: createTestContext(services, nextIp()),
  } as never);

const subscribe = (path: string, fields: Record<string, string>) =>
  updatesAction({
    request: new Request(`${SITE}${path}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields).toString(),
    }),
    params: { trackingNumber: NUMBER },
    context: createTestContext(services, nextIp()),
  } as never);

const subscriberOf = async (address: string) =>
  (await services.db.select().from(notificationSubscribers)).find((row) => row.address === address);
const mailTo = (to: string) => services.db.select().from(outbox).where(eq(outbox.to, to));

describe("the tracking result in French", () => {
  it("gives the status, the dates, the weight and the links in French on /fr/suivi/:n", async () => {
    const body = plain(bodyOf(await open(`/fr/suivi/${NUMBER}`)));
    expect(body).toMatchObject({
      kind: "found",
      trackingUrl: `${SITE}/fr/suivi/${NUMBER}`,
      detailsPath: `/fr/suivi/${NUMBER}/details`,
      updatesPath: `/fr/suivi/${NUMBER}/alertes`,
      shipment: {
        status: "Expédié",
        // Places are as staff typed them; the app's status names are translated.
        latest: {
          status: "Expédié",
          location: "Port of Shanghai",
          at: { date: "3 déc. 2026", time: "14:40" },
        },
        arrival: { label: "Arrivée prévue le", text: "3 déc. 2099" },
        estimatedDelivery: { date: "3 déc. 2099" },
        weight: "1 250,5 kg",
        history: [{ status: "Expédié", at: { date: "3 déc. 2026", time: "14:40" } }],
        // The zone in words, never its configuration name 'Africa/Monrovia'.
        timeZoneName: "Monrovia (GMT)",
      },
      words: { "Shipment Details": "Détails de l'expédition", "Get updates": "Recevoir les alertes" },
    });
    const t = makeTranslate(body.words as Catalog);
    expect(t("Newest first. Times are {zone} time.", { zone: body.shipment.timeZoneName })).toBe(
      "Du plus récent au plus ancien, en heure locale : Monrovia (GMT).",
    );
    expect(decodeURIComponent(body.whatsApp.share)).toContain(
      `Suivez l'expédition ${NUMBER} : ${SITE}/fr/suivi/${NUMBER}`,
    );
  });

  it("keeps the English page as it was, with no catalog", async () => {
    const body = bodyOf(await open(`/track/${NUMBER}`));
    expect(body).toMatchObject({
      trackingUrl: `${SITE}/track/${NUMBER}`,
      detailsPath: `/track/${NUMBER}/details`,
      updatesPath: `/track/${NUMBER}/updates`,
      shipment: {
        status: "Shipped",
        latest: { status: "Shipped", at: { date: "Dec 3, 2026", time: "2:40 PM" } },
        arrival: { label: "Arriving", text: "Dec 3, 2099" },
        weight: "1,250.5 kg",
        timeZoneName: "Monrovia",
      },
    });
    expect(body.words).toBeUndefined();
  });

  it("sends the not-found page its French words, and a French search to the French address", async () => {
    const missing = await resultLoader({
      request: new Request(`${SITE}/fr/suivi/UTG-3030-9999`),
      params: { trackingNumber: "UTG-3030-9999" },
      context: createTestContext(services, nextIp()),
    } as never);
    expect(bodyOf(missing)).toMatchObject({
      kind: "not-found",
      words: { "Shipment Not Found": "Expédition introuvable" },
    });
    let thrown: unknown;
    try {
      searchLoader({
        request: new Request(`${SITE}/fr/suivi?number=utg-3030-0001`),
        params: {},
        context: createTestContext(services),
      } as never);
    } catch (error) {
      thrown = error;
    }
    expect((thrown as Response).headers.get("Location")).toBe(`/fr/suivi/${NUMBER}`);
  });
});

describe("'Get updates' in French", () => {
  it("stores 'fr' and mails the confirmation link in French, to the French confirmation page", async () => {
    const page = bodyOf(
      await updatesLoader({
        request: new Request(`${SITE}/fr/suivi/${NUMBER}/alertes`),
        params: { trackingNumber: NUMBER },
        context: createTestContext(services, nextIp()),
      } as never),
    );
    expect(page).toMatchObject({ trackingPath: `/fr/suivi/${NUMBER}`, words: { "By e-mail": "Par e-mail" } });

    const answer = bodyOf(
      await subscribe(`/fr/suivi/${NUMBER}/alertes`, { intent: "email", email: "awa@example.com" }),
    );
    expect(answer).toEqual({ step: "email-sent", address: "awa@example.com" });
    expect((await subscriberOf("awa@example.com"))?.language).toBe("fr");

    await services.outbox.drain();
    const mail = smtp.received.find((m) => m.to.includes("awa@example.com"));
    const text = decodedMail(mail!.raw);
    expect(text).toContain(`Pour les recevoir, ouvrez ce lien et appuyez sur « Confirmer » :`);
    expect(text).toContain(`Suivre l'expédition : ${SITE}/fr/suivi/${NUMBER}`);
    const token = new RegExp(`${SITE}/fr/abonnement/([A-Za-z0-9_-]{43})`).exec(text)?.[1];
    expect(token).toBeDefined();
    const [queued] = await mailTo("awa@example.com");
    expect(queued!.subject).toBe(`Confirmez les alertes de l'expédition ${NUMBER}`);

    // The link's page, in French: the way back goes to the French tracking page.
    const link = bodyOf(
      await subscribeLoader({
        request: new Request(`${SITE}/fr/abonnement/${token}`),
        params: { token },
        context: createTestContext(services, nextIp()),
      } as never),
    );
    expect(link).toMatchObject({
      found: true,
      trackingPath: `/fr/suivi/${NUMBER}`,
      words: { "You are subscribed": "Vous êtes abonné" },
    });
  });

  it("texts the code in French and answers a bad address in French", async () => {
    const answer = bodyOf(
      await subscribe(`/fr/suivi/${NUMBER}/alertes`, { intent: "phone", phone: "0770 123 456" }),
    );
    expect(answer).toEqual({ step: "code", phone: "+231770123456" });
    expect((await subscriberOf("+231770123456"))?.language).toBe("fr");
    await services.outbox.drain();
    const sms = twilio.requests
      .filter((r) => r.form.get("To") === "+231770123456")
      .at(-1)
      ?.form.get("Body");
    expect(sms).toMatch(
      new RegExp(
        `^\\d{6} est votre code pour les alertes de l'expédition ${NUMBER} d'Unitrans Global Logistics\\. Il est valable 10 minutes\\.$`,
      ),
    );

    expect(
      bodyOf(await subscribe(`/fr/suivi/${NUMBER}/alertes`, { intent: "email", email: "not an address" })),
    ).toEqual({
      step: "email",
      error: "Saisissez une adresse e-mail valide, par exemple nom@example.com.",
      value: "not an address",
    });
  });

  it("keeps English subscribers in English, with the English link", async () => {
    const answer = bodyOf(
      await subscribe(`/track/${NUMBER}/updates`, { intent: "email", email: "musu@example.com" }),
    );
    expect(answer).toEqual({ step: "email-sent", address: "musu@example.com" });
    expect((await subscriberOf("musu@example.com"))?.language).toBe("en");
    const [queued] = await mailTo("musu@example.com");
    expect(queued!.subject).toBe(`Confirm updates about shipment ${NUMBER}`);
    expect(queued!.text).toMatch(new RegExp(`^${SITE}/subscribe/[A-Za-z0-9_-]{43}$`, "m"));
    expect(queued!.text).toContain(`Track the shipment: ${SITE}/track/${NUMBER}`);
    expect(
      bodyOf(await subscribe(`/track/${NUMBER}/updates`, { intent: "email", email: "nope" })),
    ).toMatchObject({
      error: "Enter a valid e-mail address, e.g. name@example.com.",
    });
  });
});
