import zlib from "node:zlib";

/**
 * A gzip answer assembled from pieces compressed once (decision 031): each piece is a deflate segment ended with
 * a full flush, so it refers to nothing before it and ends on a byte boundary; pieces that change on every
 * answer (the CSP nonce) go in as stored blocks. The CRC-32 of the whole is combined from each piece's own CRC
 * and length (zlib's crc32_combine, which Node.js does not expose), so an answer never reads the page's bytes.
 */
export type GzipPiece = { deflated: Buffer; crc: number; length: number; shift: number };

/** A piece of fixed bytes, compressed now. */
export function compressPiece(bytes: Buffer): GzipPiece {
  return {
    deflated: zlib.deflateRawSync(bytes, { finishFlush: zlib.constants.Z_FULL_FLUSH }),
    crc: zlib.crc32(bytes),
    length: bytes.length,
    shift: crcShift(bytes.length),
  };
}

/** A piece of bytes that differ on every answer (short: a nonce), as a stored block. */
export function storedPiece(bytes: Buffer): GzipPiece {
  const length = bytes.length;
  if (length > 0xffff) throw new RangeError("a stored block holds at most 65,535 bytes");
  const head = Buffer.from([0x00, length & 0xff, length >> 8, ~length & 0xff, (~length >> 8) & 0xff]);
  return { deflated: Buffer.concat([head, bytes]), crc: zlib.crc32(bytes), length, shift: crcShift(length) };
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0x03]);
/** The last block: empty, fixed Huffman codes, BFINAL set. */
const LAST_BLOCK = Buffer.from([0x03, 0x00]);

/** One gzip member of the pieces in order. */
export function joinGzip(pieces: readonly GzipPiece[]): Buffer {
  let crc = 0;
  let length = 0;
  for (const piece of pieces) {
    crc = (multiplyModP(piece.shift, crc) ^ piece.crc) >>> 0;
    length = (length + piece.length) >>> 0;
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc, 0);
  trailer.writeUInt32LE(length, 4);
  return Buffer.concat([GZIP_HEADER, ...pieces.map((piece) => piece.deflated), LAST_BLOCK, trailer]);
}

// CRC-32 arithmetic over GF(2), as zlib's crc32.c does it (reflected polynomial).
const POLY = 0xedb88320;
const TOP = 0x80000000;

/** a(x) · b(x) modulo the CRC polynomial. */
function multiplyModP(a: number, b: number): number {
  let product = 0;
  for (let m = TOP; m !== 0; m >>>= 1) {
    if ((a & m) !== 0) {
      product ^= b;
      if ((a & (m - 1)) === 0) break;
    }
    b = b & 1 ? (b >>> 1) ^ POLY : b >>> 1;
  }
  return product >>> 0;
}

/** x^(2^k) modulo the polynomial, k = 0…31. */
const POWERS = (() => {
  const table = new Array<number>(32);
  let p = 0x40000000; // x^1
  table[0] = p;
  for (let k = 1; k < 32; k++) table[k] = p = multiplyModP(p, p);
  return table;
})();

/** x^(8·bytes) modulo the polynomial: what moves a CRC past `bytes` more bytes (zlib's crc32_combine_gen). */
export function crcShift(bytes: number): number {
  let p = TOP; // x^0
  let k = 3;
  for (let n = bytes; n > 0; n = Math.floor(n / 2), k++) {
    if (n % 2 === 1) p = multiplyModP(POWERS[k % 32]!, p);
  }
  return p;
}
