import { describe, expect, it } from "vitest";
import { deferPageScripts } from "#app/server/platform/deferred-scripts.server.ts";

const page = [
  '<!DOCTYPE html><html><head><link rel="modulepreload" href="/assets/entry.js" nonce="N"/>',
  '<link rel="modulepreload" href="/assets/framework.js" nonce="N"/><link rel="preload" as="image" href="/hero.svg"/>',
  '<style nonce="N">p{color:red}</style></head><body><p>rel="modulepreload"</p>',
  '<script nonce="N" type="module" async="">import * as route0 from "/assets/root.js";</script>',
  "</body></html>",
].join("");

describe("deferPageScripts", () => {
  it("takes the script preloads out of the head, writes the module script inert and adds the starter", () => {
    const html = deferPageScripts(Buffer.from(page), "N").toString();
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).toContain('<link rel="preload" as="image" href="/hero.svg"/>');
    expect(html).toContain('<p>rel="modulepreload"</p>');
    expect(html).toContain(
      '<script nonce="N" type="text/x-module">import * as route0 from "/assets/root.js";</script><script nonce="N">',
    );
    expect(html).not.toContain('type="module" async');
    // The starter knows what to preload once it starts, and ends the body.
    expect(html).toContain('["/assets/entry.js","/assets/framework.js"]');
    expect(html.endsWith("</script></body></html>")).toBe(true);
  });

  it("leaves a document without React Router's module script as it is", () => {
    const html = Buffer.from("<html><head></head><body><p>Plain</p></body></html>");
    expect(deferPageScripts(html, "N")).toBe(html);
  });
});
