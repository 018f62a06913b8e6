// HTTP for `npm run test:security`: every response the suite gets is inspected here (no 5xx, no stack trace or
// internal path, and for HTML no markup that could run: event-handler attributes, javascript: URLs, scripts
// without the page's nonce). Problems are reported to the check group that is running.
import http from "node:http";
import path from "node:path";
import type { Body } from "./corpus.ts";

export type Sent = {
  method: string;
  url: string;
  status: number;
  headers: Headers;
  body: string;
  ms: number;
  location: string | null;
};

export type SendOptions = {
  method?: string;
  body?: Body;
  cookie?: string | null;
  /** The Origin header: the app's own by default for writes; null for none. */
  origin?: string | null;
  headers?: Record<string, string>;
  /** Skip the HTML checks (the caller checks the body itself). */
  raw?: boolean;
  timeoutMs?: number;
};

/** Where a problem goes: the running check group. */
let report: (problem: string) => void = (problem) => console.log(`  ! ${problem}`);
export function reportTo(sink: (problem: string) => void) {
  report = sink;
}

const cwd = process.cwd();
const LEAKS: [string, RegExp][] = [
  ["the project's path", new RegExp(cwd.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))],
  ["a node_modules path", /node_modules[\\/]/],
  ["a file:// URL", /file:\/\/\//],
  ["a stack frame", /\n\s*at [\w$.<>[\] ]+ \(?[^\s()]+:\d+:\d+\)?/],
  ["a stack frame", /\bat (?:async )?[\w$.]+ \((?:\/|node:)[^)]*:\d+:\d+\)/],
  [
    "a database error",
    /invalid byte sequence|syntax error at or near|duplicate key value|violates (?:not-null|foreign key|unique|check) constraint|Failed query:|DrizzleQueryError|unterminated quoted string|relation "[a-z_]+" does not exist/i,
  ],
  ["an internal server path", /\/(?:usr\/lib\/postgresql|tmp\/freight-)[^\s"']*/],
];

const URL_ATTRIBUTES = new Set([
  "href",
  "src",
  "action",
  "formaction",
  "xlink:href",
  "poster",
  "data",
  "background",
]);
const FORBIDDEN_TAGS = new Set(["object", "embed", "applet", "base", "frame", "frameset"]);

function decodeEntities(value: string): string {
  // Most values hold no reference at all (measured: decoding every attribute value was a fifth of the suite's own
  // CPU time).
  if (!value.includes("&")) return value;
  return value
    .replace(/&#x([0-9a-f]+);?/gi, (_, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)))
    .replace(/&#(\d+);?/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&colon;/gi, ":")
    .replace(/&tab;|&newline;/gi, "")
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

/** Anything that could be markup running script, as a plain substring (a page without any is safe). */
const SUSPICIOUS =
  /\son[a-z]+\s*=|(?:java|vb)script:|data:|&#(?!x27;)|&(?:colon|tab|newline);|<(?:iframe|object|embed|base|frame|applet)\b|http-equiv/i;

/** A quick pass: nothing suspicious, and every script element carries the nonce (the full parse is slower). */
function looksSafe(html: string, nonce: string | null): boolean {
  if (SUSPICIOUS.test(html)) return false;
  const scripts = html.match(/<script\b/gi)?.length ?? 0;
  if (scripts === 0) return true;
  if (nonce === null) return false;
  const withNonce = html.match(/<script\b[^>]*\snonce="([^"]*)"/g) ?? [];
  return withNonce.length === scripts && withNonce.every((tag) => tag.endsWith(`nonce="${nonce}"`));
}

/**
 * Markup in an HTML page that could run script: tags are read the way a browser reads them (attributes with
 * quoted values; script, style, textarea and title contents skipped to their end tag).
 */
export function unsafeMarkup(html: string, nonce: string | null): string[] {
  if (looksSafe(html, nonce)) return [];
  const problems: string[] = [];
  const lower = html.toLowerCase();
  const tag = /<(\/?)([a-zA-Z][\w:-]*)|<!--/g;
  const attribute = /\s*([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?|\s*\/(?!>)/y;
  for (let match = tag.exec(html); match; match = tag.exec(html)) {
    if (match[0] === "<!--") {
      const end = html.indexOf("-->", tag.lastIndex);
      tag.lastIndex = end < 0 ? html.length : end + 3;
      continue;
    }
    if (match[1]) continue;
    const name = match[2]!.toLowerCase();
    const attributes = new Map<string, string>();
    let at = tag.lastIndex;
    for (;;) {
      attribute.lastIndex = at;
      const a = attribute.exec(html);
      if (!a || a[0].length === 0) break;
      at = attribute.lastIndex;
      if (a[1]) attributes.set(a[1].toLowerCase(), decodeEntities(a[2] ?? a[3] ?? a[4] ?? ""));
    }
    tag.lastIndex = at;
    // Spelt out only for a problem: most tags have none.
    const shown = () => `<${name}${[...attributes.keys()].map((k) => ` ${k}`).join("")}>`;
    for (const [key, value] of attributes) {
      if (key.startsWith("on")) problems.push(`event-handler attribute ${key}= in ${shown()}`);
      if (URL_ATTRIBUTES.has(key)) {
        const url = value.replace(/[\u0000-\u0020\u007f]/g, "").toLowerCase();
        if (url.startsWith("javascript:") || url.startsWith("vbscript:")) {
          problems.push(`script URL in ${key}= of ${shown()}: ${value.slice(0, 80)}`);
        }
        if (url.startsWith("data:") && !/^data:image\/(png|gif|jpeg|webp)[;,]/.test(url)) {
          problems.push(`data: URL in ${key}= of ${shown()}: ${value.slice(0, 80)}`);
        }
      }
    }
    if (FORBIDDEN_TAGS.has(name)) problems.push(`${shown()} element`);
    if (name === "iframe" && !(attributes.get("src") ?? "").startsWith("https://www.openstreetmap.org/")) {
      problems.push(`iframe with src=${attributes.get("src")}`);
    }
    if (name === "meta" && attributes.get("http-equiv")?.toLowerCase() === "refresh") {
      problems.push("meta refresh element");
    }
    if (name === "script" && (nonce === null || attributes.get("nonce") !== nonce)) {
      problems.push(`script element without the page's nonce: ${html.slice(match.index, match.index + 120)}`);
    }
    if (["script", "style", "textarea", "title", "xmp", "noscript"].includes(name)) {
      const end = lower.indexOf(`</${name}`, tag.lastIndex);
      tag.lastIndex = end < 0 ? html.length : end;
    }
  }
  return problems;
}

/** Secrets or internals in a response body. */
export function leaks(body: string): string[] {
  return LEAKS.filter(([, pattern]) => pattern.test(body)).map(
    ([what, pattern]) => `${what} in the body: …${body.match(pattern)?.[0]?.slice(0, 120)}…`,
  );
}

export class Client {
  requests = 0;
  base: string;
  constructor(base: string) {
    this.base = base;
  }

  /** One request; the response is inspected and problems reported to the running group. */
  async send(target: string, options: SendOptions = {}): Promise<Sent> {
    const method = options.method ?? "GET";
    // Uncompressed: the suite reads every body, and compressing thousands of pages only costs time.
    const headers: Record<string, string> = { "Accept-Encoding": "identity", ...options.headers };
    const write = method !== "GET" && method !== "HEAD";
    const origin = options.origin === undefined ? (write ? this.base : null) : options.origin;
    if (origin) headers.Origin = origin;
    if (options.cookie) headers.Cookie = options.cookie;
    if (options.body?.contentType) headers["Content-Type"] = options.body.contentType;
    Object.assign(headers, options.body?.headers);
    const url = target.startsWith("http") ? target : `${this.base}${target}`;
    const started = performance.now();
    this.requests++;
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers,
        body: options.body?.body as BodyInit | undefined,
        redirect: "manual",
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
        ...(options.body?.body instanceof ReadableStream ? { duplex: "half" } : {}),
      } as RequestInit);
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause?.code;
      // A server may close the connection on a body it refused (after answering); that is not a crash.
      report(`${method} ${target.slice(0, 120)}: no response (${cause ?? (error as Error).message})`);
      return { method, url, status: 0, headers: new Headers(), body: "", ms: 0, location: null };
    }
    const body = await response.text();
    const sent: Sent = {
      method,
      url,
      status: response.status,
      headers: response.headers,
      body,
      ms: performance.now() - started,
      location: response.headers.get("location"),
    };
    this.inspect(sent, options.raw);
    return sent;
  }

  /** A request with the path exactly as given (fetch would normalise `..` and `%2e`). */
  rawGet(rawPath: string, { cookie }: { cookie?: string } = {}): Promise<Sent> {
    const url = new URL(this.base);
    this.requests++;
    const started = performance.now();
    return new Promise((resolve) => {
      const request = http.request(
        {
          host: url.hostname,
          port: url.port,
          method: "GET",
          path: rawPath,
          headers: cookie ? { Cookie: cookie } : {},
          timeout: 20_000,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => {
            const headers = new Headers();
            for (const [k, v] of Object.entries(res.headers)) {
              if (typeof v === "string") headers.set(k, v);
              else if (Array.isArray(v)) for (const item of v) headers.append(k, item);
            }
            const sent: Sent = {
              method: "GET",
              url: rawPath,
              status: res.statusCode ?? 0,
              headers,
              body: Buffer.concat(chunks).toString("utf8"),
              ms: performance.now() - started,
              location: headers.get("location"),
            };
            this.inspect(sent);
            resolve(sent);
          });
        },
      );
      request.on("error", (error) => {
        report(`GET ${rawPath.slice(0, 120)}: no response (${error.message})`);
        resolve({
          method: "GET",
          url: rawPath,
          status: 0,
          headers: new Headers(),
          body: "",
          ms: 0,
          location: null,
        });
      });
      request.end();
    });
  }

  private inspect(sent: Sent, raw = false) {
    const what = `${sent.method} ${path.posix.normalize(sent.url.replace(this.base, "")).slice(0, 140)}`;
    if (sent.status >= 500)
      report(`${what}: status ${sent.status} ${sent.body.slice(0, 160).replace(/\s+/g, " ")}`);
    for (const leak of leaks(sent.body)) report(`${what}: ${leak}`);
    for (const [name, value] of sent.headers) {
      if (/[\r\n]/.test(value)) report(`${what}: line break in the ${name} header`);
    }
    if (sent.headers.get("set-cookie")?.includes("injected=")) report(`${what}: a cookie set from the input`);
    if (!raw && sent.headers.get("content-type")?.startsWith("text/html")) {
      const nonce = sent.headers.get("content-security-policy")?.match(/'nonce-([^']+)'/)?.[1] ?? null;
      for (const problem of unsafeMarkup(sent.body, nonce)) report(`${what}: ${problem}`);
    }
  }
}

/** One request with any method and headers (fetch refuses TRACE and a Host header), its status and headers. */
export function rawRequest(
  base: string,
  { method, path: target, headers = {} }: { method: string; path: string; headers?: Record<string, string> },
): Promise<{ status: number; headers: http.IncomingHttpHeaders }> {
  const url = new URL(base);
  return new Promise((resolve) => {
    const request = http.request(
      { host: url.hostname, port: url.port, method, path: target, headers, timeout: 10_000 },
      (res) => {
        res.resume();
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
      },
    );
    request.on("error", () => resolve({ status: 0, headers: {} }));
    request.end();
  });
}

/** Runs `work` over `items` with at most `limit` at a time. */
export async function pool<T>(items: T[], limit: number, work: (item: T, index: number) => Promise<void>) {
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      await work(items[index]!, index);
    }
  });
  await Promise.all(workers);
}

/** Text as React writes it into HTML (text content and attribute values). */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#x27;");
}

/** The UUIDs in a text, in order, each once. */
export function uuids(text: string): string[] {
  return [...new Set(text.match(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g) ?? [])];
}
