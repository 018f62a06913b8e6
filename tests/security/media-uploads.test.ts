// The media library's uploads: oversized, HTML as .png, SVG with script, double extensions, decompression
// bombs: refused with a message (JSON and plain form), nothing stored; a real image is served as an image only.
import { escapeHtml } from "./client.ts";
import { type FieldValue, MULTIPART, multipart } from "./corpus.ts";
import { decompressionBomb, lyingHeader } from "./files.ts";
import { attack, check, connect } from "./harness.ts";
import { MEDIA_MAX_MB, smallPng } from "./requests.ts";

const { client, unchanged, adminCookie, uploadJson } = connect();

attack(
  "media uploads: oversized, HTML as .png, SVG with script, double extensions, decompression bomb",
  async () => {
    const html = new TextEncoder().encode(
      '<!doctype html><html><body><script>alert("upload")</script></body></html>',
    );
    const svg = new TextEncoder().encode(
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert("svg")</script><rect width="10" height="10"/></svg>',
    );
    const png = await smallPng();
    const polyglot = new Uint8Array([...png.subarray(0, 33), ...html]);
    const bomb = await decompressionBomb();
    const headerBomb = await lyingHeader();
    const oversized = new Uint8Array(Math.round(MEDIA_MAX_MB * 1.5 * 1024 * 1024)).fill(7);
    oversized.set(png.subarray(0, 8));
    const huge = new Uint8Array((MEDIA_MAX_MB + 2) * 1024 * 1024).fill(7);
    const cases: { what: string; file: FieldValue; status?: number }[] = [
      {
        what: "a file over the size limit",
        file: { file: oversized, filename: "big.png", type: "image/png" },
      },
      {
        what: "a request over the upload limit",
        file: { file: huge, filename: "huge.png", type: "image/png" },
        status: 413,
      },
      { what: "HTML renamed to .png", file: { file: html, filename: "page.png", type: "image/png" } },
      { what: "SVG with a script", file: { file: svg, filename: "logo.svg", type: "image/svg+xml" } },
      { what: "SVG renamed to .png", file: { file: svg, filename: "logo.png", type: "image/png" } },
      { what: "HTML named x.png.html", file: { file: html, filename: "x.png.html", type: "text/html" } },
      { what: "HTML named x.html.png", file: { file: html, filename: "x.html.png", type: "image/png" } },
      {
        what: "a PNG header followed by HTML",
        file: { file: polyglot, filename: "poly.png", type: "image/png" },
      },
      { what: "a 20000×20000 PNG bomb", file: { file: bomb, filename: "bomb.png", type: "image/png" } },
      {
        what: "a PNG claiming 65535×65535",
        file: { file: headerBomb, filename: "liar.png", type: "image/png" },
      },
      { what: "an empty file", file: { file: new Uint8Array(), filename: "empty.png", type: "image/png" } },
    ];
    let requests = 0;
    await unchanged("refused uploads", async () => {
      for (const c of cases) {
        const { sent, json } = await uploadJson(c.file);
        requests++;
        if (c.status) {
          check(sent.status === c.status, `${c.what}: status ${sent.status}, expected ${c.status}`);
          check(/too large/i.test(sent.body), `${c.what}: no clear message (${sent.body.slice(0, 80)})`);
          continue;
        }
        const result = json.results?.[0];
        check(sent.status === 400, `${c.what}: status ${sent.status}, expected 400`);
        check(result && !result.ok, `${c.what}: not refused (${sent.body.slice(0, 120)})`);
        check(
          result?.message && /^[A-Z][^<>{}]{10,160}[.]$/.test(result.message),
          `${c.what}: no clear message (${result?.message})`,
        );
        // The same file through the plain form (no JavaScript): the page says what happened.
        const page = await client.send("/admin/media", {
          method: "POST",
          body: {
            body: multipart([
              ["intent", "upload"],
              ["files", c.file],
            ]),
            contentType: MULTIPART,
          },
          cookie: adminCookie(),
        });
        requests++;
        check(page.status === 400, `${c.what} (plain form): status ${page.status}`);
        check(
          result?.message && page.body.includes(escapeHtml(result.message)),
          `${c.what} (plain form): the page does not say why`,
        );
      }
    });
    // A real image with a misleading name is stored under a made-up name and served as an image only.
    const { json } = await uploadJson({ file: png, filename: "../../x.png.html", type: "text/html" });
    requests++;
    const item = json.results?.[0]?.item;
    if (check(item, `a real PNG named x.png.html was refused: ${JSON.stringify(json).slice(0, 160)}`)) {
      check(/^[0-9a-f]{24}\.png$/.test(item!.filename), `stored as ${item!.filename}`);
      const served = await client.send(`/media/${item!.filename}`, { raw: true });
      requests++;
      check(
        served.headers.get("content-type") === "image/png",
        `served as ${served.headers.get("content-type")}`,
      );
      check(served.headers.get("x-content-type-options") === "nosniff", "served without nosniff");
    }
    return `${cases.length} hostile files refused with a message and nothing stored; ${requests} requests (bomb ${bomb.length} bytes)`;
  },
);
