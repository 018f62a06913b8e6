// Public subscriptions by text message (decision 014) on the real database and the local Twilio fake, on a
// controlled clock: 6-digit codes, their tries and expiry, allowed countries, SMS off; and the updates page's
// action, which leads an e-mail address or a phone through it (setup in subscriptions.test-support.ts).
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { action as updatesAction } from "#app/routes/site/track.$tracking-number.updates.tsx";
import { notificationLog, notificationSubscribers, outbox } from "#app/server/db/schema.ts";
import { requestSubscription } from "#app/server/notifications/subscription-requests.server.ts";
import { SUBSCRIPTION_LIMITS } from "#app/server/notifications/subscriptions.server.ts";
import {
  addUpdate,
  ask,
  codeTextedTo,
  confirmCode,
  MINUTE,
  nextIp,
  outboxTo,
  SITE,
  services,
  shipmentId,
  smtp,
  startNextShipment,
  startSubscriptionServices,
  stopSubscriptionServices,
  subscriberRows,
  todayAtTen,
  trackingNumber,
  twilio,
} from "#app/server/notifications/subscriptions.test-support.ts";
import { createTestContext } from "#tests/setup/test-db.ts";

let clock = todayAtTen();
const advance = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};
// This file owns its clock, which the services read: the tests move it past a code's 10 minutes, and the updates
// page's action runs on the real one, so a test sets it to that.
beforeAll(() => startSubscriptionServices(() => clock));
afterAll(stopSubscriptionServices);
beforeEach(() => startNextShipment(advance));

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
