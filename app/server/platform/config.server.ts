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
  MAIL_FROM: z.string().min(3).default("no-reply@localhost"),
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
