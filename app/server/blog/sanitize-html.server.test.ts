import { Parser } from "htmlparser2";
import { describe, expect, it } from "vitest";
import { htmlToPlainText, sanitizePostHtml, summarize } from "#app/server/blog/sanitize-html.server.ts";

/** Anything in the output that could run code or load something the author did not mean to. */
function expectNothingDangerous(output: string) {
  const lower = output.toLowerCase();
  expect(lower).not.toMatch(
    /<\s*(script|style|iframe|object|embed|svg|math|link|meta|base|form|input|frame|template)/,
  );
  expect(lower).not.toMatch(/\son[a-z]+\s*=/);
  expect(lower).not.toMatch(/javascript\s*:/);
  expect(lower).not.toMatch(/vbscript\s*:/);
  expect(lower).not.toMatch(/(src|href)\s*=\s*"\s*data:/);
  expect(lower).not.toMatch(/\sstyle\s*=/);
  expect(lower).not.toMatch(/\s(class|id|srcset|formaction|xlink:href|target)\s*=/);
}

describe("sanitizePostHtml", () => {
  it("keeps the structure a post needs", () => {
    const html = `<h2>Heading</h2><h3>Sub</h3><p>Text with <strong>bold</strong>, <em>italic</em> and <code>code</code>.<br></p>
<ul><li>One</li></ul><ol><li>Two</li></ol><blockquote><p>Quote</p></blockquote><pre><code>x = 1</code></pre><hr>
<table><thead><tr><th scope="col">Mode</th></tr></thead><tbody><tr><td colspan="2">Air</td></tr></tbody></table>`;
    const output = sanitizePostHtml(html);
    for (const tag of [
      "<h2>",
      "<h3>",
      "<strong>",
      "<em>",
      "<code>",
      "<br />",
      "<ul>",
      "<ol>",
      "<li>",
      "<blockquote>",
      "<pre>",
      "<hr />",
      "<table>",
      "<thead>",
      "<tbody>",
      '<td colspan="2">',
      '<th scope="col">',
    ]) {
      expect(output).toContain(tag);
    }
  });

  it("keeps safe links and images and marks links noopener", () => {
    const output = sanitizePostHtml(
      `<a href="https://example.com/a">web</a> <a href="/contact">page</a> <a href="mailto:info@example.com">mail</a>
<img src="/images/blog/customs.svg" alt="Port" width="1200" height="630"> <img src="https://example.com/x.png" alt="X">`,
    );
    expect(output).toContain('<a rel="noopener noreferrer" href="https://example.com/a">web</a>');
    expect(output).toContain('<a rel="noopener" href="/contact">page</a>');
    expect(output).toContain('<a rel="noopener" href="mailto:info@example.com">mail</a>');
    expect(output).toContain('src="/images/blog/customs.svg"');
    expect(output).toContain('alt="Port"');
    expect(output).toContain('width="1200"');
    expect(output).toContain('src="https://example.com/x.png"');
  });

  it("turns h1 into h2 and gives images without alt an empty alt", () => {
    const output = sanitizePostHtml('<h1>Title</h1><img src="/a.png">');
    expect(output).toContain("<h2>Title</h2>");
    expect(output).toContain('alt=""');
  });

  it("removes script, style and frame elements with their content", () => {
    const output = sanitizePostHtml(
      `<p>ok</p><script>alert(1)</script><SCRIPT SRC=//evil.example/x.js></SCRIPT><style>body{display:none}</style>
<iframe src="https://evil.example"></iframe><object data="x.swf"></object><embed src="x.swf"><noscript><p>hidden</p></noscript>
<template><img src=x onerror=alert(1)></template><link rel="stylesheet" href="https://evil.example/x.css"><meta http-equiv="refresh" content="0;url=javascript:alert(1)">
<base href="https://evil.example/"><form action="https://evil.example"><input name="x"><button formaction="javascript:alert(1)">go</button></form>`,
    );
    expectNothingDangerous(output);
    expect(output).not.toContain("alert");
    expect(output).not.toContain("display:none");
    expect(output).toContain("<p>ok</p>");
  });

  it("removes event handlers", () => {
    const output = sanitizePostHtml(
      `<img src="/a.png" onerror="alert(1)" alt="a"><p onclick="alert(2)">click</p><a href="/x" onmouseover="alert(3)">x</a>
<svg onload="alert(4)"><circle r="1"/></svg><body onload="alert(5)"><div onfocus=alert(6) tabindex=0>f</div><img src=x oNeRrOr=alert(7)>`,
    );
    expectNothingDangerous(output);
    expect(output).not.toContain("alert");
    expect(output).toContain("click");
  });

  it("removes javascript:, data: and other unsafe URLs, however they are spelled", () => {
    const hostile = [
      '<a href="javascript:alert(1)">a</a>',
      '<a href="JaVaScRiPt:alert(1)">b</a>',
      '<a href=" javascript:alert(1)">c</a>',
      '<a href="jav&#x61;script:alert(1)">d</a>',
      '<a href="jav&#97;script:alert(1)">e</a>',
      '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">f</a>',
      '<a href="java\tscript:alert(1)">g</a>',
      '<a href="java&#x09;script:alert(1)">h</a>',
      '<a href="javascript&colon;alert(1)">i</a>',
      '<a href="vbscript:msgbox(1)">j</a>',
      '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">k</a>',
      '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+" alt="l">',
      '<img src="javascript:alert(1)" alt="m">',
      '<img src="jav&#x61;script:alert(1)" alt="n">',
      '<img src="mailto:x@example.com" alt="o">',
      '<a href="//evil.example/p">p</a>',
      '<img src="//evil.example/q.png" alt="q">',
    ].join("\n");
    const output = sanitizePostHtml(hostile);
    expectNothingDangerous(output);
    expect(output).not.toContain("alert");
    expect(output).not.toContain("evil.example");
    expect(output).not.toContain("<img");
    // The link texts survive as plain links without an address.
    for (const text of ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "p"])
      expect(output).toContain(`>${text}</a>`);
  });

  it("removes style attributes and class/id tricks", () => {
    const output = sanitizePostHtml(
      `<p style="position:fixed;top:0;left:0;width:100%;height:100%;background:url(javascript:alert(1))" class="x" id="main">s</p>
<a href="/x" style="display:block" target="_blank">t</a><img src="/a.png" alt="a" style="width:expression(alert(1))" srcset="javascript:alert(1) 1x">`,
    );
    expectNothingDangerous(output);
    expect(output).not.toContain("alert");
    expect(output).toContain(">s</p>");
  });

  it("ignores non-numeric image dimensions", () => {
    const output = sanitizePostHtml('<img src="/a.png" alt="a" width="100%" height="50">');
    expect(output).not.toContain("width=");
    expect(output).toContain('height="50"');
  });

  it("escapes text that looks like markup after parsing", () => {
    const output = sanitizePostHtml("<p>&lt;script&gt;alert(1)&lt;/script&gt;</p><p>1 < 2 > 0</p>");
    expect(output).not.toMatch(/<script/i);
    expect(output).toContain("&lt;script&gt;");
  });

  it("handles broken and nested markup without letting anything through", () => {
    const output = sanitizePostHtml(
      `<scr<script>ipt>alert(1)</scr</script>ipt><<img src=x onerror=alert(1)//><a href="javascript:alert(1)"<b>x</b>
<div><p>unclosed<img src="/ok.png" alt="ok"<svg/onload=alert(1)>`,
    );
    expectNothingDangerous(output);
    expect(output).not.toMatch(/<script/i);
  });
});

type Parsed = { tag: string; children: Parsed[] } | { text: string };

/** The output read back by the parser the sanitizer uses. */
function parse(html: string): Parsed[] {
  const root = { tag: "body", children: [] as Parsed[] };
  const open = [root];
  new Parser(
    {
      onopentag(name) {
        const node = { tag: name, children: [] };
        open.at(-1)!.children.push(node);
        open.push(node);
      },
      ontext(text) {
        open.at(-1)!.children.push({ text });
      },
      onclosetag() {
        open.pop();
      },
    },
    { decodeEntities: true },
  ).end(html);
  return root.children;
}

const PHRASING_ONLY = new Set(["p", "h2", "h3", "h4", "h5", "h6", "pre", "dt"]);
const INLINE = new Set([..."a abbr b br code del em i img ins kbd mark s small strong sub sup u".split(" ")]);

/** Every way the output could be badly nested, as readable paths ('p > ul'); none when it is well nested. */
function nestingProblems(nodes: Parsed[], path: string[] = []): string[] {
  const problems: string[] = [];
  const parent = path.at(-1);
  for (const node of nodes) {
    if ("text" in node) {
      if ((parent === "ul" || parent === "ol") && node.text.trim())
        problems.push(`${path.join(" > ")} > text`);
      continue;
    }
    const here = [...path, node.tag];
    const block = !INLINE.has(node.tag);
    if (block && path.some((tag) => PHRASING_ONLY.has(tag) || INLINE.has(tag)))
      problems.push(here.join(" > "));
    if ((parent === "ul" || parent === "ol") && node.tag !== "li") problems.push(here.join(" > "));
    if (node.tag === "li" && parent !== "ul" && parent !== "ol") problems.push(here.join(" > "));
    if (node.tag === "a" && path.includes("a")) problems.push(here.join(" > "));
    if ((node.tag === "p" || /^h\d$/.test(node.tag)) && node.children.length === 0)
      problems.push(`${here.join(" > ")} (empty)`);
    problems.push(...nestingProblems(node.children, here));
  }
  return problems;
}

/** The words of some HTML, in order. */
function words(html: string): string {
  return htmlToPlainText(html).replace(/\s+/g, "");
}

function expectWellNested(input: string) {
  const output = sanitizePostHtml(input);
  expect(nestingProblems(parse(output)), `${input} gave ${output}`).toEqual([]);
  // Stable: cleaning the output again changes nothing, so the parser reads it as it was written.
  expect(sanitizePostHtml(output)).toBe(output);
  // Nothing typed is lost or moved.
  expect(words(output)).toBe(words(input));
  return output;
}

describe("sanitizePostHtml makes posts well nested", () => {
  it("takes a list out of the paragraph it was started in", () => {
    expect(expectWellNested("<p><ul><li>Air</li><li>Sea</li></ul><p>After</p></p>")).toBe(
      "<ul><li>Air</li><li>Sea</li></ul><p>After</p>",
    );
    // Read as browsers read it: the list ends the paragraph, and the text after it is outside.
    expect(expectWellNested("<p>Before<ul><li>Air</li></ul>after</p>")).toBe(
      "<p>Before</p><ul><li>Air</li></ul>after",
    );
    expect(expectWellNested("<p>Before<strong><ul><li>Air</li></ul></strong>after</p>")).toBe(
      "<p>Before</p><ul><li><strong>Air</strong></li></ul><p>after</p>",
    );
  });

  it("takes a list out of a heading", () => {
    expect(expectWellNested("<h2>Modes<ul><li>Air</li></ul></h2>")).toBe(
      "<h2>Modes</h2><ul><li>Air</li></ul>",
    );
    expect(expectWellNested("<h2><ol><li>Only the list</li></ol></h2><p>x</p>")).toBe(
      "<ol><li>Only the list</li></ol><p>x</p>",
    );
  });

  it("splits nested paragraphs and headings", () => {
    expect(expectWellNested("<p>a<p>b</p>c</p>")).toBe("<p>a</p><p>b</p>c");
    expect(expectWellNested("<p>a<em><p>b</p></em>c</p>")).toBe("<p>a</p><p><em>b</em></p><p>c</p>");
    expect(expectWellNested("<h2>a<h3>b</h3></h2>")).toBe("<h2>a</h2><h3>b</h3>");
    expect(expectWellNested("<p><blockquote><p>quoted</p></blockquote></p>")).toBe(
      "<blockquote><p>quoted</p></blockquote>",
    );
  });

  it("moves inline formatting and links inside the blocks they wrap", () => {
    expect(expectWellNested("<strong><p>a</p><ul><li>b</li></ul></strong>")).toBe(
      "<p><strong>a</strong></p><ul><li><strong>b</strong></li></ul>",
    );
    expect(expectWellNested('<p><a href="/x">one<h2>two</h2>three</a></p>')).toBe(
      '<p><a rel="noopener" href="/x">one</a></p><h2><a rel="noopener" href="/x">two</a></h2><p><a rel="noopener" href="/x">three</a></p>',
    );
    expect(expectWellNested("<em><b><p>deep</p></b></em>")).toBe("<p><em><b>deep</b></em></p>");
  });

  it("keeps only items in lists and puts loose items in a list", () => {
    expect(expectWellNested("<ul>text<li>a</li><p>p</p></ul>")).toBe(
      "<ul><li>text</li><li>a</li><li><p>p</p></li></ul>",
    );
    expect(expectWellNested("<ul><li>a</li><ul><li>nested</li></ul></ul>")).toBe(
      "<ul><li>a<ul><li>nested</li></ul></li></ul>",
    );
    expect(expectWellNested("<li>loose</li><li>items</li><p>x</p>")).toBe(
      "<ul><li>loose</li><li>items</li></ul><p>x</p>",
    );
    expect(expectWellNested("<ul> </ul><p>x</p>")).toBe("<p>x</p>");
  });

  it("does not nest links", () => {
    expect(expectWellNested('<p><a href="/a">a <em><a href="/b">b</a></em></a></p>')).toBe(
      '<p><a rel="noopener" href="/a">a <em>b</em></a></p>',
    );
  });

  it("puts table rows in a section and moves stray content before the table", () => {
    const output = sanitizePostHtml("<table><tr><td>1</td></tr><p>stray</p></table>");
    expect(output).toBe("<p>stray</p><table><tbody><tr><td>1</td></tr></tbody></table>");
    expect(sanitizePostHtml(output)).toBe(output);
  });

  it("leaves well-nested posts as they were", () => {
    const html =
      '<h2>Title</h2><p>Text <strong>bold</strong> and <a rel="noopener" href="/x">link</a>.<br /></p><ul><li>One<ul><li>Two</li></ul></li></ul><blockquote><p>Q</p></blockquote><pre><code>x = 1</code></pre><p><br /></p>';
    expect(sanitizePostHtml(html)).toBe(html);
  });

  it("survives deep nesting, keeping the text of what is nested too deep", () => {
    const deep = `${"<p><strong><ul><li>".repeat(200)}deep${"</li></ul></strong></p>".repeat(200)}`;
    expect(expectWellNested(deep)).toContain("deep");
    // Nested deeper than any post needs (it exhausted the stack): cleaned all the same, not an error.
    const hostile = `${"<p><b>".repeat(5000)}end`;
    expect(expectWellNested(hostile)).toContain("end");
  });

  it("nests any mix of tags well, without losing or reordering text", () => {
    // Seeded, so a failure comes back the same way every run.
    let seed = 14;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const tags = "p h2 h3 ul ol li strong em a code blockquote pre dl dt dd div span br".split(" ");
    const build = (depth: number): string => {
      let html = "";
      const count = 1 + Math.floor(random() * 3);
      for (let i = 0; i < count; i++) {
        if (depth === 0 || random() < 0.3) {
          html += `w${Math.floor(random() * 1000)} `;
          continue;
        }
        const tag = tags[Math.floor(random() * tags.length)]!;
        if (tag === "br") html += "<br>";
        else if (tag === "a") html += `<a href="/p">${build(depth - 1)}</a>`;
        else html += `<${tag}>${build(depth - 1)}</${tag}>`;
      }
      return html;
    };
    for (let i = 0; i < 300; i++) expectWellNested(build(5));
  });
});

describe("htmlToPlainText and summarize", () => {
  it("extracts readable text with spaces between blocks and entities decoded", () => {
    const text = htmlToPlainText(
      "<h2>Customs</h2><p>Duties &amp; taxes &lt;paid&gt;</p><script>alert(1)</script><ul><li>One</li><li>Two</li></ul>",
    );
    expect(text).toBe("Customs Duties & taxes <paid> One Two");
  });

  it("cuts long text at a word boundary", () => {
    const text = "word ".repeat(100).trim();
    const summary = summarize(text, 50);
    expect(summary.length).toBeLessThanOrEqual(50);
    expect(summary.endsWith("word…")).toBe(true);
    expect(summarize("short", 50)).toBe("short");
  });
});
