// Longer than 450 lines: one benchmark script: seeding, the fixed-rate load generator, the profile and the
// report belong to one run.
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
// Capacity search (the default): for each app configuration (BENCH_CONCURRENCIES, WEB_CONCURRENCY values,
// default 1,2: one process, then a primary and two workers), a fresh app on the same data is sent rising
// rates, BENCH_CAPACITY_START (150) up by BENCH_CAPACITY_STEP (50) to BENCH_CAPACITY_MAX (1000), each
// for BENCH_SECONDS, until p99 > 25 ms or an error; then half a step below the failed rate (when the first
// rate breaks: down by half steps until one holds). The capacity is the highest rate that held. The app's CPU and memory count every app process (primary and workers).
// The app runs with TRACK_RATE_LIMIT=1000000: every request comes from 127.0.0.1, which the limit of 120
// lookups a minute per address would otherwise answer with 429s.
//
// Options (environment): BENCH_RATE (300 req/s, the target), BENCH_RATES (e.g. 100,200,300: run these
// fixed rates instead of the search), BENCH_SECONDS (20 per rate), BENCH_SHIPMENTS (10000),
// BENCH_HISTORY_PER_SHIPMENT (6), BENCH_GZIP (1: send Accept-Encoding: gzip as browsers do),
// BENCH_IN_PROCESS_CALLS (3000 lookups and as many upserts, after 500 of each to warm up),
// BUILD_DIR (build), BENCH_NO_WRITE (1: do not touch docs/benchmarks.md), BENCH_APP_NODE_OPTIONS
// (NODE_OPTIONS for the app and its workers, e.g. --cpu-prof), BENCH_CONCURRENCIES, BENCH_CAPACITY_START,
// BENCH_CAPACITY_STEP, BENCH_CAPACITY_MAX, BENCH_HOT_SHIPMENTS (0: every request asks for a random number of all
// the shipments; N: of the first N only, a vessel's consignees opening their pages together).
//
// Then the same bytes as a static file: one tracking page saved from the one-process app, served by a plain Node
// http server in its own process (gzip computed once) at each rate the first configuration ran, so the table
// gives the app's CPU per request and p99 as multiples of the floor any page can reach, in the same run.
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { openDatabase } from "#app/server/db/client.server.ts";
import { consumeRateLimit } from "#app/server/platform/rate-limit.server.ts";
import { getPublicShipmentByTrackingNumber } from "#app/server/shipments/tracking.server.ts";
import { startApp } from "../scripts/lib/app-process.ts";
import { buildSite, isBuildCurrent } from "../scripts/lib/build-state.ts";
import { benchTrackingNumber, createShipmentsDatabase } from "./lib/database.ts";
import { startMemorySampler } from "./lib/memory-sampler.ts";
import { environmentLines, mb, table, writeSection } from "./lib/report.ts";
import {
  appCpuMs,
  type MemorySample,
  removeDataDir,
  sampleMemory,
  serverCpuMs,
} from "./lib/server-processes.ts";
import { startStaticServer } from "./lib/static-server.ts";

const RATE = Number(process.env.BENCH_RATE ?? 300);
/** Fixed rates instead of the capacity search, e.g. BENCH_RATES=100,200,300 (or BENCH_RATE alone). */
const FIXED_RATES = (process.env.BENCH_RATES ?? process.env.BENCH_RATE ?? "")
  .split(",")
  .map(Number)
  .filter((n) => n > 0);
const SEARCH = {
  start: Number(process.env.BENCH_CAPACITY_START ?? 150),
  step: Number(process.env.BENCH_CAPACITY_STEP ?? 50),
  max: Number(process.env.BENCH_CAPACITY_MAX ?? 1000),
};
/** The app configurations measured: WEB_CONCURRENCY values. */
const CONCURRENCIES = (process.env.BENCH_CONCURRENCIES ?? "1,2")
  .split(",")
  .map(Number)
  .filter((n) => Number.isInteger(n) && n >= 1);
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
    ? `${mb(sample.total)} MB (app ${mb(sample.app.pss)} in ${sample.appProcesses} process${sample.appProcesses === 1 ? "" : "es"}, database ${mb(sample.db.pss)} in ${sample.dbProcesses.length})`
    : "?";

const HOT_SHIPMENTS = Math.min(SHIPMENTS, Number(process.env.BENCH_HOT_SHIPMENTS ?? 0) || SHIPMENTS);
const pick = () => `/track/${trackingNumber(1 + Math.floor(Math.random() * HOT_SHIPMENTS))}`;

type Step = {
  rate: number;
  requests: number;
  answeredPerSecond: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  errors: string[];
  meanBytes: number;
  appCpu: number;
  dbCpu: number;
  passed: boolean;
  /** The machine's 1-minute load average when the step ended (other work on the two vCPUs shows here). */
  load: number;
};

/** One fixed rate for SECONDS against the app: latency percentiles, errors, CPU per request of app and server. */
async function runStep(url: string, appPid: number, rate: number): Promise<Step> {
  console.log(`  ${rate} req/s for ${SECONDS} s (open loop${GZIP ? ", gzip" : ""})…`);
  const cpuBefore = appCpuMs(appPid);
  const dbBefore = serverCpuMs(dataDir);
  const { samples, errors, elapsedMs } = await runOpenLoop({ url, rate, seconds: SECONDS, pick });
  const answered = Math.max(1, samples.length);
  const sorted = samples.map((sample) => sample.ms).sort((a, b) => a - b);
  const p99 = percentile(sorted, 99);
  const step: Step = {
    rate,
    requests: Math.round(rate * SECONDS),
    answeredPerSecond: (samples.length / elapsedMs) * 1000,
    p50: percentile(sorted, 50),
    p90: percentile(sorted, 90),
    p99,
    max: sorted.at(-1) ?? Number.NaN,
    errors,
    meanBytes: samples.reduce((sum, sample) => sum + sample.bytes, 0) / answered,
    appCpu: (appCpuMs(appPid) - cpuBefore) / answered,
    dbCpu: (serverCpuMs(dataDir) - dbBefore) / answered,
    passed: p99 <= TARGET_P99_MS && errors.length === 0,
    load: os.loadavg()[0]!,
  };
  console.log(
    `    p50 ${round(step.p50)} ms, p99 ${round(p99)} ms, ${errors.length} errors, app CPU ${round(step.appCpu, 2)} ms/request: ${step.passed ? "held" : "broke"}`,
  );
  if (errors.length > 0) console.log(`    first errors: ${[...new Set(errors)].slice(0, 5).join(", ")}`);
  await waitUntilIdle(url);
  return step;
}

/**
 * The capacity search: rising rates until one breaks (p99 over the target or an error), then half a step
 * below it. When the first rate already breaks, falling rates by half a step until one holds. Returns every
 * step run and the highest rate that held (0 when none did).
 */
async function searchCapacity(url: string, appPid: number): Promise<{ steps: Step[]; capacity: number }> {
  const steps: Step[] = [];
  const run = async (rate: number) => {
    const step = await runStep(url, appPid, rate);
    steps.push(step);
    return step.passed;
  };
  let held = 0;
  for (let rate = SEARCH.start; rate <= SEARCH.max; rate += SEARCH.step) {
    if (await run(rate)) {
      held = rate;
      continue;
    }
    const half = Math.round(SEARCH.step / 2);
    if (held > 0) {
      if (half >= 10 && (await run(rate - half))) held = rate - half;
    } else {
      for (let lower = rate - half; lower >= half && held === 0; lower -= half) {
        if (await run(lower)) held = lower;
      }
    }
    break;
  }
  return { steps, capacity: held };
}

type Measured = {
  concurrency: number;
  steps: Step[];
  capacity: number | undefined;
  pageRows: Array<Array<string | number>>;
  memoryIdle: MemorySample;
  memoryPeak: MemorySample | undefined;
  memoryAfter: MemorySample;
  peakSamples: number;
};

/** Starts the app with WEB_CONCURRENCY=`concurrency` on the filled database and measures it. */
async function measureConfiguration(concurrency: number, first: boolean): Promise<Measured> {
  console.log(`\nWEB_CONCURRENCY=${concurrency}`);
  const app = await startApp({
    buildDir,
    dataDir,
    env: {
      WEB_CONCURRENCY: String(concurrency),
      // Every request comes from 127.0.0.1: the per-address limit (120 a minute) would answer 429.
      TRACK_RATE_LIMIT: "1000000",
      SEED_DEMO: "false",
      LOG_LEVEL: "warn",
      // e.g. "--cpu-prof --cpu-prof-dir=$PWD/.tmp/prof" to profile the app (every worker) under load.
      ...(process.env.BENCH_APP_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_APP_NODE_OPTIONS } : {}),
    },
  });
  try {
    const appPid = app.child.pid!;
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const memoryIdle = sampleMemory(appPid, dataDir);
    if (first) {
      console.log(`In-process: ${IN_PROCESS_CALLS} lookups and ${IN_PROCESS_CALLS} rate-limit upserts…`);
      inProcess = await measureInProcess();
    }
    console.log(`Warming up for ${WARMUP_SECONDS} s…`);
    await runOpenLoop({ url: app.url, rate: 100, seconds: WARMUP_SECONDS, pick });
    // One found shipment's page as the app renders it, for the static-file comparison.
    savedPage ??= Buffer.from(await (await fetch(`${app.url}${pick()}`)).arrayBuffer());

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
    const pageRows: Array<Array<string | number>> = [];
    for (const [index, [label, pickPath]] of pages.entries()) {
      const cpuBefore = appCpuMs(appPid);
      const dbBefore = serverCpuMs(dataDir);
      const { samples } = await runOpenLoop({ url: app.url, rate: 40, seconds: 5, pick: pickPath });
      const cpu = (appCpuMs(appPid) - cpuBefore) / Math.max(1, samples.length);
      const dbCpu = (serverCpuMs(dataDir) - dbBefore) / Math.max(1, samples.length);
      const sorted = samples.map((sample) => sample.ms).sort((a, b) => a - b);
      pageRows.push([
        label,
        concurrency,
        `${round(cpu)} ms`,
        `${round(dbCpu)} ms`,
        `${round(percentile(sorted, 50))} ms`,
        PGLITE.pages[index]!,
      ]);
    }

    const sampler = startMemorySampler({ appPid, dataDir, everyMs: 250 });
    let steps: Step[] = [];
    let capacity: number | undefined;
    let peak: Awaited<ReturnType<typeof sampler.stop>>;
    try {
      if (FIXED_RATES.length > 0) {
        for (const rate of FIXED_RATES) steps.push(await runStep(app.url, appPid, rate));
      } else {
        ({ steps, capacity } = await searchCapacity(app.url, appPid));
      }
    } finally {
      peak = await sampler.stop();
    }
    const memoryAfter = sampleMemory(appPid, dataDir);
    return {
      concurrency,
      steps,
      capacity,
      pageRows,
      memoryIdle,
      memoryPeak: peak.peak,
      memoryAfter,
      peakSamples: peak.samples,
    };
  } finally {
    await app.stop();
  }
}

let inProcess: Awaited<ReturnType<typeof measureInProcess>> | undefined;
let savedPage: Buffer | undefined;

/** The saved page served as a static file at each rate `rates`, beside the app's step at that rate. */
async function measureStaticFile(rates: number[]) {
  if (!savedPage) return { rows: [] as Step[], rawBytes: 0, gzipBytes: 0 };
  console.log(`\nThe same page (${savedPage.length} bytes) as a static file…`);
  const server = await startStaticServer(savedPage);
  try {
    const rows: Step[] = [];
    for (const rate of rates) rows.push(await runStep(server.url, server.pid, rate));
    return { rows, rawBytes: savedPage.length, gzipBytes: server.gzipBytes };
  } finally {
    await server.stop();
  }
}
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "freight-bench-tracking-"));
let exitCode = 0;
try {
  await createDatabase(dataDir);
  const loadBefore = os.loadavg()[0]!;
  const results: Measured[] = [];
  for (const [index, concurrency] of CONCURRENCIES.entries()) {
    results.push(await measureConfiguration(concurrency, index === 0));
  }
  const staticFile = await measureStaticFile([...new Set(results[0]?.steps.map((s) => s.rate) ?? [])]);
  const best = Math.max(...results.map((r) => r.capacity ?? 0));
  if (FIXED_RATES.length > 0) {
    if (results.some((r) => r.steps.some((s) => s.rate === RATE && !s.passed))) exitCode = 1;
  } else if (best < RATE) exitCode = 1;

  const configName = (n: number) =>
    n === 1
      ? "`WEB_CONCURRENCY=1` (one process, the default)"
      : `\`WEB_CONCURRENCY=${n}\` (primary + ${n} workers)`;
  const stepRows = results.flatMap((r) =>
    r.steps.map((s) => [
      configName(r.concurrency),
      s.rate,
      `${SECONDS} s`,
      s.requests,
      round(s.answeredPerSecond),
      round(s.p50),
      round(s.p90),
      round(s.p99),
      round(s.max),
      s.errors.length,
      `${(s.meanBytes / 1024).toFixed(1)} KB`,
      `${round(s.appCpu, 2)} ms`,
      `${round(s.dbCpu, 2)} ms`,
      s.load.toFixed(1),
      s.passed ? "held" : "**broke**",
    ]),
  );
  stepRows.push([
    `PGlite (in the app's process), recorded ${PGLITE.recorded}`,
    ...PGLITE.run,
    "",
    "**broke**",
  ]);
  const stepTable = table(
    [
      "App",
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
      "App CPU per request (all app processes)",
      "Database server CPU per request",
      "Load average (1 min) at the end",
      `p99 ≤ ${TARGET_P99_MS} ms, no errors`,
    ],
    [":---", ...Array<string>(13).fill("---:"), ":---"],
    stepRows,
  );
  const cpuAt = (r: Measured) => {
    const held = r.steps.filter((s) => s.passed).at(-1) ?? r.steps[0];
    return held ? `${round(held.appCpu, 2)} ms + ${round(held.dbCpu, 2)} ms at ${held.rate} req/s` : "?";
  };
  const capacityTable = table(
    [
      "App",
      FIXED_RATES.length > 0
        ? "Rates run (req/s)"
        : `Capacity: highest rate with p99 ≤ ${TARGET_P99_MS} ms, no errors`,
      "CPU per request: app + database server (at that rate)",
      "Memory (PSS) idle after start",
      `Memory (PSS) at the peak of the load (samples every 250 ms)`,
      "Memory (PSS) after the load",
    ],
    [":---", "---:", "---:", ":---", ":---", ":---"],
    results.map((r) => [
      configName(r.concurrency),
      r.capacity === undefined
        ? r.steps.map((s) => s.rate).join(", ")
        : r.capacity > 0
          ? `**${r.capacity} req/s**`
          : `below ${SEARCH.start} req/s`,
      cpuAt(r),
      memoryCell(r.memoryIdle),
      memoryCell(r.memoryPeak),
      memoryCell(r.memoryAfter),
    ]),
  );
  const pageTable = table(
    [
      "Page (40 req/s for 5 s)",
      "WEB_CONCURRENCY",
      "App CPU per request",
      "Database server CPU per request",
      "p50 latency",
      `PGlite, recorded ${PGLITE.recorded}: app CPU per request (queries included)`,
    ],
    [":---", "---:", "---:", "---:", "---:", "---:"],
    results.flatMap((r) => r.pageRows),
  );
  const appStep = (rate: number) => results[0]?.steps.find((s) => s.rate === rate);
  const staticTable = table(
    [
      `Rate (req/s), ${configName(results[0]?.concurrency ?? 1)}`,
      "Static file: p50 / p99 (ms)",
      "App: p50 / p99 (ms)",
      "p99: app ÷ static",
      "Static file: CPU per request",
      "App: CPU per request (app + database server)",
      "CPU: app (with database server) ÷ static",
    ],
    [":---", "---:", "---:", "---:", "---:", "---:", "---:"],
    staticFile.rows.map((s) => {
      const app = appStep(s.rate);
      const appTotal = app ? app.appCpu + app.dbCpu : Number.NaN;
      return [
        s.rate,
        `${round(s.p50)} / ${round(s.p99)}`,
        app ? `${round(app.p50)} / ${round(app.p99)}` : "?",
        app ? `${round(app.p99 / s.p99)}×` : "?",
        `${round(s.appCpu, 2)} ms`,
        app ? `${round(app.appCpu, 2)} + ${round(app.dbCpu, 2)} ms` : "?",
        app ? `${round(appTotal / s.appCpu)}×` : "?",
      ];
    }),
  );
  const calls = inProcess;
  const inProcessTable = calls
    ? table(
        [
          `In-process, ${IN_PROCESS_CALLS} calls after ${IN_PROCESS_WARMUP} to warm up`,
          "Node CPU per call",
          "Database server CPU per call",
          "Wall time p50",
          "Wall time p99",
          `PGlite, recorded (November 2026): CPU per call, in the process`,
        ],
        [":---", "---:", "---:", "---:", "---:", "---:"],
        (
          [
            ["Tracking lookup (`getPublicShipmentByTrackingNumber`, random existing numbers)", "lookup"],
            ["Rate-limit upsert (`consumeRateLimit`, one key)", "upsert"],
          ] as const
        ).map(([label, call]) => {
          const measured = calls[call];
          const ms = (value: number) => `${round(value, 2)} ms`;
          return [
            label,
            ms(measured.nodeCpu),
            ms(measured.dbCpu),
            ms(measured.p50),
            ms(measured.p99),
            PGLITE[call],
          ];
        }),
      )
    : "";
  console.log(`\n${capacityTable}\n\n${stepTable}\n\n${staticTable}\n\n${pageTable}\n\n${inProcessTable}\n`);

  const body = `Command: \`node_modules/.bin/node bench/tracking.ts\` (options in the file's header comment).
Public result page \`GET /track/:number\` on the production build with the app's embedded PostgreSQL server
(its own processes, reached over a Unix socket) holding ${SHIPMENTS.toLocaleString("en-US")} shipments and ${(SHIPMENTS * HISTORY_PER_SHIPMENT).toLocaleString("en-US")} status entries; each
request asks for a random existing tracking number${HOT_SHIPMENTS < SHIPMENTS ? ` of the first ${HOT_SHIPMENTS.toLocaleString("en-US")} shipments only (BENCH_HOT_SHIPMENTS: a vessel's consignees)` : ""}. Open-loop load at a fixed rate: every request leaves at
its scheduled time and its latency counts from then, response body read in full${GZIP ? ", `Accept-Encoding: gzip` as browsers send it" : ""};
${WARMUP_SECONDS} s warm-up first. ${
    FIXED_RATES.length > 0
      ? `Fixed rates: ${FIXED_RATES.join(", ")} req/s.`
      : `Capacity search: rates from ${SEARCH.start} req/s up by ${SEARCH.step}, ${SECONDS} s each, until p99 exceeds ${TARGET_P99_MS} ms or a request fails, then half a step below (when the first rate breaks, down by half steps until one holds); the capacity is the highest rate that held.`
  } Each app configuration (\`WEB_CONCURRENCY\`) is started afresh on the same data: one process (the default), or a primary
that owns the database and forks that many workers sharing the port (decision 022); CPU and memory count every app
process. The app runs with \`TRACK_RATE_LIMIT=1000000\`: all requests come from 127.0.0.1, and the default limit (120
lookups a minute per address) would answer nearly all of them 429. Per request the app runs the root loader (site
settings, from memory), the rate limiter (one prepared upsert) and the lookup (one prepared, indexed query: parties
joined, history aggregated), then renders the page (its QR code is a separate image, not fetched here), unless the
tracking page cache holds it (decision 031: then the rate limiter only; at most 64 MB of pages, so with random
numbers out of ${SHIPMENTS.toLocaleString("en-US")} only part of the requests find theirs kept). Load
generator, app and database server share the machine's two vCPUs. Target: p99 ≤ ${TARGET_P99_MS} ms and no errors at
${RATE} req/s. The PGlite rows and columns are the last figures of the earlier embedded engine (PGlite, inside the
app's process), recorded on ${PGLITE.recorded} with the same data and load.

${environmentLines({ loadBefore })}

${capacityTable}

${stepTable}

The same bytes as a static file, in the same run: one tracking page saved from the app (${(staticFile.rawBytes / 1024).toFixed(1)} kB, ${(staticFile.gzipBytes / 1024).toFixed(1)} kB
gzipped) served by a plain Node http server in a process of its own (gzip computed once, as a static server
with precompressed files does), at each rate the first configuration ran:

${staticTable}

${pageTable}

${inProcessTable}

Reading the tables: one app process renders on one thread, so at R requests per second it must spend
less than 1000 / R ms of CPU per request (3.3 ms at 300 req/s), and well under that for a short
queue and a low p99. 'App CPU per request' is the user + system CPU time of every app process (with
workers: the primary and each worker) divided by the requests answered; the database server's
(postmaster and its children, ended ones included) is beside it. Both share the two vCPUs with the
load generator, so two workers can at most double the rendering budget, less what the load generator
and the database server take. The page table splits the app's CPU at a low rate: the HTTP shell, the
shared page (layout, root loader, rendering, compression), and what the tracking lookup adds. The
in-process table calls the lookup and the rate-limit upsert directly from the benchmark process (its
own connection to the app's server, app idle).
`;
  if (process.env.BENCH_NO_WRITE !== "1") {
    writeSection("Tracking", body);
    console.log("Wrote the 'Tracking' section of docs/benchmarks.md");
  }
} finally {
  await removeDataDir(dataDir);
}
process.exit(exitCode);
