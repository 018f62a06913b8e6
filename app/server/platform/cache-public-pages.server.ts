// The public layout's middleware that answers from the page cache (page-cache.server.ts), apart from
// the cache itself so that the cache, which the services assemble, does not import the router context.
import type { MiddlewareFunction } from "react-router";
import { requestContext, servicesContext } from "#app/context.ts";
import { englishPattern } from "#app/lib/i18n/paths.ts";
import { resolvePublicOrigin } from "#app/server/platform/config.server.ts";
import { CACHEABLE_PAGES, type PageCache } from "#app/server/platform/page-cache.server.ts";

/** Responses that depend on the visitor: a toast to show (cookie), or anything setting a cookie. */
const hasToast = (request: Request) => /(?:^|;\s*)toast=/.test(request.headers.get("cookie") ?? "");

/**
 * Serves the pages in {@link CACHEABLE_PAGES} from the page cache, and stores them after rendering.
 * Only complete 200 answers to GET are kept (documents and their client-side data requests alike), never
 * one that sets a cookie or one rendered for a visitor with a toast waiting.
 */
export const cachePublicPages: MiddlewareFunction<Response> = async ({ request, context, pattern }, next) => {
  // React Router gives the pattern without its leading slash ("blog/:slug"), the index route as "/".
  // A French page is cacheable as its English one is; its address keeps the two apart (decision 030).
  const reads = CACHEABLE_PAGES.get(englishPattern(pattern));
  if (request.method !== "GET" || !reads || hasToast(request)) return next();
  const url = new URL(request.url);
  // A parameter the page does not read (CACHEABLE_PAGES): rendered, not cached.
  if ([...url.searchParams.keys()].some((name) => !reads.includes(name))) return next();
  const { pageCache, config } = context.get(servicesContext);
  const { nonce, acceptsGzip = false } = context.get(requestContext);
  // Keyed by the origin the page may show too (SITE_URL unless the Host is an allowed one), so a forged
  // Host header neither gets its own entries nor could reach a page stored for others.
  const key = `${resolvePublicOrigin({ url, config })}${url.pathname}${url.search}`;
  return answerFromCache({ gzip: acceptsGzip, cache: pageCache, key, nonce, next });
};

/**
 * The page kept under `key` with this request's nonce, or the page `next` renders, kept when it is a complete
 * 200 that sets no cookie (a render that began before a change it shows is refused by the cache itself).
 */
export async function answerFromCache({
  gzip,
  cache,
  key,
  nonce,
  next,
  options,
}: {
  /** The client takes gzip (requestContext): a kept page is answered compressed, else inflated. */
  gzip: boolean;
  cache: PageCache;
  key: string;
  nonce: string;
  next: () => Promise<Response>;
  options?: Parameters<PageCache["store"]>[4];
}): Promise<Response> {
  const hit = cache.get(key, nonce, gzip);
  if (hit) return hit;
  const generation = cache.generation;
  const response = await next();
  if (response.status !== 200 || response.headers.has("Set-Cookie") || !response.body) return response;
  const body = Buffer.from(await response.arrayBuffer());
  const page = { status: response.status, headers: response.headers, body };
  // Kept: answered from the pieces just compressed, not compressed a second time on the way out (html-gzip.ts).
  const kept =
    cache.store(key, page, nonce, generation, options) && gzip ? cache.get(key, nonce, true) : undefined;
  return kept ?? new Response(body, { status: response.status, headers: response.headers });
}
