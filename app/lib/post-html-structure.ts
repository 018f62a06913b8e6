// The shape of a blog post's HTML: blocks (paragraphs, headings, lists, quotes, tables…) are never inside a
// paragraph, a heading or inline text, lists hold only list items, and links are not nested. The editor (which
// works on the browser's DOM, where `document.execCommand` can leave a list inside a paragraph or a heading) and
// the server (which cleans every post on save and on render) both pass posts through `normalizePostTree`, so a
// post is stored and shown well nested whatever was typed, pasted or sent. Text keeps its order.
//
// It works on a small tree of its own, which the browser builds from the DOM and the server from its parser,
// and never adds an element a post may not contain.

export type PostText = { type: "text"; text: string };
export type PostElement = {
  type: "element";
  /** Lower case. */
  tag: string;
  attrs: Array<[name: string, value: string]>;
  children: PostNode[];
};
export type PostNode = PostText | PostElement;

/**
 * How deep elements may nest in a post. Deeper elements are left out when the tree is built, their text kept:
 * no post needs more, and a hostile post nested 80,000 deep must not exhaust the stack or take quadratic time.
 */
export const MAX_POST_DEPTH = 100;

/** Blocks whose content is text and inline elements only. */
const PHRASING_BLOCKS = new Set(["p", "h1", "h2", "h3", "h4", "h5", "h6", "pre", "dt"]);
/** Inline elements: text formatting, links, images and line breaks. */
const INLINE = new Set([
  "a",
  "abbr",
  "b",
  "br",
  "code",
  "del",
  "em",
  "i",
  "img",
  "ins",
  "kbd",
  "mark",
  "s",
  "small",
  "strong",
  "sub",
  "sup",
  "u",
]);
/** Blocks that may hold blocks and inline content alike. */
const FLOW_BLOCKS = new Set(["li", "blockquote", "dd", "figure", "figcaption", "caption", "td", "th", "div"]);
const VOID = new Set(["br", "hr", "img", "col"]);
const TABLE_SECTIONS = new Set(["thead", "tbody", "tfoot"]);
const CELLS = new Set(["td", "th"]);
/** What may sit directly in each part of a table (whitespace aside). */
const TABLE_CHILDREN: Record<string, ReadonlySet<string>> = {
  table: new Set(["caption", "colgroup", "thead", "tbody", "tfoot"]),
  thead: new Set(["tr"]),
  tbody: new Set(["tr"]),
  tfoot: new Set(["tr"]),
  tr: CELLS,
  colgroup: new Set(["col"]),
};
/** Parts of a table, meaningless outside one: there only their content is kept. */
const TABLE_PARTS = new Set(["tr", "td", "th", "thead", "tbody", "tfoot", "caption", "colgroup", "col"]);

export function text(value: string): PostText {
  return { type: "text", text: value };
}

export function element(tag: string, attrs: PostElement["attrs"], children: PostNode[]): PostElement {
  return { type: "element", tag, attrs, children };
}

const clone = (source: PostElement, children: PostNode[]): PostElement =>
  element(
    source.tag,
    source.attrs.map(([name, value]) => [name, value]),
    children,
  );

const isElement = (node: PostNode | undefined): node is PostElement => node?.type === "element";

/** Text and inline elements; everything else is a block. */
const isInline = (node: PostNode) => node.type === "text" || INLINE.has(node.tag);

const isBlank = (node: PostNode) => node.type === "text" && node.text.trim() === "";

/** A run of inline content worth keeping as a piece of its own: some text or an image. */
function hasContent(nodes: readonly PostNode[]): boolean {
  return nodes.some((node) =>
    node.type === "text" ? node.text.trim() !== "" : node.tag === "img" || hasContent(node.children),
  );
}

/** Splits nodes into runs of inline content and single blocks, in order. */
function* runs(nodes: readonly PostNode[]): Generator<{ inline: PostNode[] } | { block: PostElement }> {
  let inline: PostNode[] = [];
  for (const node of nodes) {
    if (isInline(node)) {
      inline.push(node);
      continue;
    }
    if (inline.length > 0) yield { inline };
    inline = [];
    yield { block: node as PostElement };
  }
  if (inline.length > 0) yield { inline };
}

/**
 * An inline element (bold, a link…) wrapped around a block moves inside it: `<b><p>x</p></b>` becomes
 * `<p><b>x</b></p>`, and into each item of a list. Tables and rules are left as they are.
 */
function pushInto(wrapper: PostElement, block: PostElement): PostElement {
  if (VOID.has(block.tag) || block.tag === "table") return block;
  if (PHRASING_BLOCKS.has(block.tag))
    return clone(block, block.children.length > 0 ? [clone(wrapper, block.children)] : []);
  return clone(block, wrapAround(wrapper, block.children));
}

function wrapAround(wrapper: PostElement, nodes: readonly PostNode[]): PostNode[] {
  const out: PostNode[] = [];
  for (const run of runs(nodes)) {
    if ("block" in run) out.push(pushInto(wrapper, run.block));
    else if (hasContent(run.inline)) out.push(clone(wrapper, run.inline));
    else out.push(...run.inline);
  }
  return out;
}

/** Content of a block that may hold blocks: stray list items get a list, stray table parts are unwrapped. */
function fixFlow(nodes: readonly PostNode[]): PostNode[] {
  const out: PostNode[] = [];
  let group: PostElement | null = null;
  for (const node of nodes) {
    if (isElement(node) && TABLE_PARTS.has(node.tag)) {
      if (node.tag !== "col") out.push(...fixFlow(node.children));
      group = null;
      continue;
    }
    const groupTag = isElement(node) ? STRAY_ITEM_LIST[node.tag] : undefined;
    if (!groupTag) {
      out.push(node);
      group = null;
      continue;
    }
    if (group?.tag !== groupTag) {
      group = element(groupTag, [], []);
      out.push(group);
    }
    group.children.push(node);
  }
  return out;
}
const STRAY_ITEM_LIST: Record<string, string | undefined> = { li: "ul", dt: "dl", dd: "dl" };

const LISTS = new Set(["ul", "ol"]);
const LIST_ITEMS = new Set(["li"]);
const DL_ITEMS = new Set(["dt", "dd"]);

/**
 * The items of a list (`li`, or `dt`/`dd` for a description list). A list directly inside a list joins the item
 * before it; other loose content becomes an item of its own.
 */
function fixItems(nodes: readonly PostNode[], itemTags: ReadonlySet<string>, looseTag: string): PostNode[] {
  const out: PostElement[] = [];
  const looseItems = new Set<PostElement>();
  let loose: PostElement | null = null;
  for (const node of nodes) {
    if (isBlank(node)) continue;
    if (isElement(node) && itemTags.has(node.tag)) {
      out.push(node);
      loose = null;
      continue;
    }
    const last = out.at(-1);
    if (isElement(node) && LISTS.has(node.tag) && last?.tag === "li") {
      last.children.push(node);
      continue;
    }
    if (!loose) {
      loose = element(looseTag, [], []);
      looseItems.add(loose);
      out.push(loose);
    }
    loose.children.push(node);
  }
  for (const item of looseItems) item.children = fixFlow(item.children);
  return out;
}

/**
 * A table part's children: rows outside a section get one, cells outside a row get one; anything else moves
 * before the table, as browsers do.
 */
function fixTablePart(node: PostElement, children: PostNode[]): PostNode[] {
  const allowed = TABLE_CHILDREN[node.tag]!;
  const kept: PostElement[] = [];
  const fostered: PostNode[] = [];
  let section: PostElement | null = null;
  let row: PostElement | null = null;
  for (const child of children) {
    if (isBlank(child)) continue;
    if (isElement(child) && allowed.has(child.tag)) {
      kept.push(child);
      section = row = null;
      continue;
    }
    const isRow = isElement(child) && child.tag === "tr";
    const isCell = isElement(child) && CELLS.has(child.tag);
    if (node.tag === "table" && (isRow || isCell)) {
      if (!section) {
        section = element("tbody", [], []);
        kept.push(section);
      }
      if (isRow) {
        section.children.push(child);
        row = null;
        continue;
      }
    } else if (!(TABLE_SECTIONS.has(node.tag) && isCell)) {
      fostered.push(child);
      continue;
    }
    // A cell outside a row.
    if (!row) {
      row = element("tr", [], []);
      (section ? section.children : kept).push(row);
    }
    row.children.push(child);
  }
  return [...fostered, clone(node, kept)];
}

/** One node, well nested inside; a node that cannot stay where it is comes back as several (split or hoisted). */
function normalizeNode(node: PostNode, inLink: boolean): PostNode[] {
  if (node.type === "text") return node.text === "" ? [] : [node];
  const { tag } = node;
  if (VOID.has(tag)) return [clone(node, [])];
  const children = node.children.flatMap((child) => normalizeNode(child, inLink || tag === "a"));

  if (INLINE.has(tag)) {
    // A link inside a link keeps only its text.
    if (tag === "a" && inLink) return children;
    if (children.every(isInline)) return [clone(node, children)];
    return wrapAround(node, children);
  }
  if (PHRASING_BLOCKS.has(tag)) {
    if (children.length === 0) return [];
    if (children.every(isInline)) return [clone(node, children)];
    // Blocks leave the paragraph or heading; the text around them stays in pieces of it.
    const out: PostNode[] = [];
    for (const run of runs(children)) {
      if ("block" in run) out.push(run.block);
      else if (hasContent(run.inline)) out.push(clone(node, run.inline));
    }
    return out;
  }
  if (LISTS.has(tag)) {
    const items = fixItems(children, LIST_ITEMS, "li");
    return items.length > 0 ? [clone(node, items)] : [];
  }
  if (tag === "dl") {
    const items = fixItems(children, DL_ITEMS, "dd");
    return items.length > 0 ? [clone(node, items)] : [];
  }
  if (tag in TABLE_CHILDREN) return fixTablePart(node, children);
  if (FLOW_BLOCKS.has(tag)) return [clone(node, fixFlow(children))];
  // Anything else (the cleaners let nothing else through): its content only.
  return children;
}

/**
 * A post's HTML tree made well nested: no block inside a paragraph, heading or inline element (blocks are
 * hoisted, the text around them split into pieces of the same element, inline formatting moved inside), lists
 * hold only items, no link inside a link, tables are rows in sections, and paragraphs and headings left empty
 * are dropped. Applying it twice changes nothing.
 */
export function normalizePostTree(nodes: readonly PostNode[]): PostNode[] {
  return fixFlow(nodes.flatMap((node) => normalizeNode(node, false)));
}

const TEXT_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", "\u00a0": "&nbsp;" };
const ATTRIBUTE_ESCAPES: Record<string, string> = { ...TEXT_ESCAPES, '"': "&quot;" };

/**
 * The tree as HTML, every text and attribute value escaped. `voidEnd` closes `<br>`, `<img>`… (" />" as the
 * server's sanitizer writes them, ">" as browsers do).
 */
export function serializePostTree(nodes: readonly PostNode[], { voidEnd = ">" } = {}): string {
  let html = "";
  for (const node of nodes) {
    if (node.type === "text") {
      html += node.text.replace(/[&<>\u00a0]/g, (c) => TEXT_ESCAPES[c]!);
      continue;
    }
    const attrs = node.attrs
      .map(([name, value]) => ` ${name}="${value.replace(/[&<>"\u00a0]/g, (c) => ATTRIBUTE_ESCAPES[c]!)}"`)
      .join("");
    html += VOID.has(node.tag)
      ? `<${node.tag}${attrs}${voidEnd}`
      : `<${node.tag}${attrs}>${serializePostTree(node.children, { voidEnd })}</${node.tag}>`;
  }
  return html;
}
