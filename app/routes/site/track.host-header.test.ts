// The tracking page's 'Copy link' address and QR code, and the page cache, against forged Host and
// X-Forwarded-Host headers: through the real HTTP shell (server/app.ts) and React Router's handler with
// the real route modules, rendered in full (the production build, tests/setup/built-app.ts), on a real database.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoContent } from "#app/server/seed.server.ts";
import type { Services } from "#app/server/services.server.ts";
import { renderQrCodeSvg } from "#app/server/shipments/tracking.server.ts";
import { type ServedApp, serveBuiltApp } from "#tests/setup/built-app.ts";
import { httpGet } from "#tests/setup/http-get.ts";
import { createTestServices } from "#tests/setup/test-db.ts";

const DEMO = "UTG-1234-5678";
const SITE = "https://www.unitrans.example";
const FORGED = [
  "evil.example",
  "unitrans.example.evil.example",
  "evil.example:3000",
  "unitrans.example:6666",
];

type App = ServedApp & { services: Services };
const apps: App[] = [];

async function startApp(env: Record<string, string>): Promise<App> {
  const services = await createTestServices({ SITE_URL: SITE, ALLOWED_HOSTS: "unitrans.example", ...env });
  await seedDemoContent({ db: services.db });
  const app = { ...(await serveBuiltApp(services)), services };
  apps.push(app);
  return app;
}

/** A GET with the headers given, Host included. */
const get = (app: App, path: string, headers: Record<string, string>) => httpGet(app.port, path, headers);

/** The address 'Copy link' copies, as the page's hydration data carries it (the only place it is written). */
function copiedLink(html: string): string | undefined {
  return html.match(/\\"trackingUrl\\",\\"([^"\\]*)\\"/)?.[1];
}

let direct: App;
let proxied: App;
beforeAll(async () => {
  direct = await startApp({ TRUST_PROXY: "false" });
  proxied = await startApp({ TRUST_PROXY: "true" });
  // The first render loads the route modules (and the build is made if it is stale): done here, under the hook's
  // limit, so that the first test's own limit is not spent on it.
  await get(direct, `/track/${DEMO}`, { host: "www.unitrans.example" });
}, 120_000);
afterAll(async () => {
  for (const app of apps) {
    await app.close();
    await app.services.close();
  }
});

describe("the tracking page behind forged Host headers", () => {
  it("links to SITE_URL for any host not allowed, and never shows the forged one", async () => {
    for (const host of FORGED) {
      const page = await get(direct, `/track/${DEMO}`, { host });
      expect(page.status, host).toBe(200);
      expect(copiedLink(page.body), host).toBe(`${SITE}/track/${DEMO}`);
      expect(page.body, host).not.toMatch(/evil\.example|:6666/);
    }
    // Behind a trusted proxy, X-Forwarded-Host is the visitor's host: the same rule.
    for (const host of FORGED) {
      const page = await get(proxied, `/track/${DEMO}`, {
        host: "www.unitrans.example",
        "x-forwarded-host": host,
      });
      expect(page.status, host).toBe(200);
      expect(copiedLink(page.body), host).toBe(`${SITE}/track/${DEMO}`);
      expect(page.body, host).not.toMatch(/evil\.example|:6666/);
    }
  });

  it("links to the address the visitor used when it is an allowed host", async () => {
    const page = await get(direct, `/track/${DEMO}`, { host: "unitrans.example" });
    expect(copiedLink(page.body)).toBe(`http://unitrans.example/track/${DEMO}`);
    const viaProxy = await get(proxied, `/track/${DEMO}`, {
      host: "127.0.0.1",
      "x-forwarded-host": "unitrans.example",
      "x-forwarded-proto": "https",
    });
    expect(copiedLink(viaProxy.body)).toBe(`https://unitrans.example/track/${DEMO}`);
    // Without a trusted proxy, X-Forwarded-Host is nobody's word.
    const ignored = await get(direct, `/track/${DEMO}`, {
      host: "127.0.0.1",
      "x-forwarded-host": "unitrans.example",
    });
    expect(copiedLink(ignored.body)).toBe(`${SITE}/track/${DEMO}`);
    expect(ignored.body).not.toContain("//unitrans.example");
  });

  it("is never stored in the page cache", async () => {
    const before = direct.services.pageCache.size;
    for (const host of [...FORGED, "unitrans.example", "www.unitrans.example"]) {
      await get(direct, `/track/${DEMO}`, { host });
    }
    expect(direct.services.pageCache.size).toBe(before);
  });
});

describe("the QR code behind forged Host headers", () => {
  it("encodes SITE_URL's address for any host not allowed", async () => {
    const expected = await renderQrCodeSvg(`${SITE}/track/${DEMO}`);
    for (const host of FORGED) {
      const image = await get(direct, `/track/${DEMO}/qr.svg`, { host });
      expect(image.status, host).toBe(200);
      expect(image.body, host).toBe(expected);
      expect(image.body, host).not.toBe(await renderQrCodeSvg(`http://${host}/track/${DEMO}`));
      const viaProxy = await get(proxied, `/track/${DEMO}/qr.svg`, {
        host: "127.0.0.1",
        "x-forwarded-host": host,
      });
      expect(viaProxy.body, host).toBe(expected);
    }
  });

  it("encodes the allowed host the visitor used, and says it varies by host", async () => {
    const image = await get(direct, `/track/${DEMO}/qr.svg`, { host: "unitrans.example" });
    expect(image.body).toBe(await renderQrCodeSvg(`http://unitrans.example/track/${DEMO}`));
    expect(image.headers.vary).toMatch(/\bHost\b/);
    const viaProxy = await get(proxied, `/track/${DEMO}/qr.svg`, {
      host: "127.0.0.1",
      "x-forwarded-host": "unitrans.example",
      "x-forwarded-proto": "https",
    });
    expect(viaProxy.body).toBe(await renderQrCodeSvg(`https://unitrans.example/track/${DEMO}`));
    expect(viaProxy.headers.vary).toMatch(/X-Forwarded-Host/);
  });
});

describe("the page cache behind forged Host headers", () => {
  it("keeps forged hosts out of the pages it serves to everyone", async () => {
    direct.services.pageCache.clear();
    for (const host of FORGED) {
      const page = await get(direct, "/about", { host });
      expect(page.status, host).toBe(200);
      expect(page.body, host).not.toMatch(/evil\.example|:6666/);
    }
    // Every forged host fell back to SITE_URL: one entry between them.
    expect(direct.services.pageCache.size).toBe(1);
    const visitor = await get(direct, "/about", { host: "www.unitrans.example" });
    expect(visitor.body).not.toMatch(/evil\.example|:6666/);
    expect(direct.services.pageCache.size).toBe(1);
    // An allowed host is an entry of its own.
    await get(direct, "/about", { host: "unitrans.example" });
    expect(direct.services.pageCache.size).toBe(2);
  });
});
