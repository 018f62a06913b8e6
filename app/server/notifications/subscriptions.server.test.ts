// Longer than 450 lines: the 'Get updates' behaviours (e-mail, SMS, caps, the customers' own places, the
// pages) share one database and shipment fixtures.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { action as subscribeAction, loader as subscribeLoader } from "#app/routes/site/subscribe.$token.tsx";
import { action as updatesAction } from "#app/routes/site/track.$tracking-number.updates.tsx";
import {
  consignees,
  notificationLog,
  notificationSubscribers,
  outbox,
  rateLimits,
  shipments,
  shippers,
} from "#app/server/db/schema.ts";
import { expireMessages } from "#app/server/messaging/outbox.server.ts";
import {
  getShipmentNotifications,
  removeSubscriber,
} from "#app/server/notifications/notifications.server.ts";
import {
  confirmEmailSubscription,
  confirmPhoneSubscription,
  findEmailSubscription,
} from "#app/server/notifications/subscription-confirmations.server.ts";
import { requestSubscription } from "#app/server/notifications/subscription-requests.server.ts";
import { SUBSCRIPTION_LIMITS } from "#app/server/notifications/subscriptions.server.ts";
import {
  ensureUnsubscribeToken,
  unsubscribeByToken,
} from "#app/server/notifications/unsubscribe-links.server.ts";
import type { Services } from "#app/server/services.server.ts";
import { setNotificationsEnabled } from "#app/server/settings/notification-settings.server.ts";
import { addStatusUpdate } from "#app/server/shipments/shipments.server.ts";
import { type FakeTwilio, startFakeTwilio } from "#tests/fakes/twilio-server.ts";
import { type SmtpTestServer, startSmtpTestServer } from "#tests/setup/smtp-test-server.ts";
import { createTestContext, createTestServices } from "#tests/setup/test-db.ts";

// Public subscriptions (decision 014) on the real database, a real SMTP server and the local Twilio fake, on a
// controlled clock: double opt-in by link, codes by SMS, the same answer for any address, the caps, expiry.

// Today at 10:00 UTC: the subscribe page's loader and action read the real clock, so the controlled one starts
// within the day of a link's life of it (a fixed date turned every link it made into an expired one).
let clock = new Date(`${new Date().toISOString().slice(0, 10)}T10:00:00Z`);
const advance = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};
const MINUTE = 60 * 1000;
const SITE = "https://freight.example.com";
const TWILIO = {
  TWILIO_ACCOUNT_SID: `AC${"2".repeat(32)}`,
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
    {
      outbox: { now: () => clock, autostart: false, providers: { twilioBaseUrl: twilio.url } },
      notifications: { now: () => clock, autostart: false },
    },
  );
  await setNotificationsEnabled({ db: services.db, enabled: true });
});
afterAll(async () => {
  await services?.close();
  await smtp?.close();
  await twilio?.close();
});

let serial = 0;
let trackingNumber: string;
let shipmentId: string;
beforeEach(async () => {
  // Caps live in rate_limits: each test starts with none counted.
  await services.db.delete(rateLimits);
  await services.db.delete(outbox);
  smtp.received.length = 0;
  twilio.requests.length = 0;
  advance(60 * MINUTE);
  serial++;
  trackingNumber = `UTG-5555-${String(1000 + serial)}`;
  const [shipment] = await services.db
    .insert(shipments)
    .values({
      trackingNumber,
      status: "In Transit",
      originLocation: "Shanghai",
      destinationLocation: "Monrovia",
    })
    .returning();
  shipmentId = shipment!.id;
});

let ip = 0;
/** A different client address for each request, unless a test names one (the caps per client are tested apart). */
const nextIp = () => `198.51.100.${(ip++ % 250) + 1}`;
const ask = (
  channel: "email" | "sms",
  address: string,
  clientAddress = nextIp(),
  config: Partial<Services["config"]> = {},
) =>
  requestSubscription({
    db: services.db,
    config: { ...services.config, ...config },
    logger: services.logger,
    trackingNumber,
    channel,
    address,
    clientAddress,
    now: clock,
  });
const outboxTo = (to: string) => services.db.select().from(outbox).where(eq(outbox.to, to));
const subscriberRows = () =>
  services.db
    .select()
    .from(notificationSubscribers)
    .where(eq(notificationSubscribers.shipmentId, shipmentId));
/** The token of the newest confirmation link mailed to `to`. */
async function linkTokenOf(to: string) {
  const rows = (await outboxTo(to)).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  const match = /\/subscribe\/([A-Za-z0-9_-]{43})$/m.exec(rows.at(-1)?.text ?? "");
  return match?.[1] ?? null;
}
/** The code of the newest SMS the Twilio fake received for `to` (the worker sends it). */
async function codeTextedTo(to: string) {
  await services.outbox.drain();
  const body =
    twilio.requests
      .filter((r) => r.form.get("To") === to)
      .at(-1)
      ?.form.get("Body") ?? "";
  return /^(\d{6}) is your code/.exec(body)?.[1] ?? null;
}
const confirmCode = (phone: string, code: string, clientAddress = nextIp()) =>
  confirmPhoneSubscription({
    db: services.db,
    config: services.config,
    trackingNumber,
    phone,
    code,
    clientAddress,
    now: clock,
  });
async function subscribeByEmail(address: string) {
  expect((await ask("email", address)).outcome).toBe("sent");
  const token = await linkTokenOf(address);
  return confirmEmailSubscription({ db: services.db, config: services.config, token: token!, now: clock });
}
async function addUpdate(status: string, location: string) {
  await addStatusUpdate({
    db: services.db,
    shipmentId,
    input: { status, location, notes: null, timestamp: new Date(clock), alsoSetCurrent: true },
    now: clock,
  });
  await services.notifications.runOnce();
  await services.outbox.drain();
}

describe("subscribing by e-mail (double opt-in)", () => {
  it("mails a link; opening it confirms nothing, its button does; the next update reaches the subscriber with an unsubscribe link", async () => {
    expect(await ask("email", "  Musu.Flomo@Example.COM ")).toEqual({
      outcome: "sent",
      channel: "email",
      address: "musu.flomo@example.com",
    });
    const [mail] = await outboxTo("musu.flomo@example.com");
    expect(mail).toMatchObject({
      channel: "email",
      status: "queued",
      subject: `Confirm updates about shipment ${trackingNumber}`,
    });
    // The link works for a day, and so does the mail: not sent once the link is dead.
    expect(mail!.expiresAt?.getTime()).toBe(clock.getTime() + 24 * 60 * MINUTE);
    const token = (await linkTokenOf("musu.flomo@example.com"))!;
    // Only the token's hash is stored.
    const [row] = await subscriberRows();
    expect(row!.secretHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.secretHash).not.toContain(token);
    expect(JSON.stringify(row)).not.toContain(token);

    const context = createTestContext(services);
    const page = (await subscribeLoader({
      request: new Request(`${SITE}/subscribe/${token}`),
      params: { token },
      context,
    } as never)) as { data: unknown };
    expect(page.data).toMatchObject({
      found: true,
      trackingNumber,
      address: "m•••@example.com",
      confirmed: false,
    });
    expect((await subscriberRows())[0]!.confirmedAt).toBeNull();
    const answer = await subscribeAction({
      request: new Request(`${SITE}/subscribe/${token}`, { method: "POST" }),
      params: { token },
      context,
    } as never);
    expect(answer).toEqual({ outcome: "confirmed" });

    advance(MINUTE);
    await addUpdate("Arrived", "Port of Monrovia");
    const received = smtp.received.filter((m) => m.to.includes("musu.flomo@example.com"));
    const subject = (raw: string) => /^Subject: (.*)$/m.exec(raw)?.[1]?.trim();
    // Both reached the mail server; in which order depends on the outbox worker's batches, not on the test.
    expect(received.map((m) => subject(m.raw)).sort()).toEqual(
      [
        `Confirm updates about shipment ${trackingNumber}`,
        `${trackingNumber}: Arrived at Port of Monrovia`,
      ].sort(),
    );
    const update = received.find((m) => subject(m.raw) === `${trackingNumber}: Arrived at Port of Monrovia`);
    expect(update!.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
    const card = await getShipmentNotifications({ db: services.db, shipmentId });
    expect(card.subscribers).toMatchObject([{ channel: "email", address: "musu.flomo@example.com" }]);
    expect(card.messages.map((m) => [m.role, m.channel, m.address, m.status])).toEqual([
      ["subscriber", "email", "musu.flomo@example.com", "sent"],
    ]);

    // Unsubscribed: never messaged again for this shipment, not even a confirmation when asking again.
    const { token: unsubscribe } = await ensureUnsubscribeToken({
      db: services.db,
      shipmentId,
      channel: "email",
      address: "musu.flomo@example.com",
    });
    expect(await unsubscribeByToken({ db: services.db, token: unsubscribe })).toBe(true);
    advance(5 * MINUTE);
    smtp.received.length = 0;
    expect((await ask("email", "musu.flomo@example.com")).outcome).toBe("sent");
    await addUpdate("Delivered", "Monrovia");
    expect(smtp.received.filter((m) => m.to.includes("musu.flomo@example.com"))).toHaveLength(0);
  });

  it("answers the same for an address already confirmed, with the same work: a notice instead of a link (issue 32)", async () => {
    expect(await subscribeByEmail("kofi@example.com")).toBe("confirmed");
    const before = (await outboxTo("kofi@example.com")).length;
    const again = await ask("email", "KOFI@example.com");
    const fresh = await ask("email", "someone.new@example.com");
    expect(again).toEqual({ outcome: "sent", channel: "email", address: "kofi@example.com" });
    expect(fresh).toEqual({ outcome: "sent", channel: "email", address: "someone.new@example.com" });
    // Both queued one message: a link for the new address, a notice (no link) for the one already following.
    const kofi = await outboxTo("kofi@example.com");
    expect(kofi).toHaveLength(before + 1);
    expect(kofi.at(-1)!.subject).toBe(`Updates about shipment ${trackingNumber}`);
    expect(kofi.at(-1)!.text).toContain("You already receive updates about shipment");
    expect(kofi.at(-1)!.text).not.toMatch(/\/subscribe\//);
    expect(await outboxTo("someone.new@example.com")).toHaveLength(1);
    // Still one subscriber row each, the first still confirmed.
    const rows = await subscriberRows();
    expect(rows.map((r) => [r.address, r.confirmedAt !== null]).sort()).toEqual([
      ["kofi@example.com", true],
      ["someone.new@example.com", false],
    ]);
  });

  it("refuses an address that is not one, clearly, storing nothing", async () => {
    for (const typed of [
      "",
      "not an address",
      "a@b",
      `${"x".repeat(250)}@example.com`,
      "<script>@x.com",
      "\u0000@x.com",
    ]) {
      const answer = await ask("email", typed);
      expect(answer.outcome, typed).toBe("invalid");
      expect((answer as { message: string }).message).toMatch(/e-mail address/);
    }
    expect(await subscriberRows()).toHaveLength(0);
    expect(await services.db.select().from(outbox)).toHaveLength(0);
  });

  it("lets a link work for 24 hours; an unconfirmed subscriber then counts for nothing", async () => {
    await ask("email", "late@example.com");
    const token = (await linkTokenOf("late@example.com"))!;
    advance(24 * 60 * MINUTE);
    expect(await findEmailSubscription({ db: services.db, token, now: clock })).toBeNull();
    expect(
      await confirmEmailSubscription({ db: services.db, config: services.config, token, now: clock }),
    ).toBe("invalid");
    // The mail itself is never sent after that either.
    await expireMessages({ db: services.db, now: clock });
    expect((await outboxTo("late@example.com"))[0]!.status).toBe("expired");
    // Asking again sends a new link that works.
    await ask("email", "late@example.com");
    const second = (await linkTokenOf("late@example.com"))!;
    expect(second).not.toBe(token);
    expect(
      await confirmEmailSubscription({ db: services.db, config: services.config, token: second, now: clock }),
    ).toBe("confirmed");
  });

  it("takes at most 10 confirmed subscribers per shipment; unconfirmed ones do not count", async () => {
    await ask("email", "pending@example.com");
    const pending = (await linkTokenOf("pending@example.com"))!;
    for (let i = 0; i < services.config.SUBSCRIBERS_PER_SHIPMENT; i++) {
      expect(await subscribeByEmail(`fan${i}@example.com`)).toBe("confirmed");
    }
    // Full: the same answer for everyone, new or already subscribed, and nothing mailed.
    expect(await ask("email", "eleventh@example.com")).toEqual({ outcome: "full" });
    expect(await ask("email", "fan0@example.com")).toEqual({ outcome: "full" });
    expect(await outboxTo("eleventh@example.com")).toHaveLength(0);
    // A link mailed before the shipment filled up does not add an eleventh.
    expect(
      await confirmEmailSubscription({
        db: services.db,
        config: services.config,
        token: pending,
        now: clock,
      }),
    ).toBe("full");
    // Removed by staff: a place is free again.
    const fan = (await subscriberRows()).find((r) => r.address === "fan3@example.com")!;
    expect(await removeSubscriber({ db: services.db, shipmentId, id: fan.id })).toBe(true);
    expect(await removeSubscriber({ db: services.db, shipmentId, id: fan.id })).toBe(false);
    expect(
      await confirmEmailSubscription({
        db: services.db,
        config: services.config,
        token: pending,
        now: clock,
      }),
    ).toBe("confirmed");
  });

  it("caps requests per address, per client address and per shipment, in the database", async () => {
    for (let i = 0; i < services.config.SUBSCRIBE_EMAILS_PER_ADDRESS_PER_HOUR; i++) {
      expect((await ask("email", "eager@example.com")).outcome).toBe("sent");
    }
    expect((await ask("email", "eager@example.com")).outcome).toBe("rate-limited");
    expect(await outboxTo("eager@example.com")).toHaveLength(
      services.config.SUBSCRIBE_EMAILS_PER_ADDRESS_PER_HOUR,
    );

    // (The places one client may hold on one shipment are tested apart: here they are no limit.)
    const client = "203.0.113.77";
    const manyPlaces = { SUBSCRIBERS_PER_CLIENT_PER_SHIPMENT: 1000 };
    for (let i = 0; i < services.config.SUBSCRIBE_REQUESTS_PER_CLIENT_PER_HOUR; i++) {
      expect((await ask("email", `c${i}@example.com`, client, manyPlaces)).outcome).toBe("sent");
    }
    expect((await ask("email", "one.more@example.com", client, manyPlaces)).outcome).toBe("rate-limited");

    // Counted per shipment so far: every request past the client cap (the refused one per address too).
    const used =
      services.config.SUBSCRIBE_EMAILS_PER_ADDRESS_PER_HOUR +
      1 +
      services.config.SUBSCRIBE_REQUESTS_PER_CLIENT_PER_HOUR;
    for (let i = used; i < services.config.SUBSCRIBE_REQUESTS_PER_SHIPMENT_PER_HOUR; i++) {
      expect((await ask("email", `s${i}@example.com`)).outcome).toBe("sent");
    }
    expect((await ask("email", "late.comer@example.com")).outcome).toBe("rate-limited");
    // An hour later the windows are new.
    advance(61 * MINUTE);
    expect((await ask("email", "late.comer@example.com")).outcome).toBe("sent");
  });
});

describe("nobody can lock a shipment's customers out (issue 32)", () => {
  it("lets one client address hold only a few places on a shipment; other clients still get in", async () => {
    const attacker = "203.0.113.66";
    const perClient = services.config.SUBSCRIBERS_PER_CLIENT_PER_SHIPMENT;
    for (let i = 0; i < perClient; i++) {
      expect((await ask("email", `mallory+${i}@example.com`, attacker)).outcome).toBe("sent");
    }
    // Plus-addresses from the same client: no more places for it on this shipment, and nothing mailed.
    expect(await ask("email", `mallory+${perClient}@example.com`, attacker)).toEqual({ outcome: "full" });
    expect(await outboxTo(`mallory+${perClient}@example.com`)).toHaveLength(0);
    // Asking again for an address it already holds still answers as usual.
    expect((await ask("email", "mallory+0@example.com", attacker)).outcome).toBe("sent");
    // Once confirmed, they still count for that client.
    for (let i = 0; i < perClient; i++) {
      const token = (await linkTokenOf(`mallory+${i}@example.com`))!;
      expect(
        await confirmEmailSubscription({ db: services.db, config: services.config, token, now: clock }),
      ).toBe("confirmed");
    }
    expect(await ask("email", "mallory+99@example.com", attacker)).toEqual({ outcome: "full" });
    // Another client is not affected.
    expect(await subscribeByEmail("neighbour@example.com")).toBe("confirmed");
    // An expired link frees its place for that client.
    const other = "203.0.113.67";
    for (let i = 0; i < perClient; i++) await ask("email", `late${i}@example.com`, other);
    expect(await ask("email", "late-extra@example.com", other)).toEqual({ outcome: "full" });
    advance(24 * 60 * MINUTE + MINUTE);
    expect((await ask("email", "late-extra@example.com", other)).outcome).toBe("sent");
  });

  it("always lets the shipment's own shipper and consignee follow it, even when every place is taken", async () => {
    const [shipper] = await services.db
      .insert(shippers)
      .values({ name: "Li Wei", email: "Li.Wei@Sunrise.example", phone: "+86 21 6888 8888" })
      .returning();
    const [consignee] = await services.db
      .insert(consignees)
      .values({ name: "Grace Kollie", email: "grace@kollie.example", phone: "+231 77 012 3456" })
      .returning();
    await services.db
      .update(shipments)
      .set({ shipperId: shipper!.id, consigneeId: consignee!.id })
      .where(eq(shipments.id, shipmentId));
    // The consignee asks first and confirms later, after strangers filled every place.
    expect((await ask("email", "grace@kollie.example")).outcome).toBe("sent");
    const graceLink = (await linkTokenOf("grace@kollie.example"))!;
    for (let i = 0; i < services.config.SUBSCRIBERS_PER_SHIPMENT; i++) {
      expect(await subscribeByEmail(`stranger${i}@example.com`)).toBe("confirmed");
    }
    expect(await ask("email", "one.more.stranger@example.com")).toEqual({ outcome: "full" });
    expect(
      await confirmEmailSubscription({
        db: services.db,
        config: services.config,
        token: graceLink,
        now: clock,
      }),
    ).toBe("confirmed");
    // The shipper, with the address on file written another way, gets in too, and takes no place.
    expect((await ask("email", "li.wei@sunrise.example")).outcome).toBe("sent");
    expect(await outboxTo("li.wei@sunrise.example")).toHaveLength(1);
    const fan = (await subscriberRows()).find((r) => r.address === "stranger0@example.com")!;
    await removeSubscriber({ db: services.db, shipmentId, id: fan.id });
    expect(await subscribeByEmail("first.free.place@example.com")).toBe("confirmed");
  });

  it("caps confirmation e-mails for the whole site per day", async () => {
    const siteCap = { SUBSCRIBE_EMAILS_PER_DAY: 2 };
    expect((await ask("email", "a@example.com", nextIp(), siteCap)).outcome).toBe("sent");
    expect((await ask("email", "b@example.com", nextIp(), siteCap)).outcome).toBe("sent");
    expect((await ask("email", "c@example.com", nextIp(), siteCap)).outcome).toBe("rate-limited");
    expect(await outboxTo("c@example.com")).toHaveLength(0);
  });
});

describe("subscribing by text message (6-digit code)", () => {
  const PHONE = "+231770123456";

  it("texts a code valid for 10 minutes; the right code confirms; the next update is texted", async () => {
    expect(await ask("sms", "0770 123 456")).toEqual({ outcome: "sent", channel: "sms", address: PHONE });
    const [sms] = await outboxTo(PHONE);
    expect(sms!.expiresAt?.getTime()).toBe(clock.getTime() + 10 * MINUTE);
    const code = (await codeTextedTo(PHONE))!;
    expect(code).toMatch(/^\d{6}$/);
    const [row] = await subscriberRows();
    expect(row!.secretHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(code);

    advance(9 * MINUTE);
    expect(await confirmCode("+231 77 012 3456", code)).toEqual({ outcome: "confirmed", address: PHONE });
    twilio.requests.length = 0;
    advance(MINUTE);
    await addUpdate("Arrived", "Port of Monrovia");
    expect(twilio.requests.map((r) => [r.form.get("To"), r.form.get("Body")])).toEqual([
      [PHONE, `${trackingNumber}: Arrived at Port of Monrovia. Track: ${SITE}/track/${trackingNumber}`],
    ]);
    // No e-mail to a phone subscriber.
    expect(smtp.received).toHaveLength(0);
  });

  it("stops a code after 5 wrong tries, and after 10 minutes; every failure gets the same answer", async () => {
    await ask("sms", PHONE);
    const code = (await codeTextedTo(PHONE))!;
    const wrong = code === "000000" ? "111111" : "000000";
    for (let i = 0; i < SUBSCRIPTION_LIMITS.codeTries; i++) {
      expect(await confirmCode(PHONE, wrong)).toEqual({ outcome: "wrong" });
    }
    expect(await confirmCode(PHONE, code)).toEqual({ outcome: "wrong" });
    // A number nobody asked a code for answers the same.
    expect(await confirmCode("+231880123456", wrong)).toEqual({ outcome: "wrong" });

    await ask("sms", PHONE);
    const second = (await codeTextedTo(PHONE))!;
    advance(10 * MINUTE);
    expect(await confirmCode(PHONE, second)).toEqual({ outcome: "wrong" });
    expect((await subscriberRows())[0]!.confirmedAt).toBeNull();
  });

  it("does not send a code after it stopped working", async () => {
    await ask("sms", PHONE);
    advance(10 * MINUTE);
    expect(await services.outbox.drain()).toMatchObject({ claimed: 0 });
    expect(twilio.requests).toHaveLength(0);
    expect((await outboxTo(PHONE))[0]!.status).toBe("expired");
  });

  it("texts only numbers of the allowed countries, and refuses what is not a mobile number", async () => {
    const us = await ask("sms", "+1 202 555 0143");
    expect(us).toMatchObject({ outcome: "invalid", field: "phone" });
    const france = await ask("sms", "+33 6 12 34 56 78");
    expect(france).toEqual({
      outcome: "invalid",
      field: "phone",
      message: "We do not send text messages to numbers in France.",
    });
    for (const typed of ["", "hello", "+231 1", "0770 123 456; DROP TABLE", "9".repeat(50)]) {
      expect((await ask("sms", typed)).outcome, typed).toBe("invalid");
    }
    expect(await subscriberRows()).toHaveLength(0);
    expect(await services.db.select().from(outbox)).toHaveLength(0);
  });

  it("caps codes per number per day and per client address per day", async () => {
    for (let i = 0; i < services.config.SUBSCRIBE_CODES_PER_NUMBER_PER_DAY; i++) {
      expect((await ask("sms", PHONE)).outcome).toBe("sent");
    }
    expect((await ask("sms", PHONE)).outcome).toBe("rate-limited");
    expect(await outboxTo(PHONE)).toHaveLength(services.config.SUBSCRIBE_CODES_PER_NUMBER_PER_DAY);

    const client = "203.0.113.99";
    const manyPlaces = { SUBSCRIBERS_PER_CLIENT_PER_SHIPMENT: 1000 };
    for (let i = 0; i < services.config.SUBSCRIBE_CODES_PER_CLIENT_PER_DAY; i++) {
      expect((await ask("sms", `+23188812345${i}`, client, manyPlaces)).outcome).toBe("sent");
    }
    expect((await ask("sms", "+231886123459", client, manyPlaces)).outcome).toBe("rate-limited");
    advance(24 * 60 * MINUTE);
    expect((await ask("sms", PHONE)).outcome).toBe("sent");
  });

  it("offers no text messages when no SMS provider is configured", async () => {
    const answer = await requestSubscription({
      db: services.db,
      config: {
        ...services.config,
        TWILIO_ACCOUNT_SID: undefined,
        TWILIO_AUTH_TOKEN: undefined,
        TWILIO_SMS_FROM: undefined,
      },
      logger: services.logger,
      trackingNumber,
      channel: "sms",
      address: PHONE,
      clientAddress: nextIp(),
      now: clock,
    });
    expect(answer).toMatchObject({ outcome: "invalid", field: "phone" });
    expect(await subscriberRows()).toHaveLength(0);
  });
});

describe("the updates page's action", () => {
  const post = (fields: Record<string, string>) =>
    updatesAction({
      request: new Request(`${SITE}/track/${trackingNumber}/updates`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(fields).toString(),
      }),
      params: { trackingNumber },
      context: createTestContext(services),
    } as never) as Promise<{ data: unknown; init: { status?: number } | null }>;

  it("answers a bad post with a clear 400 and stores nothing; an unknown shipment with 404", async () => {
    const bad = await post({ intent: "email", email: "<img src=x onerror=alert(1)>" });
    expect(bad.init?.status).toBe(400);
    expect(bad.data).toMatchObject({
      step: "email",
      error: "Enter a valid e-mail address, e.g. name@example.com.",
    });
    expect((await post({ intent: "nope" })).init?.status).toBe(400);
    expect((await post({ intent: "code", phone: "+231770123456", code: "12" })).init?.status).toBe(400);
    expect(await subscriberRows()).toHaveLength(0);

    const ok = await post({ intent: "email", email: "page@example.com" });
    expect(ok.data).toEqual({ step: "email-sent", address: "page@example.com" });
    const unknown = await updatesAction({
      request: new Request(`${SITE}/track/UTG-0000-0000/updates`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "intent=email&email=page%40example.com",
      }),
      params: { trackingNumber: "UTG-0000-0000" },
      context: createTestContext(services),
    } as never);
    expect((unknown as { init: { status: number } }).init.status).toBe(404);
  });

  it("leads a phone through its code", async () => {
    // The action runs on the real clock: the worker's clock follows it.
    clock = new Date(Date.now() + 1000);
    const asked = await post({ intent: "phone", phone: "0770 123 456" });
    expect(asked.data).toEqual({ step: "code", phone: "+231770123456" });
    const code = (await codeTextedTo("+231770123456"))!;
    const done = await post({
      intent: "code",
      phone: "+231770123456",
      code: ` ${code.slice(0, 3)} ${code.slice(3)} `,
    });
    expect(done.data).toEqual({ step: "confirmed", phone: "+231770123456" });
    const rows = await services.db
      .select()
      .from(notificationSubscribers)
      .where(
        and(eq(notificationSubscribers.shipmentId, shipmentId), eq(notificationSubscribers.channel, "sms")),
      );
    expect(rows.map((r) => r.confirmedAt !== null)).toEqual([true]);
    expect(
      await services.db.select().from(notificationLog).where(eq(notificationLog.shipmentId, shipmentId)),
    ).toHaveLength(0);
  });
});
