/**
 * Which text-message channels this installation has, from the environment (app/server/platform/config.server.ts),
 * and the adapters the notification outbox sends through. Every provider is optional:
 * - SMS goes through SMS_PROVIDER when set; otherwise through the one provider configured; with both,
 *   through Twilio. With neither, the SMS channel is off and `describeMessagingChannels` says why.
 * - WhatsApp goes through Twilio only, and stays off until the sender (TWILIO_WHATSAPP_FROM) and the
 *   approved template (TWILIO_WHATSAPP_TEMPLATE_SID) are set: WhatsApp refuses free-form messages a business
 *   starts.
 * Every adapter only sends to mobile numbers of SMS_ALLOWED_COUNTRIES.
 */
import {
  type AfricasTalkingAdapterOptions,
  createAfricasTalkingAdapter,
} from "#app/server/messaging/africas-talking.server.ts";
import {
  type ChannelAdapter,
  type OutboundMessage,
  restrictRecipients,
} from "#app/server/messaging/channel.server.ts";
import { createTwilioAdapter } from "#app/server/messaging/twilio.server.ts";
import type { Config } from "#app/server/platform/config.server.ts";

export type MessagingConfig = Pick<
  Config,
  | "SMS_PROVIDER"
  | "SMS_ALLOWED_COUNTRIES"
  | "TWILIO_ACCOUNT_SID"
  | "TWILIO_AUTH_TOKEN"
  | "TWILIO_SMS_FROM"
  | "TWILIO_MESSAGING_SERVICE_SID"
  | "TWILIO_WHATSAPP_FROM"
  | "TWILIO_WHATSAPP_TEMPLATE_SID"
  | "TWILIO_WHATSAPP_TEMPLATE_SID_FR"
  | "AFRICASTALKING_USERNAME"
  | "AFRICASTALKING_API_KEY"
  | "AFRICASTALKING_SENDER_ID"
>;

export type SmsProvider = "twilio" | "africastalking";

export type ChannelStatus =
  | { available: true; provider: SmsProvider; providerName: string; summary: string }
  | { available: false; reason: string };

export type MessagingChannels = {
  sms: ChannelStatus;
  whatsapp: ChannelStatus;
  allowedCountries: readonly string[];
};

const PROVIDER_NAME: Record<SmsProvider, string> = { twilio: "Twilio", africastalking: "Africa's Talking" };

/** What the admin shows about text messages: each channel on (through whom) or off (and why). */
export function describeMessagingChannels(config: MessagingConfig): MessagingChannels {
  return {
    sms: describeSms(config),
    whatsapp: describeWhatsApp(config),
    allowedCountries: config.SMS_ALLOWED_COUNTRIES,
  };
}

function twilioConfigured(config: MessagingConfig): boolean {
  return Boolean(config.TWILIO_ACCOUNT_SID && config.TWILIO_AUTH_TOKEN);
}

function africasTalkingConfigured(config: MessagingConfig): boolean {
  return Boolean(config.AFRICASTALKING_USERNAME && config.AFRICASTALKING_API_KEY);
}

/** The provider SMS goes through, or why there is none. */
function chooseSmsProvider(config: MessagingConfig): SmsProvider | { reason: string } {
  const twilio =
    twilioConfigured(config) && Boolean(config.TWILIO_SMS_FROM || config.TWILIO_MESSAGING_SERVICE_SID);
  const africasTalking = africasTalkingConfigured(config);
  if (config.SMS_PROVIDER === "twilio") {
    return twilio
      ? "twilio"
      : { reason: "SMS_PROVIDER is twilio, but TWILIO_SMS_FROM or TWILIO_MESSAGING_SERVICE_SID is not set." };
  }
  if (config.SMS_PROVIDER === "africastalking") {
    return africasTalking
      ? "africastalking"
      : { reason: "SMS_PROVIDER is africastalking, but it is not configured." };
  }
  if (twilio) return "twilio";
  if (africasTalking) return "africastalking";
  if (twilioConfigured(config)) {
    return {
      reason:
        "Twilio is configured without an SMS sender: set TWILIO_SMS_FROM or TWILIO_MESSAGING_SERVICE_SID.",
    };
  }
  return {
    reason:
      "No SMS provider is configured. Set the TWILIO_ or AFRICASTALKING_ variables (see .env.example) to send text messages.",
  };
}

function describeSms(config: MessagingConfig): ChannelStatus {
  const choice = chooseSmsProvider(config);
  if (typeof choice !== "string") return { available: false, reason: choice.reason };
  const sender =
    choice === "twilio"
      ? (config.TWILIO_SMS_FROM ?? `Messaging Service ${config.TWILIO_MESSAGING_SERVICE_SID}`)
      : (config.AFRICASTALKING_SENDER_ID ?? "the account's default sender");
  const sandbox =
    choice === "africastalking" && config.AFRICASTALKING_USERNAME === "sandbox" ? " (sandbox)" : "";
  return {
    available: true,
    provider: choice,
    providerName: PROVIDER_NAME[choice],
    summary: `SMS through ${PROVIDER_NAME[choice]}${sandbox}, from ${sender}.`,
  };
}

function describeWhatsApp(config: MessagingConfig): ChannelStatus {
  if (!twilioConfigured(config)) {
    return { available: false, reason: "WhatsApp goes through Twilio, which is not configured." };
  }
  if (!config.TWILIO_WHATSAPP_FROM) {
    return {
      available: false,
      reason: "Set TWILIO_WHATSAPP_FROM, the WhatsApp sender's number, to send on WhatsApp.",
    };
  }
  if (!config.TWILIO_WHATSAPP_TEMPLATE_SID) {
    return {
      available: false,
      reason:
        "WhatsApp stays off until TWILIO_WHATSAPP_TEMPLATE_SID names a template WhatsApp has approved (messages a business starts must use one).",
    };
  }
  return {
    available: true,
    provider: "twilio",
    providerName: PROVIDER_NAME.twilio,
    summary: `WhatsApp through Twilio, from ${config.TWILIO_WHATSAPP_FROM}, with template ${config.TWILIO_WHATSAPP_TEMPLATE_SID}.`,
  };
}

/** Whether a French recipient's WhatsApp message can go in French: a French template is approved and set. */
export function whatsappSpeaksFrench(
  config: Pick<MessagingConfig, "TWILIO_WHATSAPP_TEMPLATE_SID_FR">,
): boolean {
  return Boolean(config.TWILIO_WHATSAPP_TEMPLATE_SID_FR);
}

export type AdapterOptions = {
  /** The URL Twilio should report a message's delivery to (the callback route adds it; none until then). */
  twilioStatusCallbackUrl?: (message: OutboundMessage) => string | undefined;
  /** Tests: point the adapters at the fake providers. */
  twilioBaseUrl?: string;
  africasTalkingBaseUrl?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
};

/** The adapters of the channels that are on; a channel that is off has none. */
export function createMessagingAdapters(
  config: MessagingConfig,
  options: AdapterOptions = {},
): { sms?: ChannelAdapter; whatsapp?: ChannelAdapter } {
  const channels = describeMessagingChannels(config);
  const common = {
    ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
    ...(options.fetch ? { fetch: options.fetch } : {}),
  };
  const twilio = {
    accountSid: config.TWILIO_ACCOUNT_SID ?? "",
    authToken: config.TWILIO_AUTH_TOKEN ?? "",
    ...(options.twilioBaseUrl ? { baseUrl: options.twilioBaseUrl } : {}),
    ...(options.twilioStatusCallbackUrl ? { statusCallbackUrl: options.twilioStatusCallbackUrl } : {}),
    ...common,
  };
  const adapters: { sms?: ChannelAdapter; whatsapp?: ChannelAdapter } = {};

  if (channels.sms.available && channels.sms.provider === "twilio") {
    adapters.sms = createTwilioAdapter({
      ...twilio,
      channel: "sms",
      ...(config.TWILIO_SMS_FROM
        ? { from: config.TWILIO_SMS_FROM }
        : { messagingServiceSid: config.TWILIO_MESSAGING_SERVICE_SID }),
    });
  } else if (channels.sms.available) {
    const atOptions: AfricasTalkingAdapterOptions = {
      username: config.AFRICASTALKING_USERNAME ?? "",
      apiKey: config.AFRICASTALKING_API_KEY ?? "",
      ...(config.AFRICASTALKING_SENDER_ID ? { from: config.AFRICASTALKING_SENDER_ID } : {}),
      ...(options.africasTalkingBaseUrl ? { baseUrl: options.africasTalkingBaseUrl } : {}),
      ...common,
    };
    adapters.sms = createAfricasTalkingAdapter(atOptions);
  }
  if (channels.whatsapp.available) {
    adapters.whatsapp = createTwilioAdapter({
      ...twilio,
      channel: "whatsapp",
      ...(config.TWILIO_WHATSAPP_FROM ? { from: config.TWILIO_WHATSAPP_FROM } : {}),
      ...(config.TWILIO_WHATSAPP_TEMPLATE_SID
        ? { whatsappContentSid: config.TWILIO_WHATSAPP_TEMPLATE_SID }
        : {}),
      ...(config.TWILIO_WHATSAPP_TEMPLATE_SID_FR
        ? { whatsappContentSidFr: config.TWILIO_WHATSAPP_TEMPLATE_SID_FR }
        : {}),
    });
  }
  if (adapters.sms) adapters.sms = restrictRecipients(adapters.sms, config.SMS_ALLOWED_COUNTRIES);
  if (adapters.whatsapp)
    adapters.whatsapp = restrictRecipients(adapters.whatsapp, config.SMS_ALLOWED_COUNTRIES);
  return adapters;
}
