import { spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

const SOURCES = [
  "app",
  "server",
  "public",
  "package.json",
  "package-lock.json",
  "vite.config.ts",
  "react-router.config.ts",
  "tsconfig.json",
];

function* walk(entry: string): Generator<string> {
  const stat = fs.statSync(entry, { throwIfNoEntry: false });
  if (!stat) return;
  if (stat.isFile()) {
    yield entry;
    return;
  }
  for (const name of fs.readdirSync(entry).sort()) {
    if (name === "node_modules" || name.startsWith(".")) continue;
    yield* walk(path.join(entry, name));
  }
}

/** A hash of everything the production build is made from. */
export function sourceHash(root = process.cwd()): string {
  const hash = crypto.createHash("sha256");
  for (const source of SOURCES) {
    for (const file of walk(path.join(root, source))) {
      if (file.endsWith(".test.ts") || file.endsWith(".test.tsx")) continue;
      hash.update(path.relative(root, file));
      hash.update(fs.readFileSync(file));
    }
  }
  return hash.digest("hex");
}

const stampFile = (buildDir: string) => path.join(buildDir, ".source-hash");

export function isBuildCurrent(buildDir: string, root = process.cwd()): boolean {
  if (!fs.existsSync(path.join(buildDir, "server", "index.js"))) return false;
  const stamp = fs.readFileSync(stampFile(buildDir), { encoding: "utf8", flag: "a+" });
  return stamp === sourceHash(root);
}

export function markBuildCurrent(buildDir: string, root = process.cwd()): void {
  fs.writeFileSync(stampFile(buildDir), sourceHash(root));
}

/** Runs the production build and stamps it; returns false when the build failed. */
export function buildSite(buildDir: string): boolean {
  const result = spawnSync(process.execPath, ["node_modules/@react-router/dev/bin.cjs", "build"], {
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production", BUILD_DIR: buildDir },
  });
  if (result.status !== 0) return false;
  markBuildCurrent(buildDir);
  return true;
}
