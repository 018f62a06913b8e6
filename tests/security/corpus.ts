import zlib from "node:zlib";

// The hostile-input corpus of `npm run test:security`: values typed into fields, raw bytes that are not UTF-8,
// and whole bodies of the wrong shape. Every form and action of the app gets all of them.

/** A form body as a list of fields; a Uint8Array value goes into the body as raw bytes (not percent-encoded). */
export type FieldValue = string | Uint8Array | { file: Uint8Array; filename: string; type: string };
export type Entries = [string, FieldValue][];

export type Body = {
  body?: Uint8Array | string | ReadableStream<Uint8Array>;
  contentType?: string;
  headers?: Record<string, string>;
};

/** A value put into one field (a strict field: the post must be refused) or into the free-text fields. */
export type ValuePayload = {
  kind: "value";
  name: string;
  value: string | Uint8Array;
  /** How the body is sent. */
  encoding: "urlencoded" | "multipart";
  /** Too big for every text field at once (the body limit): only the first text field gets it. */
  single?: boolean;
};

/** A body of the wrong shape, made from the target's fields. */
export type ShapePayload = {
  kind: "shape";
  name: string;
  build(entries: Entries): Body;
  /** Also sent with the target's fields all valid (it may then be stored), besides with a broken strict field. */
  withValidFields?: boolean;
  /** Only meaningful when the target has more than the intent (e.g. "missing fields"). */
  needsFields?: boolean;
};

export type Payload = ValuePayload | ShapePayload;

const text = (s: string) => new TextEncoder().encode(s);
const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
};

/** A form urlencoded by hand, so raw bytes can be put in as they are. */
export function urlencode(entries: Entries): Uint8Array {
  const parts: Uint8Array[] = [];
  entries.forEach(([name, value], i) => {
    if (i > 0) parts.push(text("&"));
    parts.push(text(`${encodeURIComponent(name)}=`));
    if (typeof value === "string") parts.push(text(encodeURIComponent(value)));
    else if (value instanceof Uint8Array) parts.push(value);
    else parts.push(value.file);
  });
  return concat(...parts);
}

export const BOUNDARY = "----security-suite-7MA4YWxkTrZu0gW";

/** multipart/form-data by hand (raw bytes in text fields, files with any name and type). */
export function multipart(entries: Entries, boundary = BOUNDARY): Uint8Array {
  const parts: Uint8Array[] = [];
  for (const [name, value] of entries) {
    parts.push(text(`--${boundary}\r\n`));
    if (typeof value === "string" || value instanceof Uint8Array) {
      parts.push(text(`Content-Disposition: form-data; name="${name}"\r\n\r\n`));
      parts.push(typeof value === "string" ? text(value) : value);
    } else {
      parts.push(
        text(
          `Content-Disposition: form-data; name="${name}"; filename="${value.filename}"\r\nContent-Type: ${value.type}\r\n\r\n`,
        ),
      );
      parts.push(value.file);
    }
    parts.push(text("\r\n"));
  }
  parts.push(text(`--${boundary}--\r\n`));
  return concat(...parts);
}

export const URLENCODED = "application/x-www-form-urlencoded";
export const MULTIPART = `multipart/form-data; boundary=${BOUNDARY}`;

const ONE_MB = 1024 * 1024;

let bomb: Uint8Array | undefined;
function gzipBomb(): Uint8Array {
  bomb ??= new Uint8Array(zlib.gzipSync(Buffer.alloc(64 * ONE_MB), { level: 9 }));
  return bomb;
}

const values: [string, string, Partial<ValuePayload>?][] = [
  // SQL injection
  ["SQL: tautology", "' OR '1'='1"],
  ["SQL: stacked DROP TABLE", "'; DROP TABLE quote_requests; --"],
  ["SQL: double-quoted tautology", '" OR 1=1 --'],
  ["SQL: UNION SELECT of password hashes", "x' UNION SELECT password_hash, email FROM admin_users --"],
  ["SQL: stacked DELETE", "'); DELETE FROM shipments; --"],
  ["SQL: time-based pg_sleep", "1'; SELECT pg_sleep(5); --"],
  ["SQL: LIKE wildcards and escapes", "%' AND '%'='%\\_%"],
  ["SQL: backslash quote", "\\'; SELECT 1; --"],
  ["SQL: dollar quoting", "$$; DROP TABLE shipments; $$"],
  // Markup and scripts
  ["HTML: script element", '<script>alert("xss-script")</script>'],
  ["HTML: img onerror", '<img src=x onerror=alert("xss-img")>'],
  ["HTML: svg onload", '<svg onload=alert("xss-svg")>'],
  ["HTML: attribute breakout", '"><script>alert("xss-attr")</script>'],
  ["HTML: single-quote event handler", "' onmouseover='alert(\"xss-quote\")' x='"],
  ["HTML: textarea breakout", '</textarea><script>alert("xss-textarea")</script>'],
  ["HTML: script-element breakout", '</script><script>alert("xss-breakout")</script>'],
  ["HTML: iframe with javascript: src", "<iframe src=\"javascript:alert('xss-iframe')\"></iframe>"],
  ["HTML: link with javascript: href", "<a href=\"javascript:alert('xss-link')\">click</a>"],
  ["HTML: details ontoggle", "<details open ontoggle=alert('xss-toggle')>"],
  ["HTML: style import", "<style>@import 'https://evil.example/x.css';</style>"],
  ["HTML: meta refresh", '<meta http-equiv="refresh" content="0;url=https://evil.example">'],
  ["HTML: base href", '<base href="https://evil.example/">'],
  [
    "HTML: list inside a paragraph and a heading",
    "<p><ul><li>a</li></ul><p>b</p></p><h2><ul><li>c</li></ul></h2>",
  ],
  ["HTML: blocks nested 8,000 deep", `${"<p><b>".repeat(8000)}deep`],
  ["HTML: comment and CDATA", "<!--<script>--><![CDATA[<script>alert('xss-cdata')</script>]]>"],
  ["URL: javascript:", "javascript:alert('xss-js-url')"],
  ["URL: mixed-case javascript:", "JaVaScRiPt:alert('xss-js-case')"],
  ["URL: entity-encoded javascript:", "&#106;avascript&#58;alert('xss-entity')"],
  ["URL: data:text/html", "data:text/html;base64,PHNjcmlwdD5hbGVydCgneHNzLWRhdGEnKTwvc2NyaXB0Pg=="],
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the literal text is the payload.
  ["template and expression injection", "{{7*7}} ${7*7} <%= 7*7 %> #{7*7}"],
  ["server-side include", '<!--#exec cmd="/bin/cat /etc/passwd" -->'],
  ["JSON-looking operator object", '{"$gt": "", "__proto__": {"isAdmin": true}}'],
  ["shell metacharacters", "$(cat /etc/passwd) `id` | rm -rf / ; reboot &"],
  ["format string", "%s%s%s%n%x%d %p"],
  // Paths
  ["path traversal", "../../../../etc/passwd"],
  ["encoded path traversal", "..%2F..%2F..%2Fetc%2Fpasswd"],
  ["Windows path traversal", "..\\..\\..\\windows\\win.ini"],
  ["NUL-terminated path", "/etc/passwd%00.png"],
  // Control and unusual characters
  ["control: NUL byte", "abc\u0000def"],
  ["control: CRLF header injection", "line\r\nSet-Cookie: injected=1\r\nLocation: https://evil.example"],
  ["control: bell, backspace, ANSI escape", "ring\u0007\u0008\u001b[31mred\u001b[0m"],
  ["control: C1 and DEL", "next\u0085line\u007f\u009b"],
  ["Unicode: bidi override", "invoice\u202Egnp.exe\u202C"],
  ["Unicode: zero-width and BOM", "\uFEFFad\u200Bmin\u200D"],
  ["Unicode: line and paragraph separators", "one\u2028two\u2029three"],
  ["Unicode: combining marks (zalgo)", "Z\u0351\u0345\u035Ba\u0337\u0322l\u0335\u0349g\u0338o\u0336"],
  ["Unicode: astral characters and emoji", "\u{1F4E6}\u{1F680}\u{10FFFF}\u{1D54F}"],
  ["Unicode: homoglyph address", "\u0430dmin@\u0435xample.com"],
  ["whitespace only", " \t \u00a0 "],
  // Numbers in text fields
  ["numbers: negative, huge, NaN", "-1"],
  ["numbers: overflow", "1e309"],
  ["numbers: hex", "0x7fffffff"],
  // Sizes
  ["1 MB string", "x".repeat(ONE_MB - 4096), { single: true }],
  ["100 KB of markup", "<b>".repeat(34_000), { single: true }],
  ["very long address", `${"a".repeat(300)}@${"b".repeat(300)}.example`],
];

const bytes: [string, Uint8Array][] = [
  ["invalid UTF-8 bytes", Uint8Array.from([0x41, 0xff, 0xfe, 0xc3, 0x28, 0xa0, 0xa1, 0x42])],
  ["overlong UTF-8 slash", Uint8Array.from([0x2e, 0x2e, 0xc0, 0xaf, 0x2e, 0x2e, 0xc0, 0xaf, 0x41])],
  ["UTF-16 surrogate in UTF-8", Uint8Array.from([0x41, 0xed, 0xa0, 0x80, 0xed, 0xbf, 0xbf, 0x42])],
  ["truncated multi-byte sequence", Uint8Array.from([0x41, 0x42, 0xe2, 0x82])],
];

function jsonBody(entries: Entries): Body {
  const object: Record<string, string> = {};
  for (const [name, value] of entries) if (typeof value === "string") object[name] = value;
  return { body: JSON.stringify(object), contentType: "application/json" };
}

const shapes: ShapePayload[] = [
  { kind: "shape", name: "JSON body where a form is expected", build: jsonBody, withValidFields: true },
  {
    kind: "shape",
    name: "JSON text sent as a urlencoded form",
    build: (e) => ({ body: jsonBody(e).body, contentType: URLENCODED }),
  },
  {
    kind: "shape",
    name: "text/plain body",
    build: (e) => ({
      body: e.map(([n, v]) => `${n}=${typeof v === "string" ? v : ""}`).join("\n"),
      contentType: "text/plain",
    }),
  },
  {
    kind: "shape",
    name: "XML with an external entity (XXE)",
    build: () => ({
      body: '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><form><name>&e;</name></form>',
      contentType: "application/xml",
    }),
  },
  {
    kind: "shape",
    name: "truncated multipart body",
    build: (e) => {
      const full = multipart(e);
      return { body: full.subarray(0, Math.floor(full.length / 2)), contentType: MULTIPART };
    },
  },
  {
    kind: "shape",
    name: "multipart without a boundary",
    build: (e) => ({ body: multipart(e), contentType: "multipart/form-data" }),
  },
  {
    kind: "shape",
    name: "urlencoded body labelled as multipart",
    build: (e) => ({ body: urlencode(e), contentType: MULTIPART }),
  },
  {
    kind: "shape",
    name: "gzip-encoded body",
    build: (e) => ({
      body: new Uint8Array(zlib.gzipSync(urlencode(e))),
      contentType: URLENCODED,
      headers: { "Content-Encoding": "gzip" },
    }),
  },
  {
    kind: "shape",
    name: "gzip bomb body (64 MB of zeros in 64 KB)",
    build: () => ({ body: gzipBomb(), contentType: URLENCODED, headers: { "Content-Encoding": "gzip" } }),
  },
  {
    kind: "shape",
    name: "UTF-16 body",
    build: (e) => ({
      body: new Uint8Array(Buffer.from(new TextDecoder().decode(urlencode(e)), "utf16le")),
      contentType: `${URLENCODED}; charset=utf-16le`,
    }),
  },
  {
    kind: "shape",
    name: "empty body",
    build: () => ({ body: "", contentType: URLENCODED }),
  },
  { kind: "shape", name: "no body and no content type", build: () => ({}) },
  {
    kind: "shape",
    name: "missing fields (intent only)",
    build: (e) => ({ body: urlencode(e.filter(([n]) => n === "intent")), contentType: URLENCODED }),
    needsFields: true,
  },
  {
    kind: "shape",
    name: "every field repeated with different values",
    build: (e) => ({
      body: urlencode(e.flatMap(([n, v]) => [[n, v] as [string, FieldValue], [n, "second value"]])),
      contentType: URLENCODED,
    }),
    withValidFields: true,
  },
  {
    kind: "shape",
    name: "text fields sent as file uploads",
    build: (e) => ({
      body: multipart(
        e.map(([n, v]) => [
          n,
          typeof v === "string" ? { file: text(v), filename: "../../etc/passwd", type: "text/plain" } : v,
        ]),
      ),
      contentType: MULTIPART,
    }),
    withValidFields: true,
  },
  {
    kind: "shape",
    name: "deeply nested field names",
    build: (e) => ({
      body: urlencode([...e, [`x${"[0]".repeat(3000)}`, "deep"], [`y${".a".repeat(3000)}`, "deep"]]),
      contentType: URLENCODED,
    }),
    withValidFields: true,
  },
  {
    kind: "shape",
    name: "10,000 extra fields",
    build: (e) => ({
      body: urlencode([
        ...e,
        ...Array.from({ length: 10_000 }, (_, i) => [`f${i}`, "1"] as [string, string]),
      ]),
      contentType: URLENCODED,
    }),
    withValidFields: true,
  },
  {
    kind: "shape",
    name: "prototype-pollution field names",
    build: (e) => ({
      body: urlencode([
        ...e,
        ["__proto__[isAdmin]", "true"],
        ["__proto__.polluted", "yes"],
        ["constructor[prototype][isAdmin]", "true"],
        ["constructor.prototype.polluted", "yes"],
        ["__intent__", '{"type":"reset","payload":{}}'],
      ]),
      contentType: URLENCODED,
    }),
    withValidFields: true,
  },
  {
    kind: "shape",
    name: "body over the size limit",
    build: (e) => ({
      body: urlencode([...e, ["padding", "p".repeat(ONE_MB + 64 * 1024)]]),
      contentType: URLENCODED,
    }),
  },
  {
    kind: "shape",
    name: "chunked body without a length",
    build: (e) => {
      const data = urlencode(e);
      return {
        body: new ReadableStream({
          start(controller) {
            controller.enqueue(data);
            controller.close();
          },
        }),
        contentType: URLENCODED,
      };
    },
  },
];

export const valuePayloads: ValuePayload[] = [
  ...values.map(([name, value, extra]) => ({
    kind: "value" as const,
    name,
    value,
    encoding: "urlencoded" as const,
    ...extra,
  })),
  ...bytes.flatMap(([name, value]) => [
    {
      kind: "value" as const,
      name: `${name} (raw, urlencoded body)`,
      value,
      encoding: "urlencoded" as const,
    },
    { kind: "value" as const, name: `${name} (raw, multipart body)`, value, encoding: "multipart" as const },
  ]),
  // Unicode text that only multipart carries as it is (urlencoding would turn it into %-escapes).
  {
    kind: "value",
    name: "1 MB of multi-byte text (multipart)",
    value: "€".repeat(Math.floor((ONE_MB - 8192) / 3)),
    encoding: "multipart",
    single: true,
  },
];

export const shapePayloads: ShapePayload[] = shapes;

export const corpus: Payload[] = [...valuePayloads, ...shapePayloads];

/** Strings that can be put into a URL (path segment or query) for the GET routes. */
export const urlPayloads: string[] = [
  ...values.filter(([, , extra]) => !extra?.single).map(([, value]) => value),
  "x".repeat(8000),
];

/** Raw %-sequences for URLs (not valid UTF-8 once decoded). */
export const rawUrlPayloads = ["%FF%FE", "%C0%AF", "%ED%A0%80", "%E2%82", "%00", "%25%30%30", "%", "%zz"];

/** The string a payload stands for when it is stored (bytes decode with replacement characters). */
export function asText(value: string | Uint8Array): string {
  return typeof value === "string" ? value : new TextDecoder().decode(value);
}
