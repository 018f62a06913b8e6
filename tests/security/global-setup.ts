// The one app of `npm run test:security`: built if the build is not current, run on its embedded PostgreSQL
// server in a throwaway DATA_DIR (started here first, without fsync: the speed of a test database; the test
// files join that server and read the tables to prove that refused input changed nothing). The admin signs in
// and the fixtures are made through the app; test files get all of it through `inject("security")`. At the
// end: the requests every file sent, and the app's last lines if a test failed.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { type AppProcess, startApp } from "../../scripts/lib/app-process.ts";
import { buildSite, isBuildCurrent } from "../../scripts/lib/build-state.ts";
import { startMomoStandIn } from "../fakes/mtn-momo-server.ts";
import { Client, reportTo } from "./client.ts";
import { appEnv, createFixtures } from "./fixtures.ts";
import type { RequestCount } from "./harness.ts";
import { ADMIN_EMAIL, ADMIN_PASSWORD, requestsOf } from "./requests.ts";
import { embeddedStore, type Store } from "./store.ts";

export default async function setup(project: TestProject) {
  const started = Date.now();
  const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
  if (!isBuildCurrent(buildDir) && !buildSite(buildDir)) throw new Error("the production build failed");

  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), "freight-security-run-"));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "freight-security-"));
  const store: Store = await embeddedStore(dataDir, { durable: false });
  // Mobile money online is on, through the local MTN stand-in: its callback route checks what it receives.
  const momo = await startMomoStandIn({ currency: "USD" });
  let app: AppProcess;
  try {
    app = await startApp({ buildDir, env: { ...appEnv, ...momo.env() }, dataDir });
  } catch (error) {
    await momo.close();
    await store.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  // The app's output so far and from now on, for the check that it logged no errors.
  const appLog = path.join(runDir, "app.log");
  fs.writeFileSync(appLog, app.output());
  for (const stream of [app.child.stdout!, app.child.stderr!]) {
    stream.on("data", (chunk: Buffer) => fs.appendFileSync(appLog, chunk));
  }

  const stop = async () => {
    await app.stop();
    await momo.close();
    // The last process of the DATA_DIR to leave stops its server; only then do its files go.
    await store.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };

  const client = new Client(app.url);
  const setupProblems: string[] = [];
  reportTo((problem) => setupProblems.push(problem));
  let adminToken = "";
  try {
    const { sent, token } = await requestsOf(client, () => adminToken).login(ADMIN_EMAIL, ADMIN_PASSWORD);
    if (!token) throw new Error(`the admin could not sign in (status ${sent.status})`);
    adminToken = token;
    const made = await createFixtures(requestsOf(client, () => adminToken));
    // A customer of the fixture shipment's shipper, for the account pages' actions (issue 29).
    const customerToken = await store.createCustomerSession("shipper", made.shipper);
    const fixtures = { ...made, customerCookie: `customer_session=${customerToken}` };
    project.provide("security", {
      url: app.url,
      dataDir,
      buildDir,
      adminToken,
      fixtures,
      setupProblems,
      runDir,
    });
  } catch (error) {
    console.log(`App output (last lines):\n${app.output().slice(-3000)}`);
    await stop();
    throw error;
  }

  return async () => {
    await stop();
    if (fs.existsSync(path.join(runDir, "failed"))) {
      console.log(`\nApp output (last lines):\n${app.output().slice(-3000)}`);
    }
    const counts: RequestCount[] = fs.existsSync(path.join(runDir, "requests.jsonl"))
      ? fs
          .readFileSync(path.join(runDir, "requests.jsonl"), "utf8")
          .trim()
          .split("\n")
          .filter(Boolean)
          .map((line) => JSON.parse(line))
      : [];
    fs.rmSync(runDir, { recursive: true, force: true });
    const sum = (key: "requests" | "corpus" | "ownApps") => counts.reduce((n, c) => n + c[key], 0);
    console.log(
      `\nsecurity: ${client.requests + sum("requests")} requests to the app (${client.requests} making the fixtures, ${sum("corpus")} with the corpus) from ${counts.length} file${counts.length === 1 ? "" : "s"}, ${sum("ownApps")} to the apps of the rate-limit checks; ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  };
}
