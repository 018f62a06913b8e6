import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { action as africasTalkingCallback } from "#app/routes/resources/webhooks.africastalking.$token.$kind.ts";
import { action as twilioCallback } from "#app/routes/resources/webhooks.twilio.$kind.ts";
import { messageOptOuts, outbox } from "#app/server/db/schema.ts";
import { enqueueMessage, RETRY_BASE_MS } from "#app/server/messaging/outbox.server.ts";
import { twilioSignature } from "#app/server/messaging/twilio.server.ts";
import type { Services } from "#app/server/services.server.ts";
import { type FakeAfricasTalking, startFakeAfricasTalking } from "#tests/fakes/africas-talking-server.ts";
import { type FakeTwilio, startFakeTwilio } from "#tests/fakes/twilio-server.ts";
import { createTestContext, createTestServices } from "#tests/setup/test-db.ts";

// The real worker, on a test database, sending through local fakes of each provider's documented API; its
// clock is the tests' (backoff and Retry-After are waited for by moving it).
let clock = new Date("2026-11-23T10:00:00Z");
const advance = (seconds: number) => {
  clock = new Date(clock.getTime() + seconds * 1000);
};

const SITE = "https://freight.example.com";
const TWILIO = {
  TWILIO_ACCOUNT_SID: `AC${"1".repeat(32)}`,
  TWILIO_AUTH_TOKEN: "0123456789abcdef0123456789abcdef",
  TWILIO_SMS_FROM: "+15017122661",
};
const AT = {
  AFRICASTALKING_USERNAME: "unitrans",
  AFRICASTALKING_API_KEY: "atsk_0123456789abcdef",
  AFRICASTALKING_SENDER_ID: "UNITRANS",
  AFRICASTALKING_CALLBACK_TOKEN: "c".repeat(40),
};
const CUSTOMER = "+231770123456";

let twilio: FakeTwilio;
let at: FakeAfricasTalking;
let viaTwilio: Services;
let viaAt: Services;

beforeAll(async () => {
  twilio = await startFakeTwilio({
    accountSid: TWILIO.TWILIO_ACCOUNT_SID,
    authToken: TWILIO.TWILIO_AUTH_TOKEN,
  });
  at = await startFakeAfricasTalking({
    username: AT.AFRICASTALKING_USERNAME,
    apiKey: AT.AFRICASTALKING_API_KEY,
  });
  viaTwilio = await createTestServices(
    { SITE_URL: SITE, ...TWILIO },
    { outbox: { now: () => clock, autostart: false, providers: { twilioBaseUrl: twilio.url } } },
  );
  viaAt = await createTestServices(
    { SITE_URL: SITE, ...AT },
    { outbox: { now: () => clock, autostart: false, providers: { africasTalkingBaseUrl: at.url } } },
  );
});
afterAll(async () => {
  await viaTwilio?.close();
  await viaAt?.close();
  await twilio?.close();
  await at?.close();
});
beforeEach(async () => {
  for (const services of [viaTwilio, viaAt]) {
    await services.db.delete(outbox);
    await services.db.delete(messageOptOuts);
  }
  twilio.requests.length = 0;
  twilio.optedOut.clear();
  at.requests.length = 0;
  at.recipientStatus.clear();
});

async function queueSms(services: Services, to = CUSTOMER, text = "UTG-1234-5678: Arrived, Monrovia.") {
  const result = await enqueueMessage({
    db: services.db,
    config: services.config,
    message: { channel: "sms", to, text },
    siteHost: "freight.example.com",
    now: clock,
  });
  if (!result.ok) throw new Error(result.reason);
  return result.id;
}
const rowOf = async (services: Services, id: string) =>
  (await services.db.select().from(outbox).where(eq(outbox.id, id)))[0]!;

/** A callback as Twilio sends it: form body, signed over SITE_URL's address of the path (or `signedUrl`). */
function twilioRequest(
  path: string,
  fields: Record<string, string>,
  { signedUrl = `${SITE}${path}`, authToken = TWILIO.TWILIO_AUTH_TOKEN, host = "freight.example.com" } = {},
) {
  const body = new URLSearchParams(fields);
  return new Request(`http://${host}${path}`, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      "x-twilio-signature": twilioSignature(authToken, signedUrl, [...body.entries()]),
    },
    body,
  });
}
const callTwilio = (kind: string, request: Request) =>
  twilioCallback({
    request,
    params: { kind },
    context: createTestContext(viaTwilio),
  } as unknown as Parameters<typeof twilioCallback>[0]);

const callAt = (kind: string, fields: Record<string, string>, token = AT.AFRICASTALKING_CALLBACK_TOKEN) =>
  africasTalkingCallback({
    request: new Request(`${SITE}/webhooks/africastalking/${token}/${kind}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields),
    }),
    params: { token, kind },
    context: createTestContext(viaAt),
  } as unknown as Parameters<typeof africasTalkingCallback>[0]);

describe("SMS through Twilio, sent by the outbox worker", () => {
  it("sends a queued SMS once, with a status callback to SITE_URL, and records Twilio's id", async () => {
    const id = await queueSms(viaTwilio);
    expect(await viaTwilio.outbox.drain()).toMatchObject({ claimed: 1, sent: 1 });
    expect(await viaTwilio.outbox.drain()).toMatchObject({ claimed: 0 });
    expect(twilio.requests).toHaveLength(1);
    const form = twilio.requests[0]!.form;
    expect(form.get("To")).toBe(CUSTOMER);
    expect(form.get("From")).toBe(TWILIO.TWILIO_SMS_FROM);
    expect(form.get("Body")).toBe("UTG-1234-5678: Arrived, Monrovia.");
    expect(form.get("StatusCallback")).toBe(`${SITE}/webhooks/twilio/status?outbox=${id}`);
    expect(await rowOf(viaTwilio, id)).toMatchObject({
      status: "sent",
      attempts: 1,
      providerMessageId: expect.stringMatching(/^SM[0-9a-f]{32}$/),
    });
  });

  it("retries a 429 no sooner than its Retry-After, and a 5xx after the backoff, then sends once", async () => {
    const id = await queueSms(viaTwilio);
    twilio.rateLimitNext(120);
    expect(await viaTwilio.outbox.drain()).toMatchObject({ claimed: 1, retried: 1, sent: 0 });
    expect(await rowOf(viaTwilio, id)).toMatchObject({
      status: "queued",
      lastError: expect.stringContaining("too many requests"),
      nextAttemptAt: new Date(clock.getTime() + 120_000),
    });
    advance(60); // past the 30 s backoff, not past Retry-After
    expect(await viaTwilio.outbox.drain()).toMatchObject({ claimed: 0 });
    advance(60);
    twilio.failNext(503);
    expect(await viaTwilio.outbox.drain()).toMatchObject({ claimed: 1, retried: 1 });
    expect((await rowOf(viaTwilio, id)).nextAttemptAt).toEqual(new Date(clock.getTime() + 2 * RETRY_BASE_MS));
    advance((2 * RETRY_BASE_MS) / 1000);
    expect(await viaTwilio.outbox.drain()).toMatchObject({ claimed: 1, sent: 1 });
    expect(await rowOf(viaTwilio, id)).toMatchObject({ status: "sent", attempts: 3, lastError: null });
    // Three requests reached Twilio; only the last was taken.
    expect(twilio.requests).toHaveLength(3);
  });

  it("fails a message Twilio refuses for good with its reason, and an unsubscribed recipient is opted out", async () => {
    twilio.optedOut.add(CUSTOMER);
    const id = await queueSms(viaTwilio);
    expect(await viaTwilio.outbox.drain()).toMatchObject({ failed: 1 });
    expect(await rowOf(viaTwilio, id)).toMatchObject({
      status: "failed",
      lastError: "Twilio 400 (error 21610): the recipient has unsubscribed (replied STOP)",
    });
    const next = await queueSms(viaTwilio);
    expect(await viaTwilio.outbox.drain()).toMatchObject({ cancelled: 1 });
    expect(await rowOf(viaTwilio, next)).toMatchObject({
      status: "cancelled",
      lastError: expect.stringContaining("opted out of SMS"),
    });
    expect(twilio.requests).toHaveLength(1);
  });

  it("a signed status callback marks the message delivered; a forged one is refused and changes nothing", async () => {
    const id = await queueSms(viaTwilio);
    await viaTwilio.outbox.drain();
    const sid = (await rowOf(viaTwilio, id)).providerMessageId!;
    const path = `/webhooks/twilio/status?outbox=${id}`;
    const fields = { MessageSid: sid, MessageStatus: "delivered", AccountSid: TWILIO.TWILIO_ACCOUNT_SID };

    const forged = await callTwilio("status", twilioRequest(path, fields, { authToken: "f".repeat(32) }));
    expect(forged.status).toBe(403);
    // Signed over the address the request claims (a forged Host), not SITE_URL's: refused too.
    const wrongHost = await callTwilio(
      "status",
      twilioRequest(path, fields, { host: "evil.example", signedUrl: `http://evil.example${path}` }),
    );
    expect(wrongHost.status).toBe(403);
    const unsigned = new Request(`${SITE}${path}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields),
    });
    expect((await callTwilio("status", unsigned)).status).toBe(403);
    expect((await rowOf(viaTwilio, id)).status).toBe("sent");

    const genuine = await callTwilio("status", twilioRequest(path, fields, { host: "internal:3000" }));
    expect(genuine.status).toBe(204);
    expect((await rowOf(viaTwilio, id)).status).toBe("delivered");
    // A late 'sent' report does not move it back.
    await callTwilio("status", twilioRequest(path, { ...fields, MessageStatus: "sent" }));
    expect((await rowOf(viaTwilio, id)).status).toBe("delivered");
  });

  it("an 'undelivered' report fails the message with the carrier's reason", async () => {
    const id = await queueSms(viaTwilio);
    await viaTwilio.outbox.drain();
    const sid = (await rowOf(viaTwilio, id)).providerMessageId!;
    const response = await callTwilio(
      "status",
      twilioRequest(`/webhooks/twilio/status?outbox=${id}`, {
        MessageSid: sid,
        MessageStatus: "undelivered",
        ErrorCode: "30003",
      }),
    );
    expect(response.status).toBe(204);
    expect(await rowOf(viaTwilio, id)).toMatchObject({
      status: "failed",
      lastError: "Not delivered: error 30003",
    });
  });

  it("STOP opts the number out (the next SMS is cancelled unsent); START opts it back in", async () => {
    const stop = await callTwilio(
      "inbound",
      twilioRequest("/webhooks/twilio/inbound", {
        MessageSid: `SM${"2".repeat(32)}`,
        From: CUSTOMER,
        Body: "Stop",
      }),
    );
    expect(stop.status).toBe(200);
    expect(await stop.text()).toContain("<Response>");
    const cancelled = await queueSms(viaTwilio);
    expect(await viaTwilio.outbox.drain()).toMatchObject({ claimed: 1, cancelled: 1, sent: 0 });
    expect((await rowOf(viaTwilio, cancelled)).status).toBe("cancelled");
    expect(twilio.requests).toHaveLength(0);

    await callTwilio(
      "inbound",
      twilioRequest("/webhooks/twilio/inbound", {
        MessageSid: `SM${"3".repeat(32)}`,
        From: CUSTOMER,
        Body: "START",
      }),
    );
    const sent = await queueSms(viaTwilio);
    expect(await viaTwilio.outbox.drain()).toMatchObject({ sent: 1 });
    expect((await rowOf(viaTwilio, sent)).status).toBe("sent");
    expect(twilio.requests).toHaveLength(1);
  });

  it("answers hostile callbacks with 4xx and changes nothing", async () => {
    const path = "/webhooks/twilio/inbound";
    const stopFields = { From: CUSTOMER, Body: "STOP" };
    expect((await callTwilio("nope", twilioRequest(path, stopFields))).status).toBe(404);
    const json = new Request(`${SITE}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(stopFields),
    });
    expect((await callTwilio("inbound", json)).status).toBe(415);
    const huge = twilioRequest(path, { ...stopFields, Pad: "x".repeat(20_000) });
    expect((await callTwilio("inbound", huge)).status).toBe(413);
    const notUtf8 = new Request(`${SITE}${path}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new Uint8Array([0x46, 0x72, 0x6f, 0x6d, 0x3d, 0xff, 0xfe]),
    });
    expect((await callTwilio("inbound", notUtf8)).status).toBe(400);
    // A NUL byte (valid form, valid signature) is refused before any query: PostgreSQL refuses it in text.
    const nul = await callTwilio(
      "status",
      twilioRequest("/webhooks/twilio/status", { MessageSid: "abc\u0000def", MessageStatus: "delivered" }),
    );
    expect(nul.status).toBe(400);
    expect(await viaTwilio.db.select().from(messageOptOuts)).toHaveLength(0);
  });
});

describe("SMS through Africa's Talking, sent by the outbox worker", () => {
  it("sends a queued SMS once and records Africa's Talking's id; a delivery report marks it delivered", async () => {
    const id = await queueSms(viaAt);
    expect(await viaAt.outbox.drain()).toMatchObject({ claimed: 1, sent: 1 });
    expect(await viaAt.outbox.drain()).toMatchObject({ claimed: 0 });
    expect(at.requests).toHaveLength(1);
    expect(at.requests[0]!.form.get("to")).toBe(CUSTOMER);
    expect(at.requests[0]!.form.get("from")).toBe("UNITRANS");
    const row = await rowOf(viaAt, id);
    expect(row).toMatchObject({ status: "sent", providerMessageId: expect.stringMatching(/^ATXid_/) });

    const fields = {
      id: row.providerMessageId!,
      status: "Success",
      phoneNumber: CUSTOMER,
      networkCode: "63902",
    };
    expect((await callAt("delivery", fields, "w".repeat(40))).status).toBe(403);
    expect((await callAt("delivery", fields, "short")).status).toBe(403);
    expect((await rowOf(viaAt, id)).status).toBe("sent");
    expect((await callAt("delivery", fields)).status).toBe(200);
    expect((await rowOf(viaAt, id)).status).toBe("delivered");
  });

  it("retries a 429 after its Retry-After and a 500 after the backoff, then sends once", async () => {
    const id = await queueSms(viaAt);
    at.rateLimitNext(90);
    expect(await viaAt.outbox.drain()).toMatchObject({ retried: 1 });
    advance(89);
    expect(await viaAt.outbox.drain()).toMatchObject({ claimed: 0 });
    advance(1);
    at.failNext(500);
    expect(await viaAt.outbox.drain()).toMatchObject({ retried: 1 });
    advance((2 * RETRY_BASE_MS) / 1000);
    expect(await viaAt.outbox.drain()).toMatchObject({ sent: 1 });
    expect(await rowOf(viaAt, id)).toMatchObject({ status: "sent", attempts: 3 });
    expect(at.requests).toHaveLength(3);
  });

  it("fails a blacklisted recipient with the reason and opts the number out", async () => {
    at.recipientStatus.set(CUSTOMER, 406);
    const id = await queueSms(viaAt);
    expect(await viaAt.outbox.drain()).toMatchObject({ failed: 1 });
    expect((await rowOf(viaAt, id)).lastError).toBe(
      "Africa's Talking 406 UserInBlacklist: the recipient has blocked messages from this sender",
    );
    const next = await queueSms(viaAt);
    expect(await viaAt.outbox.drain()).toMatchObject({ cancelled: 1 });
    expect((await rowOf(viaAt, next)).status).toBe("cancelled");
  });

  it("STOP and the opt-out notification opt the number out; START opts it back in", async () => {
    expect((await callAt("inbound", { from: CUSTOMER, to: "20880", text: "STOP", id: "m1" })).status).toBe(
      200,
    );
    const cancelled = await queueSms(viaAt);
    expect(await viaAt.outbox.drain()).toMatchObject({ cancelled: 1 });
    expect((await rowOf(viaAt, cancelled)).status).toBe("cancelled");

    await callAt("inbound", { from: CUSTOMER, to: "20880", text: "start", id: "m2" });
    const sent = await queueSms(viaAt);
    expect(await viaAt.outbox.drain()).toMatchObject({ sent: 1 });
    expect((await rowOf(viaAt, sent)).status).toBe("sent");

    await callAt("optout", { senderId: "UNITRANS", phoneNumber: CUSTOMER });
    const again = await queueSms(viaAt);
    expect(await viaAt.outbox.drain()).toMatchObject({ cancelled: 1 });
    expect((await rowOf(viaAt, again)).status).toBe("cancelled");
    expect(at.requests).toHaveLength(1);
  });

  it("refuses a number outside the allowed countries at enqueue, storing nothing", async () => {
    const result = await enqueueMessage({
      db: viaAt.db,
      config: viaAt.config,
      message: { channel: "sms", to: "+22370123456", text: "x" },
      siteHost: "freight.example.com",
    });
    expect(result).toEqual({ ok: false, reason: "We do not send text messages to numbers in Mali." });
    const local = await enqueueMessage({
      db: viaAt.db,
      config: viaAt.config,
      message: { channel: "sms", to: "0770123456", text: "x" },
      siteHost: "freight.example.com",
    });
    expect(local).toMatchObject({ ok: false, reason: expect.stringContaining("E.164") });
    expect(await viaAt.db.select().from(outbox)).toHaveLength(0);
  });
});
