import path from "node:path";
import { buildSite, isBuildCurrent } from "../../scripts/lib/build-state.ts";

const checked = Symbol.for("freight.resilience.buildChecked");

/**
 * The scenarios run the built app (`node server.ts`): build it before any file runs, unless it is current.
 * Each project of vitest.config.ts calls this; the first one checks (and builds), the others find it done.
 */
export default function setup() {
  const state = globalThis as { [checked]?: boolean };
  if (state[checked]) return;
  state[checked] = true;
  const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
  if (!isBuildCurrent(buildDir) && !buildSite(buildDir)) throw new Error("The build failed.");
}
