import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader } from "#app/routes/resources/media.$filename.ts";
import { createMedia } from "#app/server/blog/media.server.ts";
import type { Services } from "#app/server/services.server.ts";
import { createTestContext, createTestServices } from "#tests/setup/test-db.ts";

let services: Services;
let filename: string;
beforeAll(async () => {
  services = await createTestServices();
  const bytes = await sharp({ create: { width: 900, height: 600, channels: 3, background: "#1d4ed8" } })
    .png()
    .toBuffer();
  const created = await createMedia({
    db: services.db,
    bytes,
    originalName: "port.png",
    maxBytes: 10 * 1024 * 1024,
  });
  if (!created.ok) throw new Error(created.message);
  filename = created.item.filename;
});
afterAll(() => services.close());

function get(path: string, headers: Record<string, string> = {}) {
  const url = new URL(`http://localhost${path}`);
  return loader({
    request: new Request(url, { headers }),
    params: { filename: decodeURIComponent(url.pathname.split("/").pop() ?? "") },
    context: createTestContext(services),
  } as unknown as Parameters<typeof loader>[0]);
}

describe("/media/:filename", () => {
  it("serves the original with safe, long-lived caching headers", async () => {
    const response = await get(`/media/${filename}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("content-disposition")).toBe("inline");
    expect(response.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
    expect(response.headers.get("etag")).toMatch(/^"[0-9a-f]{24}\.png-o"$/);
    const body = Buffer.from(await response.arrayBuffer());
    expect(Number(response.headers.get("content-length"))).toBe(body.length);
    expect((await sharp(body).metadata()).width).toBe(900);
  });

  it("serves the WebP variant ?w= asks for, the largest one when none is wide enough", async () => {
    const small = await get(`/media/${filename}?w=300`);
    expect(small.headers.get("content-type")).toBe("image/webp");
    expect((await sharp(Buffer.from(await small.arrayBuffer())).metadata()).width).toBe(320);
    const large = await get(`/media/${filename}?w=5000`);
    expect((await sharp(Buffer.from(await large.arrayBuffer())).metadata()).width).toBe(900);
    expect(large.headers.get("etag")).not.toBe(small.headers.get("etag"));
    // Not a width: the original.
    expect((await get(`/media/${filename}?w=abc`)).headers.get("content-type")).toBe("image/png");
  });

  it("answers 304 to a matching If-None-Match", async () => {
    const first = await get(`/media/${filename}?w=640`);
    const etag = first.headers.get("etag")!;
    for (const header of [etag, `W/${etag}`, `"other", ${etag}`, "*"]) {
      const again = await get(`/media/${filename}?w=640`, { "if-none-match": header });
      expect(again.status, header).toBe(304);
      expect(await again.text()).toBe("");
      expect(again.headers.get("etag")).toBe(etag);
      expect(again.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    }
    expect((await get(`/media/${filename}?w=640`, { "if-none-match": '"stale"' })).status).toBe(200);
  });

  it("answers 404 for unknown and malformed names", async () => {
    for (const name of [
      "000000000000000000000000.png",
      "../../etc/passwd",
      `${filename}.html`,
      filename.replace(".png", ".svg"),
      "x".repeat(500),
    ]) {
      const response = await get(`/media/${encodeURIComponent(name)}`);
      expect(response.status, name).toBe(404);
      expect(response.headers.get("content-type")).toBe("text/plain; charset=utf-8");
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    }
  });
});
