// The suite's own footing: the global setup signed the admin in and made the fixtures through the app (its
// problems land here), and the payload corpus holds every kind of hostile value.
import { corpus, shapePayloads, valuePayloads } from "./corpus.ts";
import { attack, check, connect } from "./harness.ts";
import { actionTargets } from "./targets.ts";

const app = connect();
const { context, f, client } = app;

attack("setup: admin signs in, fixtures are created through the app", async () => {
  for (const problem of context.setupProblems) check(false, problem);
  check(context.adminToken !== "", "the admin did not sign in");
  for (const [name, value] of Object.entries(f)) check(value, `no fixture ${name}`);
  // The account pages' actions are posted as this customer: signed in, or they would only be redirected.
  const account = await client.send("/account/shipments", { cookie: app.customerCookie() });
  check(account.status === 200, `the fixture customer is not signed in (status ${account.status})`);
  return "database: the app's embedded PostgreSQL server (tables read directly)";
});

attack(`payload corpus (${corpus.length} payloads)`, async () => {
  const kinds = {
    sql: valuePayloads.filter((p) => p.name.startsWith("SQL")).length,
    html: valuePayloads.filter((p) => p.name.startsWith("HTML") || p.name.startsWith("URL")).length,
    control: valuePayloads.filter((p) => p.name.startsWith("control")).length,
    bytes: valuePayloads.filter((p) => typeof p.value !== "string").length,
    paths: valuePayloads.filter((p) => /path/i.test(p.name)).length,
    big: valuePayloads.filter((p) => p.single).length,
    shapes: shapePayloads.length,
  };
  check(corpus.length >= 40, `only ${corpus.length} payloads`);
  for (const [kind, count] of Object.entries(kinds)) check(count > 0, `no ${kind} payloads`);
  const { unknown } = actionTargets(f);
  if (unknown.length > 0)
    console.log(`  ! actions the suite does not know (sent generic posts): ${unknown.join(", ")}`);
  return Object.entries(kinds)
    .map(([k, n]) => `${n} ${k}`)
    .join(", ");
});
