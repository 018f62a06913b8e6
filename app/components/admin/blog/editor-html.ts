// The rich-text editor's own cleaning, in the browser, of HTML it is about to put into the page (pasted content,
// the HTML source view, the stored post) and of what it hands to the form. It keeps what a post may contain and
// drops the rest, so nothing pasted runs or loads in the back office, and it nests blocks well
// (`normalizePostTree`), since `document.execCommand` can leave a list inside a paragraph or a heading. The
// server cleans and nests again on save and on render (sanitize-html.server.ts), with the same list of tags.

import {
  element,
  MAX_POST_DEPTH,
  normalizePostTree,
  type PostNode,
  serializePostTree,
  text,
} from "#app/lib/post-html-structure.ts";

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

/**
 * What a post may keep of `source`'s children, as a tree. Reads the DOM only: nothing in it runs. Elements deeper
 * than `MAX_POST_DEPTH` are left out, their text kept.
 */
function cleanChildren(source: Node, depth = 0): PostNode[] {
  if (depth >= MAX_POST_DEPTH) return [text(source.textContent ?? "")];
  const out: PostNode[] = [];
  for (const child of Array.from(source.childNodes)) {
    if (child.nodeType === Node.TEXT_NODE) {
      out.push(text(child.textContent ?? ""));
      continue;
    }
    if (child.nodeType !== Node.ELEMENT_NODE) continue;
    const node = child as Element;
    const tag = node.tagName.toUpperCase();
    if (DROPPED.has(tag)) continue;
    let name = tag === "H1" ? "H2" : tag;
    // A div of text (what some editors and pasted pages use for lines) becomes a paragraph.
    if (name === "DIV") {
      const hasBlock = Array.from(node.children).some((c) => BLOCKS.has(c.tagName.toUpperCase()));
      if (hasBlock) {
        out.push(...cleanChildren(node, depth));
        continue;
      }
      name = "P";
    }
    const allowed = ALLOWED_ATTRIBUTES[name];
    if (!allowed) {
      // Unknown or presentational wrappers (span, font, section...): keep their content only.
      out.push(...cleanChildren(node, depth));
      continue;
    }
    const attrs: Array<[string, string]> = [];
    for (const attribute of allowed) {
      const value = node.getAttribute(attribute);
      if (value === null) continue;
      if (attribute === "href" && !isSafeHref(value)) continue;
      if (attribute === "src" && !isSafeImageSrc(value)) continue;
      if ((attribute === "width" || attribute === "height") && !/^\d{1,4}$/.test(value)) continue;
      attrs.push([attribute, value]);
    }
    if (name === "IMG" && !attrs.some(([attribute]) => attribute === "src")) continue;
    if (name === "IMG" && !attrs.some(([attribute]) => attribute === "alt")) attrs.push(["alt", ""]);
    out.push(element(name.toLowerCase(), attrs, cleanChildren(node, depth + 1)));
  }
  return out;
}

/**
 * HTML reduced to what a blog post may contain, well nested: allowed tags and attributes only, safe link and
 * image addresses, scripts, styles, frames and event handlers gone. Parsing happens in an inert document, so
 * nothing in the input runs or loads while it is cleaned.
 */
export function cleanEditorHtml(html: string): string {
  const doc = new DOMParser().parseFromString(`<!doctype html><body>${html}`, "text/html");
  return serializePostTree(normalizePostTree(cleanChildren(doc.body)));
}

/**
 * The post in the editing surface, cleaned and well nested, and whether its DOM already was well nested
 * (`execCommand` can put a list inside a paragraph or a heading, which the browser's parser never would).
 */
export function readEditorHtml(editor: HTMLElement): { html: string; wellNested: boolean } {
  const tree = cleanChildren(editor);
  const html = serializePostTree(normalizePostTree(tree));
  return { html, wellNested: html === serializePostTree(tree) };
}

/** Text as HTML text or attribute content. */
export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );
}

/** Private-use characters that mark the selection in the text while the editor is rewritten. */
const SELECTION_START = "\uE000";
const SELECTION_END = "\uE001";

function takeMark(root: HTMLElement, mark: string): { node: Text; offset: number } | null {
  const walker = root.ownerDocument.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const node = walker.currentNode as Text;
    const offset = node.data.indexOf(mark);
    if (offset < 0) continue;
    node.deleteData(offset, 1);
    return { node, offset };
  }
  return null;
}

/**
 * Rewrites the editing surface well nested (see `readEditorHtml`), keeping the selection where it was in the
 * text: it is marked with two characters while the HTML is rebuilt, then put back between them.
 */
export function renestEditor(editor: HTMLElement) {
  const doc = editor.ownerDocument;
  const selection = doc.getSelection();
  const range = selection && selection.rangeCount > 0 ? selection.getRangeAt(0) : null;
  const inside = range && editor.contains(range.startContainer) && editor.contains(range.endContainer);
  if (inside) {
    const start = range.cloneRange();
    start.collapse(true);
    if (!range.collapsed) {
      const end = range.cloneRange();
      end.collapse(false);
      end.insertNode(doc.createTextNode(SELECTION_END));
    }
    start.insertNode(doc.createTextNode(SELECTION_START));
  }
  editor.innerHTML = readEditorHtml(editor).html;
  if (!inside || !selection) return;
  const start = takeMark(editor, SELECTION_START);
  const end = takeMark(editor, SELECTION_END) ?? start;
  if (!start || !end) return;
  // A block left with nothing but the caret needs a line break to have a line to type on.
  const block = start.node.parentElement;
  if (block && block !== editor && block.textContent === "" && !block.querySelector("br,img"))
    block.appendChild(doc.createElement("br"));
  const restored = doc.createRange();
  restored.setStart(start.node, start.offset);
  restored.setEnd(end.node, end.offset);
  selection.removeAllRanges();
  selection.addRange(restored);
}

/** The selection in the editor as offsets in its text (start, end), or null when it is elsewhere. */
export function selectionTextOffsets(editor: HTMLElement): [number, number] | null {
  const selection = editor.ownerDocument.getSelection();
  if (!selection || selection.rangeCount === 0) return null;
  const range = selection.getRangeAt(0);
  if (!editor.contains(range.startContainer) || !editor.contains(range.endContainer)) return null;
  const before = editor.ownerDocument.createRange();
  before.setStart(editor, 0);
  before.setEnd(range.startContainer, range.startOffset);
  const start = before.toString().length;
  return [start, start + range.toString().length];
}

/** Selects from one offset in the editor's text to another (at the end of a text rather than the start of the next). */
export function selectTextOffsets(editor: HTMLElement, [start, end]: [number, number]) {
  const doc = editor.ownerDocument;
  const find = (offset: number): [Text, number] | null => {
    const walker = doc.createTreeWalker(editor, NodeFilter.SHOW_TEXT);
    let passed = 0;
    while (walker.nextNode()) {
      const node = walker.currentNode as Text;
      if (offset <= passed + node.length) return [node, offset - passed];
      passed += node.length;
    }
    return null;
  };
  const from = find(start);
  const to = find(end);
  const selection = doc.getSelection();
  if (!from || !to || !selection) return;
  const range = doc.createRange();
  range.setStart(...from);
  range.setEnd(...to);
  selection.removeAllRanges();
  selection.addRange(range);
}
