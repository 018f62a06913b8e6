// Which Vitest files use the run's PostgreSQL server: those that import one of the test setup modules that open
// a database on it (a copy of the migrated template, app instances, an outbox process). `npm test` runs only
// these a second time, on the oldest PostgreSQL we support. The command-line tests (#tests/setup/cli.ts) run
// the commands on an embedded server of their own whatever the run's server is, so they need no second pass.
import fs from "node:fs";
import path from "node:path";

const DATABASE_SETUP = /["']#tests\/setup\/(test-db|app-instances|outbox-instance)\.ts["']/;
const TEST_FILE = /\.test\.tsx?$/;

export function* listDatabaseTestFiles(
  roots: string[] = ["app", "server", "scripts", "tests/setup"],
): Generator<string> {
  for (const root of roots) {
    if (!fs.existsSync(root)) continue;
    for (const entry of fs.readdirSync(root, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !TEST_FILE.test(entry.name)) continue;
      const file = path.join(entry.parentPath, entry.name);
      if (DATABASE_SETUP.test(fs.readFileSync(file, "utf8"))) yield file;
    }
  }
}
