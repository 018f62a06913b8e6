import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "./postgres.ts";

/**
 * Node flags the app runs with (`npm start` passes the same): V8 otherwise grows its young generation
 * to 64 MB per semi-space on a large machine, ~80 MB more after traffic for no measurable speed
 * (docs/benchmarks.md, memory notes).
 */
export const APP_NODE_FLAGS = ["--max-semi-space-size=16"];

/**
 * The app's environment defaults (`npm start` sets the same; a value already in the environment wins): glibc's
 * malloc otherwise keeps up to 8 arenas per core, one for each thread that allocates (V8's compiler and GC
 * threads, libuv's pool), and each keeps the memory freed in it; two arenas kept ~20 MB less (medians) after traffic
 * and after printing PDFs for no measurable CPU (docs/benchmarks.md, memory notes; decision 032).
 */
export const APP_ENV: Record<string, string> = { MALLOC_ARENA_MAX: "2" };

export type AppProcess = {
  url: string;
  port: number;
  dataDir: string;
  child: ChildProcess;
  output: () => string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
};

/** Starts the built app (`node server.ts`) on a free port with its own database, and waits until it answers. */
export async function startApp({
  env = {},
  nodeFlags = APP_NODE_FLAGS,
  buildDir = path.resolve(process.env.BUILD_DIR ?? "build"),
  dataDir,
  timeoutMs = 30_000,
}: {
  env?: Record<string, string>;
  /** Node's own flags for the app, APP_NODE_FLAGS unless a benchmark tries others. */
  nodeFlags?: string[];
  buildDir?: string;
  dataDir?: string;
  timeoutMs?: number;
} = {}): Promise<AppProcess> {
  const port = await freePort();
  const dir = dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "freight-app-"));
  let output = "";
  const child = spawn(process.execPath, [...nodeFlags, "server.ts"], {
    env: {
      ...APP_ENV,
      ...process.env,
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dir,
      BUILD_DIR: buildDir,
      SITE_URL: `http://127.0.0.1:${port}`,
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The app exited during start:\n${output}`);
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok) break;
    } catch {}
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`The app did not start within ${timeoutMs} ms:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    port,
    dataDir: dir,
    child,
    output: () => output,
    async stop(signal = "SIGTERM") {
      if (child.exitCode === null) child.kill(signal);
      return exited;
    },
  };
}
