import os from "node:os";
import { z } from "zod";
import { CURRENCIES } from "#app/lib/freight-terms.ts";
import { DEFAULT_ALLOWED_COUNTRIES, parseCountryList } from "#app/lib/phone.ts";

const bool = (fallback: boolean) =>
  z
    .enum(["true", "false", "1", "0", "yes", "no"], { message: "must be true or false" })
    .default(fallback ? "true" : "false")
    .transform((v) => v === "true" || v === "1" || v === "yes");

const int = (fallback: number, min: number, max: number) =>
  z.coerce
    .number({ message: "must be a whole number" })
    .int({ message: "must be a whole number" })
    .min(min, { message: `must be at least ${min}` })
    .max(max, { message: `must be at most ${max}` })
    .default(fallback);

/** A DNS name or an IPv4 address, lowercase, optionally with a port; IPv6 literals are not accepted. */
const HOST_PATTERN =
  /^(?=.{1,253}(?::|$))[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*(?::\d{1,5})?$/;

/** The most app processes WEB_CONCURRENCY may ask for (each keeps its own memory and database pool). */
export const MAX_WEB_CONCURRENCY = 16;

const E164 = /^\+[1-9]\d{6,14}$/;
/** An alphanumeric sender id as operators accept it: 1–11 letters, digits and spaces, at least one letter. */
const SENDER_ID = /^(?=.*[A-Za-z])[A-Za-z0-9 ]{1,11}$/;
const twilioSid = (prefix: string, what: string) =>
  z
    .string()
    .regex(new RegExp(`^${prefix}[0-9a-f]{32}$`), {
      message: `must be ${what} (${prefix} and 32 hex digits)`,
    })
    .optional();

/** Mobile money online needs every one of these; with none it is off, with some the configuration is refused. */
export const MTN_MOMO_SETTINGS = [
  "MTN_MOMO_BASE_URL",
  "MTN_MOMO_SUBSCRIPTION_KEY",
  "MTN_MOMO_API_USER",
  "MTN_MOMO_API_KEY",
  "MTN_MOMO_TARGET_ENVIRONMENT",
  "MTN_MOMO_CURRENCY",
] as const;

const configSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
    PORT: int(3000, 0, 65535),
    HOST: z.string().min(1).default("0.0.0.0"),
    DATA_DIR: z.string().min(1).default("./data"),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, { message: "must start with postgres:// or postgresql://" })
      .optional(),
    DATABASE_TIMEOUT_MS: int(5000, 100, 600_000),
    /** The embedded server only: after it failed to start (a crash loop, a bad setting), how long until the next try. */
    DATABASE_RETRY_MS: int(60_000, 1000, 3_600_000),
    /** Connections each app process keeps (default: 5 to the embedded server, 10 to DATABASE_URL). */
    DATABASE_POOL_SIZE: int(0, 0, 200).transform((n) => (n === 0 ? undefined : n)),
    SEED_DEMO: bool(true),
    SITE_URL: z.url({ message: "must be an absolute http(s) URL" }).optional(),
    /**
     * Other host names the site answers at (comma-separated, e.g. "www.example.com,192.168.1.20"; one may
     * name a port, "example.com:8443"). Links and QR codes on the tracking page use the visitor's host only
     * when it is one of these (or SITE_URL's own); any other Host header gets SITE_URL.
     */
    ALLOWED_HOSTS: z
      .string()
      .default("")
      .transform((value) =>
        value
          .split(",")
          .map((host) => host.trim().toLowerCase())
          .filter((host) => host !== ""),
      )
      .refine((hosts) => hosts.every((host) => HOST_PATTERN.test(host)), {
        message:
          "must be host names separated by commas (example.com,www.example.com), without scheme or path",
      }),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    TRUST_PROXY: bool(false),
    BODY_LIMIT_KB: int(1024, 16, 65536),
    FORM_RATE_LIMIT: int(10, 1, 100_000),
    FORM_RATE_WINDOW_SECONDS: int(600, 1, 86_400),
    TRACK_RATE_LIMIT: int(120, 1, 1_000_000),
    TRACK_RATE_WINDOW_SECONDS: int(60, 1, 86_400),
    /**
     * 'Get updates' (decision 014): the caps on public subscriptions. Places per shipment (its shipper and
     * consignee never need one), and how many of them one client address may hold on one shipment.
     */
    SUBSCRIBERS_PER_SHIPMENT: int(10, 1, 1000),
    SUBSCRIBERS_PER_CLIENT_PER_SHIPMENT: int(3, 1, 1000),
    /** Requests per client address and per shipment, per hour (both channels). */
    SUBSCRIBE_REQUESTS_PER_CLIENT_PER_HOUR: int(10, 1, 100_000),
    SUBSCRIBE_REQUESTS_PER_SHIPMENT_PER_HOUR: int(30, 1, 100_000),
    /** Confirmation e-mails to one address per hour, and by the whole site per day. */
    SUBSCRIBE_EMAILS_PER_ADDRESS_PER_HOUR: int(3, 1, 1000),
    SUBSCRIBE_EMAILS_PER_DAY: int(500, 1, 1_000_000),
    /** Codes texted to one number and on behalf of one client address per day, and by the whole site per day. */
    SUBSCRIBE_CODES_PER_NUMBER_PER_DAY: int(3, 1, 1000),
    SUBSCRIBE_CODES_PER_CLIENT_PER_DAY: int(5, 1, 1000),
    SUBSCRIBE_CODES_PER_DAY: int(200, 1, 1_000_000),
    /** Codes typed from one client address per hour (any number, any shipment). */
    SUBSCRIBE_CODE_CHECKS_PER_CLIENT_PER_HOUR: int(30, 1, 100_000),
    MEDIA_MAX_MB: int(10, 1, 100),
    SHUTDOWN_TIMEOUT_MS: int(10_000, 100, 600_000),
    /**
     * App processes serving requests (decision 022). 1: the one process does everything. More: a primary
     * process owns the database and forks this many workers that share the port; one of them runs the
     * background jobs. SIGUSR2 to the primary replaces the workers one at a time.
     */
    WEB_CONCURRENCY: int(1, 1, MAX_WEB_CONCURRENCY),
    ADMIN_EMAIL: z.email({ message: "must be an e-mail address" }).optional(),
    ADMIN_PASSWORD: z.string().optional(),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, { message: "must start with smtp:// or smtps://" })
      .optional(),
    /** The From of outgoing e-mail ("Name <address>" or an address); unset: the company's name and e-mail from the site settings. */
    MAIL_FROM: z.string().min(3).optional(),
    /** Development and tests: also write every outgoing e-mail as a JSON file into this folder. */
    OUTBOX_DIR: z.string().min(1).optional(),
    SESSION_IDLE_MINUTES: int(120, 1, 60 * 24 * 30),
    SESSION_MAX_DAYS: int(7, 1, 365),
    // Customer accounts (decision 029): their own lifetimes, longer than staff's (a phone stays signed in).
    CUSTOMER_SESSION_IDLE_DAYS: int(14, 1, 365),
    CUSTOMER_SESSION_MAX_DAYS: int(60, 1, 365),
    /**
     * Text messages (decision 013). Every provider is optional; with none, the SMS channel is off, and WhatsApp
     * stays off until its approved template is set. See app/server/messaging/provider-config.server.ts.
     */
    SMS_PROVIDER: z
      .enum(["twilio", "africastalking"], { message: "must be twilio or africastalking" })
      .optional(),
    /** Countries we text (ISO codes, comma-separated), against SMS pumping fraud. */
    SMS_ALLOWED_COUNTRIES: z
      .string()
      .default(DEFAULT_ALLOWED_COUNTRIES.join(","))
      .transform((value, context) => {
        const codes = parseCountryList(value);
        if (!codes || codes.length === 0) {
          context.addIssue({
            code: "custom",
            message: "must be ISO country codes separated by commas (LR,GH,NG)",
          });
          return z.NEVER;
        }
        return codes;
      }),
    TWILIO_ACCOUNT_SID: twilioSid("AC", "an Account SID"),
    TWILIO_AUTH_TOKEN: z.string().min(16, { message: "must be the account's auth token" }).optional(),
    TWILIO_SMS_FROM: z
      .string()
      .refine((value) => E164.test(value) || SENDER_ID.test(value), {
        message:
          "must be a Twilio number in E.164 (+231…) or an alphanumeric sender id of up to 11 characters",
      })
      .optional(),
    TWILIO_MESSAGING_SERVICE_SID: twilioSid("MG", "a Messaging Service SID"),
    TWILIO_WHATSAPP_FROM: z
      .string()
      .regex(E164, { message: "must be the WhatsApp sender's number in E.164 (+231…)" })
      .optional(),
    TWILIO_WHATSAPP_TEMPLATE_SID: twilioSid("HX", "an approved Content template SID"),
    /**
     * The French version of the WhatsApp template (decision 030: WhatsApp approves a template per language), for
     * French recipients. Unset: they get WhatsApp messages in English, with the English template.
     */
    TWILIO_WHATSAPP_TEMPLATE_SID_FR: twilioSid("HX", "an approved Content template SID"),
    AFRICASTALKING_USERNAME: z.string().min(1).optional(),
    AFRICASTALKING_API_KEY: z.string().min(1).optional(),
    AFRICASTALKING_SENDER_ID: z
      .string()
      .refine((value) => SENDER_ID.test(value) || /^\d{3,8}$/.test(value), {
        message: "must be a registered sender id (up to 11 letters and digits) or short code",
      })
      .optional(),
    /**
     * Africa's Talking's API address. Unset: the live API (the sandbox for the username 'sandbox'). A proxy
     * in front of it, or a local stand-in of its documented API (the end-to-end walk of decision 029).
     */
    AFRICASTALKING_BASE_URL: z.url({ message: "must be an absolute http(s) URL" }).optional(),
    AFRICASTALKING_CALLBACK_TOKEN: z
      .string()
      .regex(/^[A-Za-z0-9_-]{32,}$/, {
        message: "must be at least 32 letters, digits, - or _ (e.g. openssl rand -hex 32)",
      })
      .optional(),
    /**
     * MTN Mobile Money online (decision 027): the Collections API's address, the product's
     * subscription key, the API user and key, the target environment ('sandbox', 'mtnliberia'…) and the
     * currency the wallet charges in. Off until all six are set; see app/server/payments/mobile-money/.
     */
    MTN_MOMO_BASE_URL: z.url({ message: "must be an absolute http(s) URL" }).optional(),
    MTN_MOMO_SUBSCRIPTION_KEY: z.string().min(1).optional(),
    MTN_MOMO_API_USER: z.string().min(1).optional(),
    MTN_MOMO_API_KEY: z.string().min(1).optional(),
    MTN_MOMO_TARGET_ENVIRONMENT: z
      .string()
      .regex(/^[a-z0-9]+$/, { message: "must be MTN's target environment, like sandbox or mtnliberia" })
      .optional(),
    MTN_MOMO_CURRENCY: z.enum(CURRENCIES, { message: `must be one of ${CURRENCIES.join(", ")}` }).optional(),
  })
  .superRefine((config, context) => {
    const need = (path: string, message: string) =>
      context.addIssue({ code: "custom", path: [path], message });
    const twilioSetting = [
      "TWILIO_SMS_FROM",
      "TWILIO_MESSAGING_SERVICE_SID",
      "TWILIO_WHATSAPP_FROM",
      "TWILIO_WHATSAPP_TEMPLATE_SID",
      "TWILIO_WHATSAPP_TEMPLATE_SID_FR",
    ].find((key) => config[key as keyof typeof config] !== undefined);
    if (config.TWILIO_ACCOUNT_SID && !config.TWILIO_AUTH_TOKEN)
      need("TWILIO_AUTH_TOKEN", "is needed with TWILIO_ACCOUNT_SID");
    if (!config.TWILIO_ACCOUNT_SID && (config.TWILIO_AUTH_TOKEN || twilioSetting)) {
      need(
        "TWILIO_ACCOUNT_SID",
        `is needed with ${config.TWILIO_AUTH_TOKEN ? "TWILIO_AUTH_TOKEN" : twilioSetting}`,
      );
    }
    if (config.AFRICASTALKING_USERNAME && !config.AFRICASTALKING_API_KEY) {
      need("AFRICASTALKING_API_KEY", "is needed with AFRICASTALKING_USERNAME");
    }
    if (
      !config.AFRICASTALKING_USERNAME &&
      (config.AFRICASTALKING_API_KEY || config.AFRICASTALKING_SENDER_ID)
    ) {
      need("AFRICASTALKING_USERNAME", "is needed with the other AFRICASTALKING_ settings");
    }
    if (config.SMS_PROVIDER === "twilio" && !config.TWILIO_ACCOUNT_SID) {
      need("SMS_PROVIDER", "is twilio, but TWILIO_ACCOUNT_SID is not set");
    }
    if (config.SMS_PROVIDER === "africastalking" && !config.AFRICASTALKING_USERNAME) {
      need("SMS_PROVIDER", "is africastalking, but AFRICASTALKING_USERNAME is not set");
    }
    const momo = MTN_MOMO_SETTINGS.filter((key) => config[key] !== undefined);
    if (momo.length > 0 && momo.length < MTN_MOMO_SETTINGS.length) {
      for (const key of MTN_MOMO_SETTINGS.filter((key) => config[key] === undefined))
        need(key, `is needed with ${momo[0]} (mobile money needs all six MTN_MOMO_ settings)`);
    }
  });

export type Config = z.infer<typeof configSchema> & { siteUrl: string; isProduction: boolean };

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** Reads and validates the environment once; lists every wrong variable at once. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const input = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = configSchema.safeParse(input);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const config = parsed.data;
  const siteUrl = (config.SITE_URL ?? `http://localhost:${config.PORT}`).replace(/\/+$/, "");
  return { ...config, siteUrl, isProduction: config.NODE_ENV === "production" };
}

/**
 * The origin ("https://example.com") the visitor reached the site at, for links and QR codes the page
 * shows: the request's own host when it is SITE_URL's or one of ALLOWED_HOSTS, otherwise SITE_URL. The
 * Host header (and X-Forwarded-Host behind a trusted proxy) is the visitor's to write: an unknown one
 * never reaches a link. A host without a port in the list matches the default port and the app's own
 * PORT; other ports must be listed ("example.com:8443").
 */
export function resolvePublicOrigin({
  url,
  config,
}: {
  url: string | URL;
  config: Pick<Config, "siteUrl" | "ALLOWED_HOSTS" | "PORT">;
}): string {
  let request: URL;
  try {
    request = new URL(url);
  } catch {
    return config.siteUrl;
  }
  if (request.protocol !== "http:" && request.protocol !== "https:") return config.siteUrl;
  const site = new URL(config.siteUrl);
  if (request.host === site.host) return config.siteUrl;
  const hostname = request.hostname.toLowerCase();
  const allowed = config.ALLOWED_HOSTS.some((entry) =>
    entry.includes(":")
      ? entry === `${hostname}:${request.port}`
      : entry === hostname && (request.port === "" || request.port === String(config.PORT)),
  );
  return allowed ? request.origin : config.siteUrl;
}

/** What is worth a warning at start: settings that work but are probably not what production wants. */
export function configWarnings(
  config: Pick<Config, "isProduction" | "SITE_URL" | "siteUrl"> & Partial<Pick<Config, "WEB_CONCURRENCY">>,
  cores = os.availableParallelism(),
): string[] {
  const warnings: string[] = [];
  if (config.WEB_CONCURRENCY !== undefined && config.WEB_CONCURRENCY > cores) {
    warnings.push(
      `WEB_CONCURRENCY=${config.WEB_CONCURRENCY} starts more app processes than this machine has cores (${cores}): they compete for the same CPU and each costs memory. One per core is the most that helps.`,
    );
  }
  if (config.isProduction && !config.SITE_URL) {
    warnings.push(
      `SITE_URL is not set: links, QR codes and e-mails point to ${config.siteUrl}. Set SITE_URL to the site's public address (e.g. https://www.example.com).`,
    );
  }
  return warnings;
}
