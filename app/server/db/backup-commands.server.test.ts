// `npm run backup` and `npm run restore` as an operator runs them: the backup joins a running embedded site and
// writes a file beside the caller, the restore loads it into another folder's database, and each says what it
// did (or why it refused) in one line. The backup and restore themselves are tested in backup.server.test.ts.
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getMediaFile } from "#app/server/blog/media.server.ts";
import { TABLES_LEFT_OUT } from "#app/server/db/backup.server.ts";
import {
  APP_TABLES,
  expectSameContent,
  fillSite,
  png,
  snapshot,
} from "#app/server/db/backup.test-support.ts";
import { type Database, migrateDatabase, openDatabase } from "#app/server/db/client.server.ts";
import { makeTempParent, runScript } from "#tests/setup/cli.ts";

// Closed even when a test fails halfway.
const opened: Database[] = [];
afterAll(async () => {
  for (const database of opened) await database.close().catch(() => {});
});

describe("npm run backup and npm run restore", () => {
  let parent: string;

  beforeAll(() => {
    parent = makeTempParent("backup-cli-");
  });
  afterAll(() => fs.rmSync(parent, { recursive: true, force: true }));

  function run(script: string, args: string[], dataDir: string) {
    // npm runs scripts in the app's folder and names the caller's folder in INIT_CWD.
    return runScript({ script, args, dataDir, env: { INIT_CWD: parent } });
  }

  it("backs up a running embedded site and restores it into another folder", {
    timeout: 180_000,
  }, async () => {
    const siteDir = path.join(parent, "site");
    const site = await openDatabase({ dataDir: siteDir });
    opened.push(site);
    await migrateDatabase(site);
    const { filename } = await fillSite(site);
    const siteRows = await snapshot(site);

    // The site keeps running (this process holds the server) while the backup joins it.
    const backup = await run("scripts/backup.ts", [], siteDir);
    expect(backup.stderr).toBe("");
    expect(backup.code).toBe(0);
    const written = fs.readdirSync(parent).filter((name) => /^backup-\d{8}-\d{6}\.ndjson\.gz$/.test(name));
    expect(written).toHaveLength(1);
    const name = written[0]!;
    expect(fs.statSync(path.join(parent, name)).mode & 0o777).toBe(0o600);
    const kept = APP_TABLES.filter((table) => !TABLES_LEFT_OUT.includes(table)).length;
    expect(backup.stdout).toMatch(
      new RegExp(`Wrote ${name} \\(\\d+(\\.\\d)? kB\\): \\d+ rows in ${kept} tables`),
    );
    expect(backup.stdout).toContain(`shipments ${siteRows.shipments!.length},`);
    expect(backup.stdout).toContain("Left out by design");

    const restoredDir = path.join(parent, "restored");
    const restore = await run("scripts/restore.ts", [name], restoredDir);
    expect(restore.stderr).toBe("");
    expect(restore.code).toBe(0);
    expect(restore.stdout).toMatch(new RegExp(`Restored .* \\d+ rows in ${kept} tables`));

    const again = await run("scripts/restore.ts", [name], restoredDir);
    expect(again.code).toBe(1);
    expect(again.stderr.trim().split("\n")).toHaveLength(1);
    expect(again.stderr).toContain("The database already holds data");

    const missing = await run("scripts/restore.ts", ["nothing-here.ndjson.gz"], restoredDir);
    expect(missing.code).toBe(1);
    expect(missing.stderr.trim()).toBe(`${path.join(parent, "nothing-here.ndjson.gz")} does not exist.`);

    const usage = await run("scripts/restore.ts", [], restoredDir);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain("Usage: npm run restore");

    const restored = await openDatabase({ dataDir: restoredDir });
    opened.push(restored);
    expectSameContent(siteRows, await snapshot(restored));
    const media = await getMediaFile({ db: restored.db, filename });
    expect(Buffer.from(media!.data).equals(png)).toBe(true);
    await restored.close();
    await site.close();
  });
});
