// Helpers for tests that run the project's commands as a person does: a real process, its own data folder.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export type ScriptRun = { code: number | null; stdout: string; stderr: string };

/**
 * Runs `node <script> …args` from the project folder, on the embedded database of `dataDir` (never a
 * DATABASE_URL from the caller's environment), with `stdin` written and closed.
 */
export function runScript({
  script,
  args = [],
  dataDir,
  env = {},
  stdin = "",
}: {
  script: string;
  args?: string[];
  dataDir: string;
  env?: Record<string, string>;
  stdin?: string;
}): Promise<ScriptRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, ...args], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", NODE_ENV: "production", ...env },
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.on("error", reject);
    child.on("exit", (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(stdin);
  });
}

/**
 * A temporary folder to hold data folders. As root, the database server runs as its own user, which must
 * be able to pass through it (mkdtemp makes it private).
 */
export function makeTempParent(prefix: string): string {
  const parent = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.chmodSync(parent, 0o755);
  return parent;
}
