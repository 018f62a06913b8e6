import { describe, expect, it } from "vitest";
import {
  ConfigError,
  configWarnings,
  loadConfig,
  resolvePublicOrigin,
} from "#app/server/platform/config.server.ts";

describe("loadConfig", () => {
  it("has defaults that serve the site on port 3000 with the embedded database", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 3000, DATA_DIR: "./data", SEED_DEMO: true, isProduction: true });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.siteUrl).toBe("http://localhost:3000");
  });

  it("names every wrong variable at once", () => {
    const attempt = () => loadConfig({ PORT: "http", DATABASE_URL: "mysql://x", SEED_DEMO: "maybe" });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain("PORT");
      expect(message).toContain("DATABASE_URL: must start with postgres:// or postgresql://");
      expect(message).toContain("SEED_DEMO");
    }
  });

  it("treats empty variables as unset and trims the site URL", () => {
    const config = loadConfig({ DATABASE_URL: "", SITE_URL: "https://example.com/", SEED_DEMO: "false" });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.siteUrl).toBe("https://example.com");
    expect(config.SEED_DEMO).toBe(false);
  });
});

describe("text-message settings", () => {
  const sid = `AC${"1".repeat(32)}`;
  const token = "0123456789abcdef0123456789abcdef";
  const messageOf = (env: Record<string, string>) => {
    try {
      loadConfig(env);
      return "";
    } catch (error) {
      return (error as Error).message;
    }
  };

  it("are all optional, with Liberia and its ECOWAS neighbours as the allowed countries", () => {
    const config = loadConfig({});
    expect(config.TWILIO_ACCOUNT_SID).toBeUndefined();
    expect(config.AFRICASTALKING_USERNAME).toBeUndefined();
    expect(config.SMS_ALLOWED_COUNTRIES).toEqual([
      "LR",
      "BJ",
      "CV",
      "CI",
      "GM",
      "GH",
      "GN",
      "GW",
      "NG",
      "SN",
      "SL",
      "TG",
    ]);
    expect(loadConfig({ SMS_ALLOWED_COUNTRIES: "lr, gh" }).SMS_ALLOWED_COUNTRIES).toEqual(["LR", "GH"]);
  });

  it("name a half-configured provider and malformed values at start", () => {
    expect(messageOf({ TWILIO_ACCOUNT_SID: sid })).toContain(
      "TWILIO_AUTH_TOKEN: is needed with TWILIO_ACCOUNT_SID",
    );
    expect(messageOf({ TWILIO_WHATSAPP_TEMPLATE_SID: `HX${"a".repeat(32)}` })).toContain(
      "TWILIO_ACCOUNT_SID: is needed with TWILIO_WHATSAPP_TEMPLATE_SID",
    );
    expect(messageOf({ AFRICASTALKING_USERNAME: "unitrans" })).toContain("AFRICASTALKING_API_KEY");
    expect(messageOf({ SMS_PROVIDER: "twilio" })).toContain("SMS_PROVIDER: is twilio");
    expect(messageOf({ SMS_PROVIDER: "nexmo" })).toContain("SMS_PROVIDER: must be twilio or africastalking");
    expect(messageOf({ TWILIO_ACCOUNT_SID: "123", TWILIO_AUTH_TOKEN: token })).toContain(
      "TWILIO_ACCOUNT_SID: must be an Account SID",
    );
    expect(
      messageOf({ TWILIO_ACCOUNT_SID: sid, TWILIO_AUTH_TOKEN: token, TWILIO_SMS_FROM: "0770123456" }),
    ).toContain("TWILIO_SMS_FROM");
    expect(
      messageOf({
        TWILIO_ACCOUNT_SID: sid,
        TWILIO_AUTH_TOKEN: token,
        TWILIO_WHATSAPP_TEMPLATE_SID: "HXnope",
      }),
    ).toContain("TWILIO_WHATSAPP_TEMPLATE_SID");
    expect(messageOf({ SMS_ALLOWED_COUNTRIES: "Liberia" })).toContain(
      "SMS_ALLOWED_COUNTRIES: must be ISO country codes",
    );
    expect(messageOf({ AFRICASTALKING_CALLBACK_TOKEN: "short" })).toContain("AFRICASTALKING_CALLBACK_TOKEN");
  });

  it("accept a complete setup", () => {
    const config = loadConfig({
      SMS_PROVIDER: "africastalking",
      TWILIO_ACCOUNT_SID: sid,
      TWILIO_AUTH_TOKEN: token,
      TWILIO_SMS_FROM: "UNITRANS",
      TWILIO_WHATSAPP_FROM: "+14155238886",
      TWILIO_WHATSAPP_TEMPLATE_SID: `HX${"a".repeat(32)}`,
      AFRICASTALKING_USERNAME: "sandbox",
      AFRICASTALKING_API_KEY: "atsk_0123",
      AFRICASTALKING_SENDER_ID: "20880",
      AFRICASTALKING_CALLBACK_TOKEN: "a".repeat(64),
    });
    expect(config.SMS_PROVIDER).toBe("africastalking");
  });
});

describe("ALLOWED_HOSTS and the public origin", () => {
  const config = loadConfig({
    SITE_URL: "https://www.unitrans.example",
    PORT: "3000",
    ALLOWED_HOSTS: " Unitrans.example , 192.168.1.20,tracking.unitrans.example:8443,",
  });
  const origin = (url: string) => resolvePublicOrigin({ url, config });

  it("reads a comma-separated list of host names, lowercased, blanks dropped", () => {
    expect(config.ALLOWED_HOSTS).toEqual([
      "unitrans.example",
      "192.168.1.20",
      "tracking.unitrans.example:8443",
    ]);
    expect(loadConfig({}).ALLOWED_HOSTS).toEqual([]);
  });

  it("refuses anything but host names", () => {
    for (const bad of [
      "https://example.com",
      "example.com/track",
      "exa mple.com",
      "*.example.com",
      "a@b.com",
    ]) {
      expect(() => loadConfig({ ALLOWED_HOSTS: bad }), bad).toThrow(/ALLOWED_HOSTS: must be host names/);
    }
  });

  it("is the visitor's host when it is listed or SITE_URL's own", () => {
    expect(origin("https://www.unitrans.example/track/X")).toBe("https://www.unitrans.example");
    expect(origin("https://unitrans.example/track/X")).toBe("https://unitrans.example");
    expect(origin("http://UNITRANS.example/track/X")).toBe("http://unitrans.example");
    expect(origin("http://192.168.1.20:3000/track/X")).toBe("http://192.168.1.20:3000");
    expect(origin("https://tracking.unitrans.example:8443/x")).toBe("https://tracking.unitrans.example:8443");
  });

  it("is SITE_URL for any other host, port or scheme", () => {
    for (const forged of [
      "https://evil.example/track/X",
      "https://unitrans.example.evil.example/track/X",
      "https://evilunitrans.example/track/X",
      "http://192.168.1.20:6666/track/X",
      "https://tracking.unitrans.example/x",
      "https://tracking.unitrans.example:9443/x",
      "ftp://unitrans.example/x",
      "not a url",
    ]) {
      expect(origin(forged), forged).toBe("https://www.unitrans.example");
    }
    // Nothing listed: always SITE_URL.
    const strict = loadConfig({ SITE_URL: "https://www.unitrans.example" });
    expect(resolvePublicOrigin({ url: "https://unitrans.example/", config: strict })).toBe(
      "https://www.unitrans.example",
    );
  });
});

describe("configWarnings", () => {
  it("warns in production when SITE_URL is not set", () => {
    const [warning, ...rest] = configWarnings(loadConfig({ NODE_ENV: "production", PORT: "8080" }));
    expect(rest).toEqual([]);
    expect(warning).toMatch(
      /^SITE_URL is not set: links, QR codes and e-mails point to http:\/\/localhost:8080/,
    );
    expect(configWarnings(loadConfig({ NODE_ENV: "production", SITE_URL: "https://x.example" }))).toEqual([]);
    expect(configWarnings(loadConfig({ NODE_ENV: "development" }))).toEqual([]);
    expect(configWarnings(loadConfig({ NODE_ENV: "test", SITE_URL: "" }))).toEqual([]);
  });

  it("warns when WEB_CONCURRENCY asks for more processes than the machine has cores", () => {
    const config = loadConfig({ NODE_ENV: "test", WEB_CONCURRENCY: "4" });
    expect(configWarnings(config, 4)).toEqual([]);
    expect(configWarnings(config, 2)).toEqual([
      expect.stringMatching(/^WEB_CONCURRENCY=4 starts more app processes than this machine has cores \(2\)/),
    ]);
  });
});

describe("WEB_CONCURRENCY", () => {
  it("is one app process unless set, and a whole number from 1 to 16", () => {
    expect(loadConfig({}).WEB_CONCURRENCY).toBe(1);
    expect(loadConfig({ WEB_CONCURRENCY: "2" }).WEB_CONCURRENCY).toBe(2);
    expect(() => loadConfig({ WEB_CONCURRENCY: "0" })).toThrow(/WEB_CONCURRENCY: must be at least 1/);
    expect(() => loadConfig({ WEB_CONCURRENCY: "17" })).toThrow(/WEB_CONCURRENCY: must be at most 16/);
    expect(() => loadConfig({ WEB_CONCURRENCY: "auto" })).toThrow(/WEB_CONCURRENCY: must be a whole number/);
    expect(() => loadConfig({ WEB_CONCURRENCY: "1.5" })).toThrow(/WEB_CONCURRENCY: must be a whole number/);
  });
});
