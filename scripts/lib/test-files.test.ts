import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { listDatabaseTestFiles } from "./test-files.ts";

describe("listDatabaseTestFiles", () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "test-files-"));
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it("lists the test files that import a database setup module, and no others", () => {
    const write = (name: string, text: string) => {
      fs.mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
      fs.writeFileSync(path.join(root, name), text);
    };
    write("a/uses-db.test.ts", 'import { createTestDatabase } from "#tests/setup/test-db.ts";');
    write("a/b/uses-cli.test.tsx", "import { runCli } from '#tests/setup/cli.ts';");
    write("a/pure.test.ts", 'import { format } from "#app/lib/format.ts";');
    write("a/not-a-test.ts", 'import { createTestDatabase } from "#tests/setup/test-db.ts";');
    expect([...listDatabaseTestFiles([root])].map((file) => path.relative(root, file)).sort()).toEqual([
      "a/b/uses-cli.test.tsx",
      "a/uses-db.test.ts",
    ]);
  });

  it("finds this repository's database tests", () => {
    const files = [...listDatabaseTestFiles()];
    expect(files).toContain(path.join("app", "server", "shipments", "shipments.server.test.ts"));
    expect(files).not.toContain(path.join("app", "lib", "format.test.ts"));
  });
});
