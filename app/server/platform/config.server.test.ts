import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "#app/server/platform/config.server.ts";

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
