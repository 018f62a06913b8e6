import http from "node:http";
import zlib from "node:zlib";
import express from "express";
import { describe, expect, it } from "vitest";
import { findPageStylesheet, shareStylesheet } from "#app/server/platform/page-styles.server.ts";
import { precompressedStylesheetPages, spliceGzip } from "./html-gzip.ts";

const css = `/*! site */${"body{margin:0}.a{color:red}".repeat(400)}`;
shareStylesheet(css);
const page = (body: string) =>
  `<!DOCTYPE html><html><head><style nonce="n">${css}</style></head><body>${body}</body></html>`;

describe("spliceGzip", () => {
  it("gives one gzip member that any gzip reader turns back into the page", () => {
    const html = Buffer.from(page("<p>Liberia – Monrovia ✓</p>".repeat(200)));
    const gzipped = spliceGzip(html, findPageStylesheet);
    expect(gzipped).toBeDefined();
    expect(zlib.gunzipSync(gzipped!).equals(html)).toBe(true);
    // About as small as gzipping the whole page at once (each segment starts its window afresh).
    expect(gzipped!.length).toBeLessThan(zlib.gzipSync(html).length + 200);
  });

  it("leaves a page without the stylesheet to the usual compression", () => {
    expect(
      spliceGzip(Buffer.from("<html><body>no styles</body></html>"), findPageStylesheet),
    ).toBeUndefined();
  });
});

describe("precompressedStylesheetPages (middleware)", () => {
  const serve = async (handler: express.RequestHandler, acceptEncoding: string) => {
    const app = express();
    app.use(precompressedStylesheetPages(findPageStylesheet));
    app.get("/{*splat}", handler);
    const server = app.listen(0);
    try {
      await new Promise((resolve) => server.once("listening", resolve));
      const port = (server.address() as { port: number }).port;
      // node:http, which hands over the body as sent (fetch would decompress it).
      return await new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        http
          .get(
            `http://127.0.0.1:${port}/`,
            { headers: { "Accept-Encoding": acceptEncoding } },
            (response) => {
              const chunks: Buffer[] = [];
              response.on("data", (chunk: Buffer) => chunks.push(chunk));
              response.on("end", () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
            },
          )
          .on("error", reject);
      });
    } finally {
      server.close();
    }
  };

  it("answers a page in several writes with the spliced gzip", async () => {
    const html = page("<p>hello</p>");
    const { headers, body } = await serve((_req, res) => {
      res.setHeader("Content-Type", "text/html; charset=utf-8");
      res.write(html.slice(0, 100));
      res.write(Buffer.from(html.slice(100)));
      res.end();
    }, "gzip, deflate, br");
    expect(headers["content-encoding"]).toBe("gzip");
    expect(headers.vary).toContain("Accept-Encoding");
    expect(zlib.gunzipSync(body).toString()).toBe(html);
  });

  it("passes other answers through, and pages to clients that take no gzip", async () => {
    const json = await serve((_req, res) => {
      res.json({ ok: true });
    }, "gzip");
    expect(json.headers["content-encoding"]).toBeUndefined();
    expect(json.body.toString()).toBe('{"ok":true}');
    const plain = await serve((_req, res) => {
      res.type("html").send(page(""));
    }, "identity");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toBe(page(""));
  });
});
