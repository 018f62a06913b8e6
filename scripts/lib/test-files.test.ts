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
    // Written so that this file itself does not read as a database test.
    const setup = (name: string) => `"#tests/setup/${name}.ts"`;
    write("a/uses-db.test.ts", `import { createTestDatabase } from ${setup("test-db")};`);
    write("a/b/uses-instances.test.tsx", `import { startInstances } from ${setup("app-instances")};`);
    write("a/uses-cli.test.ts", `import { runScript } from ${setup("cli")};`);
    write("a/pure.test.ts", 'import { format } from "#app/lib/format.ts";');
    write("a/not-a-test.ts", `import { createTestDatabase } from ${setup("test-db")};`);
    expect([...listDatabaseTestFiles([root])].map((file) => path.relative(root, file)).sort()).toEqual([
      "a/b/uses-instances.test.tsx",
      "a/uses-db.test.ts",
    ]);
  });

  it("finds this repository's database tests", () => {
    const files = [...listDatabaseTestFiles()];
    expect(files).toContain(path.join("app", "server", "shipments", "shipments.server.test.ts"));
    expect(files).toContain(path.join("tests", "setup", "staff-session.test.ts"));
    expect(files).not.toContain(path.join("app", "lib", "format.test.ts"));
    expect(files).not.toContain(path.join("scripts", "admin.test.ts"));
    expect(files).not.toContain(path.join("scripts", "lib", "test-files.test.ts"));
  });
});
