import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { describe, expect, it } from "vitest";
import { isCrossOriginWrite, refuseUnservedMethods, SERVED_METHODS } from "./security.ts";

const siteUrl = "https://freight.example";
const check = (headers: Record<string, string>, host = "freight.example", protocol = "https") =>
  isCrossOriginWrite({ headers, host, protocol, siteUrl });

describe("isCrossOriginWrite", () => {
  it("lets same-origin posts through", () => {
    expect(check({ origin: "https://freight.example" })).toBe(false);
    expect(check({ origin: "http://127.0.0.1:4000" }, "127.0.0.1:4000", "http")).toBe(false);
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

  it("compares scheme, host and port, not the host alone", () => {
    // An https site: a page of the same host over http, or on another port, is another origin.
    expect(check({ origin: "http://freight.example" })).toBe(true);
    expect(check({ origin: "https://freight.example:8443" })).toBe(true);
    expect(check({ referer: "http://freight.example/contact" })).toBe(true);
    // Even when the request itself came in over http (a proxy that does not say it terminated TLS).
    expect(check({ origin: "http://freight.example" }, "freight.example", "http")).toBe(true);
    expect(check({ origin: "https://freight.example" }, "freight.example", "http")).toBe(false);
    // Another host the request reached (an allowed host) counts with its own port, over the request's scheme or
    // https (a TLS proxy without TRUST_PROXY makes every request look like http), never http on an https request.
    expect(check({ origin: "https://www.freight.example" }, "www.freight.example", "http")).toBe(false);
    expect(check({ origin: "http://www.freight.example" }, "www.freight.example", "https")).toBe(true);
    expect(check({ origin: "http://127.0.0.1:4001" }, "127.0.0.1:4000", "http")).toBe(true);
  });
});

describe("refuseUnservedMethods", () => {
  it("answers 405 with Allow to TRACE and other unserved methods, before any route", async () => {
    const app = express();
    app.use(refuseUnservedMethods);
    let reached = 0;
    app.all("/{*splat}", (_req, res) => {
      reached += 1;
      res.send("ok");
    });
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    const { port } = server.address() as AddressInfo;
    const send = (method: string) =>
      new Promise<{ status: number; allow?: string }>((resolve, reject) => {
        const req = http.request({ host: "127.0.0.1", port, method, path: "/contact" }, (res) => {
          res.resume();
          res.on("end", () => resolve({ status: res.statusCode ?? 0, allow: res.headers.allow }));
        });
        req.on("error", reject);
        req.end();
      });
    try {
      for (const method of ["TRACE", "PROPFIND", "MKCOL", "LOCK", "PURGE", "SEARCH"]) {
        const answer = await send(method);
        expect(answer.status, method).toBe(405);
        expect(answer.allow, method).toContain("GET");
      }
      expect(reached).toBe(0);
      for (const method of SERVED_METHODS) expect((await send(method)).status, method).toBe(200);
    } finally {
      server.close();
    }
  });
});
