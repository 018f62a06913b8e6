import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createMessagingAdapters,
  describeMessagingChannels,
} from "#app/server/messaging/provider-config.server.ts";
import { loadConfig } from "#app/server/platform/config.server.ts";
import { type FakeAfricasTalking, startFakeAfricasTalking } from "#tests/fakes/africas-talking-server.ts";
import { type FakeTwilio, startFakeTwilio } from "#tests/fakes/twilio-server.ts";

const TWILIO = {
  TWILIO_ACCOUNT_SID: `AC${"1".repeat(32)}`,
  TWILIO_AUTH_TOKEN: "0123456789abcdef0123456789abcdef",
};
const AT = { AFRICASTALKING_USERNAME: "unitrans", AFRICASTALKING_API_KEY: "atsk_0123456789abcdef" };
const TEMPLATE = `HX${"a".repeat(32)}`;

describe("which channels are on", () => {
  it("has SMS and WhatsApp off with no provider, and says so", () => {
    const channels = describeMessagingChannels(loadConfig({}));
    expect(channels.sms).toEqual({
      available: false,
      reason:
        "No SMS provider is configured. Set the TWILIO_ or AFRICASTALKING_ variables (see .env.example) to send text messages.",
    });
    expect(channels.whatsapp).toEqual({
      available: false,
      reason: "WhatsApp goes through Twilio, which is not configured.",
    });
    expect(createMessagingAdapters(loadConfig({}))).toEqual({});
  });

  it("turns SMS on through the one provider configured", () => {
    expect(describeMessagingChannels(loadConfig({ ...TWILIO, TWILIO_SMS_FROM: "UNITRANS" })).sms).toEqual({
      available: true,
      provider: "twilio",
      providerName: "Twilio",
      summary: "SMS through Twilio, from UNITRANS.",
    });
    expect(describeMessagingChannels(loadConfig({ ...AT, AFRICASTALKING_USERNAME: "sandbox" })).sms).toEqual({
      available: true,
      provider: "africastalking",
      providerName: "Africa's Talking",
      summary: "SMS through Africa's Talking (sandbox), from the account's default sender.",
    });
  });

  it("prefers Twilio when both are configured, unless SMS_PROVIDER says otherwise", () => {
    const both = { ...TWILIO, TWILIO_SMS_FROM: "+15005550006", ...AT };
    expect(describeMessagingChannels(loadConfig(both)).sms).toMatchObject({ provider: "twilio" });
    expect(
      describeMessagingChannels(loadConfig({ ...both, SMS_PROVIDER: "africastalking" })).sms,
    ).toMatchObject({
      provider: "africastalking",
    });
  });

  it("says what is missing when Twilio has no SMS sender", () => {
    expect(describeMessagingChannels(loadConfig(TWILIO)).sms).toEqual({
      available: false,
      reason:
        "Twilio is configured without an SMS sender: set TWILIO_SMS_FROM or TWILIO_MESSAGING_SERVICE_SID.",
    });
  });

  it("keeps WhatsApp off until the approved template is set", () => {
    const withSender = { ...TWILIO, TWILIO_WHATSAPP_FROM: "+14155238886" };
    expect(describeMessagingChannels(loadConfig(withSender)).whatsapp).toMatchObject({
      available: false,
      reason: expect.stringContaining("TWILIO_WHATSAPP_TEMPLATE_SID"),
    });
    expect(createMessagingAdapters(loadConfig(withSender)).whatsapp).toBeUndefined();
    const ready = { ...withSender, TWILIO_WHATSAPP_TEMPLATE_SID: TEMPLATE };
    expect(describeMessagingChannels(loadConfig(ready)).whatsapp).toMatchObject({ available: true });
    // WhatsApp alone leaves SMS off: it needs its own sender.
    expect(describeMessagingChannels(loadConfig(ready)).sms.available).toBe(false);
  });
});

describe("the adapters", () => {
  let twilio: FakeTwilio;
  let at: FakeAfricasTalking;
  beforeAll(async () => {
    twilio = await startFakeTwilio({
      accountSid: TWILIO.TWILIO_ACCOUNT_SID,
      authToken: TWILIO.TWILIO_AUTH_TOKEN,
    });
    at = await startFakeAfricasTalking({ username: "unitrans", apiKey: AT.AFRICASTALKING_API_KEY });
  });
  afterAll(async () => {
    await twilio.close();
    await at.close();
  });

  const message = {
    id: "1",
    channel: "sms" as const,
    to: "+231770123456",
    text: "Arrived.",
    messageId: "<k1@freight.example.com>",
  };

  it("send SMS and WhatsApp through the configured providers", async () => {
    const config = loadConfig({
      ...TWILIO,
      TWILIO_WHATSAPP_FROM: "+14155238886",
      TWILIO_WHATSAPP_TEMPLATE_SID: TEMPLATE,
      ...AT,
      AFRICASTALKING_SENDER_ID: "UNITRANS",
    });
    const adapters = createMessagingAdapters(config, {
      twilioBaseUrl: twilio.url,
      africasTalkingBaseUrl: at.url,
    });
    expect(await adapters.sms?.send(message)).toMatchObject({ kind: "accepted" });
    expect(at.requests.at(-1)?.form.get("from")).toBe("UNITRANS");
    expect(await adapters.whatsapp?.send(message)).toMatchObject({ kind: "accepted" });
    expect(twilio.requests.at(-1)?.form.get("ContentSid")).toBe(TEMPLATE);
  });

  it("refuse numbers outside the allowed countries, and non-E.164 numbers, without calling the provider", async () => {
    const config = loadConfig({ ...AT });
    const adapters = createMessagingAdapters(config, { africasTalkingBaseUrl: at.url });
    const before = at.requests.length;
    expect(await adapters.sms?.send({ ...message, to: "+22370123456" })).toEqual({
      kind: "permanent",
      reason: "We do not send text messages to numbers in Mali.",
    });
    expect(await adapters.sms?.send({ ...message, to: "0770123456" })).toMatchObject({ kind: "permanent" });
    expect(at.requests.length).toBe(before);
    const withMali = createMessagingAdapters(loadConfig({ ...AT, SMS_ALLOWED_COUNTRIES: "LR,ML" }), {
      africasTalkingBaseUrl: at.url,
    });
    expect(await withMali.sms?.send({ ...message, to: "+22370123456" })).toMatchObject({ kind: "accepted" });
  });
});
