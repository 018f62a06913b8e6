import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freeLoopbackPort } from "#app/server/db/embedded-postgres.server.ts";

/** A free TCP port on 127.0.0.1 (the embedded server's own helper). */
export const freePort = freeLoopbackPort;

/** The oldest PostgreSQL major version the app supports; CI runs the integration suite on it too. */
export const OLDEST_POSTGRES = "15";

/**
 * The bin folder of a PostgreSQL installed from Debian's packages: the given major version, or else the
 * oldest installed (the compatibility run wants the oldest server we support).
 */
export function findPostgresBin(version = OLDEST_POSTGRES): string | undefined {
  const root = "/usr/lib/postgresql";
  if (!fs.existsSync(root)) return undefined;
  const versions = fs
    .readdirSync(root)
    .filter((v) => fs.existsSync(path.join(root, v, "bin", "initdb")))
    .sort((a, b) => Number(a) - Number(b));
  const chosen = versions.includes(version) ? version : versions[0];
  return chosen ? path.join(root, chosen, "bin") : undefined;
}

export type Cluster = {
  url: string;
  port: number;
  dir: string;
  bin: string;
  stop(): void;
  start(): void;
  kill(): void;
};

/**
 * Starts a throwaway PostgreSQL cluster on 127.0.0.1 and a free port. PostgreSQL refuses to run as
 * root, so as root it runs as the `postgres` user.
 */
export async function startCluster(
  bin: string,
  { durable = false }: { durable?: boolean } = {},
): Promise<Cluster> {
  const asRoot = process.getuid?.() === 0;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "freight-pg-"));
  if (asRoot) execFileSync("chown", ["postgres", dir]);
  const run = (cmd: string, args: string[]) => {
    const [file, argv] = asRoot
      ? ["runuser", ["-u", "postgres", "--", path.join(bin, cmd), ...args]]
      : [path.join(bin, cmd), args];
    const result = spawnSync(file, argv, { encoding: "utf8" });
    if (result.status !== 0) throw new Error(`${cmd} failed: ${result.stderr || result.stdout}`);
  };
  const data = path.join(dir, "data");
  run("initdb", ["-D", data, "-A", "trust", "-U", "postgres", "-E", "UTF8", "--no-sync"]);
  const port = await freePort();
  // Tests trade crash safety for speed; the durability tests need a server that keeps its promises.
  const speed = durable ? "" : " -c fsync=off -c synchronous_commit=off -c full_page_writes=off";
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200${speed}`;
  const start = () => run("pg_ctl", ["-D", data, "-o", options, "-l", path.join(dir, "log"), "-w", "start"]);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    dir,
    bin,
    start,
    stop() {
      run("pg_ctl", ["-D", data, "-m", "fast", "-w", "stop"]);
    },
    kill() {
      run("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]);
    },
  };
}

export function removeCluster(cluster: Cluster): void {
  try {
    cluster.stop();
  } catch {}
  fs.rmSync(cluster.dir, { recursive: true, force: true });
}
