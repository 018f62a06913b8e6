// Load benchmark of the public tracking page: `node_modules/.bin/node bench/tracking.ts`.
//
// Builds the site if needed, creates an embedded (PGlite) database with 10,000 shipments and 60,000
// status entries, starts the production app on it, and sends a FIXED rate of GET /track/:number
// requests (random existing numbers) for a fixed time. Open loop: a request is sent at its scheduled
// time whether or not earlier ones have answered, and its latency counts from that scheduled time, so
// a slow server cannot hide its queue (no coordinated omission). Writes the 'Tracking' section of
// docs/benchmarks.md.
//
// Options (environment): BENCH_RATE (300 req/s, the target), BENCH_RATES (e.g. 100,200,300: run
// several rates one after the other), BENCH_SECONDS (20 per rate), BENCH_SHIPMENTS (10000),
// BENCH_HISTORY_PER_SHIPMENT (6), BENCH_GZIP (1: send Accept-Encoding: gzip as browsers do),
// BUILD_DIR (build), BENCH_NO_WRITE (1: do not touch docs/benchmarks.md), BENCH_APP_NODE_OPTIONS
// (NODE_OPTIONS for the app, e.g. --cpu-prof).
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { startApp } from "../scripts/lib/app-process.ts";
import { buildSite, isBuildCurrent } from "../scripts/lib/build-state.ts";
import { benchTrackingNumber, createShipmentsDatabase } from "./lib/database.ts";
import { writeSection } from "./lib/report.ts";

const RATE = Number(process.env.BENCH_RATE ?? 300);
/** Extra rates to run after warm-up, e.g. BENCH_RATES=100,200,300 (default: just BENCH_RATE). */
const RATES = (process.env.BENCH_RATES ?? String(RATE))
  .split(",")
  .map(Number)
  .filter((n) => n > 0);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const SHIPMENTS = Number(process.env.BENCH_SHIPMENTS ?? 10_000);
const HISTORY_PER_SHIPMENT = Number(process.env.BENCH_HISTORY_PER_SHIPMENT ?? 6);
const GZIP = process.env.BENCH_GZIP !== "0";
const WARMUP_SECONDS = 3;
const TIMEOUT_MS = 10_000;
const TARGET_P99_MS = 25;

const trackingNumber = benchTrackingNumber;
const createDatabase = (dataDir: string) =>
  createShipmentsDatabase({ dataDir, shipments: SHIPMENTS, historyPerShipment: HISTORY_PER_SHIPMENT });

type Sample = { ms: number; status: number; bytes: number };

/** Sends `rate` requests per second for `seconds` at fixed times; latency counts from the scheduled time. */
function runOpenLoop({
  url,
  rate,
  seconds,
  pick,
}: {
  url: string;
  rate: number;
  seconds: number;
  pick: () => string;
}) {
  const { hostname, port } = new URL(url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });
  const total = Math.round(rate * seconds);
  const interval = 1000 / rate;
  const samples: Sample[] = [];
  const errors: string[] = [];
  let sent = 0;
  let done = 0;
  return new Promise<{ samples: Sample[]; errors: string[]; elapsedMs: number }>((resolve) => {
    const start = performance.now() + 20;
    const finish = () => {
      done++;
      if (done === total) {
        agent.destroy();
        resolve({ samples, errors, elapsedMs: performance.now() - start });
      }
    };
    const fire = (scheduled: number) => {
      let bytes = 0;
      const request = http.get(
        {
          agent,
          hostname,
          port,
          path: pick(),
          headers: GZIP ? { "accept-encoding": "gzip" } : {},
          timeout: TIMEOUT_MS,
        },
        (response) => {
          response.on("data", (chunk: Buffer) => {
            bytes += chunk.length;
          });
          response.on("end", () => {
            const ms = performance.now() - scheduled;
            samples.push({ ms, status: response.statusCode ?? 0, bytes });
            if (response.statusCode !== 200) errors.push(`HTTP ${response.statusCode}`);
            finish();
          });
        },
      );
      request.on("timeout", () => request.destroy(new Error("timeout")));
      request.on("error", (error) => {
        errors.push(error.message);
        finish();
      });
    };
    const pump = () => {
      const now = performance.now();
      while (sent < total && start + sent * interval <= now) {
        fire(start + sent * interval);
        sent++;
      }
      if (sent < total) setTimeout(pump, Math.max(0, start + sent * interval - performance.now()));
    };
    setTimeout(pump, 20);
  });
}

/** Waits until the app answers /healthz quickly again (an overloaded run leaves a queue behind). */
async function waitUntilIdle(url: string) {
  const deadline = Date.now() + 120_000;
  let fast = 0;
  while (fast < 3 && Date.now() < deadline) {
    const started = performance.now();
    try {
      await (await fetch(`${url}/healthz`)).arrayBuffer();
    } catch {}
    fast = performance.now() - started < 20 ? fast + 1 : 0;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** CPU time (user + system, ms) the process has used so far; Linux only, else NaN. */
function processCpuMs(pid: number | undefined): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return Number.NaN;
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0
    ? Number.NaN
    : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const round = (n: number) => Math.round(n * 10) / 10;

const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
if (!isBuildCurrent(buildDir)) {
  console.log(`Building into ${buildDir}…`);
  if (!buildSite(buildDir)) process.exit(1);
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "freight-bench-tracking-"));
await createDatabase(dataDir);
const loadBefore = os.loadavg()[0]!;
const app = await startApp({
  buildDir,
  dataDir,
  env: {
    TRACK_RATE_LIMIT: "1000000",
    SEED_DEMO: "false",
    LOG_LEVEL: "warn",
    // e.g. "--cpu-prof --cpu-prof-dir=.tmp/prof" to profile the app under load.
    ...(process.env.BENCH_APP_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_APP_NODE_OPTIONS } : {}),
  },
});
let exitCode = 0;
try {
  const pick = () => `/track/${trackingNumber(1 + Math.floor(Math.random() * SHIPMENTS))}`;
  console.log(`Warming up for ${WARMUP_SECONDS} s…`);
  await runOpenLoop({ url: app.url, rate: Math.min(RATES[0]!, 100), seconds: WARMUP_SECONDS, pick });

  // Where the CPU goes: the same app at a low, comfortable rate, page by page.
  const pages: Array<[string, () => string]> = [
    ["`GET /healthz` (HTTP shell only)", () => "/healthz"],
    ["`GET /track` (same layout and root loader, no lookup)", () => "/track"],
    [
      "`GET /track/:unknown` (rate limiter + lookup miss, not-found view)",
      () => `/track/NOPE-${Math.floor(Math.random() * 1e6)}`,
    ],
    ["`GET /track/:number` (the benchmarked page)", pick],
  ];
  const cpuRows: string[] = [];
  for (const [label, pickPath] of pages) {
    const cpuBefore = processCpuMs(app.child.pid);
    const { samples } = await runOpenLoop({ url: app.url, rate: 40, seconds: 5, pick: pickPath });
    const cpu = (processCpuMs(app.child.pid) - cpuBefore) / Math.max(1, samples.length);
    const sorted = samples.map((sample) => sample.ms).sort((a, b) => a - b);
    cpuRows.push(`| ${label} | ${round(cpu)} ms | ${round(percentile(sorted, 50))} ms |`);
  }
  const cpuTable = [
    "| Page (40 req/s for 5 s) | App CPU per request | p50 latency |",
    "|:---|---:|---:|",
    ...cpuRows,
  ].join("\n");
  console.log(`${cpuTable}\n`);

  const rows: string[] = [];
  for (const rate of RATES) {
    console.log(
      `Sending ${rate} req/s for ${SECONDS} s to ${app.url}/track/:number (open loop${GZIP ? ", gzip" : ""})…`,
    );
    const cpuBefore = processCpuMs(app.child.pid);
    const { samples, errors, elapsedMs } = await runOpenLoop({ url: app.url, rate, seconds: SECONDS, pick });
    const cpuPerRequest = (processCpuMs(app.child.pid) - cpuBefore) / Math.max(1, samples.length);
    const sorted = samples.map((sample) => sample.ms).sort((a, b) => a - b);
    const meanBytes = samples.reduce((sum, sample) => sum + sample.bytes, 0) / Math.max(1, samples.length);
    const p99 = percentile(sorted, 99);
    const passed = p99 <= TARGET_P99_MS && errors.length === 0;
    if (rate === RATE && !passed) exitCode = 1;
    rows.push(
      `| ${rate} | ${SECONDS} s | ${Math.round(rate * SECONDS)} | ${round((samples.length / elapsedMs) * 1000)} | ${round(percentile(sorted, 50))} | ${round(percentile(sorted, 90))} | ${round(p99)} | ${round(sorted.at(-1) ?? Number.NaN)} | ${errors.length} | ${(meanBytes / 1024).toFixed(1)} KB | ${round(cpuPerRequest)} ms | ${passed ? "met" : "**missed**"} |`,
    );
    if (errors.length > 0) console.log(`First errors: ${[...new Set(errors)].slice(0, 5).join(", ")}`);
    await waitUntilIdle(app.url);
  }

  const loadAfter = os.loadavg()[0]!;

  const cpus = os.cpus();
  const table = [
    `| Rate (req/s) | Duration | Requests | Answered (req/s) | p50 (ms) | p90 (ms) | p99 (ms) | max (ms) | Errors | Mean response${GZIP ? " (gzip)" : ""} | App CPU per request | p99 ≤ ${TARGET_P99_MS} ms, no errors |`,
    "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|:---|",
    ...rows,
  ].join("\n");
  console.log(`\n${table}\n`);

  const body = `Command: \`node_modules/.bin/node bench/tracking.ts\` (options in the file's header comment).
Public result page \`GET /track/:number\` on the production build with the embedded database (PGlite)
holding ${SHIPMENTS.toLocaleString("en-US")} shipments and ${(SHIPMENTS * HISTORY_PER_SHIPMENT).toLocaleString("en-US")} status entries; each request asks for a random existing
tracking number. Open-loop load at a fixed rate: every request leaves at its scheduled time and its
latency counts from then, response body read in full${GZIP ? ", `Accept-Encoding: gzip` as browsers send it" : ""}; ${WARMUP_SECONDS} s warm-up
first. Per request the app runs the root loader (site settings, from memory), the rate limiter (one
prepared upsert) and the lookup (one prepared, indexed query: parties joined, history aggregated), then
renders the page (its QR code is a separate image, not fetched here). Load generator and app share the
machine. Target: p99 ≤ ${TARGET_P99_MS} ms and no errors at ${RATE} req/s.

- Date: ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC
- Machine: ${cpus.length} × ${cpus[0]?.model.trim() ?? "unknown CPU"}, ${Math.round(os.totalmem() / 1024 ** 3)} GB memory, ${os.type()} ${os.release()}
- Node.js ${process.versions.node}; 1-minute load average ${loadBefore.toFixed(2)} before, ${loadAfter.toFixed(2)} after the runs

${table}

${cpuTable}

Reading the tables: one app process renders on one thread, so at R requests per second it must spend
less than 1000 / R ms of CPU per request (3.3 ms at 300 req/s), and well under that for a short
queue and a low p99. 'App CPU per request' is the app process's user + system CPU time divided by
the requests answered; when it is above that budget the queue grows for the whole run and latency
is queueing time, not work time. The second table splits that CPU: the HTTP shell, the shared page
(layout, root loader, rendering, compression), and what the tracking lookup adds.
`;
  if (process.env.BENCH_NO_WRITE !== "1") {
    writeSection("Tracking", body);
    console.log("Wrote the 'Tracking' section of docs/benchmarks.md");
  }
} finally {
  await app.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);
