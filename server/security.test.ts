import { describe, expect, it } from "vitest";
import { isCrossOriginWrite } from "./security.ts";

const siteUrl = "https://freight.example";
const check = (headers: Record<string, string>, host = "freight.example") =>
  isCrossOriginWrite({ headers, host, siteUrl });

describe("isCrossOriginWrite", () => {
  it("lets same-origin posts through", () => {
    expect(check({ origin: "https://freight.example" })).toBe(false);
    expect(check({ origin: "http://127.0.0.1:4000" }, "127.0.0.1:4000")).toBe(false);
    expect(check({ "sec-fetch-site": "same-origin" })).toBe(false);
    expect(check({})).toBe(false);
    // A form on a no-referrer page (the public quote page): the browser hides the origin, not the site.
    expect(check({ origin: "null", "sec-fetch-site": "same-origin" })).toBe(false);
  });

  it("refuses other origins, opaque origins and cross-site fetches", () => {
    expect(check({ origin: "https://evil.example" })).toBe(true);
    expect(check({ origin: "https://freight.example.evil.example" })).toBe(true);
    expect(check({ origin: "null" })).toBe(true);
    expect(check({ origin: "null", "sec-fetch-site": "cross-site" })).toBe(true);
    expect(check({ origin: "null", "sec-fetch-site": "same-site" })).toBe(true);
    expect(check({ origin: "null", "sec-fetch-site": "none" })).toBe(true);
    expect(check({ origin: "not a url" })).toBe(true);
    expect(check({ "sec-fetch-site": "cross-site" })).toBe(true);
  });

  it("judges a post without Origin by its Referer and refuses sibling subdomains", () => {
    expect(check({ referer: "https://freight.example/contact" })).toBe(false);
    expect(check({ referer: "https://evil.example/page" })).toBe(true);
    expect(check({ referer: "https://freight.example.evil.example/" })).toBe(true);
    expect(check({ referer: "not a url" })).toBe(true);
    expect(check({ "sec-fetch-site": "same-site" })).toBe(true);
    // Origin, when sent, decides: a same-origin form with a stale Referer is fine.
    expect(check({ origin: "https://freight.example", referer: "https://evil.example/" })).toBe(false);
  });
});
