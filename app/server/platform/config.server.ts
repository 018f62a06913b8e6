import { z } from "zod";

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

const configSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: int(3000, 0, 65535),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { message: "must start with postgres:// or postgresql://" })
    .optional(),
  DATABASE_TIMEOUT_MS: int(5000, 100, 600_000),
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
      message: "must be host names separated by commas (example.com,www.example.com), without scheme or path",
    }),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  TRUST_PROXY: bool(false),
  BODY_LIMIT_KB: int(1024, 16, 65536),
  FORM_RATE_LIMIT: int(10, 1, 100_000),
  FORM_RATE_WINDOW_SECONDS: int(600, 1, 86_400),
  TRACK_RATE_LIMIT: int(120, 1, 1_000_000),
  TRACK_RATE_WINDOW_SECONDS: int(60, 1, 86_400),
  MEDIA_MAX_MB: int(10, 1, 100),
  SHUTDOWN_TIMEOUT_MS: int(10_000, 100, 600_000),
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
export function configWarnings(config: Pick<Config, "isProduction" | "SITE_URL" | "siteUrl">): string[] {
  const warnings: string[] = [];
  if (config.isProduction && !config.SITE_URL) {
    warnings.push(
      `SITE_URL is not set: links, QR codes and e-mails point to ${config.siteUrl}. Set SITE_URL to the site's public address (e.g. https://www.example.com).`,
    );
  }
  return warnings;
}
