import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { migrateDatabase, openDatabase } from "../../app/server/db/client.server.ts";
import { PGLITE_SNAPSHOT, POSTGRES_TEMPLATE, testDatabaseKind } from "./test-db.ts";

/** Migrates once per run: a PGlite snapshot or a PostgreSQL template database that each test file copies. */
export default async function setup() {
  if (testDatabaseKind() === "postgres") {
    const url = process.env.TEST_DATABASE_URL!;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query(`drop database if exists ${POSTGRES_TEMPLATE} with (force)`);
      await admin.query(`create database ${POSTGRES_TEMPLATE}`);
    } finally {
      await admin.end();
    }
    const templateUrl = new URL(url);
    templateUrl.pathname = `/${POSTGRES_TEMPLATE}`;
    const database = await openDatabase({ databaseUrl: templateUrl.href });
    await migrateDatabase(database);
    await database.close();
    return;
  }
  const database = await openDatabase({});
  await migrateDatabase(database);
  const dump = await database.pglite!.dumpDataDir("none");
  fs.mkdirSync(path.dirname(PGLITE_SNAPSHOT), { recursive: true });
  fs.writeFileSync(PGLITE_SNAPSHOT, Buffer.from(await dump.arrayBuffer()));
  await database.close();
}
