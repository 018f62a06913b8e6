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
});
