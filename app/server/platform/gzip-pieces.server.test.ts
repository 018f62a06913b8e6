import crypto from "node:crypto";
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { compressPiece, joinGzip, storedPiece } from "#app/server/platform/gzip-pieces.server.ts";

describe("gzip assembled from pieces", () => {
  it("inflates to the pieces' bytes in order, with the CRC-32 and length gzip checks", () => {
    for (const sizes of [[0], [1, 0, 5], [70_000, 24, 3, 24, 40_000], [65_535, 65_536, 131_073]]) {
      const parts = sizes.map((size) => crypto.randomBytes(size));
      const pieces = parts.map((bytes, i) =>
        i % 2 === 1 && bytes.length <= 0xffff ? storedPiece(bytes) : compressPiece(bytes),
      );
      // gunzip checks the trailer: a wrong CRC or length throws.
      expect(zlib.gunzipSync(joinGzip(pieces)).equals(Buffer.concat(parts))).toBe(true);
    }
  });

  it("compresses text pieces, and a stored piece can change on every answer", () => {
    const page = Buffer.from('<html><head><script nonce="'.repeat(200));
    const head = compressPiece(page);
    expect(head.deflated.length).toBeLessThan(page.length / 10);
    for (const nonce of ["abc", "a-different-nonce"]) {
      const answer = zlib.gunzipSync(joinGzip([head, storedPiece(Buffer.from(nonce)), head]));
      expect(answer.toString()).toBe(`${page}${nonce}${page}`);
    }
  });
});
