import crypto from "node:crypto";
import fs from "node:fs";
import pg from "pg";
import { type AppProcess, startApp } from "../../../scripts/lib/app-process.ts";
import { type Cluster, findPostgresBin, removeCluster, startCluster } from "../../../scripts/lib/postgres.ts";
import { expect, test } from "../support/fixtures.ts";

// Exactly one outcome for a quote (decision 016): a customer who presses 'Accept quote' and 'Decline' in several
// tabs, the posts landing on two app instances on one PostgreSQL database, ends with one answer, recorded
// once, and staff are told once. Starts its own throwaway PostgreSQL cluster and two app processes from the
// current build.

test("accepting and declining one quote at once through two instances records one outcome and tells staff once", async () => {
  test.setTimeout(180_000);
  const bin = findPostgresBin();
  if (!bin) {
    if (process.env.CI === "true") throw new Error("PostgreSQL binaries are needed for this test in CI");
    console.warn(
      "\n*** quote-answer-two-instances: no PostgreSQL binaries here; the check did NOT run ***\n",
    );
    return;
  }
  let cluster: Cluster | undefined;
  let client: pg.Client | undefined;
  const apps: AppProcess[] = [];
  try {
    cluster = await startCluster(bin);
    const env = { DATABASE_URL: cluster.url, SEED_DEMO: "false", FORM_RATE_LIMIT: "1000" };
    // One after the other: the first one migrates the database.
    const a = await startApp({ env });
    apps.push(a);
    const b = await startApp({ env });
    apps.push(b);

    // A request through the website, and a quote sent for it (written as sendQuote leaves it).
    const email = `twin-answer-${Date.now().toString(36)}@example.com`;
    const asked = await fetch(`${a.url}/contact`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: a.url },
      body: new URLSearchParams({
        intent: "quote",
        firstName: "Musu",
        lastName: "Flomo",
        email,
        cityDeparture: "Monrovia",
        deliveryCity: "Accra",
        parcelType: "Pallets",
        weight: "250 kg",
        freightTypes: "sea",
      }),
    });
    expect(asked.status).toBe(200);
    client = new pg.Client({ connectionString: cluster.url });
    await client.connect();
    const token = crypto.randomBytes(32).toString("base64url");
    const tokenHash = crypto.createHash("sha256").update(token).digest("hex");
    const { rows } = await client.query(
      `with request as (select id from quote_requests where email = $1),
            quote as (
              insert into quotes (quote_request_id, version, state, currency, total_minor, valid_until,
                                  expires_at, token_hash, sent_at)
              select id, 1, 'sent', 'USD', 143550, current_date + 14, now() + interval '15 days', $2, now()
                from request returning id, quote_request_id
            ),
            line as (insert into quote_lines (quote_id, position, description, amount_minor)
                     select id, 0, 'Ocean freight', 143550 from quote)
       update quote_requests set quote_state = 'sent', quote_expires_at = now() + interval '15 days'
         from quote where quote_requests.id = quote.quote_request_id returning quote.id`,
      [email, tokenHash],
    );
    const quoteId = rows[0].id as string;

    // Eight tabs at once: accepting on A, declining on B.
    const answer = (app: AppProcess, intent: "accept" | "decline", n: number) =>
      fetch(`${app.url}/quote/${token}`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: app.url },
        body: new URLSearchParams(
          intent === "accept" ? { intent, name: `Musu Flomo ${n}` } : { intent, comment: `No thanks ${n}` },
        ),
      }).then((response) => response.status);
    const statuses = await Promise.all([
      ...[1, 2, 3, 4].map((n) => answer(a, "accept", n)),
      ...[1, 2, 3, 4].map((n) => answer(b, "decline", n)),
    ]);
    // One post wins (200); every other one finds the quote answered (409).
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(7);

    const { rows: quote } = await client.query(
      "select state, accepted_at, accepted_name, declined_at, decline_comment from quotes where id = $1",
      [quoteId],
    );
    const row = quote[0];
    expect(["accepted", "declined"]).toContain(row.state);
    if (row.state === "accepted") {
      expect(row.accepted_name).toMatch(/^Musu Flomo [1-4]$/);
      expect([row.declined_at, row.decline_comment]).toEqual([null, null]);
    } else {
      expect(row.decline_comment).toMatch(/^No thanks [1-4]$/);
      expect([row.accepted_at, row.accepted_name]).toEqual([null, null]);
    }
    const { rows: request } = await client.query("select quote_state from quote_requests where email = $1", [
      email,
    ]);
    expect(request[0].quote_state).toBe(row.state);
    // Staff are told once, however many posts came.
    const { rows: mails } = await client.query(
      "select count(*)::int as n from outbox where subject like 'Quote % by Musu Flomo'",
    );
    expect(mails[0].n).toBe(1);
    // The page says so, on either instance.
    const page = await (await fetch(`${b.url}/quote/${token}`)).text();
    expect(page).toContain(row.state === "accepted" ? "This quote was accepted" : "This quote was declined");
  } finally {
    await client?.end();
    for (const app of apps) {
      await app.stop("SIGKILL").catch(() => {});
      fs.rmSync(app.dataDir, { recursive: true, force: true });
    }
    if (cluster) removeCluster(cluster);
  }
});
