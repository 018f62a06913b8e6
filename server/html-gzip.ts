import type express from "express";
import { compressPiece, joinGzip } from "#app/server/platform/gzip-pieces.server.ts";
import type { FindStylesheet } from "#app/server/platform/page-styles.server.ts";

/**
 * Gzip for the pages, with their stylesheet compressed once (decision 023).
 *
 * Every page carries a stylesheet in its <head> (public pages the site's rules they use, 20–30 kB; back-office
 * pages all of theirs, 70 kB; the same bytes on many pages), and compressing it again on every answer cost ~1 ms
 * of CPU a page. A deflate stream may be cut into segments, each
 * compressed on its own and ended with a full flush: a segment then refers to nothing before it. So the
 * stylesheet is compressed once at start, and each page's answer is a gzip header, the page's bytes before the
 * stylesheet, the stylesheet's segment, the bytes after it (the last segment, which ends the stream) and the
 * CRC-32 and length of the whole page. Browsers get this gzip even when they also accept Brotli (which cannot be
 * joined this way): ~1.5 kB more than Brotli's answer, for a fraction of its CPU.
 *
 * Only HTML answers to GET whose stylesheet `find` knows are rewritten; anything else (data, files, event
 * streams) passes through untouched to the compression middleware before it.
 */
export function precompressedStylesheetPages(find: FindStylesheet): express.RequestHandler {
  return (req, res, next) => {
    if (req.method !== "GET" || !req.acceptsEncodings("gzip")) return next();
    type Call = (this: unknown, ...args: unknown[]) => unknown;
    const write = res.write;
    const end = res.end;
    const callWrite = write as unknown as Call;
    const callEnd = end as unknown as Call;
    const chunks: Buffer[] = [];
    let buffering: boolean | undefined;
    const isPage = () => {
      buffering ??=
        String(res.getHeader("Content-Type") ?? "").startsWith("text/html") &&
        !res.getHeader("Content-Encoding");
      return buffering;
    };
    res.write = function (this: express.Response, chunk: unknown, ...rest: unknown[]) {
      if (!isPage()) return callWrite.call(this, chunk, ...rest) as boolean;
      chunks.push(toBuffer(chunk, rest[0]));
      const callback = rest.find((arg) => typeof arg === "function") as (() => void) | undefined;
      callback?.();
      return true;
    } as typeof res.write;
    res.end = function (this: express.Response, chunk?: unknown, ...rest: unknown[]) {
      if (!isPage()) return callEnd.call(this, chunk, ...rest) as express.Response;
      res.write = write;
      res.end = end;
      if (chunk !== undefined && typeof chunk !== "function") chunks.push(toBuffer(chunk, rest[0]));
      const page = Buffer.concat(chunks);
      const gzipped = spliceGzip(page, find);
      if (gzipped) {
        res.setHeader("Content-Encoding", "gzip");
        res.removeHeader("Content-Length");
        res.vary("Accept-Encoding");
        return callEnd.call(this, gzipped) as express.Response;
      }
      return callEnd.call(this, page) as express.Response;
    } as typeof res.end;
    next();
  };
}

function toBuffer(chunk: unknown, encoding: unknown): Buffer {
  if (Buffer.isBuffer(chunk)) return chunk;
  if (chunk instanceof Uint8Array) return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  return Buffer.from(String(chunk), typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8");
}

/** The page as one gzip member with the stylesheet's segment spliced in, or undefined when it holds none. */
export function spliceGzip(page: Buffer, find: FindStylesheet): Buffer | undefined {
  const found = find(page);
  if (!found) return undefined;
  const { at, stylesheet } = found;
  return joinGzip([
    compressPiece(page.subarray(0, at)),
    stylesheet.piece,
    compressPiece(page.subarray(at + stylesheet.bytes.length)),
  ]);
}
