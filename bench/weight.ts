// Page weight: the gzipped JavaScript and CSS a real Chromium loads for each public and admin page, and a check
// that no public page loads admin code. Part of `npm run bench` (bench/run.ts).
//
// Method: the production build is served by the app (`node server.ts`) on a fresh demo database. Each page
// is opened in its own fresh browser context (cold cache); every same-origin response of type script or
// stylesheet is recorded (module preloads, chunks imported after hydration, anything loaded while the page is
// scrolled to the bottom), its body gzipped at the default level (6), and the sizes summed. A chunk is
// "admin code" when its source map lists a file under app/routes/admin or app/components/admin.
import fs from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { type Browser, type BrowserContext, chromium } from "@playwright/test";
import { startApp } from "../scripts/lib/app-process.ts";
import { chromiumLaunchOptions, PUBLIC_PAGES } from "../scripts/lib/chromium.ts";
import { environmentLines, kb, loadAverage, sleep, table, verdict } from "./lib/report.ts";
import { removeDataDir } from "./lib/server-processes.ts";

const JS_BUDGET_KB = 120;
const CSS_BUDGET_KB = 15;
const ADMIN_EMAIL = "bench-admin@example.com";
const ADMIN_PASSWORD = "bench admin passphrase 2026";

const ADMIN_PAGES = [
  "/admin/dashboard",
  "/admin/shipments",
  "/admin/shipments/new",
  "/admin/shipments/:id",
  "/admin/shipments/:id/edit",
  "/admin/quote-requests",
  "/admin/contact-submissions",
  "/admin/blog",
  "/admin/cms/blog/new",
  "/admin/media",
  "/admin/settings",
  "/admin/change-password",
];

type Resource = { url: string; type: "script" | "stylesheet" | "document"; gzip: number };
type PageWeight = {
  path: string;
  /** Gzipped size of each script loaded, by path. */
  scripts: Map<string, number>;
  status: number;
  js: number;
  jsFiles: number;
  css: number;
  cssFiles: number;
  html: number;
  adminChunks: string[];
};

/** The source files of the app (repo-relative) that went into a client chunk, from its hidden source map. */
function chunkSources(clientDir: string, assetPath: string): string[] {
  const file = path.join(clientDir, `${assetPath}.map`);
  if (!fs.existsSync(file)) return [];
  const map = JSON.parse(fs.readFileSync(file, "utf8")) as { sources?: string[] };
  return (map.sources ?? []).map((source) =>
    path
      .relative(process.cwd(), path.resolve(path.dirname(file), source))
      .split(path.sep)
      .join("/"),
  );
}

const isAdminSource = (source: string) => /^app\/(routes|components)\/admin\//.test(source);

/** Waits until no script or stylesheet request has been in flight for `quietMs` (SSE and iframes ignored). */
function trackAssetRequests(context: BrowserContext) {
  let inFlight = 0;
  let last = Date.now();
  const isAsset = (type: string) => type === "script" || type === "stylesheet";
  context.on("request", (request) => {
    if (!isAsset(request.resourceType())) return;
    inFlight++;
    last = Date.now();
  });
  const settle = (request: { resourceType(): string }) => {
    if (!isAsset(request.resourceType())) return;
    inFlight = Math.max(0, inFlight - 1);
    last = Date.now();
  };
  context.on("requestfinished", settle);
  context.on("requestfailed", settle);
  return async (quietMs = 800, timeoutMs = 15_000) => {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline && (inFlight > 0 || Date.now() - last < quietMs)) await sleep(50);
  };
}

async function measurePage({
  browser,
  origin,
  pagePath,
  clientDir,
  storageState,
}: {
  browser: Browser;
  origin: string;
  pagePath: string;
  clientDir: string;
  storageState?: Awaited<ReturnType<BrowserContext["storageState"]>>;
}): Promise<PageWeight> {
  const context = await browser.newContext({ storageState });
  try {
    const settled = trackAssetRequests(context);
    const page = await context.newPage();
    const resources: Resource[] = [];
    const reads: Promise<void>[] = [];
    page.on("response", (response) => {
      const type = response.request().resourceType();
      if (type !== "script" && type !== "stylesheet" && type !== "document") return;
      if (new URL(response.url()).origin !== origin) return;
      reads.push(
        response
          .body()
          .then((body) => {
            resources.push({ url: response.url(), type, gzip: gzipSync(body).length });
          })
          .catch(() => {}),
      );
    });
    const response = await page.goto(`${origin}${pagePath}`, { waitUntil: "load" });
    await settled();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await settled();
    await Promise.all(reads);
    // The site's stylesheet is written into the page (<style>, decision 023): counted as CSS, and within the HTML.
    const inlineCss = await page.evaluate(() =>
      [...document.querySelectorAll("style")].map((style) => style.textContent ?? "").join(""),
    );
    // Each file once, even if it was fetched twice.
    const files = (type: Resource["type"]) =>
      new Map(resources.filter((r) => r.type === type).map((r) => [new URL(r.url).pathname, r.gzip]));
    const sum = (type: Resource["type"]) =>
      [...files(type).values()].reduce((total, size) => total + size, 0);
    const count = (type: Resource["type"]) => files(type).size;
    const adminChunks = resources
      .filter((r) => r.type === "script")
      .map((r) => new URL(r.url).pathname)
      .filter((assetPath) => chunkSources(clientDir, assetPath).some(isAdminSource));
    return {
      path: pagePath,
      scripts: files("script"),
      status: response?.status() ?? 0,
      js: sum("script"),
      jsFiles: count("script"),
      css: sum("stylesheet") + (inlineCss ? gzipSync(inlineCss).length : 0),
      cssFiles: count("stylesheet"),
      // The page's own HTML (the last document: after a redirect, the page shown).
      html: resources.filter((r) => r.type === "document").at(-1)?.gzip ?? 0,
      adminChunks: [...new Set(adminChunks)],
    };
  } finally {
    await context.close();
  }
}

/** Signs in through the login form (works without JavaScript) and returns the session's storage state. */
async function signIn(browser: Browser, origin: string) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(`${origin}/admin-login`);
    await page.getByLabel("Email").fill(ADMIN_EMAIL);
    await page.getByLabel("Password", { exact: true }).fill(ADMIN_PASSWORD);
    await page.getByRole("button", { name: "Login" }).click();
    await page.waitForURL((url) => url.pathname === "/admin/dashboard", { timeout: 20_000 });
    // A shipment to open: the first row of the list.
    await page.goto(`${origin}/admin/shipments`);
    const hrefs = await page
      .locator("a[href^='/admin/shipments/']")
      .evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
    const shipmentId = hrefs
      .map((href) => href.split("/")[3] ?? "")
      .find((id) => /^[0-9a-f-]{36}$/i.test(id));
    return { storageState: await context.storageState(), shipmentId };
  } finally {
    await context.close();
  }
}

export async function pageWeightSection({ buildDir }: { buildDir: string }) {
  const loadBefore = loadAverage();
  const clientDir = path.join(buildDir, "client");
  const app = await startApp({
    buildDir,
    env: {
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      TRACK_RATE_LIMIT: "100000",
      FORM_RATE_LIMIT: "100000",
      LOG_LEVEL: "warn",
    },
  });
  const browser = await chromium.launch({
    ...chromiumLaunchOptions,
  });
  try {
    const origin = app.url;
    const publicRows: PageWeight[] = [];
    for (const pagePath of PUBLIC_PAGES) {
      publicRows.push(await measurePage({ browser, origin, pagePath, clientDir }));
    }
    const loginPage = await measurePage({ browser, origin, pagePath: "/admin-login", clientDir });
    const { storageState, shipmentId } = await signIn(browser, origin);
    const adminRows: PageWeight[] = [loginPage];
    for (const template of ADMIN_PAGES) {
      if (template.includes(":id") && !shipmentId) continue;
      const pagePath = template.replace(":id", shipmentId ?? "");
      const row = await measurePage({ browser, origin, pagePath, clientDir, storageState });
      adminRows.push({ ...row, path: template });
    }

    let ok = true;
    const publicTable = table(
      [
        "Public page",
        "HTTP",
        "JS (gzip)",
        "JS files",
        "CSS (gzip)",
        "CSS files",
        "HTML (gzip)",
        "Admin chunks loaded",
        `JS ≤ ${JS_BUDGET_KB} kB, CSS ≤ ${CSS_BUDGET_KB} kB, no admin chunk`,
      ],
      [":---", "---:", "---:", "---:", "---:", "---:", "---:", "---:", ":---"],
      publicRows.map((row) => {
        const missed = [
          row.status !== 200 && `HTTP ${row.status}`,
          row.js / 1024 > JS_BUDGET_KB && "JS",
          row.css / 1024 > CSS_BUDGET_KB && "CSS",
          row.adminChunks.length > 0 && "admin chunk",
        ].filter(Boolean);
        if (missed.length > 0) ok = false;
        return [
          `\`${row.path}\``,
          row.status,
          `${kb(row.js)} kB`,
          row.jsFiles,
          `${kb(row.css)} kB`,
          row.cssFiles,
          `${kb(row.html)} kB`,
          row.adminChunks.length,
          missed.length ? `${verdict(false)}: ${missed.join(", ")}` : verdict(true),
        ];
      }),
    );
    const adminTable = table(
      ["Admin page (signed in)", "HTTP", "JS (gzip)", "JS files", "CSS (gzip)", "CSS files", "HTML (gzip)"],
      [":---", "---:", "---:", "---:", "---:", "---:", "---:"],
      adminRows.map((row) => [
        `\`${row.path}\`${row.path === "/admin-login" ? " (signed out)" : ""}`,
        row.status,
        `${kb(row.js)} kB`,
        row.jsFiles,
        `${kb(row.css)} kB`,
        row.cssFiles,
        `${kb(row.html)} kB`,
      ]),
    );
    const leaks = publicRows
      .filter((row) => row.adminChunks.length > 0)
      .map(
        (row) =>
          `- \`${row.path}\` loads ${row.adminChunks
            .map(
              (chunk) => `\`${chunk}\` (${chunkSources(clientDir, chunk).filter(isAdminSource).join(", ")})`,
            )
            .join("; ")}`,
      );
    // Where the JavaScript goes: the files every public page loads, and the largest ones each page adds.
    const shared = [...publicRows[0]!.scripts.keys()].filter((file) =>
      publicRows.every((row) => row.scripts.has(file)),
    );
    const sharedSizes = shared
      .map((file) => [file, publicRows[0]!.scripts.get(file)!] as const)
      .sort((a, b) => b[1] - a[1]);
    const sharedTotal = sharedSizes.reduce((total, [, size]) => total + size, 0);
    const chunkName = (file: string) => `\`${path.basename(file).replace(/-[\w-]{8}\.js$/, "")}\``;
    const breakdown = [
      `- Loaded by every public page: ${shared.length} files, ${kb(sharedTotal)} kB (largest: ${sharedSizes
        .slice(0, 4)
        .map(([file, size]) => `${chunkName(file)} ${kb(size)} kB`)
        .join(", ")})`,
      ...publicRows.map((row) => {
        const own = [...row.scripts].filter(([file]) => !shared.includes(file)).sort((a, b) => b[1] - a[1]);
        const ownTotal = own.reduce((total, [, size]) => total + size, 0);
        return `- \`${row.path}\` adds ${own.length} files, ${kb(ownTotal)} kB${
          own.length
            ? ` (largest: ${own
                .slice(0, 4)
                .map(([file, size]) => `${chunkName(file)} ${kb(size)} kB`)
                .join(", ")})`
            : ""
        }`;
      }),
    ];
    const chromiumVersion = browser.version();
    console.log(`${publicTable}\n\n${breakdown.join("\n")}\n\n${adminTable}\n${leaks.join("\n")}`);

    const body = `
Gzipped JavaScript and CSS per page, as a real browser loads them: headless Chromium ${chromiumVersion}
(Playwright) opens each page of the production build in a fresh context (cold cache), waits until no script
or stylesheet request has been in flight for 0.8 s, scrolls to the bottom and waits again. Every same-origin
script and stylesheet response it received (the entry and route modules, their \`modulepreload\`s and
anything imported after hydration or on scrolling) is gzipped at level 6 and summed; each file counts once.
'HTML' is the page's document, gzipped the same way; since decision 023 it carries the site's stylesheet in a
\`<style>\` element, whose text is also counted, gzipped alone, as the page's CSS. A chunk counts as admin code when its source map (the
benchmark build writes hidden client source maps, which leave the JavaScript unchanged) lists a file under
\`app/routes/admin\` or \`app/components/admin\`. The server is the app itself (\`node server.ts\`) on a fresh
demo database; admin pages are measured signed in (the login form, then the session cookie).
Targets: on every public page ≤ ${JS_BUDGET_KB} kB JavaScript, ≤ ${CSS_BUDGET_KB} kB CSS, and no admin chunk.

${environmentLines({ tools: ["@playwright/test"], extra: [`Chromium ${chromiumVersion}`], loadBefore })}

${publicTable}

Where the public pages' JavaScript goes (gzipped, chunk names without their hash):

${breakdown.join("\n")}
${leaks.length ? `\nAdmin code loaded by public pages:\n\n${leaks.join("\n")}\n` : ""}
${adminTable}
`;
    return { heading: "Page weight", body, ok };
  } finally {
    await browser.close();
    await app.stop();
    // Checks that the app stopped its database server, then removes the data folder.
    await removeDataDir(app.dataDir);
  }
}
