import { Parser } from "htmlparser2";
import sanitizeHtml from "sanitize-html";
import { mediaFilenameFromUrl, mediaSrcSet, mediaUrl } from "#app/lib/media.ts";
import {
  element,
  MAX_POST_DEPTH,
  normalizePostTree,
  type PostElement,
  type PostNode,
  serializePostTree,
  text,
} from "#app/lib/post-html-structure.ts";

const DIMENSION = /^\d{1,4}$/;

const options: sanitizeHtml.IOptions = {
  allowedTags: [
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "p",
    "br",
    "hr",
    "ul",
    "ol",
    "li",
    "dl",
    "dt",
    "dd",
    "a",
    "img",
    "figure",
    "figcaption",
    "blockquote",
    "code",
    "pre",
    "kbd",
    "strong",
    "b",
    "em",
    "i",
    "u",
    "s",
    "del",
    "ins",
    "sub",
    "sup",
    "small",
    "mark",
    "abbr",
    "table",
    "caption",
    "colgroup",
    "col",
    "thead",
    "tbody",
    "tfoot",
    "tr",
    "th",
    "td",
  ],
  allowedAttributes: {
    a: ["href", "title", "rel"],
    // srcset and sizes are only ever written by the img transform below (for library images), never copied.
    img: ["src", "alt", "width", "height", "loading", "decoding", "srcset", "sizes"],
    abbr: ["title"],
    ol: ["start"],
    col: ["span"],
    colgroup: ["span"],
    th: ["colspan", "rowspan", "scope"],
    td: ["colspan", "rowspan"],
  },
  // Links: web, mail and relative addresses. Images: web and relative only (no data: or blob:).
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: { img: ["http", "https"] },
  allowedSchemesAppliedToAttributes: ["href", "src"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  // Drop these with everything inside them, not just the tags.
  nonTextTags: [
    "script",
    "style",
    "textarea",
    "option",
    "noscript",
    "title",
    "template",
    "iframe",
    "object",
    "svg",
    "math",
  ],
  enforceHtmlBoundary: false,
  transformTags: {
    // The page title is the only h1; content headings start at h2.
    h1: "h2",
    a: (tagName, attribs) => {
      const href = attribs.href ?? "";
      const external = /^\s*(https?:)?\/\//i.test(href);
      const next: sanitizeHtml.Attributes = { rel: external ? "noopener noreferrer" : "noopener" };
      if (attribs.href !== undefined) next.href = attribs.href;
      if (attribs.title) next.title = attribs.title;
      return { tagName, attribs: next };
    },
    img: (tagName, attribs) => {
      const next: sanitizeHtml.Attributes = { alt: attribs.alt ?? "", loading: "lazy", decoding: "async" };
      if (attribs.src !== undefined) next.src = attribs.src;
      if (attribs.width && DIMENSION.test(attribs.width)) next.width = attribs.width;
      if (attribs.height && DIMENSION.test(attribs.height)) next.height = attribs.height;
      return { tagName, attribs: next };
    },
  },
  // An image whose address was refused has nothing left to show.
  exclusiveFilter: (frame) => frame.tag === "img" && !frame.attribs.src,
};

/** A media library image as the public pages need it for responsive `<img>`s. */
type ResponsiveImage = { width: number; height: number; variants: readonly number[] };

/** How wide an image in a post's body is drawn: the article column, or the screen less its margins. */
const CONTENT_IMAGE_SIZES = "(min-width: 768px) 720px, calc(100vw - 2rem)";

/**
 * Library images (`/media/…`) get the widths of their stored variants as `srcset`, their real size as width and
 * height (no layout shift), and a mid-sized variant as `src`. Other images are left as they are.
 */
function withResponsiveImages(images: ReadonlyMap<string, ResponsiveImage>): sanitizeHtml.IOptions {
  const baseImg = options.transformTags!.img as sanitizeHtml.Transformer;
  return {
    ...options,
    transformTags: {
      ...options.transformTags,
      img: (tagName, attribs) => {
        const base = baseImg(tagName, attribs);
        const filename = mediaFilenameFromUrl(attribs.src?.trim());
        const image = filename ? images.get(filename) : undefined;
        if (!filename || !image || image.variants.length === 0) return base;
        const next: sanitizeHtml.Attributes = { ...base.attribs };
        next.src = mediaUrl(filename, Math.min(Math.max(...image.variants), 1024));
        next.srcset = mediaSrcSet(filename, image.variants);
        next.sizes = CONTENT_IMAGE_SIZES;
        if (!(next.width && next.height)) {
          next.width = String(image.width);
          next.height = String(image.height);
        }
        return { tagName, attribs: next };
      },
    },
  };
}

/**
 * HTML as a tree, read by the parser sanitize-html uses (the same reading of the markup). Elements deeper than
 * `MAX_POST_DEPTH` are left out, their text kept.
 */
function parsePostTree(html: string): PostNode[] {
  const root = element("body", [], []);
  const open: PostElement[] = [root];
  let tooDeep = 0;
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        if (open.length > MAX_POST_DEPTH) {
          tooDeep++;
          return;
        }
        const node = element(name.toLowerCase(), Object.entries(attribs), []);
        open.at(-1)!.children.push(node);
        open.push(node);
      },
      ontext(data) {
        const siblings = open.at(-1)!.children;
        const last = siblings.at(-1);
        if (last?.type === "text") last.text += data;
        else siblings.push(text(data));
      },
      onclosetag() {
        if (tooDeep > 0) tooDeep--;
        else if (open.length > 1) open.pop();
      },
    },
    { decodeEntities: true },
  );
  parser.end(html);
  return root.children;
}

/**
 * Cleans blog post HTML for display: keeps text structure (headings, lists, links, images, quotes,
 * code, tables) and removes scripts, frames, styles, event handlers and unsafe URL schemes.
 * The result is well nested (`normalizePostTree`): no list inside a paragraph or a heading, whatever the
 * editor or a hand-made request sent. With `images` (the library images the post uses), those become responsive.
 */
export function sanitizePostHtml(
  html: string,
  { images }: { images?: ReadonlyMap<string, ResponsiveImage> } = {},
): string {
  const clean = sanitizeHtml(html, images && images.size > 0 ? withResponsiveImages(images) : options);
  return serializePostTree(normalizePostTree(parsePostTree(clean)), { voidEnd: " />" });
}

/** The library files (`/media/…`) a post's HTML shows. */
export function mediaFilenamesInHtml(html: string): string[] {
  const found = new Set<string>();
  for (const match of html.matchAll(/\/media\/([0-9a-f]{24}\.(?:jpg|png|webp|gif|avif))/g))
    found.add(match[1]!);
  return [...found];
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

/** The readable text of post HTML, on one line: for descriptions and reading time. */
export function htmlToPlainText(html: string): string {
  const spaced = html.replace(
    /<\/(p|h[1-6]|li|blockquote|pre|td|th|div|dt|dd|figcaption|caption)>|<br\s*\/?>/gi,
    "$& ",
  );
  const text = sanitizeHtml(spaced, {
    allowedTags: [],
    allowedAttributes: {},
    nonTextTags: options.nonTextTags,
  });
  return text
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, code: string) => {
      if (code[0] === "#") {
        const n =
          code[1] === "x" || code[1] === "X" ? Number.parseInt(code.slice(2), 16) : Number(code.slice(1));
        return Number.isFinite(n) && n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : "";
      }
      return ENTITIES[code.toLowerCase()] ?? whole;
    })
    .replace(/\s+/g, " ")
    .trim();
}

/** A description-sized summary: the text cut at a word boundary with an ellipsis. */
export function summarize(text: string, maxLength = 160): string {
  if (text.length <= maxLength) return text;
  const cut = text.slice(0, maxLength - 1);
  const atWord = cut.slice(0, cut.lastIndexOf(" ") > maxLength / 2 ? cut.lastIndexOf(" ") : cut.length);
  return `${atWord.replace(/[\s,.;:!?-]+$/, "")}…`;
}
