const PRELOAD = Buffer.from('<link rel="modulepreload"');
const LOW = Buffer.from(' fetchPriority="low"');
/** The preloads are hoisted into <head>, which ends well before this. */
const SEARCH_LIMIT = 16 * 1024;

/**
 * Marks the page's script preloads (React Router's <Scripts />, which React hoists into <head>) as low
 * priority: on a slow connection the HTML's own content, the first image and the page's styles (in the
 * HTML) get the bandwidth first, and the scripts, which only hydrate a page that already works, follow
 * (docs/decisions/023-public-page-weight.md). React hydrates such links by href and rel, so the added
 * attribute changes nothing in the browser's React.
 */
export function lowerModulePreloadPriority(html: Buffer<ArrayBuffer>): Buffer<ArrayBuffer> {
  const parts: Buffer<ArrayBuffer>[] = [];
  let from = 0;
  const limit = Math.min(html.length, SEARCH_LIMIT);
  for (let at = html.indexOf(PRELOAD); at !== -1 && at < limit; at = html.indexOf(PRELOAD, from)) {
    const end = at + PRELOAD.length;
    parts.push(html.subarray(from, end), LOW);
    from = end;
  }
  if (from === 0) return html;
  parts.push(html.subarray(from));
  return Buffer.concat(parts);
}
