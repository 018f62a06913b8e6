// What every test file of the security suite shares: the app the global setup started (its URL, its database,
// the signed-in admin and the fixtures, through `inject`), a Client counting its requests, and `attack`, a test
// that collects every problem of its check group (its own and those the Client finds in any answer: a 5xx, a
// stack trace, markup that could run) and fails with the list, as the former ✓/✗ groups did.
import fs from "node:fs";
import path from "node:path";
import { afterAll, expect, inject, onTestFailed, test } from "vitest";
import { Client, reportTo } from "./client.ts";
import { requestsOf } from "./requests.ts";
import { changedParts, embeddedStore, type Store } from "./store.ts";
import type { Fixtures } from "./targets.ts";

export type SuiteContext = {
  /** The app's address. */
  url: string;
  /** The DATA_DIR of the app's embedded PostgreSQL server (the suite joins it to read the tables). */
  dataDir: string;
  buildDir: string;
  /** The admin's session, signed in by the global setup. */
  adminToken: string;
  /** A customer's session (decision 029): a member of the company of the fixtures' shipper and consignee. */
  customerToken: string;
  fixtures: Fixtures;
  /** Problems the Client found while the global setup made the fixtures. */
  setupProblems: string[];
  /** The app's output (app.log), the requests each file sent (requests.jsonl), a mark of failure (failed). */
  runDir: string;
};

declare module "vitest" {
  export interface ProvidedContext {
    security: SuiteContext;
  }
}

/** One line of requests.jsonl: what a test file sent. */
export type RequestCount = { file: string; requests: number; corpus: number; ownApps: number };

let problems: string[] = [];
/** The file of the last test run (for its line in requests.jsonl). */
let lastFile = "";
export const fail = (problem: string) => {
  problems.push(problem);
};
/** A soft check: a false `condition` adds `problem` to the running test's list. */
export function check(condition: unknown, problem: string): boolean {
  if (!condition) fail(problem);
  return Boolean(condition);
}

/** A store whose embedded-server lease is taken at its first use and given back after the file. */
function lazyStore(dataDir: string): Store & { opened: boolean } {
  let opened: Promise<Store> | undefined;
  const get = () => {
    opened ??= embeddedStore(dataDir, { durable: false });
    return opened;
  };
  return {
    get opened() {
      return opened !== undefined;
    },
    fingerprint: async () => (await get()).fingerprint(),
    countWhere: async (...args) => (await get()).countWhere(...args),
    sessionCount: async () => (await get()).sessionCount(),
    expireSession: async (...args) => (await get()).expireSession(...args),
    createCustomerSession: async (...args) => (await get()).createCustomerSession(...args),
    createDatabase: async (...args) => (await get()).createDatabase(...args),
    countRows: async (...args) => (await get()).countRows(...args),
    close: async () => {
      if (opened) await (await opened).close();
    },
  };
}

/** The app of this run, for one test file: requests (counted), its database, the admin, the fixtures. */
export function connect() {
  const context = inject("security");
  const client = new Client(context.url);
  const store = lazyStore(context.dataDir);
  const counts = { corpus: 0, ownApps: 0 };
  afterAll(async () => {
    const line: RequestCount = {
      file: path.basename(lastFile),
      requests: client.requests,
      ...counts,
    };
    fs.appendFileSync(path.join(context.runDir, "requests.jsonl"), `${JSON.stringify(line)}\n`);
    await store.close();
  });

  /** Runs `work` and reports what it changed in the database. */
  async function unchanged(what: string, work: () => Promise<void>) {
    const before = await store.fingerprint();
    await work();
    const changed = changedParts(before, await store.fingerprint());
    check(changed.length === 0, `${what} changed the database: ${changed.join(", ")}`);
  }

  return {
    ...requestsOf(client, () => context.adminToken),
    context,
    /** The Cookie header of the customer's session (the account's pages and actions). */
    customerCookie: () => `customer_session=${context.customerToken}`,
    f: context.fixtures,
    store,
    unchanged,
    /** Requests counted apart: those of the corpus (a part of all), those to an app of a check's own. */
    counts,
  };
}

/**
 * A check group as one test: `body` checks softly (`check`, `fail`) and returns what it did (printed); the
 * test fails with the problems found (the first 15 distinct ones), or with the error `body` threw.
 */
export function attack(name: string, body: () => Promise<string | undefined>) {
  test(name, async () => {
    const runDir = inject("security").runDir;
    onTestFailed(() => fs.writeFileSync(path.join(runDir, "failed"), name));
    problems = [];
    reportTo(fail);
    lastFile = expect.getState().testPath ?? "";
    let detail: string | undefined;
    try {
      detail = await body();
    } catch (error) {
      if (problems.length > 0) console.log(`problems before the error:\n- ${problems.join("\n- ")}`);
      throw error;
    }
    if (detail) console.log(detail);
    const distinct = [...new Set(problems)];
    const shown =
      distinct.length > 15 ? [...distinct.slice(0, 15), `… and ${distinct.length - 15} more`] : distinct;
    expect(shown, `${problems.length} problem${problems.length === 1 ? "" : "s"}`).toEqual([]);
  });
}

export type App = ReturnType<typeof connect>;
