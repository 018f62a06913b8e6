// Facts about other processes that the embedded database server's supervisor needs: whether a pid is
// alive, which program it runs, and when it started, so a recycled pid is never mistaken for ours.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

/** True while `pid` names a running process (a zombie that only awaits its parent counts as gone). */
export function isProcessAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EPERM") return false;
  }
  const stat = readProcStat(pid);
  return stat === undefined ? true : stat.state !== "Z" && stat.state !== "X";
}

/**
 * True while the kernel still has an entry for `pid`, zombies included: what PostgreSQL itself asks
 * (kill(pid, 0)) before it trusts a postmaster.pid to be stale.
 */
export function pidExists(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

type ProcStat = { state: string; startTicks: string };

function readProcStat(pid: number): ProcStat | undefined {
  try {
    const text = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name may contain spaces and parentheses: the fields resume after the last ')'.
    const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
    return { state: fields[0] ?? "", startTicks: fields[19] ?? "" };
  } catch {
    return undefined;
  }
}

/**
 * An identity of a process that survives pid reuse: its pid and the kernel's record of when it
 * started (Linux), or the pid alone where /proc is not available.
 */
export function processIdentity(pid = process.pid): string {
  const stat = readProcStat(pid);
  return stat ? `${pid}-${stat.startTicks}` : String(pid);
}

/** Whether an identity made by `processIdentity` still names the same live process. */
export function isIdentityAlive(identity: string): boolean {
  const [pidText, startTicks] = identity.split("-");
  const pid = Number(pidText);
  if (!isProcessAlive(pid)) return false;
  if (!startTicks) return true;
  return readProcStat(pid)?.startTicks === startTicks;
}

/** The command line of a process, as its arguments; undefined when it cannot be read. */
function commandLine(pid: number): string[] | undefined {
  try {
    const raw = fs.readFileSync(`/proc/${pid}/cmdline`, "utf8");
    return raw.split("\0").filter(Boolean);
  } catch {}
  if (process.platform === "linux") return undefined;
  // macOS and other Unixes: ask ps (arguments split on spaces, enough to find "-D <dir>").
  const result = spawnSync("ps", ["-p", String(pid), "-o", "command="], { encoding: "utf8" });
  return result.status === 0 ? result.stdout.trim().split(/\s+/) : undefined;
}

/**
 * True only when `pid` is a PostgreSQL server whose data directory is `dataDir`: its program is
 * `postgres` and it was started with `-D dataDir` (or works in that folder, where PostgreSQL's
 * postmaster moves at start). Anything else, however the pid got into postmaster.pid, is not ours.
 */
export function isPostmasterOf(pid: number, dataDir: string): boolean {
  if (!isProcessAlive(pid)) return false;
  const args = commandLine(pid);
  if (!args || args.length === 0) return false;
  if (path.basename(args[0]!) !== "postgres") return false;
  const wanted = path.resolve(dataDir);
  const flag = args.indexOf("-D");
  if (flag >= 0 && args[flag + 1] && path.resolve(args[flag + 1]!) === wanted) return true;
  try {
    return fs.realpathSync(`/proc/${pid}/cwd`) === fs.realpathSync(wanted);
  } catch {
    return false;
  }
}
