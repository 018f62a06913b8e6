// The suite's own eye: what `unsafeMarkup` calls script in a page (every HTML answer of the suite goes through
// it, so a blind spot here would let every check group pass). No request is sent.
import { expect, test } from "vitest";
import { unsafeMarkup } from "./client.ts";

const NONCE = "n0nce";
const page = (body: string) =>
  `<!DOCTYPE html><html><head><script nonce="${NONCE}">1</script></head><body>${body}</body></html>`;

test("a page of plain markup and escaped hostile text is safe", () => {
  expect(
    unsafeMarkup(
      page(`<p title="a &amp; b">&lt;script&gt;alert(1)&lt;/script&gt; javascript:alert(1)</p>`),
      NONCE,
    ),
  ).toEqual([]);
  expect(
    unsafeMarkup(page(`<a href="/track?q=1&amp;r=2">x</a><img src="data:image/png;base64,AA">`), NONCE),
  ).toEqual([]);
  // Inside a textarea or a comment, a tag is text.
  expect(
    unsafeMarkup(page(`<textarea><img src=x onerror=alert(1)></textarea><!-- <script> -->`), NONCE),
  ).toEqual([]);
});

test("event handlers, script and data URLs, and elements that run code are found", () => {
  const problems = (body: string) => unsafeMarkup(page(body), NONCE);
  expect(problems(`<img src=x onerror=alert(1)>`)).toEqual([
    "event-handler attribute onerror= in <img src onerror>",
  ]);
  expect(problems(`<a href="javascript:alert(1)">x</a>`)[0]).toMatch(/^script URL in href= of <a href>/);
  // Character references are decoded as a browser decodes them.
  expect(problems(`<a href="java&#x73;cript&colon;alert(1)">x</a>`)[0]).toMatch(/^script URL in href=/);
  expect(problems(`<a HREF=" &#10;javascript:alert(1)">x</a>`)[0]).toMatch(/^script URL in href=/);
  expect(problems(`<iframe src="data:text/html,<script>alert(1)</script>"></iframe>`)).toEqual([
    "data: URL in src= of <iframe src>: data:text/html,<script>alert(1)</script>",
    "iframe with src=data:text/html,<script>alert(1)</script>",
  ]);
  expect(problems(`<object data="x.swf"></object>`)).toEqual(["<object data> element"]);
  expect(problems(`<meta http-equiv="Refresh" content="0;url=https://evil.example">`)).toEqual([
    "meta refresh element",
  ]);
  expect(problems(`<script>alert(1)</script>`)[0]).toMatch(/^script element without the page's nonce/);
  expect(problems(`<script nonce="guessed">alert(1)</script>`)[0]).toMatch(
    /^script element without the page's nonce/,
  );
});
