import { describe, expect, it } from "vitest";
import { htmlToPlainText, sanitizePostHtml, summarize } from "#app/server/sanitize-html.server.ts";

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
