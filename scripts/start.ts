// `npm start`: builds when the build is missing or older than the sources, then serves it.
import path from "node:path";
import { buildSite, isBuildCurrent } from "./lib/build-state.ts";

const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
if (!isBuildCurrent(buildDir)) {
  console.log("Building the site (first start, or the sources changed)...");
  if (!buildSite(buildDir)) {
    console.error("The build failed; see the messages above.");
    process.exit(1);
  }
}
process.env.NODE_ENV ??= "production";
await import("../server.ts");
