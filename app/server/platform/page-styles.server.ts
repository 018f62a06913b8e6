// What CSS a page carries in its <head> (docs/decisions/033-first-screen-styles.md).
//
// A public page carries only the rules of the site's stylesheet (app/site.css) that can match an element it holds;
// the rest comes after its first paint, as a file the browser keeps (/styles/…). Back-office pages carry all of
// app/app.css, as before. The HTTP shell compresses each page's stylesheet once (server/html-gzip.ts), and the page
// caches keep it once (page-cache.server.ts), found by findPageStylesheet().
import { createHash } from "node:crypto";
import zlib from "node:zlib";
import postcss, { type ChildNode } from "postcss";
import appCss from "#app/app.css?inline";
import { compressPiece, type GzipPiece } from "#app/server/platform/gzip-pieces.server.ts";
import siteCss from "#app/site.css?inline";

/**
 * What the render writes into the page's <head> (entry.server.tsx): back-office pages carry every class
 * (app.css), public pages the marker that fitPageStyles() replaces with their own rules. No public page links
 * into /admin with client-side navigation, which would keep the public styles.
 */
export function stylesheetFor(pathname: string): string {
  return pathname.startsWith("/admin") ? appCss : PAGE_STYLES_MARKER;
}

/** Written by the render where a public page's stylesheet goes, then replaced by the page's own rules. */
export const PAGE_STYLES_MARKER = "/*page-styles*/";

/** A stylesheet as it stands in pages, compressed once. */
export type SharedStylesheet = { bytes: Buffer; piece: GzipPiece };

/** Where a page's stylesheet stands in it, with its compressed piece, if it has one (findPageStylesheet). */
export type FindStylesheet = (page: Buffer) => { at: number; stylesheet: SharedStylesheet } | undefined;

/**
 * One rule (or at-rule kept whole: keyframes, font faces, properties) of the stylesheet in its order, with the
 * at-rules around it (layers, media and support queries) and what an element must carry for it to apply.
 */
type Leaf = {
  path: readonly string[];
  text: string;
  /** For each of its selectors, the classes it needs; null: applies whatever the page holds. */
  needs: readonly (readonly string[])[] | null;
};

type Sheet = {
  version: string;
  leaves: Leaf[];
  always: number[];
  /** Leaf numbers by the first class one of their selectors needs. */
  byClass: Map<string, number[]>;
};

const CONTAINERS = new Set(["layer", "media", "supports", "container"]);

function collect(nodes: readonly ChildNode[], path: readonly string[], leaves: Leaf[]) {
  for (const node of nodes) {
    if (node.type === "rule") {
      const needs = node.selectors.map(classesOf);
      leaves.push({ path, text: node.toString(), needs: needs.some((n) => n.length === 0) ? null : needs });
    } else if (node.type === "atrule") {
      if (node.nodes && CONTAINERS.has(node.name.toLowerCase())) {
        collect(node.nodes, [...path, `@${node.name} ${node.params}`], leaves);
      } else {
        leaves.push({ path, text: node.nodes ? node.toString() : `${node.toString()};`, needs: null });
      }
    }
    // Comments are dropped; declarations cannot stand outside a rule.
  }
}

/**
 * The classes an element needs for `selector` to match it, read outside parentheses and attribute selectors (a
 * class in :not(), :is() or :where() may be absent or one of several): missing one, the rule cannot apply.
 */
export function classesOf(selector: string): string[] {
  const classes: string[] = [];
  let depth = 0;
  for (let i = 0; i < selector.length; i++) {
    const c = selector[i];
    if (c === "\\") {
      i++;
    } else if (c === '"' || c === "'") {
      for (i++; i < selector.length && selector[i] !== c; i++) if (selector[i] === "\\") i++;
    } else if (c === "(" || c === "[") {
      depth++;
    } else if (c === ")" || c === "]") {
      depth--;
    } else if (c === "." && depth === 0) {
      let name = "";
      for (i++; i < selector.length; i++) {
        const d = selector[i]!;
        if (d === "\\") {
          const hex = /^[0-9a-fA-F]{1,6}\s?/.exec(selector.slice(i + 1, i + 8));
          if (hex) {
            name += String.fromCodePoint(Number.parseInt(hex[0].trim(), 16));
            i += hex[0].length;
          } else {
            name += selector[++i] ?? "";
          }
        } else if (/[\w-]/.test(d) || d.charCodeAt(0) >= 0x80) {
          name += d;
        } else {
          break;
        }
      }
      i--;
      if (name) classes.push(name);
    }
  }
  return classes;
}

function parseSheet(css: string): Sheet {
  const leaves: Leaf[] = [];
  collect(postcss.parse(css).nodes, [], leaves);
  const always: number[] = [];
  const byClass = new Map<string, number[]>();
  leaves.forEach((leaf, i) => {
    if (!leaf.needs) {
      always.push(i);
      return;
    }
    for (const first of new Set(leaf.needs.map((classes) => classes[0]!))) {
      const list = byClass.get(first) ?? [];
      byClass.set(first, list);
      if (list.at(-1) !== i) list.push(i);
    }
  });
  const version = createHash("sha256").update(css).digest("base64url").slice(0, 10);
  return { version, leaves, always, byClass };
}

/** The leaves in order, with their at-rules opened and closed around them. */
function serialize(sheet: Sheet, numbers: Iterable<number>): string {
  let out = "";
  let open: readonly string[] = [];
  for (const i of numbers) {
    const leaf = sheet.leaves[i]!;
    let same = 0;
    while (same < open.length && same < leaf.path.length && open[same] === leaf.path[same]) same++;
    out += "}".repeat(open.length - same);
    for (let j = same; j < leaf.path.length; j++) out += `${leaf.path[j]}{`;
    out += leaf.text;
    open = leaf.path;
  }
  return out + "}".repeat(open.length);
}

let site: Sheet | undefined;
const siteSheet = () => (site ??= parseSheet(siteCss));

/** Stylesheets pages carry, by a hash of their text: the back office's for good, the public pages' last used. */
const shared = new Map<string, SharedStylesheet>();
const permanent = new Set<string>();
/** The public pages' stylesheets by the leaves they hold. */
const fitted = new Map<string, { shared: SharedStylesheet; restFrom: number }>();
const MAX_FITTED = 96;
/**
 * The most bytes of a page's own rules that its rest may repeat: the page's CSS and its rest stay within the
 * public pages' 15 kB (gzipped) however many rules a page uses (the blog post came to 15.4 kB without it, 14.4 with it).
 */
const DUPLICATE_LIMIT = 22_000;

const hashOf = (bytes: Uint8Array) => createHash("sha1").update(bytes).digest("base64url");

function share(bytes: Buffer, keep = false): SharedStylesheet {
  const key = hashOf(bytes);
  const found = shared.get(key);
  if (found) return found;
  const stylesheet = { bytes, piece: compressPiece(bytes) };
  shared.set(key, stylesheet);
  if (keep) permanent.add(key);
  return stylesheet;
}

/** Keeps `css` for good, as a stylesheet pages carry whole (the back office's; a test's). */
export function shareStylesheet(css: string): SharedStylesheet {
  return share(Buffer.from(css), true);
}

shareStylesheet(appCss);

const CLASS_ATTRIBUTE = Buffer.from(' class="');
const ENTITIES: Record<string, string> = {
  "&amp;": "&",
  "&quot;": '"',
  "&#x27;": "'",
  "&lt;": "<",
  "&gt;": ">",
};

/** Every class an element of the page carries (React writes each class attribute as ` class="…"`). */
function classesIn(html: Buffer): Set<string> {
  // Many elements carry the same list: each list is split once.
  const lists = new Set<string>();
  for (let at = html.indexOf(CLASS_ATTRIBUTE); at !== -1; at = html.indexOf(CLASS_ATTRIBUTE, at)) {
    const start = at + CLASS_ATTRIBUTE.length;
    at = html.indexOf(0x22, start);
    if (at === -1) break;
    lists.add(html.toString("latin1", start, at));
  }
  const classes = new Set<string>();
  for (const list of lists) {
    const text = list.includes("&") ? list.replace(/&(?:amp|quot|#x27|lt|gt);/g, (e) => ENTITIES[e]!) : list;
    for (const name of text.split(" ")) if (name) classes.add(name);
  }
  return classes;
}

/**
 * Two 32-bit FNV-1a hashes of the page's class attributes in order, read from its bytes: pages built alike
 * (tracking results of one status, whatever the shipment) have the same, and find their rules without making a
 * string of each attribute (a render's garbage, measured as more heap after traffic).
 */
function classSignature(html: Buffer): string {
  let a = 0x811c9dc5;
  let b = 0x050c5d1f;
  for (let at = html.indexOf(CLASS_ATTRIBUTE); at !== -1; at = html.indexOf(CLASS_ATTRIBUTE, at)) {
    const start = at + CLASS_ATTRIBUTE.length;
    at = html.indexOf(0x22, start);
    if (at === -1) break;
    for (let i = start; i <= at; i++) {
      a = Math.imul(a ^ html[i]!, 0x01000193);
      b = Math.imul(b ^ html[i]!, 0x01000193);
    }
  }
  return `${(a >>> 0).toString(36)}.${(b >>> 0).toString(36)}`;
}

/** The key in `fitted` of the pages with each signature, the last used. */
const bySignature = new Map<string, string>();
const MAX_SIGNATURES = 512;

/** The site's rules that can apply to the page, and from which rule on the rest must come after. */
function fitStylesheet(html: Buffer): { shared: SharedStylesheet; restFrom: number } {
  const signature = classSignature(html);
  const key = bySignature.get(signature);
  const known = key === undefined ? undefined : fitted.get(key);
  if (key !== undefined && known) {
    fitted.delete(key);
    fitted.set(key, known);
    return known;
  }
  const fit = fitClasses(classesIn(html));
  bySignature.delete(signature);
  bySignature.set(signature, fit.key);
  for (const oldest of bySignature.keys()) {
    if (bySignature.size <= MAX_SIGNATURES) break;
    bySignature.delete(oldest);
  }
  return fit.entry;
}

/** The rules whose classes are all in `classes`, and from which rule on the rest must come after. */
function fitClasses(classes: Set<string>): {
  key: string;
  entry: { shared: SharedStylesheet; restFrom: number };
} {
  const sheet = siteSheet();
  const chosen = new Uint8Array(sheet.leaves.length);
  for (const i of sheet.always) chosen[i] = 1;
  for (const name of classes) {
    for (const i of sheet.byClass.get(name) ?? []) {
      if (!chosen[i] && sheet.leaves[i]!.needs!.some((needed) => needed.every((c) => classes.has(c)))) {
        chosen[i] = 1;
      }
    }
  }
  const key = hashOf(chosen);
  const known = fitted.get(key);
  if (known) {
    fitted.delete(key);
    fitted.set(key, known);
    return { key, entry: known };
  }
  // The rest starts at the first rule the page lacks, or later: the page's rules past that point come twice (here and
  // in the rest), and past DUPLICATE_LIMIT bytes of them the page carries the rules before them too instead.
  let restFrom = chosen.indexOf(0) === -1 ? sheet.leaves.length : chosen.indexOf(0);
  let twice = 0;
  for (let i = sheet.leaves.length - 1; i >= restFrom; i--)
    if (chosen[i]) twice += sheet.leaves[i]!.text.length;
  for (; twice > DUPLICATE_LIMIT && restFrom < sheet.leaves.length; restFrom++) {
    if (chosen[restFrom]) twice -= sheet.leaves[restFrom]!.text.length;
    chosen[restFrom] = 1;
  }
  const numbers: number[] = [];
  chosen.forEach((on, i) => {
    if (on) numbers.push(i);
  });
  const entry = { shared: share(Buffer.from(serialize(sheet, numbers))), restFrom };
  fitted.set(key, entry);
  for (const [oldKey, old] of fitted) {
    if (fitted.size <= MAX_FITTED) break;
    fitted.delete(oldKey);
    // Two rule sets can come to the same text (the limit above): the text stays while one of them does.
    const sharedKey = hashOf(old.shared.bytes);
    const inUse = [...fitted.values()].some((other) => other.shared === old.shared);
    if (!permanent.has(sharedKey) && !inUse) shared.delete(sharedKey);
  }
  return { key, entry };
}

/** Where the rest of the site's stylesheet is, from rule `from` on. */
export function restStylesheetPath(from: number): string {
  return `/styles/site.${siteSheet().version}.${from}.css`;
}

/**
 * The rendered page with the site's rules it needs in place of PAGE_STYLES_MARKER, and the path of the rest (for
 * after its first paint); a page without the marker (a back-office page) as it is.
 *
 * The rest is every rule from the first one the page does not carry, in the stylesheet's order: with the page's
 * own rules before it, each rule still comes after every rule it came after in the whole stylesheet, so the
 * cascade is the same as with the whole stylesheet, also for the pages a visitor moves to without a reload.
 */
export function fitPageStyles(html: Buffer<ArrayBuffer>): { html: Buffer<ArrayBuffer>; rest?: string } {
  const marker = html.indexOf(PAGE_STYLES_MARKER);
  if (marker === -1) return { html };
  const { shared: stylesheet, restFrom } = fitStylesheet(html);
  return {
    html: Buffer.concat([
      html.subarray(0, marker),
      stylesheet.bytes,
      html.subarray(marker + PAGE_STYLES_MARKER.length),
    ]),
    rest: restFrom < siteSheet().leaves.length ? restStylesheetPath(restFrom) : undefined,
  };
}

const STYLE_OPEN = Buffer.from("<style");
const STYLE_CLOSE = Buffer.from("</style>");
/** A page's stylesheet stands in its <head>, well before this. */
const HEAD_LIMIT = 8 * 1024;

/**
 * Where the page's stylesheet stands in it, with its compressed piece, when it is one of those above (the HTTP
 * shell and the page caches then use the piece instead of compressing the stylesheet again).
 */
export const findPageStylesheet: FindStylesheet = (page) => {
  const open = page.indexOf(STYLE_OPEN);
  if (open === -1 || open > HEAD_LIMIT) return undefined;
  const at = page.indexOf(">", open) + 1;
  const end = page.indexOf(STYLE_CLOSE, at);
  if (at === 0 || end === -1) return undefined;
  const stylesheet = shared.get(hashOf(page.subarray(at, end)));
  return stylesheet ? { at, stylesheet } : undefined;
};

/** Compressed rest stylesheets by their first rule, the last used. */
const rests = new Map<number, Buffer>();
const MAX_RESTS = 32;

/**
 * The gzipped rest of the site's stylesheet at `pathname` (restStylesheetPath), or undefined for a path of
 * another build or past its last rule.
 */
export function readRestStylesheet(pathname: string): Buffer | undefined {
  const match = /^\/styles\/site\.([\w-]{10})\.(0|[1-9]\d{0,4})\.css$/.exec(pathname);
  const sheet = siteSheet();
  if (!match || match[1] !== sheet.version) return undefined;
  const from = Number(match[2]);
  if (from >= sheet.leaves.length) return undefined;
  const gzipped = rests.get(from) ?? zlib.gzipSync(serialize(sheet, range(from, sheet.leaves.length)));
  rests.delete(from);
  rests.set(from, gzipped);
  for (const oldest of rests.keys()) {
    if (rests.size <= MAX_RESTS) break;
    rests.delete(oldest);
  }
  return gzipped;
}

function* range(from: number, to: number) {
  for (let i = from; i < to; i++) yield i;
}
