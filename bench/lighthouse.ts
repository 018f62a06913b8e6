// Lighthouse 13 (mobile preset: emulated phone, simulated slow 4G and 4× CPU slowdown) on every public page;
// the median of several runs. Part of `npm run bench` (bench/run.ts).
import { execFileSync } from "node:child_process";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { startApp } from "../scripts/lib/app-process.ts";
import { PUBLIC_PAGES } from "../scripts/lib/chromium.ts";
import {
  environmentLines,
  loadAverage,
  median,
  packageVersion,
  round,
  table,
  verdict,
} from "./lib/report.ts";
import { removeDataDir } from "./lib/server-processes.ts";

/** Every public page (decision 023: "on every public page"), as the page-weight budget test lists them. */
const PAGES = PUBLIC_PAGES;
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
const TARGET_LCP_MS = 1000;
const TARGET_CLS = 0.01;

const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

type Run = {
  scores: Record<(typeof CATEGORIES)[number], number>;
  lcp: number;
  cls: number;
  /** Audits that lost points and performance insights that failed: "category: title" → value shown. */
  failing: Map<string, string>;
  /** The LCP element and the four parts of its time. */
  lcpDetail: string;
};

type Details = { items?: Array<Record<string, unknown>> } | undefined;

/** A short explanation of some audits: which kind of issue was logged, which directive blocks indexing. */
function auditNote(id: string, details: Details): string {
  const items = details?.items ?? [];
  if (id === "inspector-issues") return items.map((item) => String(item.issueType)).join(", ");
  if (id === "is-crawlable") {
    return items
      .map((item) => {
        const source = item.source as { snippet?: string; url?: string } | string | undefined;
        return typeof source === "string" ? source : (source?.snippet ?? source?.url ?? "");
      })
      .join(", ");
  }
  return "";
}

/** "img.hero: TTFB 75 ms, load delay 266 ms, …" from the LCP breakdown insight. */
function lcpBreakdown(details: Details): string {
  const parts: string[] = [];
  let element = "";
  for (const item of details?.items ?? []) {
    if (item.type === "node") {
      const tag = /^<(\w+)/.exec(String(item.snippet ?? ""))?.[1] ?? "element";
      const src = /\ssrc="([^"]*)"/.exec(String(item.snippet ?? ""))?.[1];
      const label = String(item.nodeLabel ?? "").slice(0, 60);
      element = `<${tag}> ${src ?? (label ? `“${label}”` : String(item.selector ?? ""))}`;
    }
    if (item.type === "table") {
      for (const row of (item.items as Array<{ label: string; duration: number }>) ?? []) {
        parts.push(`${row.label.toLowerCase()} ${Math.round(row.duration)} ms`);
      }
    }
  }
  return `${element ? `\`${element}\`: ` : ""}${parts.join(", ")}`;
}

async function runLighthouse(url: string): Promise<Run> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH,
    chromeFlags: CHROME_FLAGS,
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: [...CATEGORIES],
    });
    if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const scores = Object.fromEntries(
      CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]),
    ) as Run["scores"];
    const failing: Run["failing"] = new Map();
    for (const id of CATEGORIES) {
      for (const ref of lhr.categories[id]?.auditRefs ?? []) {
        const audit = lhr.audits[ref.id];
        if (!audit || audit.score === null || audit.score >= 1) continue;
        // Weighted audits cost points; performance insights (weight 0) say why.
        if (ref.weight === 0 && ref.group !== "insights") continue;
        const value = audit.displayValue || auditNote(ref.id, audit.details as Details);
        failing.set(`${id}${ref.weight === 0 ? " insight" : ""}: ${audit.title}`, value);
      }
    }
    return {
      scores,
      lcp: lhr.audits["largest-contentful-paint"]?.numericValue ?? Number.NaN,
      cls: lhr.audits["cumulative-layout-shift"]?.numericValue ?? Number.NaN,
      failing,
      lcpDetail: lcpBreakdown(lhr.audits["lcp-breakdown-insight"]?.details as Details),
    };
  } finally {
    chrome.kill();
  }
}

/** Lighthouse now and then fails to record a trace (NO_NAVSTART, NO_FCP) on a busy machine: try up to 3 times. */
async function runWithRetry(url: string): Promise<Run> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await runLighthouse(url);
    } catch (error) {
      if (attempt >= 3) throw error;
      console.log(`  ${url}: ${error instanceof Error ? error.message : error}; trying again`);
    }
  }
}

export async function lighthouseSection({ buildDir, runs }: { buildDir: string; runs: number }) {
  process.env.CHROME_PATH ??= process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
  const loadBefore = loadAverage();
  const app = await startApp({ buildDir, env: { TRACK_RATE_LIMIT: "100000", LOG_LEVEL: "warn" } });
  try {
    let ok = true;
    const rows: Array<Array<string | number>> = [];
    const notes: string[] = [];
    for (const pagePath of PAGES) {
      const results: Run[] = [];
      for (let i = 0; i < runs; i++) {
        const run = await runWithRetry(`${app.url}${pagePath}`);
        console.log(
          `  ${pagePath} run ${i + 1}: ${CATEGORIES.map((id) => run.scores[id]).join("/")}, LCP ${Math.round(run.lcp)} ms, CLS ${round(run.cls, 3)}`,
        );
        results.push(run);
      }
      const score = (id: (typeof CATEGORIES)[number]) => median(results.map((r) => r.scores[id]));
      const lcp = median(results.map((r) => r.lcp));
      const cls = median(results.map((r) => r.cls));
      const missed = [
        ...CATEGORIES.filter((id) => score(id) < 100),
        lcp > TARGET_LCP_MS && "LCP",
        cls > TARGET_CLS && "CLS",
      ].filter(Boolean);
      if (missed.length > 0) ok = false;
      rows.push([
        `\`${pagePath}\``,
        ...CATEGORIES.map((id) => score(id)),
        `${(lcp / 1000).toFixed(2)} s`,
        round(cls, 3),
        missed.length ? `${verdict(false)}: ${missed.join(", ")}` : verdict(true),
      ]);
      // The run with the median LCP explains it; audits failing only in other runs are named after it.
      const medianRun = [...results].sort((a, b) => a.lcp - b.lcp)[Math.floor((results.length - 1) / 2)]!;
      const inMedian = [...medianRun.failing].map(([title, value]) =>
        value ? `${title} (${value})` : title,
      );
      const elsewhere = [...new Set(results.flatMap((r) => [...r.failing.keys()]))].filter(
        (title) => !medianRun.failing.has(title),
      );
      notes.push(
        `- \`${pagePath}\`: LCP ${medianRun.lcpDetail || "(no breakdown)"}.${inMedian.length ? ` Failed: ${inMedian.join("; ")}.` : ""}${elsewhere.length ? ` In other runs also: ${elsewhere.join("; ")}.` : ""}`,
      );
    }
    const resultTable = table(
      [
        `Page (median of ${runs})`,
        "Performance",
        "Accessibility",
        "Best practices",
        "SEO",
        "LCP",
        "CLS",
        `100/100/100/100, LCP ≤ ${TARGET_LCP_MS / 1000} s, CLS ≤ ${TARGET_CLS}`,
      ],
      [":---", "---:", "---:", "---:", "---:", "---:", "---:", ":---"],
      rows,
    );
    console.log(`${resultTable}\n${notes.join("\n")}`);
    const browserVersion = chromiumVersion();
    const body = `
Lighthouse ${packageVersion("lighthouse")} through its Node API on the production build (\`node server.ts\`,
demo database), default (mobile) preset: emulated Moto G Power screen, simulated slow 4G and 4× CPU
slowdown; headless ${browserVersion} (\`${process.env.CHROME_PATH}\`) started by chrome-launcher, a
fresh browser for every run. ${runs === 1 ? "One run per page" : `${runs} runs per page; every figure is the median of a page's runs`}.
Targets: 100 in all four categories, LCP ≤ ${TARGET_LCP_MS / 1000} s, CLS ≤ ${TARGET_CLS}.

${environmentLines({ tools: ["lighthouse", "chrome-launcher"], extra: [browserVersion], loadBefore })}

${resultTable}

The LCP element and its parts (simulated, from the median run), and the audits that lost points or the
performance insights that failed in at least one run:

${notes.join("\n")}
`;
    return { heading: "Lighthouse", body, ok };
  } finally {
    await app.stop();
    // Checks that the app stopped its database server, then removes the data folder.
    await removeDataDir(app.dataDir);
  }
}

function chromiumVersion(): string {
  try {
    return execFileSync(process.env.CHROME_PATH ?? "/usr/bin/chromium", ["--version"], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    })
      .trim()
      .replace(/ built on.*/, "");
  } catch {
    return "Chromium ?";
  }
}
