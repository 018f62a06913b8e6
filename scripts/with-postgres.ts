// Runs a command against a throwaway PostgreSQL cluster: `node scripts/with-postgres.ts npx vitest run <files>`.
// The command gets TEST_DATABASE_URL.
import { spawnSync } from "node:child_process";
import { findPostgresBin, removeCluster, startCluster } from "./lib/postgres.ts";

const bin = findPostgresBin();
if (!bin) {
  console.error("No PostgreSQL server binaries found: apt-get install -y postgresql");
  process.exit(1);
}
const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error("Usage: node scripts/with-postgres.ts <command> [args…]");
  process.exit(2);
}
const cluster = await startCluster(bin);
let status = 1;
try {
  status =
    spawnSync(command, args, {
      stdio: "inherit",
      env: { ...process.env, TEST_DATABASE_URL: cluster.url },
    }).status ?? 1;
} finally {
  removeCluster(cluster);
}
process.exit(status);
