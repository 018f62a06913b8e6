// The rich-text editor's own cleaning, in the browser, of HTML it is about to put into the page (pasted content,
// the HTML source view, the stored post). It keeps what a post may contain and drops the rest, so nothing pasted
// runs or loads in the back office. The server cleans again on save and on render (sanitize-html.server.ts),
// with the same list of tags.

const ALLOWED_ATTRIBUTES: Record<string, readonly string[]> = {
  P: [],
  BR: [],
  HR: [],
  H2: [],
  H3: [],
  H4: [],
  H5: [],
  H6: [],
  BLOCKQUOTE: [],
  PRE: [],
  CODE: [],
  KBD: [],
  STRONG: [],
  B: [],
  EM: [],
  I: [],
  U: [],
  S: [],
  DEL: [],
  INS: [],
  SUB: [],
  SUP: [],
  SMALL: [],
  MARK: [],
  ABBR: ["title"],
  UL: [],
  OL: ["start"],
  LI: [],
  DL: [],
  DT: [],
  DD: [],
  A: ["href", "title"],
  IMG: ["src", "alt", "width", "height"],
  FIGURE: [],
  FIGCAPTION: [],
  TABLE: [],
  CAPTION: [],
  COLGROUP: ["span"],
  COL: ["span"],
  THEAD: [],
  TBODY: [],
  TFOOT: [],
  TR: [],
  TH: ["colspan", "rowspan", "scope"],
  TD: ["colspan", "rowspan"],
};

/** Dropped together with everything inside them. */
const DROPPED = new Set([
  "SCRIPT",
  "STYLE",
  "TEMPLATE",
  "IFRAME",
  "FRAME",
  "FRAMESET",
  "OBJECT",
  "EMBED",
  "SVG",
  "MATH",
  "NOSCRIPT",
  "TEXTAREA",
  "SELECT",
  "OPTION",
  "TITLE",
  "HEAD",
  "META",
  "LINK",
  "BASE",
  "AUDIO",
  "VIDEO",
  "CANVAS",
  "INPUT",
  "BUTTON",
]);

const BLOCKS = new Set([
  "P",
  "H2",
  "H3",
  "H4",
  "H5",
  "H6",
  "BLOCKQUOTE",
  "PRE",
  "UL",
  "OL",
  "TABLE",
  "FIGURE",
  "HR",
  "DL",
  "DIV",
]);

/** Links: web, e-mail, a page of this site or an anchor. */
export function isSafeHref(value: string): boolean {
  const url = value.trim();
  if (/[\u0000-\u001f\u007f\\]/.test(url)) return false;
  if (url.startsWith("#")) return true;
  if (url.startsWith("/")) return !url.startsWith("//");
  return /^(https?:\/\/[^/\s]|mailto:[^\s])/i.test(url);
}

/** Images: a path on this site (the media library) or a web address; never data:, blob: or javascript:. */
function isSafeImageSrc(value: string): boolean {
  const url = value.trim();
  if (/[\u0000-\u0020\u007f\\]/.test(url)) return false;
  if (url.startsWith("/")) return !url.startsWith("//");
  return /^https?:\/\/[^/]/i.test(url);
}

function cleanChildren(source: Node, target: Node, doc: Document) {
  for (const child of Array.from(source.childNodes)) {
    if (child.nodeType === Node.TEXT_NODE) {
      target.appendChild(doc.createTextNode(child.textContent ?? ""));
      continue;
    }
    if (child.nodeType !== Node.ELEMENT_NODE) continue;
    const element = child as Element;
    const tag = element.tagName.toUpperCase();
    if (DROPPED.has(tag)) continue;
    let name = tag === "H1" ? "H2" : tag;
    // A div of text (what some editors and pasted pages use for lines) becomes a paragraph.
    if (name === "DIV") {
      const hasBlock = Array.from(element.children).some((c) => BLOCKS.has(c.tagName.toUpperCase()));
      if (hasBlock) {
        cleanChildren(element, target, doc);
        continue;
      }
      name = "P";
    }
    const allowed = ALLOWED_ATTRIBUTES[name];
    if (!allowed) {
      // Unknown or presentational wrappers (span, font, section...): keep their content only.
      cleanChildren(element, target, doc);
      continue;
    }
    const copy = doc.createElement(name.toLowerCase());
    for (const attribute of allowed) {
      const value = element.getAttribute(attribute);
      if (value === null) continue;
      if (attribute === "href" && !isSafeHref(value)) continue;
      if (attribute === "src" && !isSafeImageSrc(value)) continue;
      if ((attribute === "width" || attribute === "height") && !/^\d{1,4}$/.test(value)) continue;
      copy.setAttribute(attribute, value);
    }
    if (name === "IMG" && !copy.getAttribute("src")) continue;
    if (name === "IMG" && !copy.hasAttribute("alt")) copy.setAttribute("alt", "");
    cleanChildren(element, copy, doc);
    target.appendChild(copy);
  }
}

/**
 * HTML reduced to what a blog post may contain: allowed tags and attributes only, safe link and image
 * addresses, scripts, styles, frames and event handlers gone. Parsing happens in an inert document, so
 * nothing in the input runs or loads while it is cleaned.
 */
export function cleanEditorHtml(html: string): string {
  const doc = new DOMParser().parseFromString(`<!doctype html><body>${html}`, "text/html");
  const output = doc.createElement("div");
  cleanChildren(doc.body, output, doc);
  return output.innerHTML;
}

/** Text as HTML text or attribute content. */
export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );
}
