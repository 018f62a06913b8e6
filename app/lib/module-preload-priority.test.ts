import { describe, expect, it } from "vitest";
import { lowerModulePreloadPriority } from "#app/lib/module-preload-priority.ts";

describe("lowerModulePreloadPriority", () => {
  it("marks every script preload of the head as low priority and leaves the rest as it is", () => {
    const html =
      '<html><head><link rel="modulepreload" href="/a.js" nonce="n"/><link rel="modulepreload" href="/b.js"/>' +
      '<link rel="preload" as="image" href="/hero.svg"/></head><body><p>rel="modulepreload"</p></body></html>';
    expect(lowerModulePreloadPriority(Buffer.from(html)).toString()).toBe(
      '<html><head><link rel="modulepreload" fetchPriority="low" href="/a.js" nonce="n"/>' +
        '<link rel="modulepreload" fetchPriority="low" href="/b.js"/>' +
        '<link rel="preload" as="image" href="/hero.svg"/></head><body><p>rel="modulepreload"</p></body></html>',
    );
  });

  it("returns a page without script preloads unchanged", () => {
    const html = Buffer.from("<html><head></head><body></body></html>");
    expect(lowerModulePreloadPriority(html)).toBe(html);
  });
});
