import zlib from "node:zlib";
import type { EventBus } from "#app/server/platform/events.server.ts";
import {
  compressPiece,
  type GzipPiece,
  joinGzip,
  storedPiece,
} from "#app/server/platform/gzip-pieces.server.ts";
import type { Logger } from "#app/server/platform/logger.server.ts";
import type { FindStylesheet } from "#app/server/platform/page-styles.server.ts";

/**
 * Public pages that are the same for every visitor (no form with a per-visitor key, nothing personal), by
 * route pattern, each with the query parameters it reads (the blog's page and category). A URL with any other
 * parameter is rendered but neither served from nor kept in the cache, so made-up query strings cannot fill
 * it and push the real pages out. Tracking results have a cache of their own, kept per shipment (decision
 * 031); the contact and services pages carry a form.
 */
export const CACHEABLE_PAGES: ReadonlyMap<string, readonly string[]> = new Map([
  ["/", []],
  ["/about", []],
  ["/services/road-transport", []],
  ["/services/:serviceId", []],
  ["/blog", ["page", "category"]],
  ["/blog/:slug", []],
  ["/privacy-policy", []],
  ["/terms-of-service", []],
]);

export type CachedAnswer = { status: number; headers: [string, string][]; body: Buffer };

type CachedPage = {
  status: number;
  headers: [string, string][];
  /**
   * The page's bytes, cut where the nonce of the request that rendered it stood (null: this request's nonce goes
   * here), each piece compressed once (gzip-pieces.server.ts); a stylesheet shared by many pages is the one
   * shared piece, not a copy.
   */
  parts: (GzipPiece | null)[];
  bytes: number;
  /** Date.now() past which it is not served. */
  expiresAt: number;
  /** The shipment's tracking number of a tracking page, dropped when the shipment changes. */
  tag: string | undefined;
};

export type PageCache = {
  /**
   * A stored page with this request's nonce in place, or undefined: gzipped when the request accepts gzip (no
   * compression on the way: the pieces were compressed when stored), else inflated.
   */
  get(key: string, nonce: string, gzip: boolean): Response | undefined;
  /** The same as get(), as the bytes and headers to send (the HTTP shell answers with them, no Response made). */
  read(key: string, nonce: string, gzip: boolean): CachedAnswer | undefined;
  /**
   * Stores a rendered page unless content changed since `generation` was read, or, for a page tagged with a
   * shipment's tracking number, unless that shipment changed since. Kept until `expiresAt` (Date.now()) at
   * the latest, and never beyond `maxAgeMs`. Says whether it kept it.
   */
  store(
    key: string,
    page: { status: number; headers: Headers; body: Buffer },
    nonce: string,
    generation: number,
    options?: { tag?: string; expiresAt?: number },
  ): boolean;
  /** Bumped by every change of content or of a shipment; read it before rendering and pass it to store(). */
  readonly generation: number;
  clear(): void;
  /**
   * How to find the stylesheet a page carries (20–70 kB, the same in many pages), given by the HTTP shell: a page
   * stored after refers to its compressed piece, kept once, not counted in the page's size.
   */
  share(find: FindStylesheet): void;
  readonly size: number;
  close(): void;
};

/**
 * Rendered public pages kept in memory, so a page that is the same for everyone is rendered once, not
 * on every request. Whatever changes what those pages show (site settings, blog posts, media) is
 * announced by the database (drizzle/0004) and empties the cache on every instance. Content can also
 * change with nobody writing: a scheduled blog post goes live at its time, so the cache empties itself
 * then (`nextChangeAt` says when). Entries expire after `maxAgeMs` in any case, a bound should an
 * announcement be lost. A page may carry a tag, its shipment's tracking number (the tracking pages' own
 * cache, decision 031): an announcement that the shipment changed (drizzle/0027) drops just its pages, and a
 * page whose render began before that change is not stored. Pages are kept as bytes, cut where the rendering
 * request's CSP nonce stood, each piece compressed once; each answer joins them with its own request's nonce
 * into one gzip member (no rendering, text encoding or compression on the way).
 */
export function createPageCache({
  events,
  nextChangeAt = async () => null,
  logger,
  maxEntries = 300,
  maxBytes = 32 * 1024 * 1024,
  maxEntryBytes = 1024 * 1024,
  maxAgeMs = 5 * 60_000,
  maxChangedTags = 10_000,
}: {
  events: EventBus;
  /** When content next changes by itself after `since` (the next scheduled post), or null. */
  nextChangeAt?: (since: Date) => Promise<Date | null>;
  logger?: Pick<Logger, "warn">;
  maxEntries?: number;
  maxBytes?: number;
  maxEntryBytes?: number;
  maxAgeMs?: number;
  /** How many changed shipments it remembers for the guard of renders under way; past that, as if all changed. */
  maxChangedTags?: number;
}): PageCache {
  let findStylesheet: FindStylesheet = () => undefined;
  const pages = new Map<string, CachedPage>();
  let bytes = 0;
  // One counter for every change. A render reads it before it starts; its page is stored only if nothing it
  // shows changed after that: no clear since (clearedAt), and for a tracking page, no change of its shipment
  // (changedAt) nor of every shipment (tagsClearedAt).
  let generation = 0;
  let clearedAt = 0;
  let tagsClearedAt = 0;
  const changedAt = new Map<string, number>();
  const keysByTag = new Map<string, Set<string>>();

  const remove = (key: string) => {
    const page = pages.get(key);
    if (!page) return;
    pages.delete(key);
    bytes -= page.bytes;
    if (page.tag === undefined) return;
    const keys = keysByTag.get(page.tag);
    keys?.delete(key);
    if (keys?.size === 0) keysByTag.delete(page.tag);
  };
  const clear = () => {
    generation++;
    clearedAt = generation;
    changedAt.clear();
    keysByTag.clear();
    pages.clear();
    bytes = 0;
  };
  /** Drops the pages of these shipments (by tracking number), or of every shipment (null). */
  const dropShipments = (tags: readonly string[] | null) => {
    generation++;
    if (tags === null || changedAt.size + tags.length > maxChangedTags) {
      tagsClearedAt = generation;
      changedAt.clear();
      for (const keys of [...keysByTag.values()]) for (const key of keys) remove(key);
      return;
    }
    for (const tag of tags) {
      changedAt.delete(tag); // re-inserted last, so the map stays in order of change
      changedAt.set(tag, generation);
      for (const key of [...(keysByTag.get(tag) ?? [])]) remove(key);
    }
  };

  // One timer, for the next moment content changes by itself; re-planned after every change.
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  const plan = () => {
    const planned = generation;
    // From the moment of planning, not of the answer: a post going live while the query runs still
    // gets its (immediate) timer.
    nextChangeAt(new Date()).then(
      (at) => {
        if (closed || planned !== generation) return;
        clearTimeout(timer);
        timer = undefined;
        if (!at) return;
        // At most ~24 days ahead (the timer's range); the timer then plans again.
        const delay = Math.min(Math.max(at.getTime() - Date.now(), 0), 2 ** 31 - 1);
        timer = setTimeout(() => {
          clear();
          plan();
        }, delay);
        timer.unref();
      },
      (error: unknown) => logger?.warn({ err: error }, "Could not plan the page cache's next refresh"),
    );
  };
  const unsubscribe = events.subscribe((event) => {
    if (event.type === "shipments.changed") dropShipments(event.trackingNumbers);
    if (event.type !== "content.changed") return;
    clear();
    plan();
  });
  plan();

  const read = (key: string, nonce: string, gzip: boolean): CachedAnswer | undefined => {
    const page = pages.get(key);
    if (!page) return undefined;
    if (Date.now() > page.expiresAt) {
      remove(key);
      return undefined;
    }
    // Most recently used last: the first entry is the one to evict.
    pages.delete(key);
    pages.set(key, page);
    const noncePiece = storedPiece(Buffer.from(nonce));
    const gzipped = joinGzip(page.parts.map((part) => part ?? noncePiece));
    const headers = page.headers.filter(([name]) => name !== "content-length");
    if (!gzip) return { status: page.status, headers, body: zlib.gunzipSync(gzipped) };
    const vary = headers.find(([name]) => name === "vary");
    return {
      status: page.status,
      headers: [
        ...headers.filter(([name]) => name !== "vary"),
        ["content-encoding", "gzip"],
        ["vary", vary ? `${vary[1]}, Accept-Encoding` : "Accept-Encoding"],
      ],
      body: gzipped,
    };
  };

  return {
    get(key, nonce, gzip) {
      const answer = read(key, nonce, gzip);
      if (!answer) return undefined;
      const body = new Uint8Array(
        answer.body.buffer as ArrayBuffer,
        answer.body.byteOffset,
        answer.body.byteLength,
      );
      return new Response(body, { status: answer.status, headers: answer.headers });
    },
    read,
    store(key, page, nonce, startedAt, { tag, expiresAt = Number.POSITIVE_INFINITY } = {}) {
      if (startedAt < clearedAt) return false;
      if (tag !== undefined && (startedAt < tagsClearedAt || startedAt < (changedAt.get(tag) ?? 0)))
        return false;
      const found = findStylesheet(page.body);
      const shared = found ? [found.stylesheet.piece] : [];
      const parts = packed(
        cutPage(page.body, Buffer.from(nonce), found).map((run) =>
          run === null || "deflated" in run ? run : compressPiece(run),
        ),
        shared,
      );
      const size = parts.reduce(
        (sum, part) => sum + (part && !shared.includes(part) ? part.deflated.length : 0),
        0,
      );
      if (size + key.length * 2 > maxEntryBytes) return false;
      remove(key);
      pages.set(key, {
        status: page.status,
        headers: [...page.headers],
        parts,
        bytes: size + key.length * 2,
        expiresAt: Math.min(Date.now() + maxAgeMs, expiresAt),
        tag,
      });
      bytes += size + key.length * 2;
      if (tag !== undefined) {
        const keys = keysByTag.get(tag) ?? new Set<string>();
        keysByTag.set(tag, keys.add(key));
      }
      for (const oldest of pages.keys()) {
        if (pages.size <= maxEntries && bytes <= maxBytes) break;
        remove(oldest);
      }
      return pages.has(key);
    },
    get generation() {
      return generation;
    },
    clear,
    share(find) {
      findStylesheet = find;
    },
    get size() {
      return pages.size;
    },
    close() {
      closed = true;
      clearTimeout(timer);
      unsubscribe();
    },
  };
}

/**
 * The page's own pieces moved into one buffer of exactly their size. zlib's answer to a small input is a view of
 * a chunk of 16 kB or more: kept as it is, ten pieces of a page held some 20 times the bytes counted (measured:
 * 2 GB of PSS once some thousands of tracking pages were kept).
 */
export function packed(parts: (GzipPiece | null)[], shared: readonly GzipPiece[]): (GzipPiece | null)[] {
  const own = parts.filter((part): part is GzipPiece => part !== null && !shared.includes(part));
  const buffer = Buffer.allocUnsafeSlow(own.reduce((sum, part) => sum + part.deflated.length, 0));
  let at = 0;
  const moved = new Map<GzipPiece, GzipPiece>();
  for (const part of own) {
    part.deflated.copy(buffer, at);
    moved.set(part, { ...part, deflated: buffer.subarray(at, at + part.deflated.length) });
    at += part.deflated.length;
  }
  return parts.map((part) => (part === null ? null : (moved.get(part) ?? part)));
}

/**
 * The page in pieces: each run of its own bytes, null where `nonce` stood, and the stylesheet's compressed piece
 * where it stood.
 */
function cutPage(
  body: Buffer,
  nonce: Buffer,
  found: ReturnType<FindStylesheet>,
): (Buffer | GzipPiece | null)[] {
  const pieces: (Buffer | GzipPiece | null)[] = [];
  const cut = (bytes: Buffer) =>
    splitAt(bytes, nonce).forEach((run, i) => {
      if (i > 0) pieces.push(null);
      if (run.length > 0) pieces.push(run);
    });
  if (!found) {
    cut(body);
    return pieces;
  }
  cut(body.subarray(0, found.at));
  pieces.push(found.stylesheet.piece);
  cut(body.subarray(found.at + found.stylesheet.bytes.length));
  return pieces;
}

/** The bytes between the occurrences of `separator` (the whole body when it is empty or absent). */
function splitAt(body: Buffer, separator: Buffer): Buffer[] {
  if (separator.length === 0) return [body];
  const parts: Buffer[] = [];
  let from = 0;
  for (let at = body.indexOf(separator); at !== -1; at = body.indexOf(separator, from)) {
    parts.push(body.subarray(from, at));
    from = at + separator.length;
  }
  parts.push(body.subarray(from));
  return parts;
}
