import fs from "node:fs";
import path from "node:path";

export class DataDirLockedError extends Error {
  override name = "DataDirLockedError";
}

/** Folders this process holds; a second open in the same process is refused as well. */
const held = new Set<string>();

/** The kernel's start time of a process (Linux), so a reused pid is not mistaken for the holder. */
function startTimeOf(pid: number): string | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command name (which may contain spaces) start after the last ')'.
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19];
  } catch {
    return undefined;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function describeSelf(): string {
  return `${process.pid} ${startTimeOf(process.pid) ?? ""}`.trim();
}

function holderIsAlive(content: string): { alive: boolean; pid: number } {
  const [pidText, startTime] = content.trim().split(" ");
  const pid = Number.parseInt(pidText ?? "", 10);
  if (!Number.isFinite(pid) || pid <= 0) return { alive: false, pid };
  if (pid === process.pid) return { alive: false, pid };
  if (!isAlive(pid)) return { alive: false, pid };
  const current = startTimeOf(pid);
  // Same pid but a different process (pid reused after a crash): the lock is stale.
  if (startTime && current && current !== startTime) return { alive: false, pid };
  return { alive: true, pid };
}

/**
 * Takes an exclusive lock on the PGlite data folder: PGlite serves one process only and a second
 * process on the same folder corrupts it. A lock left by a dead process is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  const dir = path.resolve(dataDir);
  const lockPath = path.join(dir, "app.lock");
  const inUse = (pid: number) =>
    new DataDirLockedError(
      `The database folder ${dir} is in use by another process (pid ${pid}). ` +
        "The embedded database serves one process only: stop the other one, or use DATABASE_URL " +
        "with a PostgreSQL server to run several instances.",
    );
  if (held.has(dir)) throw inUse(process.pid);
  const me = describeSelf();
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(lockPath, me, { flag: "wx" });
      held.add(dir);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        held.delete(dir);
        try {
          if (fs.readFileSync(lockPath, "utf8") === me) fs.unlinkSync(lockPath);
        } catch {}
      };
      process.once("exit", release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = holderIsAlive(fs.readFileSync(lockPath, "utf8"));
      if (holder.alive) throw inUse(holder.pid);
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock ${dir}.`);
}
