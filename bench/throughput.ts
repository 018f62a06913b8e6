// Server throughput: the home page rendered by React Router (SSR) against the same bytes served as a static
// file by the same process, under the same load. Part of `npm run bench` (bench/run.ts).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon, { type Result } from "autocannon";
import { startApp } from "../scripts/lib/app-process.ts";
import {
  environmentLines,
  kb,
  loadAverage,
  processCpuMs,
  round,
  sleep,
  table,
  verdict,
} from "./lib/report.ts";
import { removeDataDir } from "./lib/server-processes.ts";

const CONNECTIONS = 50;
const TARGET_RATIO = 0.35;
/** The captured home page, served from the build's client folder by express.static. */
const STATIC_NAME = "bench-home.html";

type Measured = { result: Result; cpuPerRequest: number };

/** Closed-loop load on one URL; `uniquePaths` gives every request its own query string (a page-cache miss). */
async function load(
  url: string,
  seconds: number,
  pid: number | undefined,
  { uniquePaths = false } = {},
): Promise<Measured> {
  const cpuBefore = processCpuMs(pid);
  let n = 0;
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    headers: { "accept-encoding": "gzip" },
    timeout: 30,
    ...(uniquePaths && {
      requests: [
        { setupRequest: (request) => ({ ...request, path: `/?bench=${Date.now().toString(36)}-${n++}` }) },
      ],
    }),
  });
  const cpuPerRequest = (processCpuMs(pid) - cpuBefore) / Math.max(1, result.requests.total);
  return { result, cpuPerRequest };
}

export async function throughputSection({
  buildDir,
  seconds,
  warmupSeconds,
}: {
  buildDir: string;
  seconds: number;
  warmupSeconds: number;
}) {
  const loadBefore = loadAverage();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "freight-bench-throughput-"));
  const staticFile = path.join(buildDir, "client", STATIC_NAME);
  const env = { LOG_LEVEL: "warn" };
  try {
    // 1. Capture the home page as a browser gets it (first start also seeds the demo content)…
    const first = await startApp({ buildDir, dataDir, env });
    let html: string;
    try {
      const response = await fetch(`${first.url}/`);
      if (response.status !== 200) throw new Error(`GET / answered ${response.status}`);
      html = await response.text();
    } finally {
      await first.stop();
    }
    // 2. … write it into the client folder, which the app serves statically, and start the app again.
    fs.writeFileSync(staticFile, html);
    const app = await startApp({ buildDir, dataDir, env });
    try {
      const ssrUrl = `${app.url}/`;
      const staticUrl = `${app.url}/${STATIC_NAME}`;
      const check = await fetch(staticUrl);
      if (check.status !== 200 || (await check.text()) !== html)
        throw new Error("The static copy is not served");
      console.log(`  warming up (${warmupSeconds} s each)…`);
      await load(staticUrl, warmupSeconds, app.child.pid);
      await load(ssrUrl, warmupSeconds, app.child.pid, { uniquePaths: true });
      await sleep(500);
      console.log(`  GET / rendered every time, ${seconds} s…`);
      const rendered = await load(ssrUrl, seconds, app.child.pid, { uniquePaths: true });
      await sleep(500);
      console.log(`  GET / as served, ${seconds} s…`);
      const served = await load(ssrUrl, seconds, app.child.pid);
      await sleep(500);
      console.log(`  static ${seconds} s…`);
      const stat = await load(staticUrl, seconds, app.child.pid);

      const ratio = (m: Measured) => m.result.requests.average / Math.max(1e-9, stat.result.requests.average);
      const errors = (m: Measured) => m.result.errors + m.result.timeouts + m.result.non2xx;
      const allErrors = errors(rendered) + errors(served) + errors(stat);
      const ok = ratio(rendered) >= TARGET_RATIO && allErrors === 0;
      const row = (label: string, m: Measured) => [
        label,
        round(m.result.requests.average),
        m.result.requests.total,
        round(m.result.latency.p50),
        round(m.result.latency.p99),
        errors(m),
        `${kb(m.result.throughput.total / Math.max(1, m.result.requests.total))} kB`,
        `${round(m.cpuPerRequest, 2)} ms`,
      ];
      const resultTable = table(
        [
          `${CONNECTIONS} connections, ${seconds} s each`,
          "Requests/s",
          "Requests",
          "p50 (ms)",
          "p99 (ms)",
          "Errors",
          "Bytes per response (gzip)",
          "App CPU per request",
        ],
        [":---", "---:", "---:", "---:", "---:", "---:", "---:", "---:"],
        [
          row("`GET /?bench=<unique>`: rendered on every request (SSR)", rendered),
          row("`GET /` as served (rendered once, then from the page cache)", served),
          row(`\`GET /${STATIC_NAME}\`: the same bytes as a static file`, stat),
        ],
      );
      const ratioLine = `SSR / static: **${Math.round(ratio(rendered) * 100)} %** rendered on every request (target ≥ ${TARGET_RATIO * 100} %: ${verdict(ok)}${
        allErrors > 0 ? ", errors during the run" : ""
      }); ${Math.round(ratio(served) * 100)} % as served with the page cache.`;
      console.log(`${resultTable}\n\n${ratioLine}`);
      const body = `
The home page rendered by the app (root and home loaders, React rendering, gzip) against the same HTML
(${kb(Buffer.byteLength(html))} kB, captured from \`GET /\`) served as a static file by the same process: before the app
starts, the bench writes it into the build's client folder (\`${path.relative(process.cwd(), staticFile)}\`), which the app
serves with \`express.static\` behind the same middleware (request id, security headers, compression). The app
keeps rendered public pages in memory (\`app/server/page-cache.server.ts\`), so \`GET /\` is rendered once and
then copied from that cache; a unique query string on every request (\`/?bench=…\`, which the home page
ignores) is neither served from nor kept in the cache (a URL is kept only when the page reads every parameter
it has, as the blog reads its page and category), so that row renders every time. Closed-loop
load with autocannon: ${CONNECTIONS} connections, \`Accept-Encoding: gzip\`, ${warmupSeconds} s warm-up, then ${seconds} s per row, one
after the other. Production build on its embedded PostgreSQL server with the demo content. Load generator, app
and database server share the machine; 'App CPU per request' is the app's user + system CPU time over the
requests answered (the database server's CPU is not in it).
Target: rendering ≥ ${TARGET_RATIO * 100} % of the static rate.

${environmentLines({ tools: ["autocannon", "compression"], loadBefore })}

${resultTable}

${ratioLine}
`;
      return { heading: "Server throughput", body, ok };
    } finally {
      await app.stop();
    }
  } finally {
    fs.rmSync(staticFile, { force: true });
    // Checks that the app stopped its database server, then removes the data folder.
    await removeDataDir(dataDir);
  }
}
