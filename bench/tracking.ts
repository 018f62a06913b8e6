// Load benchmark of the public tracking page: `node_modules/.bin/node bench/tracking.ts`.
//
// Builds the site if needed, fills the app's embedded PostgreSQL server in a temporary DATA_DIR with
// 10,000 shipments and 60,000 status entries, starts the production app on it, and sends a FIXED rate
// of GET /track/:number requests (random existing numbers) for a fixed time. Open loop: a request is
// sent at its scheduled time whether or not earlier ones have answered, and its latency counts from
// that scheduled time, so a slow server cannot hide its queue (no coordinated omission). Before the
// load it measures the lookup and the rate-limit upsert in-process (this process joins the app's
// server), Node CPU and database server CPU per call; during the load, the app's and the server's CPU
// per request and their memory (PSS). Writes the 'Tracking' section of docs/benchmarks.md.
//
// Options (environment): BENCH_RATE (300 req/s, the target), BENCH_RATES (e.g. 100,200,300: run
// several rates one after the other), BENCH_SECONDS (20 per rate), BENCH_SHIPMENTS (10000),
// BENCH_HISTORY_PER_SHIPMENT (6), BENCH_GZIP (1: send Accept-Encoding: gzip as browsers do),
// BENCH_IN_PROCESS_CALLS (3000 lookups and as many upserts, after 500 of each to warm up),
// BUILD_DIR (build), BENCH_NO_WRITE (1: do not touch docs/benchmarks.md), BENCH_APP_NODE_OPTIONS
// (NODE_OPTIONS for the app, e.g. --cpu-prof).
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { openDatabase } from "#app/server/db/client.server.ts";
import { consumeRateLimit } from "#app/server/platform/rate-limit.server.ts";
import { getPublicShipmentByTrackingNumber } from "#app/server/tracking.server.ts";
import { startApp } from "../scripts/lib/app-process.ts";
import { buildSite, isBuildCurrent } from "../scripts/lib/build-state.ts";
import { benchTrackingNumber, createShipmentsDatabase } from "./lib/database.ts";
import { environmentLines, mb, processCpuMs, table, writeSection } from "./lib/report.ts";
import { type PeakMemory, startMemorySampler } from "./lib/memory-sampler.ts";
import { type MemorySample, removeDataDir, sampleMemory, serverCpuMs } from "./lib/server-processes.ts";

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
const IN_PROCESS_CALLS = Number(process.env.BENCH_IN_PROCESS_CALLS ?? 3000);
const IN_PROCESS_WARMUP = 500;

/** The last figures of the earlier embedded engine (PGlite, in the app's process), from docs/benchmarks.md. */
const PGLITE = {
  recorded: "2026-11-21 20:34 UTC",
  // Rate, duration, requests, answered/s, p50, p90, p99, max, errors, mean response, app CPU per request.
  run: [300, "20 s", 6000, 210.3, 1851.7, 2692.5, 11255.7, 12516.7, 551, "7.7 KB", "5.7 ms"],
  // App CPU per request at 40 req/s, by page (same order as the page table below).
  pages: ["0.9 ms", "5.6 ms", "8 ms", "9.8 ms"],
  // In-process CPU per call on 10,000 shipments (docs/decisions/007-render-cost.md), PGlite in the process.
  lookup: "0.35 ms",
  upsert: "0.30 ms",
};

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

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0
    ? Number.NaN
    : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
if (!isBuildCurrent(buildDir)) {
  console.log(`Building into ${buildDir}…`);
  if (!buildSite(buildDir)) process.exit(1);
}

type CallStats = { nodeCpu: number; dbCpu: number; p50: number; p99: number; calls: number };

/**
 * The lookup and the rate-limit upsert called in-process, one after the other, on a connection of this
 * process's own to the app's server: Node CPU (process.cpuUsage) and database server CPU (/proc) per call.
 * Run while the app is idle, so the server's CPU is ours.
 */
async function measureInProcess(): Promise<{ lookup: CallStats; upsert: CallStats }> {
  const database = await openDatabase({ dataDir, poolSize: 1 });
  try {
    const { db } = database;
    const lookup = () =>
      getPublicShipmentByTrackingNumber({
        db,
        trackingNumber: trackingNumber(1 + Math.floor(Math.random() * SHIPMENTS)),
      });
    // One visitor's key, as every request of the load comes from 127.0.0.1.
    const upsert = () => consumeRateLimit({ db, key: "track:bench", limit: 1e9, windowSeconds: 60 });
    const measure = async (call: () => Promise<unknown>): Promise<CallStats> => {
      for (let i = 0; i < IN_PROCESS_WARMUP; i++) await call();
      const times: number[] = [];
      const cpuBefore = process.cpuUsage();
      const dbBefore = serverCpuMs(dataDir);
      for (let i = 0; i < IN_PROCESS_CALLS; i++) {
        const started = performance.now();
        await call();
        times.push(performance.now() - started);
      }
      const cpu = process.cpuUsage(cpuBefore);
      times.sort((a, b) => a - b);
      return {
        nodeCpu: (cpu.user + cpu.system) / 1000 / IN_PROCESS_CALLS,
        dbCpu: (serverCpuMs(dataDir) - dbBefore) / IN_PROCESS_CALLS,
        p50: percentile(times, 50),
        p99: percentile(times, 99),
        calls: IN_PROCESS_CALLS,
      };
    };
    const found = await lookup();
    if (!found) throw new Error("The in-process lookup found no shipment");
    return { lookup: await measure(lookup), upsert: await measure(upsert) };
  } finally {
    await database.close();
  }
}

const memoryCell = (sample: MemorySample | undefined) =>
  sample
    ? `${mb(sample.total)} MB (app ${mb(sample.app.pss)}, database ${mb(sample.db.pss)} in ${sample.dbProcesses.length} processes)`
    : "?";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "freight-bench-tracking-"));
let exitCode = 0;
try {
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
  try {
    const appPid = app.child.pid!;
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const memoryIdle = sampleMemory(appPid, dataDir);

    console.log(`In-process: ${IN_PROCESS_CALLS} lookups and ${IN_PROCESS_CALLS} rate-limit upserts…`);
    const inProcess = await measureInProcess();

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
    const cpuRows: Array<Array<string | number>> = [];
    for (const [index, [label, pickPath]] of pages.entries()) {
      const cpuBefore = processCpuMs(appPid);
      const dbBefore = serverCpuMs(dataDir);
      const { samples } = await runOpenLoop({ url: app.url, rate: 40, seconds: 5, pick: pickPath });
      const cpu = (processCpuMs(appPid) - cpuBefore) / Math.max(1, samples.length);
      const dbCpu = (serverCpuMs(dataDir) - dbBefore) / Math.max(1, samples.length);
      const sorted = samples.map((sample) => sample.ms).sort((a, b) => a - b);
      cpuRows.push([
        label,
        `${round(cpu)} ms`,
        `${round(dbCpu)} ms`,
        `${round(percentile(sorted, 50))} ms`,
        PGLITE.pages[index]!,
      ]);
    }
    const cpuTable = table(
      [
        "Page (40 req/s for 5 s)",
        "App CPU per request",
        "Database server CPU per request",
        "p50 latency",
        `PGlite, recorded ${PGLITE.recorded}: app CPU per request (queries included)`,
      ],
      [":---", "---:", "---:", "---:", "---:"],
      cpuRows,
    );
    console.log(`${cpuTable}\n`);

    const rows: Array<Array<string | number>> = [];
    const sampler = startMemorySampler({ appPid, dataDir, everyMs: 250 });
    let peak: PeakMemory;
    try {
      for (const rate of RATES) {
        console.log(
          `Sending ${rate} req/s for ${SECONDS} s to ${app.url}/track/:number (open loop${GZIP ? ", gzip" : ""})…`,
        );
        const cpuBefore = processCpuMs(appPid);
        const dbBefore = serverCpuMs(dataDir);
        const { samples, errors, elapsedMs } = await runOpenLoop({
          url: app.url,
          rate,
          seconds: SECONDS,
          pick,
        });
        const cpuPerRequest = (processCpuMs(appPid) - cpuBefore) / Math.max(1, samples.length);
        const dbPerRequest = (serverCpuMs(dataDir) - dbBefore) / Math.max(1, samples.length);
        const sorted = samples.map((sample) => sample.ms).sort((a, b) => a - b);
        const meanBytes =
          samples.reduce((sum, sample) => sum + sample.bytes, 0) / Math.max(1, samples.length);
        const p99 = percentile(sorted, 99);
        const passed = p99 <= TARGET_P99_MS && errors.length === 0;
        if (rate === RATE && !passed) exitCode = 1;
        rows.push([
          "PostgreSQL (embedded server)",
          rate,
          `${SECONDS} s`,
          Math.round(rate * SECONDS),
          round((samples.length / elapsedMs) * 1000),
          round(percentile(sorted, 50)),
          round(percentile(sorted, 90)),
          round(p99),
          round(sorted.at(-1) ?? Number.NaN),
          errors.length,
          `${(meanBytes / 1024).toFixed(1)} KB`,
          `${round(cpuPerRequest)} ms`,
          `${round(dbPerRequest)} ms`,
          passed ? "met" : "**missed**",
        ]);
        if (errors.length > 0) console.log(`First errors: ${[...new Set(errors)].slice(0, 5).join(", ")}`);
        await waitUntilIdle(app.url);
      }
    } finally {
      peak = await sampler.stop();
    }
    const memoryAfter = sampleMemory(appPid, dataDir);
    rows.push([
      `PGlite (in the app's process), recorded ${PGLITE.recorded}`,
      ...PGLITE.run,
      "",
      "**missed**",
    ]);

    const rateTable = table(
      [
        "Engine",
        "Rate (req/s)",
        "Duration",
        "Requests",
        "Answered (req/s)",
        "p50 (ms)",
        "p90 (ms)",
        "p99 (ms)",
        "max (ms)",
        "Errors",
        `Mean response${GZIP ? " (gzip)" : ""}`,
        "App CPU per request",
        "Database server CPU per request",
        `p99 ≤ ${TARGET_P99_MS} ms, no errors`,
      ],
      [
        ":---",
        "---:",
        "---:",
        "---:",
        "---:",
        "---:",
        "---:",
        "---:",
        "---:",
        "---:",
        "---:",
        "---:",
        "---:",
        ":---",
      ],
      rows,
    );
    const inProcessTable = table(
      [
        `In-process, ${IN_PROCESS_CALLS} calls after ${IN_PROCESS_WARMUP} to warm up`,
        "Node CPU per call",
        "Database server CPU per call",
        "Wall time p50",
        "Wall time p99",
        `PGlite, recorded (November 2026): CPU per call, in the process`,
      ],
      [":---", "---:", "---:", "---:", "---:", "---:"],
      [
        [
          "Tracking lookup (`getPublicShipmentByTrackingNumber`, random existing numbers)",
          `${round(inProcess.lookup.nodeCpu, 2)} ms`,
          `${round(inProcess.lookup.dbCpu, 2)} ms`,
          `${round(inProcess.lookup.p50, 2)} ms`,
          `${round(inProcess.lookup.p99, 2)} ms`,
          PGLITE.lookup,
        ],
        [
          "Rate-limit upsert (`consumeRateLimit`, one key)",
          `${round(inProcess.upsert.nodeCpu, 2)} ms`,
          `${round(inProcess.upsert.dbCpu, 2)} ms`,
          `${round(inProcess.upsert.p50, 2)} ms`,
          `${round(inProcess.upsert.p99, 2)} ms`,
          PGLITE.upsert,
        ],
      ],
    );
    const memoryTable = table(
      ["Memory (PSS) of the app and its database server", "App + database server"],
      [":---", ":---"],
      [
        ["Idle after start", memoryCell(memoryIdle)],
        [
          `Peak: the highest total of ${peak.samples} samples (every 250 ms) during the load`,
          memoryCell(peak.peak),
        ],
        ["After the load", memoryCell(memoryAfter)],
      ],
    );
    console.log(`\n${rateTable}\n\n${inProcessTable}\n\n${memoryTable}\n`);

    const body = `Command: \`node_modules/.bin/node bench/tracking.ts\` (options in the file's header comment).
Public result page \`GET /track/:number\` on the production build with the app's embedded PostgreSQL server
(its own processes, reached over a Unix socket) holding ${SHIPMENTS.toLocaleString("en-US")} shipments and ${(SHIPMENTS * HISTORY_PER_SHIPMENT).toLocaleString("en-US")} status entries; each
request asks for a random existing tracking number. Open-loop load at a fixed rate: every request leaves at
its scheduled time and its latency counts from then, response body read in full${GZIP ? ", `Accept-Encoding: gzip` as browsers send it" : ""};
${WARMUP_SECONDS} s warm-up first. Per request the app runs the root loader (site settings, from memory), the rate limiter (one
prepared upsert) and the lookup (one prepared, indexed query: parties joined, history aggregated), then
renders the page (its QR code is a separate image, not fetched here). Load generator, app and database server
share the machine. Target: p99 ≤ ${TARGET_P99_MS} ms and no errors at ${RATE} req/s. The PGlite rows and columns are the
last figures of the earlier embedded engine (PGlite, inside the app's process), recorded on ${PGLITE.recorded}
with the same data and load; its in-process figures are from \`docs/decisions/007-render-cost.md\`.

${environmentLines({ loadBefore })}

${rateTable}

${cpuTable}

${inProcessTable}

${memoryTable}

Reading the tables: one app process renders on one thread, so at R requests per second it must spend
less than 1000 / R ms of CPU per request (3.3 ms at 300 req/s), and well under that for a short
queue and a low p99. 'App CPU per request' is the app process's user + system CPU time divided by
the requests answered; when it is above that budget the queue grows for the whole run and latency
is queueing time, not work time. With PGlite the queries ran on the app's thread and were part of that
figure; now they run in the database server's processes ('Database server CPU per request': the
postmaster and its children, ended ones included), which share the same two cores. The page table splits
the app's CPU: the HTTP shell, the shared page (layout, root loader, rendering, compression), and what the
tracking lookup adds. The in-process table calls the lookup and the rate-limit upsert directly from the
benchmark process (its own connection to the app's server, app idle): 'Node CPU' is what a call costs the
calling process (building the query, the protocol, parsing rows), the database server's CPU is the
server's share; with PGlite both were in the process.
`;
    if (process.env.BENCH_NO_WRITE !== "1") {
      writeSection("Tracking", body);
      console.log("Wrote the 'Tracking' section of docs/benchmarks.md");
    }
  } finally {
    await app.stop();
  }
} finally {
  await removeDataDir(dataDir);
}
process.exit(exitCode);
