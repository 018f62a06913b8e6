import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  AFRICAS_TALKING_LIVE_URL,
  AFRICAS_TALKING_SANDBOX_URL,
  africasTalkingBaseUrl,
  classifyAfricasTalkingRecipient,
  createAfricasTalkingAdapter,
  INSUFFICIENT_BALANCE_RETRY_SECONDS,
  parseAfricasTalkingCallback,
  verifyAfricasTalkingCallbackToken,
} from "#app/server/messaging/africas-talking.server.ts";
import type { OutboundMessage } from "#app/server/messaging/channel.server.ts";
import { type FakeAfricasTalking, startFakeAfricasTalking } from "#tests/fakes/africas-talking-server.ts";

const username = "unitrans";
const apiKey = "atsk_0123456789abcdef";
const message = (overrides: Partial<OutboundMessage> = {}): OutboundMessage => ({
  id: "7",
  to: "+231770123456",
  text: "UTF-2024-0001 has arrived at Freeport of Monrovia.",
  channel: "sms",
  messageId: "<notification-7@freight.example.com>",
  ...overrides,
});

let at: FakeAfricasTalking;
beforeAll(async () => {
  at = await startFakeAfricasTalking({ username, apiKey, senderIds: ["UNITRANS"] });
});
afterAll(() => at.close());

const adapter = (overrides: Partial<Parameters<typeof createAfricasTalkingAdapter>[0]> = {}) =>
  createAfricasTalkingAdapter({ username, apiKey, from: "UNITRANS", baseUrl: at.url, ...overrides });

describe("sending through Africa's Talking", () => {
  it("posts the documented form with the apiKey header and JSON accepted, and keeps the message id", async () => {
    const result = await adapter().send(message());
    expect(result).toMatchObject({ kind: "accepted", providerMessageId: expect.stringMatching(/^ATXid_/) });
    const request = at.requests.at(-1);
    expect(request?.path).toBe("/version1/messaging");
    expect(request?.headers.apikey).toBe(apiKey);
    expect(request?.headers.accept).toBe("application/json");
    expect(request?.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    expect(Object.fromEntries(request?.form ?? [])).toEqual({
      username,
      to: "+231770123456",
      message: "UTF-2024-0001 has arrived at Freeport of Monrovia.",
      from: "UNITRANS",
      bulkSMSMode: "1",
    });
  });

  it("leaves out `from` when no sender id is configured (the account's default)", async () => {
    expect((await adapter({ from: undefined }).send(message())).kind).toBe("accepted");
    expect(at.requests.at(-1)?.form.has("from")).toBe(false);
  });

  it("uses the sandbox for the username 'sandbox'", () => {
    expect(africasTalkingBaseUrl("sandbox")).toBe(AFRICAS_TALKING_SANDBOX_URL);
    expect(africasTalkingBaseUrl("unitrans")).toBe(AFRICAS_TALKING_LIVE_URL);
  });

  it("maps each recipient status to accepted, transient or permanent", async () => {
    const cases: Array<[number, string, boolean?]> = [
      [102, "accepted"],
      [401, "permanent"],
      [403, "permanent"],
      [404, "permanent"],
      [405, "transient"],
      [406, "permanent", true],
      [407, "permanent"],
      [409, "permanent"],
      [500, "transient"],
      [501, "transient"],
      [502, "permanent"],
    ];
    for (const [statusCode, kind, optOut] of cases) {
      const to = `+23177000${String(statusCode).padStart(4, "0")}`;
      at.recipientStatus.set(to, statusCode);
      const result = await adapter().send(message({ to }));
      expect(result.kind, `statusCode ${statusCode}`).toBe(kind);
      if (optOut) expect(result).toHaveProperty("optOut", true);
    }
  });

  it("pauses an hour on insufficient balance", async () => {
    at.recipientStatus.set("+231770009405", 405);
    expect(await adapter().send(message({ to: "+231770009405" }))).toEqual({
      kind: "transient",
      reason: "Africa's Talking 405 InsufficientBalance: the account's balance is too low; top it up",
      retryAfterSeconds: INSUFFICIENT_BALANCE_RETRY_SECONDS,
    });
  });

  it("calls an unregistered sender id permanent", async () => {
    expect(await adapter({ from: "OTHER" }).send(message())).toEqual({
      kind: "permanent",
      reason: "Africa's Talking did not take the message: InvalidSenderId",
    });
  });

  it("calls a number Africa's Talking cannot read permanent", async () => {
    expect(await adapter().send(message({ to: "0770123456" }))).toMatchObject({
      kind: "permanent",
      reason: expect.stringContaining("403 InvalidPhoneNumber"),
    });
  });

  it("calls wrong credentials permanent, naming the settings", async () => {
    expect(await adapter({ apiKey: "wrong" }).send(message())).toMatchObject({
      kind: "permanent",
      reason: expect.stringContaining("AFRICASTALKING_API_KEY"),
    });
  });

  it("retries rate limits (with Retry-After when given) and server errors", async () => {
    at.rateLimitNext(12);
    expect(await adapter().send(message())).toMatchObject({ kind: "transient", retryAfterSeconds: 12 });
    at.rateLimitNext();
    expect((await adapter().send(message())).kind).toBe("transient");
    at.failNext(500);
    expect((await adapter().send(message())).kind).toBe("transient");
    at.failNext(503);
    expect((await adapter().send(message())).kind).toBe("transient");
  });

  it("calls no answer in time, or no server, transient", async () => {
    at.hangNext();
    expect(await adapter({ timeoutMs: 300 }).send(message())).toMatchObject({
      kind: "transient",
      reason: expect.stringContaining("may have been sent"),
    });
    expect((await adapter({ baseUrl: "http://127.0.0.1:9" }).send(message())).kind).toBe("transient");
  });

  it("treats an unknown recipient code by its class", () => {
    expect(classifyAfricasTalkingRecipient({ statusCode: 599 }).kind).toBe("transient");
    expect(classifyAfricasTalkingRecipient({ statusCode: 499 }).kind).toBe("permanent");
    expect(classifyAfricasTalkingRecipient({ statusCode: 101, messageId: "None" }).kind).toBe("transient");
  });
});

describe("Africa's Talking callbacks", () => {
  const secret = "s3cr3t-0123456789abcdefghijklmnopqrstuv";

  it("accepts a callback only with our secret", () => {
    expect(verifyAfricasTalkingCallbackToken(secret, secret)).toBe(true);
    expect(verifyAfricasTalkingCallbackToken(`${secret}x`, secret)).toBe(false);
    expect(verifyAfricasTalkingCallbackToken(secret.slice(0, -1), secret)).toBe(false);
    expect(verifyAfricasTalkingCallbackToken(null, secret)).toBe(false);
    expect(verifyAfricasTalkingCallbackToken("", "")).toBe(false);
  });

  const form = (fields: Record<string, string>) => new URLSearchParams(fields);

  it("reads delivery reports", () => {
    expect(
      parseAfricasTalkingCallback(
        form({ id: "ATXid_1", status: "Success", phoneNumber: "+231770123456", networkCode: "61801" }),
      ),
    ).toEqual({ kind: "status", providerMessageId: "ATXid_1", status: "delivered" });
    expect(parseAfricasTalkingCallback(form({ id: "ATXid_1", status: "Buffered" }))).toMatchObject({
      status: "pending",
    });
    expect(
      parseAfricasTalkingCallback(
        form({ id: "ATXid_1", status: "Failed", failureReason: "UserInBlackList" }),
      ),
    ).toEqual({
      kind: "status",
      providerMessageId: "ATXid_1",
      status: "failed",
      errorCode: "UserInBlackList",
      reason: "UserInBlackList",
      optOut: true,
    });
    expect(parseAfricasTalkingCallback(form({ id: "ATXid_1", status: "Weird" })).kind).toBe("ignored");
  });

  it("reads bulk SMS opt-outs and STOP replies", () => {
    expect(parseAfricasTalkingCallback(form({ senderId: "UNITRANS", phoneNumber: "+231770123456" }))).toEqual(
      {
        kind: "opt-out",
        channel: "sms",
        from: "+231770123456",
      },
    );
    expect(
      parseAfricasTalkingCallback(
        form({ from: "+231770123456", to: "20880", text: "STOP", id: "m1", date: "2026-11-23 10:00:00" }),
      ),
    ).toEqual({ kind: "opt-out", channel: "sms", from: "+231770123456", providerMessageId: "m1" });
    expect(parseAfricasTalkingCallback(form({ from: "+231770123456", text: "thanks", id: "m2" }))).toEqual({
      kind: "inbound",
      channel: "sms",
      from: "+231770123456",
      text: "thanks",
      providerMessageId: "m2",
    });
    expect(parseAfricasTalkingCallback(form({ hello: "world" })).kind).toBe("ignored");
  });
});
