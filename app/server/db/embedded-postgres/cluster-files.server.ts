// The files in DATA_DIR that processes sharing the embedded server go by: the cluster's postmaster.pid, the
// server's log, the control lock and the leases. See ../embedded-postgres.server.ts.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { EmbeddedDatabaseError } from "#app/server/db/embedded-postgres/host.server.ts";
import { isIdentityAlive, processIdentity } from "#app/server/db/processes.server.ts";

/** Longest Unix socket path the platform accepts (sun_path less its terminating NUL). */
export const MAX_SOCKET_PATH = process.platform === "linux" ? 107 : 103;
export const SOCKET_PORT = 5432;

export type PostmasterFile = { pid: number; port: number; socketDir: string; listen: string; status: string };

export function readPostmasterFile(clusterDir: string): PostmasterFile | undefined {
  let text: string;
  try {
    text = fs.readFileSync(path.join(clusterDir, "postmaster.pid"), "utf8");
  } catch {
    return undefined;
  }
  const lines = text.split("\n");
  return {
    pid: Number(lines[0]),
    port: Number(lines[3]),
    socketDir: (lines[4] ?? "").trim(),
    listen: (lines[5] ?? "").trim(),
    status: (lines[7] ?? "").trim(),
  };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function fileSize(file: string): number {
  try {
    return fs.statSync(file).size;
  } catch {
    return 0;
  }
}

/** What the server's log gained since `offset` (the messages of one start attempt). */
export function logSince(logPath: string, offset: number): string {
  try {
    const fd = fs.openSync(logPath, "r");
    const length = Math.max(0, Math.min(fileSize(logPath) - offset, 64 * 1024));
    const buffer = Buffer.alloc(length);
    fs.readSync(fd, buffer, 0, length, offset);
    fs.closeSync(fd);
    return buffer.toString("utf8");
  } catch {
    return "";
  }
}

/** The last lines of the server's log, for messages about why it stopped. */
export function logTail(logPath: string, lines = 8): string {
  try {
    const size = fs.statSync(logPath).size;
    const fd = fs.openSync(logPath, "r");
    const length = Math.min(size, 8192);
    const buffer = Buffer.alloc(length);
    fs.readSync(fd, buffer, 0, length, size - length);
    fs.closeSync(fd);
    return buffer.toString("utf8").trim().split("\n").slice(-lines).join("\n");
  } catch {
    return "";
  }
}

/** A lock held for a moment around starting, adopting and stopping; a holder that died is taken over. */
export async function withControlLock<T>(
  dataDir: string,
  timeoutMs: number,
  work: () => Promise<T>,
): Promise<T> {
  const lockPath = path.join(dataDir, "control.lock");
  const me = `${processIdentity()} ${crypto.randomUUID()}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      fs.writeFileSync(lockPath, me, { flag: "wx", mode: 0o600 });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      let holder = "";
      try {
        holder = fs.readFileSync(lockPath, "utf8");
      } catch {
        continue;
      }
      const identity = holder.split(" ")[0] ?? "";
      if (holder && !isIdentityAlive(identity)) {
        // Taken over only if it is still the same stale content (another process may have done it first).
        try {
          if (fs.readFileSync(lockPath, "utf8") === holder) fs.unlinkSync(lockPath);
        } catch {}
        continue;
      }
      if (Date.now() > deadline) {
        throw new EmbeddedDatabaseError(
          `Another process (${identity}) has been starting or stopping the database in ${dataDir} for too long.`,
        );
      }
      await sleep(50);
    }
  }
  try {
    return await work();
  } finally {
    try {
      if (fs.readFileSync(lockPath, "utf8") === me) fs.unlinkSync(lockPath);
    } catch {}
  }
}

export function liveLeases(leaseDir: string): string[] {
  let names: string[];
  try {
    names = fs.readdirSync(leaseDir);
  } catch {
    return [];
  }
  return names.filter((name) => {
    if (isIdentityAlive(name.split(".")[0]!)) return true;
    fs.rmSync(path.join(leaseDir, name), { force: true });
    return false;
  });
}
