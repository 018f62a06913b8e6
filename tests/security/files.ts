// Hostile image files for the upload checks (media library, proof of delivery): real PNGs that lie about
// their size.
import sharp from "sharp";
import { smallPng } from "./requests.ts";

/** A real 20000×20000 greyscale PNG (1 bit per pixel, one colour): 50 KB on disk, 400 megapixels decoded. */
export async function decompressionBomb(): Promise<Uint8Array> {
  const { deflateSync, crc32 } = await import("node:zlib");
  const width = 20_000;
  const height = 20_000;
  const row = Math.ceil(width / 8) + 1;
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([1, 0, 0, 0, 0], 8);
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.alloc(row * height), { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
  const meta = await sharp(png, { limitInputPixels: false }).metadata();
  if (meta.width !== width || meta.height !== height) throw new Error("the bomb is not a 20000×20000 PNG");
  return new Uint8Array(png);
}

/** A small PNG made by sharp whose header then claims 65535×65535 pixels. */
export async function lyingHeader(): Promise<Uint8Array> {
  const { crc32 } = await import("node:zlib");
  const png = Buffer.from(await smallPng());
  png.writeUInt32BE(65_535, 16);
  png.writeUInt32BE(65_535, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return new Uint8Array(png);
}
