// `npm run bench`: every benchmark of the project, each writing its own section of docs/benchmarks.md.
//
// Sections (in this order):
//   weight        gzipped JavaScript and CSS per public and admin page in Chromium; no admin code on public pages
//   lighthouse    Lighthouse 13, mobile preset, on every public page (median of BENCH_LIGHTHOUSE_RUNS)
//   throughput    the home page rendered (SSR) against the same bytes as a static file, 50 connections
//   startup       time to the first page with an existing and an empty database; memory (PSS of the app and its
//                 embedded PostgreSQL server) with 10,000 shipments; BENCH_MEMORY_VARIANTS tries app settings
//                 (see bench/startup.ts)
//   tracking      bench/tracking.ts (child process; its own options, see its header)
//   admin-search  bench/admin-search.ts (child process; its own options, see its header)
//   outbox        bench/outbox.ts: outbox throughput to a local SMTP server, enqueue-to-send delay, status update
//                 to notification delay (child process)
//   exceptions    bench/exceptions.ts: the exceptions board's counts and pages with 100,000 shipments (child process)
//   import        bench/import.ts: 10,000 rows imported from CSV and .xlsx, 120,000 shipments exported (child process)
//   invoices      bench/invoices.ts: saving, issuing and listing invoices with 10,000 issued (child process)
//   receivables   bench/receivables.ts: the receivables page, the dashboard card and a statement with 10,000
//                 invoices and 3,333 payments (child process)
//   customer-shipments  bench/customer-shipments.ts: a customer's shipment list, 2,000 of 100,000 (child process)
//
// Options (environment):
//   BENCH_ONLY=weight,lighthouse   run only these sections (names above)
//   BENCH_QUICK=1                  short runs for iterating (1 Lighthouse run, 3 s loads, 1 start each, and short
//                                  tracking / admin-search runs); the sections say they are quick runs
//   BENCH_LIGHTHOUSE_RUNS (3), BENCH_LOAD_SECONDS (10, per URL), BENCH_WARMUP_SECONDS (3),
//   BENCH_STARTUP_RUNS (5), BENCH_TRAFFIC_SECONDS (20, before the memory reading), BENCH_SHIPMENTS (10000)
//   BENCH_NO_WRITE=1               print the tables only; docs/benchmarks.md stays as it is
//   BUILD_DIR (.tmp/build-bench)   the benchmarks' own production build (built when the sources changed)
//   CHROMIUM_PATH (/usr/bin/chromium), CHROME_PATH (for Lighthouse; defaults to CHROMIUM_PATH)
import { spawnSync } from "node:child_process";
import { APP_ENV, APP_NODE_FLAGS } from "../scripts/lib/app-process.ts";
import { benchBuildDir, ensureBenchBuild } from "./lib/build.ts";
import { shouldWrite, writeIntro, writeSection } from "./lib/report.ts";
import { ensureServerStopped, leftoverBenchServers } from "./lib/server-processes.ts";

const SECTIONS = [
  "weight",
  "lighthouse",
  "throughput",
  "startup",
  "tracking",
  "admin-search",
  "outbox",
  "documents",
  "exceptions",
  "import",
  "invoices",
  "receivables",
  "customer-shipments",
] as const;
type SectionName = (typeof SECTIONS)[number];

const quick = process.env.BENCH_QUICK === "1";
const numberOption = (name: string, full: number, short: number) => {
  const value = Number(process.env[name] ?? (quick ? short : full));
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return value;
};
const options = {
  lighthouseRuns: numberOption("BENCH_LIGHTHOUSE_RUNS", 3, 1),
  loadSeconds: numberOption("BENCH_LOAD_SECONDS", 10, 3),
  warmupSeconds: numberOption("BENCH_WARMUP_SECONDS", 3, 1),
  startupRuns: numberOption("BENCH_STARTUP_RUNS", 5, 1),
  trafficSeconds: numberOption("BENCH_TRAFFIC_SECONDS", 20, 5),
  shipments: numberOption("BENCH_SHIPMENTS", 10_000, 10_000),
};

const only = (process.env.BENCH_ONLY ?? "")
  .split(",")
  .map((name) => name.trim())
  .filter(Boolean);
const unknown = only.filter((name) => !(SECTIONS as readonly string[]).includes(name));
if (unknown.length > 0) {
  console.error(`Unknown section(s) in BENCH_ONLY: ${unknown.join(", ")}. Known: ${SECTIONS.join(", ")}.`);
  process.exit(2);
}
const selected = SECTIONS.filter((name) => only.length === 0 || only.includes(name));

// Servers that already ran on benchmark folders before this run are none of its business.
const serversBefore = new Set(leftoverBenchServers().map((server) => server.pid));

const buildDir = benchBuildDir();
// Every section but admin-search, outbox and documents (in-process) runs the built app.
const inProcess = [
  "admin-search",
  "outbox",
  "documents",
  "exceptions",
  "import",
  "invoices",
  "receivables",
  "customer-shipments",
];
if (selected.some((name) => !inProcess.includes(name)) && !ensureBenchBuild(buildDir)) process.exit(1);

const QUICK_NOTE =
  "> Quick run (`BENCH_QUICK=1`): short durations and single runs, for development only; not a recorded result.\n\n";

type SectionResult = { heading: string; body: string; ok: boolean };

/** Runs a sibling benchmark script as a child process (it writes its own section). */
function runChild(script: string, env: Record<string, string>, nodeArgs: string[] = []): boolean {
  const result = spawnSync(process.execPath, [...nodeArgs, script], {
    stdio: "inherit",
    env: { ...process.env, BUILD_DIR: buildDir, ...env },
  });
  return result.status === 0;
}

const runners: Record<SectionName, () => Promise<SectionResult | boolean>> = {
  weight: async () => (await import("./weight.ts")).pageWeightSection({ buildDir }),
  lighthouse: async () =>
    (await import("./lighthouse.ts")).lighthouseSection({ buildDir, runs: options.lighthouseRuns }),
  throughput: async () =>
    (await import("./throughput.ts")).throughputSection({
      buildDir,
      seconds: options.loadSeconds,
      warmupSeconds: options.warmupSeconds,
    }),
  startup: async () =>
    (await import("./startup.ts")).startupSection({
      buildDir,
      runs: options.startupRuns,
      shipments: options.shipments,
      trafficSeconds: options.trafficSeconds,
    }),
  // Quick runs shorten the children too, unless their own options are set.
  tracking: async () =>
    runChild("bench/tracking.ts", quick ? { BENCH_SECONDS: "5", BENCH_RATES: "50", ...definedEnv() } : {}),
  "admin-search": async () =>
    runChild("bench/admin-search.ts", quick ? { BENCH_POSTGRES_SHIPMENTS: "10000", ...definedEnv() } : {}),
  outbox: async () =>
    runChild(
      "bench/outbox.ts",
      quick ? { BENCH_OUTBOX_MESSAGES: "500", BENCH_OUTBOX_SECONDS: "5", ...definedEnv() } : {},
    ),
  exceptions: async () =>
    runChild("bench/exceptions.ts", quick ? { BENCH_EXCEPTION_SHIPMENTS: "10000", ...definedEnv() } : {}),
  import: async () =>
    runChild("bench/import.ts", quick ? { BENCH_EXISTING_SHIPMENTS: "10000", ...definedEnv() } : {}, [
      "--expose-gc",
    ]),
  invoices: async () =>
    runChild(
      "bench/invoices.ts",
      quick ? { BENCH_INVOICES: "2000", BENCH_INVOICE_RUNS: "50", ...definedEnv() } : {},
    ),
  receivables: async () =>
    runChild("bench/receivables.ts", quick ? { BENCH_RECEIVABLES_RUNS: "20", ...definedEnv() } : {}),
  "customer-shipments": async () =>
    runChild("bench/customer-shipments.ts", quick ? { BENCH_CUSTOMER_RUNS: "20", ...definedEnv() } : {}),
  // With the app's own V8 flags and environment (package.json "start"), so its memory readings compare with the app's.
  documents: async () =>
    runChild(
      "bench/documents.ts",
      {
        ...Object.fromEntries(Object.entries(APP_ENV).filter(([name]) => process.env[name] === undefined)),
        ...(quick ? { BENCH_DOCUMENT_RUNS: "5", BENCH_BULK_RUNS: "1", ...definedEnv() } : {}),
      },
      APP_NODE_FLAGS,
    ),
};

/** The BENCH_* variables the developer set, so quick defaults never override them. */
function definedEnv(): Record<string, string> {
  return Object.fromEntries(
    Object.entries(process.env).filter(
      (entry): entry is [string, string] => entry[0].startsWith("BENCH_") && entry[1] !== undefined,
    ),
  );
}

const summary: string[] = [];
let failed = false;
for (const name of selected) {
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  try {
    const result = await runners[name]();
    const seconds = Math.round((Date.now() - started) / 1000);
    if (typeof result === "boolean") {
      summary.push(
        `${name}: ${result ? "finished" : "exited with an error or a missed target"}; see its section (${seconds} s)`,
      );
      continue;
    }
    summary.push(`${result.heading}: ${result.ok ? "targets met" : "target(s) missed"} (${seconds} s)`);
    if (shouldWrite()) {
      writeSection(result.heading, `${quick ? QUICK_NOTE : ""}${result.body}`);
      console.log(`Wrote the '${result.heading}' section of docs/benchmarks.md`);
    }
  } catch (error) {
    failed = true;
    summary.push(`${name}: FAILED (${error instanceof Error ? error.message.split("\n")[0] : error})`);
    console.error(error);
  }
}

// Every benchmark stops the database servers it started; one still running on a benchmark's folder is a bug.
for (const { pid, dataDir } of leftoverBenchServers()) {
  if (serversBefore.has(pid)) continue;
  failed = true;
  summary.push(`A database server (pid ${pid}) was left running in ${dataDir}; stopped`);
  await ensureServerStopped(dataDir, 0);
}

if (shouldWrite()) {
  writeIntro(`
\`npm run bench\` (\`bench/run.ts\`) runs every benchmark and rewrites its section below; each section
records the machine, the versions and the date of its run. Run single sections while working, e.g.
\`BENCH_ONLY=weight,lighthouse npm run bench\`, with \`BENCH_QUICK=1\` for short runs; all options are in the
header of \`bench/run.ts\`. The app runs from its own production build (\`.tmp/build-bench\`) on its embedded
PostgreSQL server (started by the app in a temporary data folder, and stopped with it; \`bench/run.ts\` checks that
none is left running). Numbers taken on a busy machine (see each section's load average and whether other
test suites were running) are not comparable with those of a quiet one.
`);
}

console.log(`\n${summary.join("\n")}`);
process.exit(failed ? 1 : 0);
