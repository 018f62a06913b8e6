// The app logged no errors and answered no 5xx over the run (its output, kept by the global setup).
import fs from "node:fs";
import path from "node:path";
import { attack, connect, fail, type RequestCount } from "./harness.ts";

const { client, context } = connect();

attack("the app logged no errors and answered no 5xx", async () => {
  const lines = fs
    .readFileSync(path.join(context.runDir, "app.log"), "utf8")
    .split("\n")
    .filter((l) => /"level":(50|60)/.test(l));
  // React Router's own 4xx answers (405 for a POST to a page without an action) reach handleError too.
  const routerAnswers = lines.filter(
    (l) => /"err":\{"status":4\d\d,/.test(l) && l.includes('"internal":true'),
  );
  for (const line of lines.filter((l) => !routerAnswers.includes(l)).slice(0, 10)) {
    fail(`error logged: ${line.slice(0, 300)}`);
  }
  const note = routerAnswers.length
    ? `; ${routerAnswers.length} router 4xx answers logged at error level`
    : "";
  const requests = fs
    .readFileSync(path.join(context.runDir, "requests.jsonl"), { encoding: "utf8", flag: "a+" })
    .split("\n")
    .filter(Boolean)
    .reduce((n, line) => n + (JSON.parse(line) as RequestCount).requests, client.requests);
  return `${requests} requests in the run so far, besides the fixtures'${note}`;
});
