// Start-up time and memory of the production app on the embedded database (PGlite). Part of `npm run bench`
// (bench/run.ts).
//
// Start-up: the time from spawning `node server.ts` (as scripts/lib/app-process.ts does) to the first 200 on
// `GET /`, polled every 10 ms; the median of several starts, on a database with 10,000 shipments and on an
// empty data folder (first start: migrations and the demo content). Memory: the app's resident set (VmRSS
// in /proc/<pid>/status) with that database, after a while of mixed page traffic, and its peak (VmHWM).
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { startApp } from "../scripts/lib/app-process.ts";
import { freePort } from "../scripts/lib/postgres.ts";
import { benchTrackingNumber, createShipmentsDatabase } from "./lib/database.ts";
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

const TARGET_START_MS = 1500;
const TARGET_RSS_MB = 450;
const TRAFFIC_CONNECTIONS = 10;

/** Spawns the built app and measures the time until `GET /` first answers 200; returns the running child. */
async function timeToFirstPage({ buildDir, dataDir }: { buildDir: string; dataDir: string }) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let output = "";
  const started = performance.now();
  const child: ChildProcess = spawn(process.execPath, ["server.ts"], {
    env: {
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
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    }

    // Memory with the 10,000 shipments, after mixed traffic.
    const app = await startApp({
      buildDir,
      dataDir: existingDir,
      env: { TRACK_RATE_LIMIT: "1000000", LOG_LEVEL: "warn" },
    });
    let rssIdle: number;
    let rssAfter: number;
    let rssPeak: number;
    let requests: number;
    let failures: number;
    try {
      await sleep(1000);
      rssIdle = processMemory(app.child.pid);
      const randomTrack = () => `/track/${benchTrackingNumber(1 + Math.floor(Math.random() * shipments))}`;
      const result = await autocannon({
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
      requests = result.requests.total;
      failures = result.errors + result.timeouts + result.non2xx;
      await sleep(1000);
      rssAfter = processMemory(app.child.pid);
      rssPeak = processMemory(app.child.pid, "VmHWM");
    } finally {
      await app.stop();
    }

    const startExisting = median(existing);
    const startEmpty = median(empty);
    const ok =
      startExisting <= TARGET_START_MS && mb(rssAfter) <= TARGET_RSS_MB && mb(rssPeak) <= TARGET_RSS_MB;
    const startTable = table(
      [`Start-up to the first 200 on \`/\` (median of ${runs})`, "Median", "Runs", "Target", "Result"],
      [":---", "---:", ":---", "---:", ":---"],
      [
        [
          `Existing database (${shipments.toLocaleString("en-US")} shipments)`,
          `${(startExisting / 1000).toFixed(2)} s`,
          existing.map((ms) => (ms / 1000).toFixed(2)).join(", "),
          `≤ ${TARGET_START_MS / 1000} s`,
          verdict(startExisting <= TARGET_START_MS),
        ],
        [
          "Empty data folder (migrations, demo content)",
          `${(startEmpty / 1000).toFixed(2)} s`,
          empty.map((ms) => (ms / 1000).toFixed(2)).join(", "),
          "",
          "",
        ],
      ],
    );
    const memoryTable = table(
      [`Resident memory, ${shipments.toLocaleString("en-US")} shipments (PGlite)`, "RSS", "Target", "Result"],
      [":---", "---:", "---:", ":---"],
      [
        ["After start, idle", `${mb(rssIdle)} MB`, "", ""],
        [
          `After ${trafficSeconds} s of mixed traffic (${requests} requests, ${failures} failed)`,
          `${mb(rssAfter)} MB`,
          `≤ ${TARGET_RSS_MB} MB`,
          verdict(mb(rssAfter) <= TARGET_RSS_MB),
        ],
        [
          "Peak (VmHWM) over the process's life",
          `${mb(rssPeak)} MB`,
          `≤ ${TARGET_RSS_MB} MB`,
          verdict(mb(rssPeak) <= TARGET_RSS_MB),
        ],
      ],
    );
    console.log(`${startTable}\n\n${memoryTable}`);
    const body = `
Start-up: the time from spawning the built app (\`node server.ts\`, production, as
\`scripts/lib/app-process.ts\` starts it) to the first 200 answer on \`GET /\`, polled every 10 ms. 'Existing
database': the embedded database (PGlite) with ${shipments.toLocaleString("en-US")} shipments and
${(shipments * 6).toLocaleString("en-US")} status entries (the data of the Tracking benchmark), started once
before the timed runs. 'Empty data folder': a first start, which creates the database, runs the migrations and
adds the demo content. Memory: the app's resident set size (VmRSS, /proc/<pid>/status) with that database,
idle after start and after ${trafficSeconds} s of closed-loop traffic (autocannon, ${TRAFFIC_CONNECTIONS} connections, gzip)
cycling through the home, services, blog, blog post, about and contact pages and tracking lookups of random
existing numbers; VmHWM is the peak resident set of the process. Targets: start ≤ ${TARGET_START_MS / 1000} s with an
existing database, RSS ≤ ${TARGET_RSS_MB} MB.

${environmentLines({ tools: ["autocannon"], loadBefore })}

${startTable}

${memoryTable}
`;
    return { heading: "Start-up and memory", body, ok };
  } finally {
    fs.rmSync(existingDir, { recursive: true, force: true });
  }
}
