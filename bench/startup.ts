// Longer than 450 lines: one benchmark script: start-up and memory share the app process they measure and its
// report.
// Start-up time and memory of the production app on its embedded PostgreSQL server. Part of `npm run bench`
// (bench/run.ts).
//
// Start-up: the time from spawning `node server.ts` (as scripts/lib/app-process.ts does) to the first 200 on
// `GET /`, polled every 10 ms; the median of several starts, on a data folder with 10,000 shipments whose
// server is stopped (so each start also starts PostgreSQL, as after a reboot) and on an empty data folder
// (first start: initdb, migrations and the demo content).
//
// Memory: the proportional set size (PSS, /proc/<pid>/smaps_rollup) of the app process plus every process of
// its database server (the postmaster named in DATA_DIR/postgres/postmaster.pid and its children), so the
// server's shared memory counts once; idle after start, after a while of mixed page traffic, and the peak of
// samples taken every 250 ms during that traffic; then, in the same app, after printing 1,000 PDF pages through
// it (a clerk signs in and prints the labels of 1,000 shipments from the list's 'Print labels' form, 200 per
// PDF: bench/lib/label-printing.ts) and the peak during the printing. The app runs with
// bench/lib/memory-probe.ts loaded, which reports its V8 heap, so the section can say where the app's part goes.
//
// BENCH_MEMORY_VARIANTS repeats the memory measurement with other settings of the app's environment and adds
// a table of their effect: variants separated by ';', each one or more NAME=value separated by ',', e.g.
// BENCH_MEMORY_VARIANTS='DATABASE_POOL_SIZE=2;NODE_OPTIONS=--max-semi-space-size=4;MALLOC_ARENA_MAX=2'. The app
// as shipped (no extra settings) is always measured first. APP_NODE_FLAGS=… (space-separated) replaces the app's
// Node flags (scripts/lib/app-process.ts) for V8 flags NODE_OPTIONS refuses, e.g. --memory-saver-mode.
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import autocannon from "autocannon";
import { APP_ENV, APP_NODE_FLAGS, startApp } from "../scripts/lib/app-process.ts";
import { freePort } from "../scripts/lib/postgres.ts";
import { benchTrackingNumber, createShipmentsDatabase } from "./lib/database.ts";
import { prepareLabelPrinting, printLabels } from "./lib/label-printing.ts";
import { type PeakMemory, startMemorySampler } from "./lib/memory-sampler.ts";
import {
  environmentLines,
  loadAverage,
  mb,
  median,
  processMemory,
  sleep,
  table,
  verdict,
} from "./lib/report.ts";
import {
  ensureServerStopped,
  type MemorySample,
  processKind,
  removeDataDir,
  sampleMemory,
} from "./lib/server-processes.ts";

const TARGET_START_MS = 1000;
const TARGET_AFTER_MB = 250;
const TARGET_PEAK_MB = 350;
const TARGET_PRINTED_MB = 350;
const PDF_PAGES = 1000;
const LABELS_PER_PDF = 200;
const TRAFFIC_CONNECTIONS = 10;
const SAMPLE_EVERY_MS = 250;
const DEFAULT_POOL_SIZE = 5;

type Variant = Record<string, string>;

/** BENCH_MEMORY_VARIANTS parsed: `A=1,B=2;C=3` → [{A: "1", B: "2"}, {C: "3"}]. */
function memoryVariants(value = process.env.BENCH_MEMORY_VARIANTS ?? ""): Variant[] {
  return value
    .split(";")
    .map((variant) =>
      Object.fromEntries(
        variant
          .split(",")
          .map((assignment) => assignment.trim())
          .filter((assignment) => assignment.includes("="))
          .map((assignment) => [
            assignment.slice(0, assignment.indexOf("=")),
            assignment.slice(assignment.indexOf("=") + 1),
          ]),
      ),
    )
    .filter((variant) => Object.keys(variant).length > 0);
}

const variantLabel = (variant: Variant) =>
  Object.keys(variant).length === 0
    ? "as shipped"
    : Object.entries(variant)
        .map(([name, value]) => `\`${name}=${value}\``)
        .join(", ");

/** The last figures of the earlier embedded engine (PGlite, in the app's process), from docs/benchmarks.md. */
const PGLITE = {
  recorded: "2026-11-21 20:33 UTC",
  startExisting: "1.16 s",
  startEmpty: "4.48 s",
  idle: "354 MB",
  after: "607 MB",
  peak: "853 MB",
};

/** Spawns the built app and measures the time until `GET /` first answers 200; returns the running child. */
async function timeToFirstPage({ buildDir, dataDir }: { buildDir: string; dataDir: string }) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let output = "";
  const started = performance.now();
  const child: ChildProcess = spawn(process.execPath, [...APP_NODE_FLAGS, "server.ts"], {
    env: {
      ...APP_ENV,
      ...process.env,
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      BUILD_DIR: buildDir,
      SITE_URL: url,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    await exited;
    // The app stops its server as it leaves; the next start must start one again.
    if (!(await ensureServerStopped(dataDir))) throw new Error(`The app left its database server running`);
  };
  const deadline = started + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The app exited during start:\n${output}`);
    try {
      const response = await fetch(`${url}/`, { signal: AbortSignal.timeout(30_000) });
      await response.arrayBuffer();
      if (response.status === 200) break;
    } catch {}
    if (performance.now() > deadline) {
      await stop();
      throw new Error(`No 200 on / within 60 s:\n${output}`);
    }
    await sleep(10);
  }
  return { ms: performance.now() - started, stop };
}

type ProbeSample = {
  rss: number;
  heapTotal: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
  mallocedMemory: number;
  spaces: Record<string, number>;
  peak: { rss: number; heapTotal: number; heapUsed: number; external: number };
};

const readProbe = (file: string): ProbeSample | undefined => {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8")) as ProbeSample;
  } catch {
    return undefined;
  }
};

type State = { memory: MemorySample; probe: ProbeSample | undefined };

type MemoryRun = {
  variant: Variant;
  idle: State;
  after: State;
  /** The sample with the highest total during the traffic. */
  peak: State;
  peakApp: number;
  peakDb: number;
  appHwm: number;
  samples: number;
  requests: number;
  failures: number;
  /** After printing PDF_PAGES label pages through the app (following the traffic), and the peak meanwhile. */
  printed: State;
  printPeak: State;
  printing: Awaited<ReturnType<typeof printLabels>>;
};

/** Starts the app on `dataDir`, measures memory idle, during and after mixed traffic, and stops it. */
async function measureMemory({
  buildDir,
  dataDir,
  shipments,
  trafficSeconds,
  variant,
  printIds,
}: {
  buildDir: string;
  dataDir: string;
  shipments: number;
  trafficSeconds: number;
  variant: Variant;
  printIds: string[];
}): Promise<MemoryRun> {
  const probeFile = path.join(os.tmpdir(), `freight-bench-memory-${process.pid}.json`);
  const probe = pathToFileURL(path.resolve("bench/lib/memory-probe.ts")).href;
  // APP_NODE_FLAGS in a variant: Node's own flags instead of the app's (V8 flags NODE_OPTIONS does not take).
  const { APP_NODE_FLAGS: flags, ...variantEnv } = variant;
  const app = await startApp({
    buildDir,
    dataDir,
    nodeFlags: flags?.split(" ").filter(Boolean),
    env: {
      TRACK_RATE_LIMIT: "1000000",
      LOG_LEVEL: "warn",
      ...variantEnv,
      NODE_OPTIONS: `${variant.NODE_OPTIONS ?? process.env.NODE_OPTIONS ?? ""} --import ${probe}`.trim(),
      BENCH_MEMORY_PROBE_FILE: probeFile,
    },
  });
  const pid = app.child.pid;
  const state = (): State => ({ memory: sampleMemory(pid, dataDir), probe: readProbe(probeFile) });
  try {
    await sleep(2000);
    const idle = state();
    const sampler = startMemorySampler({ appPid: pid!, dataDir, everyMs: SAMPLE_EVERY_MS, probeFile });
    const randomTrack = () => `/track/${benchTrackingNumber(1 + Math.floor(Math.random() * shipments))}`;
    let result: Awaited<ReturnType<typeof autocannon>>;
    let sampled: PeakMemory;
    try {
      result = await autocannon({
        url: app.url,
        connections: TRAFFIC_CONNECTIONS,
        duration: trafficSeconds,
        headers: { "accept-encoding": "gzip" },
        timeout: 30,
        requests: [
          { path: "/" },
          { path: "/track", setupRequest: (request) => ({ ...request, path: randomTrack() }) },
          { path: "/services" },
          { path: "/track", setupRequest: (request) => ({ ...request, path: randomTrack() }) },
          { path: "/blog" },
          { path: "/blog/navigating-customs-clearance-in-west-africa" },
          { path: "/track/UTG-1234-5678" },
          { path: "/about" },
          { path: "/contact" },
        ],
      });
    } finally {
      sampled = await sampler.stop();
    }
    await sleep(1000);
    const after = state();
    const printSampler = startMemorySampler({ appPid: pid!, dataDir, everyMs: SAMPLE_EVERY_MS, probeFile });
    let printing: Awaited<ReturnType<typeof printLabels>>;
    let printSampled: PeakMemory;
    try {
      printing = await printLabels({ url: app.url, ids: printIds, perPdf: LABELS_PER_PDF });
    } finally {
      printSampled = await printSampler.stop();
    }
    await sleep(1000);
    const printed = state();
    // The load's peak, or the idle state should the app have been smaller throughout.
    const peak: State =
      sampled.peak && sampled.peak.total >= idle.memory.total
        ? { memory: sampled.peak, probe: sampled.peakProbe as ProbeSample | undefined }
        : idle;
    return {
      variant,
      idle,
      after,
      peak,
      peakApp: Math.max(sampled.peakApp, idle.memory.app.pss),
      peakDb: Math.max(sampled.peakDb, idle.memory.db.pss),
      appHwm: processMemory(pid, "VmHWM"),
      samples: sampled.samples,
      requests: result.requests.total,
      failures: result.errors + result.timeouts + result.non2xx,
      printed,
      printPeak:
        printSampled.peak && printSampled.peak.total >= printed.memory.total
          ? { memory: printSampled.peak, probe: printSampled.peakProbe as ProbeSample | undefined }
          : printed,
      printing,
    };
  } finally {
    await app.stop();
    fs.rmSync(probeFile, { force: true });
  }
}

/** "12 MB" with one decimal under 10 MB. */
const size = (bytes: number) => {
  const value = bytes / 1024 ** 2;
  return `${value < 10 ? value.toFixed(1) : Math.round(value)} MB`;
};

/** Where the memory of one state goes: the app's V8 heap and the rest, the server's processes by kind. */
function breakdown(label: string, { memory, probe }: State) {
  const byKind = new Map<string, { count: number; pss: number }>();
  for (const process of memory.dbProcesses) {
    const kind = processKind(process.name);
    const entry = byKind.get(kind) ?? { count: 0, pss: 0 };
    entry.count++;
    entry.pss += process.pss;
    byKind.set(kind, entry);
  }
  const kind = (name: string) => {
    const entry = byKind.get(name);
    return entry ? `${size(entry.pss)} (${entry.count})` : "0";
  };
  return [
    label,
    size(memory.app.rss),
    size(memory.app.pss),
    probe ? `${size(probe.heapUsed)} / ${size(probe.heapTotal)}` : "?",
    probe ? size(probe.external) : "?",
    size(memory.app.pssFile),
    kind("postmaster"),
    kind("server worker"),
    kind("connection"),
    size(memory.db.pssShmem),
    size(memory.db.pssAnon),
  ];
}

export async function startupSection({
  buildDir,
  runs,
  shipments,
  trafficSeconds,
}: {
  buildDir: string;
  runs: number;
  shipments: number;
  trafficSeconds: number;
}) {
  const loadBefore = loadAverage();
  const existingDir = fs.mkdtempSync(path.join(os.tmpdir(), "freight-bench-startup-"));
  try {
    await createShipmentsDatabase({ dataDir: existingDir, shipments });
    const printIds = await prepareLabelPrinting({ dataDir: existingDir, count: PDF_PAGES });
    // One start first, not timed: it adds the demo content, as the site's first start did long ago.
    await (await timeToFirstPage({ buildDir, dataDir: existingDir })).stop();

    const existing: number[] = [];
    for (let i = 0; i < runs; i++) {
      const run = await timeToFirstPage({ buildDir, dataDir: existingDir });
      await run.stop();
      existing.push(run.ms);
      console.log(`  existing database, start ${i + 1}: ${Math.round(run.ms)} ms`);
    }
    const empty: number[] = [];
    for (let i = 0; i < runs; i++) {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "freight-bench-empty-"));
      try {
        const run = await timeToFirstPage({ buildDir, dataDir });
        await run.stop();
        empty.push(run.ms);
        console.log(`  empty data folder, start ${i + 1}: ${Math.round(run.ms)} ms`);
      } finally {
        await removeDataDir(dataDir);
      }
    }

    // Memory with the 10,000 shipments: idle, during and after mixed traffic.
    const memoryRuns: MemoryRun[] = [];
    for (const variant of [{}, ...memoryVariants()]) {
      console.log(`  memory, ${variantLabel(variant)}, ${trafficSeconds} s of traffic…`);
      const run = await measureMemory({
        buildDir,
        dataDir: existingDir,
        shipments,
        trafficSeconds,
        variant,
        printIds,
      });
      if (!(await ensureServerStopped(existingDir)))
        throw new Error("The app left its database server running");
      console.log(
        `    idle ${mb(run.idle.memory.total)} MB, after ${mb(run.after.memory.total)} MB (app ${mb(run.after.memory.app.pss)}, db ${mb(run.after.memory.db.pss)}), peak ${mb(run.peak.memory.total)} MB`,
      );
      console.log(
        `    after printing ${run.printing.pages} pages in ${Math.round(run.printing.ms)} ms: ${mb(run.printed.memory.total)} MB (app ${mb(run.printed.memory.app.pss)}, db ${mb(run.printed.memory.db.pss)}), peak ${mb(run.printPeak.memory.total)} MB`,
      );
      if (run.peak.probe) console.log(`    app at peak: ${JSON.stringify(run.peak.probe)}`);
      if (run.printed.probe) console.log(`    app after printing: ${JSON.stringify(run.printed.probe)}`);
      memoryRuns.push(run);
    }
    const main = memoryRuns[0]!;

    const startExisting = median(existing);
    const startEmpty = median(empty);
    const afterMb = mb(main.after.memory.total);
    const peakMb = mb(main.peak.memory.total);
    const printedMb = mb(main.printed.memory.total);
    const ok =
      startExisting <= TARGET_START_MS &&
      afterMb <= TARGET_AFTER_MB &&
      peakMb <= TARGET_PEAK_MB &&
      printedMb <= TARGET_PRINTED_MB;
    const startTable = table(
      [
        `Start-up to the first 200 on \`/\` (median of ${runs})`,
        "Median",
        "Runs",
        "Target",
        "Result",
        `PGlite, recorded ${PGLITE.recorded}`,
      ],
      [":---", "---:", ":---", "---:", ":---", "---:"],
      [
        [
          `Existing database (${shipments.toLocaleString("en-US")} shipments), server stopped`,
          `${(startExisting / 1000).toFixed(2)} s`,
          existing.map((ms) => (ms / 1000).toFixed(2)).join(", "),
          `≤ ${TARGET_START_MS / 1000} s`,
          verdict(startExisting <= TARGET_START_MS),
          PGLITE.startExisting,
        ],
        [
          "Empty data folder (initdb, migrations, demo content)",
          `${(startEmpty / 1000).toFixed(2)} s`,
          empty.map((ms) => (ms / 1000).toFixed(2)).join(", "),
          "",
          "",
          PGLITE.startEmpty,
        ],
      ],
    );
    const row = (label: string, s: State, target: number | undefined, pglite: string) => [
      label,
      `${mb(s.memory.app.pss)} MB`,
      `${mb(s.memory.db.pss)} MB (${s.memory.dbProcesses.length})`,
      `**${mb(s.memory.total)} MB**`,
      target === undefined ? "" : `≤ ${target} MB`,
      target === undefined ? "" : verdict(mb(s.memory.total) <= target),
      pglite,
    ];
    const memoryTable = table(
      [
        `PSS, ${shipments.toLocaleString("en-US")} shipments, ${(shipments * 6).toLocaleString("en-US")} status entries`,
        "App",
        "Database server (processes)",
        "Total",
        "Target",
        "Result",
        `PGlite, recorded ${PGLITE.recorded} (RSS, one process)`,
      ],
      [":---", "---:", "---:", "---:", "---:", ":---", "---:"],
      [
        row("After start, idle", main.idle, undefined, PGLITE.idle),
        row(
          `After ${trafficSeconds} s of mixed traffic (${main.requests} requests, ${main.failures} failed)`,
          main.after,
          TARGET_AFTER_MB,
          PGLITE.after,
        ),
        row(
          `Peak: the highest total of ${main.samples} samples during the traffic`,
          main.peak,
          TARGET_PEAK_MB,
          `${PGLITE.peak} (VmHWM)`,
        ),
        row(
          `Then after printing ${main.printing.pages.toLocaleString("en-US")} PDF pages through the app (${main.printing.pdfs} label PDFs of ${LABELS_PER_PDF} shipments, ${(main.printing.ms / 1000).toFixed(1)} s)`,
          main.printed,
          TARGET_PRINTED_MB,
          "",
        ),
        row(`Peak during the printing`, main.printPeak, undefined, ""),
      ],
    );
    const peaksLine = `Highest of each part on its own during the traffic: app ${mb(main.peakApp)} MB, database server ${mb(main.peakDb)} MB; the app's peak resident set over its life (VmHWM) ${mb(main.appHwm)} MB${
      main.peak.probe
        ? `, its V8 heap peaked at ${size(main.peak.probe.peak.heapUsed)} used of ${size(main.peak.probe.peak.heapTotal)}`
        : ""
    }.`;
    const breakdownTable = table(
      [
        "Where it goes",
        "App RSS",
        "App PSS",
        "V8 heap used / total",
        "External + buffers",
        "App code and files (PSS)",
        "Postmaster",
        "Server workers (n)",
        "Connections (n)",
        "Shared memory (PSS, all server processes)",
        "Private memory (PSS, all server processes)",
      ],
      [":---", "---:", "---:", "---:", "---:", "---:", "---:", "---:", "---:", "---:", "---:"],
      [
        breakdown("Idle", main.idle),
        breakdown("Peak sample", main.peak),
        breakdown("After traffic", main.after),
        breakdown("After printing", main.printed),
      ],
    );
    const connections = main.after.memory.dbProcesses
      .filter((p) => processKind(p.name) === "connection")
      .map((p) => p.pss);
    const perConnection =
      connections.length > 0 ? size(connections.reduce((a, b) => a + b, 0) / connections.length) : "?";
    const poolTable =
      memoryRuns.length > 1
        ? `\n\n${table(
            [
              "App environment (same data and traffic)",
              "Idle",
              "After traffic",
              "Peak",
              `After printing ${PDF_PAGES.toLocaleString("en-US")} PDF pages`,
              "Requests/s",
              "Failed",
            ],
            [":---", "---:", "---:", "---:", "---:", "---:", "---:"],
            memoryRuns.map((run) => [
              variantLabel(run.variant),
              `${mb(run.idle.memory.total)} MB`,
              `${mb(run.after.memory.total)} MB (app ${mb(run.after.memory.app.pss)}, db ${mb(run.after.memory.db.pss)})`,
              `${mb(run.peak.memory.total)} MB`,
              `${mb(run.printed.memory.total)} MB (app ${mb(run.printed.memory.app.pss)}, db ${mb(run.printed.memory.db.pss)})`,
              Math.round(run.requests / trafficSeconds),
              run.failures,
            ]),
          )}`
        : "";
    console.log(`${startTable}\n\n${memoryTable}\n\n${peaksLine}\n\n${breakdownTable}${poolTable}`);
    const body = `
Start-up: the time from spawning the built app (\`node server.ts\`, production, as
\`scripts/lib/app-process.ts\` starts it) to the first 200 answer on \`GET /\`, polled every 10 ms. 'Existing
database': a data folder whose embedded PostgreSQL server holds ${shipments.toLocaleString("en-US")} shipments and
${(shipments * 6).toLocaleString("en-US")} status entries (the data of the Tracking benchmark), started once before the timed runs;
the server is stopped between runs (the app stops it as it leaves), so every start also starts PostgreSQL,
as after a reboot. 'Empty data folder': a first start, which runs initdb, starts the server, creates the
database, runs the migrations and adds the demo content.

Memory: the proportional set size (PSS, \`/proc/<pid>/smaps_rollup\`) of the app process plus every process
of its database server (the postmaster named in \`DATA_DIR/postgres/postmaster.pid\` and its children), so
PostgreSQL's shared memory, mapped by all of its processes, counts once, as do shared library pages. With
that database, idle 2 s after start, 1 s after ${trafficSeconds} s of closed-loop traffic (autocannon,
${TRAFFIC_CONNECTIONS} connections, gzip) cycling through the home, services, blog, blog post, about and contact pages and
tracking lookups of random existing numbers, and the peak: the sample with the highest total of those taken
every ${SAMPLE_EVERY_MS} ms during the traffic. Then, in the same app, ${PDF_PAGES.toLocaleString("en-US")} PDF pages printed
through it: a clerk signs in through the login form and prints the labels of ${PDF_PAGES.toLocaleString("en-US")} shipments from the
list's 'Print labels' form (\`POST /admin/shipments/labels.pdf\`, ${LABELS_PER_PDF} shipments of one piece per PDF, one PDF
after another, each checked to hold its ${LABELS_PER_PDF} pages); memory 1 s after the last one. App settings as shipped (pool of ${DEFAULT_POOL_SIZE} connections, two malloc arenas: \`MALLOC_ARENA_MAX=2\`; the server's
shared_buffers 32 MB, work_mem 4 MB); the app runs with \`bench/lib/memory-probe.ts\` loaded, which reports its
V8 heap. Targets: start ≤ ${TARGET_START_MS / 1000} s with an existing database; app and database together ≤ ${TARGET_AFTER_MB} MB
after the traffic, ≤ ${TARGET_PEAK_MB} MB at peak and ≤ ${TARGET_PRINTED_MB} MB after the printing. The PGlite column holds the last figures of the earlier
embedded engine (PGlite inside the app's process, so its RSS was the whole), recorded on ${PGLITE.recorded}
with the same data and traffic.

${environmentLines({ tools: ["autocannon"], loadBefore })}

${startTable}

${memoryTable}

${peaksLine}

${breakdownTable}

'Connections' are the server processes serving the app's pool and its \`LISTEN\` connection (after the
traffic ${perConnection} each on average); 'server workers' are PostgreSQL's own (checkpointer, background writer,
WAL writer, I/O workers, autovacuum and replication launchers). Shared memory is PostgreSQL's buffer pool and
other shared structures as far as they have been touched, counted once; private memory is each process's
own (catalog and plan caches, sort and hash memory).${poolTable}
`;
    return { heading: "Start-up and memory", body, ok };
  } finally {
    await removeDataDir(existingDir);
  }
}
