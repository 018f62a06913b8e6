// Which Vitest files open a database: those that import one of the test setup modules that create one
// (a database copied from the migrated template, app instances, an outbox process, the command-line tools).
// `npm test` runs only these a second time, on the oldest PostgreSQL we support.
import fs from "node:fs";
import path from "node:path";

const DATABASE_SETUP = /["']#tests\/setup\/(test-db|app-instances|outbox-instance|cli)\.ts["']/;
const TEST_FILE = /\.test\.tsx?$/;

export function* listDatabaseTestFiles(roots: string[] = ["app", "server", "scripts"]): Generator<string> {
  for (const root of roots) {
    if (!fs.existsSync(root)) continue;
    for (const entry of fs.readdirSync(root, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !TEST_FILE.test(entry.name)) continue;
      const file = path.join(entry.parentPath, entry.name);
      if (DATABASE_SETUP.test(fs.readFileSync(file, "utf8"))) yield file;
    }
  }
}
