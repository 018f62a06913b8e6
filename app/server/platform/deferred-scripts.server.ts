// The page's scripts start once its first screen is painted (docs/decisions/023-public-page-weight.md).
//
// React Router's <Scripts /> writes a <link rel="modulepreload"> per script (React hoists them into <head>) and a
// module script that imports the route modules and starts hydration. On a slow connection the browser then
// fetches ~115 kB of scripts beside the page's HTML, its first image and its text, which wait for them. The
// server's render is a complete page (links, forms and tracking work without JavaScript), so the scripts can
// come after: this rewrites the rendered document so that
//   - the preload links are removed from <head>, and the module script is written inert (`type="text/x-module"`);
//   - a small script at the end of <body> waits until the page's high-priority images (its first image) have
//     loaded, and the next frame is painted, then adds the preloads again and the module script in place of
//     the inert one. React hydrates as before; only later. On a public page, it first links the rest of the
//     site's stylesheet (page-styles.server.ts), after the page's own rules.
const PRELOAD_OPEN = Buffer.from('<link rel="modulepreload"');
const HREF = Buffer.from('href="');
const TAG_END = Buffer.from("/>");
const MODULE_TYPE = Buffer.from('type="module" async=""');
const INERT_TYPE = Buffer.from('type="text/x-module"');
const BODY_END = Buffer.from("</body>");
/** The preloads are hoisted into <head>, which ends well before this. */
const HEAD_LIMIT = 16 * 1024;
/** Longest wait for the first image before the scripts start anyway. */
const IMAGE_WAIT_MS = 3000;

function starter(hrefs: string[], nonce: string, stylesheet: string | undefined): string {
  const linkRest = stylesheet
    ? `const c=document.createElement("link");c.rel="stylesheet";c.href=${JSON.stringify(stylesheet)};document.head.append(c);`
    : "";
  const code = `(()=>{const p=${JSON.stringify(hrefs)};let s=0;const go=()=>{if(s++)return;${linkRest}for(const h of p){const l=document.createElement("link");l.rel="modulepreload";l.href=h;document.head.append(l)}const d=document.querySelector('script[type="text/x-module"]');if(!d)return;const m=document.createElement("script");m.type="module";m.nonce=d.nonce;m.textContent=d.textContent;d.replaceWith(m)};const next=()=>requestAnimationFrame(()=>setTimeout(go));const i=[...document.querySelectorAll('img[fetchpriority="high"]')].filter(e=>!e.complete);if(!i.length)return next();let n=i.length;for(const e of i)for(const t of["load","error"])e.addEventListener(t,()=>{if(!--n)next()},{once:true});setTimeout(go,${IMAGE_WAIT_MS})})()`;
  return `<script nonce="${nonce}">${code}</script>`;
}

/**
 * The rendered document with its scripts deferred as described above, and `stylesheet` linked when they start; a
 * document without React Router's module script (none of ours) is returned as it is.
 */
export function deferPageScripts(
  html: Buffer<ArrayBuffer>,
  nonce: string,
  stylesheet?: string,
): Buffer<ArrayBuffer> {
  const moduleAt = html.lastIndexOf(MODULE_TYPE);
  const bodyEnd = html.lastIndexOf(BODY_END);
  if (moduleAt === -1 || bodyEnd === -1 || bodyEnd < moduleAt) return html;
  const parts: Buffer<ArrayBuffer>[] = [];
  const hrefs: string[] = [];
  let from = 0;
  const limit = Math.min(html.length, HEAD_LIMIT);
  for (let at = html.indexOf(PRELOAD_OPEN); at !== -1 && at < limit; at = html.indexOf(PRELOAD_OPEN, from)) {
    const end = html.indexOf(TAG_END, at);
    const hrefAt = html.indexOf(HREF, at);
    if (end === -1 || hrefAt === -1 || hrefAt > end) break;
    const hrefStart = hrefAt + HREF.length;
    hrefs.push(html.subarray(hrefStart, html.indexOf('"', hrefStart)).toString());
    parts.push(html.subarray(from, at));
    from = end + TAG_END.length;
  }
  parts.push(
    html.subarray(from, moduleAt),
    INERT_TYPE,
    html.subarray(moduleAt + MODULE_TYPE.length, bodyEnd),
    Buffer.from(starter(hrefs, nonce, stylesheet)),
    html.subarray(bodyEnd),
  );
  return Buffer.concat(parts);
}
