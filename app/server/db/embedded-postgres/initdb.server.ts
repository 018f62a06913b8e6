// The embedded server's cluster: made once by initdb (in a folder of its own, renamed into place), with a
// generated superuser password; later starts read that password. See ../embedded-postgres.server.ts.
import { spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  type Binaries,
  EmbeddedDatabaseError,
  type RunAs,
} from "#app/server/db/embedded-postgres/host.server.ts";

const POSTGRES_MAJOR = "18";

/** The password of the folder's cluster, read, or made with the cluster (initdb) at the first start. */
export function initialiseCluster(server: {
  dataDir: string;
  clusterDir: string;
  passwordPath: string;
  binaries: Binaries;
  runAs: RunAs;
  durable: boolean;
}): string {
  if (fs.existsSync(path.join(server.clusterDir, "PG_VERSION"))) {
    const major = fs.readFileSync(path.join(server.clusterDir, "PG_VERSION"), "utf8").trim();
    if (major !== POSTGRES_MAJOR) {
      throw new EmbeddedDatabaseError(
        `${server.clusterDir} was made by PostgreSQL ${major}; this app runs PostgreSQL ${POSTGRES_MAJOR}. Back it up ` +
          `with the release that made it (npm run backup), move ${server.clusterDir} away, then start this release and ` +
          "load the backup (npm run restore FILE).",
      );
    }
    return fs.readFileSync(server.passwordPath, "utf8").trim();
  }
  // initdb works in a folder of its own and the result is renamed into place: an interrupted first
  // start never leaves a half-made cluster behind, and two first starts can never both win.
  for (const name of fs.readdirSync(server.dataDir)) {
    if (name.startsWith("postgres.init-"))
      fs.rmSync(path.join(server.dataDir, name), { recursive: true, force: true });
  }
  const password = crypto.randomBytes(24).toString("base64url");
  fs.writeFileSync(server.passwordPath, `${password}\n`, { mode: 0o600 });
  const workDir = path.join(server.dataDir, `postgres.init-${process.pid}`);
  fs.mkdirSync(workDir, { mode: 0o700 });
  const pwFile = path.join(os.tmpdir(), `freight-pw-${crypto.randomUUID()}`);
  fs.writeFileSync(pwFile, password, { mode: 0o600 });
  try {
    if (server.runAs) {
      fs.chownSync(workDir, server.runAs.uid, server.runAs.gid);
      fs.chownSync(pwFile, server.runAs.uid, server.runAs.gid);
    }
    const result = spawnSync(
      server.binaries.initdb,
      [
        "-D",
        workDir,
        "-U",
        "postgres",
        `--pwfile=${pwFile}`,
        "--auth=scram-sha-256",
        "--encoding=UTF8",
        "--locale-provider=builtin",
        "--builtin-locale=C.UTF-8",
        "--locale=C",
        "--no-instructions",
        ...(server.durable ? [] : ["--no-sync"]),
      ],
      {
        encoding: "utf8",
        uid: server.runAs?.uid,
        gid: server.runAs?.gid,
        env: { ...process.env, LC_ALL: "C" },
      },
    );
    if (result.status !== 0) {
      throw new EmbeddedDatabaseError(
        `Could not create the database in ${server.dataDir}: ${(result.stderr || result.error?.message || "").trim()}`,
      );
    }
    fs.renameSync(workDir, server.clusterDir);
  } finally {
    fs.rmSync(pwFile, { force: true });
    fs.rmSync(workDir, { recursive: true, force: true });
  }
  return password;
}
