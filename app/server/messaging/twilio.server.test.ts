import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OutboundMessage } from "#app/server/messaging/channel.server.ts";
import {
  classifyTwilioError,
  createTwilioAdapter,
  parseTwilioCallback,
  twilioSignature,
  verifyTwilioSignature,
} from "#app/server/messaging/twilio.server.ts";
import { type FakeTwilio, startFakeTwilio } from "#tests/fakes/twilio-server.ts";

const accountSid = `AC${"1".repeat(32)}`;
const authToken = "0123456789abcdef0123456789abcdef";
const template = `HX${"a".repeat(32)}`;
const message = (overrides: Partial<OutboundMessage> = {}): OutboundMessage => ({
  id: "41",
  to: "+231770123456",
  text: "UTF-2024-0001 is Out for Delivery in Monrovia.",
  channel: "sms",
  messageId: "<notification-41@freight.example.com>",
  ...overrides,
});

let twilio: FakeTwilio;
beforeAll(async () => {
  twilio = await startFakeTwilio({ accountSid, authToken });
});
afterAll(() => twilio.close());

const sms = (overrides: Partial<Parameters<typeof createTwilioAdapter>[0]> = {}) =>
  createTwilioAdapter({
    accountSid,
    authToken,
    channel: "sms",
    from: "+15005550006",
    baseUrl: twilio.url,
    ...overrides,
  });

describe("sending through Twilio's Messages API", () => {
  it("posts the documented form with Basic auth and keeps the message sid", async () => {
    const adapter = sms({
      statusCallbackUrl: (m) => `https://unitrans.example/hooks/twilio/status?message=${m.id}`,
    });
    const result = await adapter.send(message());
    expect(result).toMatchObject({
      kind: "accepted",
      providerMessageId: expect.stringMatching(/^SM[0-9a-f]{32}$/),
    });
    const request = twilio.requests.at(-1);
    expect(request?.path).toBe(`/2010-04-01/Accounts/${accountSid}/Messages.json`);
    expect(request?.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    expect(Object.fromEntries(request?.form ?? [])).toEqual({
      To: "+231770123456",
      From: "+15005550006",
      Body: "UTF-2024-0001 is Out for Delivery in Monrovia.",
      StatusCallback: "https://unitrans.example/hooks/twilio/status?message=41",
    });
  });

  it("lets a Messaging Service pick the sender when no From is configured", async () => {
    const service = `MG${"2".repeat(32)}`;
    const result = await sms({ from: undefined, messagingServiceSid: service }).send(message());
    expect(result.kind).toBe("accepted");
    const form = twilio.requests.at(-1)?.form;
    expect(form?.get("MessagingServiceSid")).toBe(service);
    expect(form?.has("From")).toBe(false);
  });

  it("sends WhatsApp as the approved template with the text as its variable, never as free text", async () => {
    const adapter = createTwilioAdapter({
      accountSid,
      authToken,
      channel: "whatsapp",
      from: "+14155238886",
      whatsappContentSid: template,
      baseUrl: twilio.url,
    });
    const result = await adapter.send(
      message({ text: "Your cargo\nhas arrived.\t Collect it at Freeport." }),
    );
    expect(result.kind).toBe("accepted");
    const form = twilio.requests.at(-1)?.form;
    expect(form?.get("To")).toBe("whatsapp:+231770123456");
    expect(form?.get("From")).toBe("whatsapp:+14155238886");
    expect(form?.get("ContentSid")).toBe(template);
    expect(JSON.parse(form?.get("ContentVariables") ?? "")).toEqual({
      1: "Your cargo has arrived. Collect it at Freeport.",
    });
    expect(form?.has("Body")).toBe(false);
  });

  it("refuses to build a WhatsApp adapter without a template, or any adapter without a sender", () => {
    expect(() =>
      createTwilioAdapter({ accountSid, authToken, channel: "whatsapp", from: "+14155238886" }),
    ).toThrow(/template/);
    expect(() => createTwilioAdapter({ accountSid, authToken, channel: "sms" })).toThrow(/sender/);
  });

  it("calls an unsubscribed recipient a permanent failure and an opt-out (21610)", async () => {
    twilio.optedOut.add("+231770000001");
    const result = await sms().send(message({ to: "+231770000001" }));
    expect(result).toEqual({
      kind: "permanent",
      reason: "Twilio 400 (error 21610): the recipient has unsubscribed (replied STOP)",
      optOut: true,
    });
  });

  it("calls an invalid number permanent (21211)", async () => {
    const result = await sms().send(message({ to: "231770123456" }));
    expect(result).toMatchObject({ kind: "permanent", reason: expect.stringContaining("21211") });
  });

  it("calls wrong credentials permanent (20003)", async () => {
    const result = await sms({ authToken: "ffffffffffffffffffffffffffffffff" }).send(message());
    expect(result).toMatchObject({ kind: "permanent", reason: expect.stringContaining("20003") });
  });

  it("retries a rate limit after Twilio's Retry-After, and without one leaves the pause to the outbox", async () => {
    twilio.rateLimitNext(30);
    expect(await sms().send(message())).toEqual({
      kind: "transient",
      reason: "Twilio 429 (error 20429): too many requests",
      retryAfterSeconds: 30,
    });
    twilio.rateLimitNext();
    const result = await sms().send(message());
    expect(result.kind).toBe("transient");
    expect(result).not.toHaveProperty("retryAfterSeconds");
  });

  it("retries server errors", async () => {
    twilio.failNext(500);
    expect((await sms().send(message())).kind).toBe("transient");
    twilio.failNext(503);
    expect((await sms().send(message())).kind).toBe("transient");
  });

  it("calls no answer in time transient, saying the message may have gone", async () => {
    twilio.hangNext();
    const result = await sms({ timeoutMs: 300 }).send(message());
    expect(result).toMatchObject({
      kind: "transient",
      reason: expect.stringContaining("may have been sent"),
    });
  });

  it("calls an unreachable Twilio transient", async () => {
    const result = await sms({ baseUrl: "http://127.0.0.1:9" }).send(message());
    expect(result).toMatchObject({
      kind: "transient",
      reason: expect.stringContaining("could not be reached"),
    });
  });
});

describe("Twilio error classes", () => {
  it.each([
    [{ status: 400, code: 21211 }, "permanent"],
    [{ status: 400, code: 21408 }, "permanent"],
    [{ status: 400, code: 21614 }, "permanent"],
    [{ status: 400, code: 63016 }, "permanent"],
    [{ status: 400, code: 99999, message: "Something new" }, "permanent"],
    [{ status: 401, code: 20003 }, "permanent"],
    [{ status: 404, code: 20404 }, "permanent"],
    [{ status: 429, code: 20429 }, "transient"],
    [{ status: 500 }, "transient"],
    [{ status: 502 }, "transient"],
    [{ status: 503, retryAfterSeconds: 5 }, "transient"],
  ])("%o is %s", (error, kind) => {
    expect(classifyTwilioError(error).kind).toBe(kind);
  });

  it("keeps an unknown error's own message", () => {
    expect(classifyTwilioError({ status: 400, code: 99999, message: "Something new" })).toEqual({
      kind: "permanent",
      reason: "Twilio 400 (error 99999): Something new",
    });
  });
});

describe("X-Twilio-Signature", () => {
  // The example of Twilio's security documentation (https://www.twilio.com/docs/usage/security).
  const url = "https://mycompany.com/myapp.php?foo=1&bar=2";
  const params = {
    CallSid: "CA1234567890ABCDE",
    Caller: "+12349013030",
    Digits: "1234",
    From: "+12349013030",
    To: "+18005551212",
  };

  it("matches Twilio's documented example", () => {
    expect(twilioSignature("12345", url, Object.entries(params))).toBe("0/KCTR6DLpKmkAf8muzZqo1nDgQ=");
    expect(
      verifyTwilioSignature({ authToken: "12345", url, params, signature: "0/KCTR6DLpKmkAf8muzZqo1nDgQ=" }),
    ).toBe(true);
  });

  it("refuses a changed parameter, another URL, another token, or no signature", () => {
    const signature = "0/KCTR6DLpKmkAf8muzZqo1nDgQ=";
    expect(
      verifyTwilioSignature({ authToken: "12345", url, params: { ...params, Digits: "9" }, signature }),
    ).toBe(false);
    expect(verifyTwilioSignature({ authToken: "12345", url: `${url}&x=1`, params, signature })).toBe(false);
    expect(verifyTwilioSignature({ authToken: "54321", url, params, signature })).toBe(false);
    expect(verifyTwilioSignature({ authToken: "12345", url, params, signature: null })).toBe(false);
    expect(verifyTwilioSignature({ authToken: "12345", url, params, signature: "" })).toBe(false);
  });

  it("accepts the URL with or without the default port, as Twilio's helpers do", () => {
    const signed = twilioSignature(authToken, "https://unitrans.example:443/hooks/twilio", [
      ["Body", "STOP"],
    ]);
    const body = new URLSearchParams({ Body: "STOP" });
    expect(
      verifyTwilioSignature({
        authToken,
        url: "https://unitrans.example/hooks/twilio",
        params: body,
        signature: signed,
      }),
    ).toBe(true);
  });

  it("signs repeated parameters in order of name, then value", () => {
    const body = new URLSearchParams([
      ["MediaUrl", "b"],
      ["Body", "x"],
      ["MediaUrl", "a"],
    ]);
    const expected = twilioSignature(authToken, "https://h.example/p", [
      ["Body", "x"],
      ["MediaUrl", "a"],
      ["MediaUrl", "b"],
    ]);
    expect(
      verifyTwilioSignature({ authToken, url: "https://h.example/p", params: body, signature: expected }),
    ).toBe(true);
  });
});

describe("Twilio callbacks", () => {
  const form = (fields: Record<string, string>) => new URLSearchParams(fields);

  it("reads delivery statuses", () => {
    expect(parseTwilioCallback(form({ MessageSid: "SM1", MessageStatus: "delivered" }))).toEqual({
      kind: "status",
      providerMessageId: "SM1",
      status: "delivered",
    });
    expect(parseTwilioCallback(form({ MessageSid: "SM1", MessageStatus: "read" }))).toMatchObject({
      status: "read",
    });
    expect(parseTwilioCallback(form({ MessageSid: "SM1", MessageStatus: "sent" }))).toMatchObject({
      status: "sent",
    });
    expect(parseTwilioCallback(form({ MessageSid: "SM1", MessageStatus: "queued" }))).toMatchObject({
      status: "pending",
    });
    expect(
      parseTwilioCallback(form({ MessageSid: "SM1", MessageStatus: "undelivered", ErrorCode: "30003" })),
    ).toEqual({
      kind: "status",
      providerMessageId: "SM1",
      status: "failed",
      errorCode: "30003",
    });
    expect(
      parseTwilioCallback(form({ MessageSid: "SM1", MessageStatus: "failed", ErrorCode: "21610" })),
    ).toMatchObject({
      status: "failed",
      optOut: true,
    });
  });

  it("honours STOP and START replies, on SMS and WhatsApp", () => {
    const inbound = (fields: Record<string, string>) =>
      parseTwilioCallback(form({ MessageSid: "SM9", SmsStatus: "received", To: "+15005550006", ...fields }));
    expect(inbound({ From: "+231770123456", Body: " stop " })).toEqual({
      kind: "opt-out",
      channel: "sms",
      from: "+231770123456",
      providerMessageId: "SM9",
    });
    expect(inbound({ From: "+231770123456", Body: "Unsubscribe" })).toMatchObject({ kind: "opt-out" });
    expect(inbound({ From: "whatsapp:+231770123456", Body: "STOP" })).toMatchObject({
      kind: "opt-out",
      channel: "whatsapp",
      from: "+231770123456",
    });
    expect(inbound({ From: "+231770123456", Body: "Start" })).toMatchObject({ kind: "opt-in" });
    // Advanced Opt-Out names the keyword's class itself, whatever the language of the word.
    expect(inbound({ From: "+231770123456", Body: "ARRET", OptOutType: "STOP" })).toMatchObject({
      kind: "opt-out",
    });
  });

  it("keeps other replies as inbound text and ignores what is not a message callback", () => {
    expect(
      parseTwilioCallback(
        form({ MessageSid: "SM9", SmsStatus: "received", From: "+231770123456", Body: "When?" }),
      ),
    ).toEqual({
      kind: "inbound",
      channel: "sms",
      from: "+231770123456",
      text: "When?",
      providerMessageId: "SM9",
    });
    expect(parseTwilioCallback(form({ MessageSid: "SM9", MessageStatus: "exploded" })).kind).toBe("ignored");
    expect(parseTwilioCallback(form({})).kind).toBe("ignored");
  });
});
