// `npm run build`: the production build, stamped so `npm start` knows it is current.
import path from "node:path";
import { buildSite } from "./lib/build-state.ts";

if (!buildSite(path.resolve(process.env.BUILD_DIR ?? "build"))) process.exit(1);
