import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { migrateDatabase, openDatabase } from "#app/server/db/client.server.ts";
import { startEmbeddedPostgres } from "#app/server/db/embedded-postgres.server.ts";
import { POSTGRES_TEMPLATE, withDatabase } from "./test-server.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** A connection string to a database on the run's server in which tests may create databases. */
    testServerUrl: string;
  }
}

/**
 * One PostgreSQL server per run: the embedded server (PostgreSQL 18, as the app runs it), or the server
 * at TEST_DATABASE_URL (CI's PostgreSQL 15). It migrates a template database once; every test file
 * gets its own copy of it (CREATE DATABASE … TEMPLATE).
 */
export default async function setup(project: TestProject) {
  let serverUrl = process.env.TEST_DATABASE_URL;
  let stop = async () => {};
  if (!serverUrl) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "freight-test-pg-"));
    const embedded = await startEmbeddedPostgres({ dataDir, durable: false });
    serverUrl = embedded.urlFor("postgres");
    stop = async () => {
      await embedded.release();
      fs.rmSync(dataDir, { recursive: true, force: true });
    };
  }
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${POSTGRES_TEMPLATE} with (force)`);
    await admin.query(`create database ${POSTGRES_TEMPLATE}`);
  } finally {
    await admin.end();
  }
  const database = await openDatabase({ databaseUrl: withDatabase(serverUrl, POSTGRES_TEMPLATE) });
  await migrateDatabase(database);
  await database.close();
  project.provide("testServerUrl", serverUrl);
  return stop;
}
