import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createMedia,
  deleteMedia,
  findPostsUsingMedia,
  getMediaFile,
  listMedia,
  processImage,
  sniffImageType,
  updateMediaAlt,
} from "#app/server/blog/media.server.ts";
import type { Database } from "#app/server/db/client.server.ts";
import { blogPosts, mediaVariants } from "#app/server/db/schema.ts";
import { createTestDatabase } from "#tests/setup/test-db.ts";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const MB = 1024 * 1024;
const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 20, g: 80, b: 160 } } });

describe("image uploads", () => {
  it("accepts JPEG, PNG, WebP, GIF and AVIF by content, whatever the name", async () => {
    const cases = [
      ["image/jpeg", await picture(800, 600).jpeg().toBuffer()],
      ["image/png", await picture(800, 600).png().toBuffer()],
      ["image/webp", await picture(800, 600).webp().toBuffer()],
      ["image/gif", await picture(80, 60).gif().toBuffer()],
      ["image/avif", await picture(80, 60).avif().toBuffer()],
    ] as const;
    for (const [mime, bytes] of cases) {
      expect(sniffImageType(bytes)?.mime).toBe(mime);
      const result = await processImage({ bytes, maxBytes: 10 * MB });
      expect(result.ok, mime).toBe(true);
    }
  });

  it("refuses a renamed HTML file, SVG, an oversized file, a decompression bomb and garbage", async () => {
    const html = Buffer.from("<!doctype html><script>alert(1)</script>");
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>',
    );
    const bomb = await picture(10_000, 10_000).png({ compressionLevel: 9 }).toBuffer();
    expect(bomb.length).toBeLessThan(2 * MB);
    const big = await picture(800, 600).jpeg().toBuffer();
    const truncated = (await picture(800, 600).png().toBuffer()).subarray(0, 200);

    for (const [bytes, message] of [
      [html, "Only JPEG, PNG, WebP, GIF and AVIF images can be uploaded."],
      [svg, "Only JPEG, PNG, WebP, GIF and AVIF images can be uploaded."],
      [bomb, "The image could not be read. It may be damaged or too large."],
      [truncated, "The image could not be read. It may be damaged or too large."],
      [Buffer.alloc(0), "The file is empty."],
    ] as const) {
      expect(await processImage({ bytes, maxBytes: 10 * MB })).toEqual({ ok: false, message });
    }
    expect(await processImage({ bytes: big, maxBytes: 1024 })).toEqual({
      ok: false,
      message: "The file is larger than 1 KB.",
    });
  });

  it("stores the image with WebP variants under a server-chosen name, and serves the closest variant", async () => {
    const { db } = database;
    const bytes = await picture(1200, 800).jpeg().toBuffer();
    const created = await createMedia({
      db,
      bytes,
      originalName: "../../etc/passwd\u0000.jpg",
      maxBytes: 10 * MB,
    });
    if (!created.ok) throw new Error(created.message);
    const { item } = created;
    expect(item.filename).toMatch(/^[0-9a-f]{24}\.jpg$/);
    expect(item.originalName).toBe("passwd.jpg");
    expect(item).toMatchObject({ width: 1200, height: 800, mimeType: "image/jpeg", size: bytes.length });
    const variants = await db
      .select({ width: mediaVariants.width })
      .from(mediaVariants)
      .where(eq(mediaVariants.mediaId, item.id));
    expect(variants.map((v) => v.width).sort((a, b) => a - b)).toEqual([320, 640, 1024, 1200]);

    const original = await getMediaFile({ db, filename: item.filename });
    expect(original?.mimeType).toBe("image/jpeg");
    expect(Buffer.from(original!.data).equals(bytes)).toBe(true);
    const small = await getMediaFile({ db, filename: item.filename, width: 500 });
    expect(small?.mimeType).toBe("image/webp");
    expect((await sharp(small!.data).metadata()).width).toBe(640);
    expect(await getMediaFile({ db, filename: "../secret.jpg" })).toBeNull();

    expect((await updateMediaAlt({ db, id: item.id, alt: "A blue square" }))?.alt).toBe("A blue square");
    const listed = await listMedia({ db });
    expect(listed.items.map((i) => i.id)).toContain(item.id);
    expect(listed.items[0]).not.toHaveProperty("data");

    await db
      .insert(blogPosts)
      .values({ slug: "uses-image", title: "Uses", content: `<img src="/media/${item.filename}?w=640">` });
    expect((await findPostsUsingMedia({ db, filename: item.filename })).map((p) => p.slug)).toEqual([
      "uses-image",
    ]);

    expect(await deleteMedia({ db, id: item.id })).toBe(true);
    expect(await getMediaFile({ db, filename: item.filename, width: 320 })).toBeNull();
  });
});
