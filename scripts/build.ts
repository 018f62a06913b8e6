// `npm run build`: the production build, stamped so `npm start` knows it is current. With `--when-stale` (npm test)
// a build already made from the same sources is kept.
import path from "node:path";
import { buildSite, isBuildCurrent } from "./lib/build-state.ts";

const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
if (process.argv.includes("--when-stale") && isBuildCurrent(buildDir)) {
  console.log(`The build in ${buildDir} is current: kept.`);
} else if (!buildSite(buildDir)) {
  process.exit(1);
}
