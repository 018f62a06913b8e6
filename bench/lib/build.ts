// The benchmarks' own production build (default `.tmp/build-bench`, or BUILD_DIR), so they never rebuild the
// folder other tools serve. It is the normal build plus hidden client source maps (`*.js.map` beside each
// chunk, no `sourceMappingURL` comment, so the JavaScript bytes are the same): the page-weight section reads
// them to tell which source files each chunk holds.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { isBuildCurrent, markBuildCurrent } from "../../scripts/lib/build-state.ts";

export const benchBuildDir = () => path.resolve(process.env.BUILD_DIR ?? ".tmp/build-bench");

const hasSourceMaps = (buildDir: string) =>
  fs.existsSync(path.join(buildDir, "client", "assets")) &&
  fs.readdirSync(path.join(buildDir, "client", "assets")).some((name) => name.endsWith(".js.map"));

/** Builds into `buildDir` unless it is current already; returns false when the build failed. */
export function ensureBenchBuild(buildDir = benchBuildDir()): boolean {
  if (isBuildCurrent(buildDir) && hasSourceMaps(buildDir)) return true;
  console.log(`Building into ${path.relative(process.cwd(), buildDir)}…`);
  const result = spawnSync(
    process.execPath,
    ["node_modules/@react-router/dev/bin.cjs", "build", "--sourcemapClient", "hidden", "--logLevel", "warn"],
    { stdio: "inherit", env: { ...process.env, NODE_ENV: "production", BUILD_DIR: buildDir } },
  );
  if (result.status !== 0) return false;
  markBuildCurrent(buildDir);
  return true;
}
