import fs from "node:fs";
import { type AppProcess, startApp } from "../../../scripts/lib/app-process.ts";
import { type Cluster, findPostgresBin, removeCluster, startCluster } from "../../../scripts/lib/postgres.ts";
import { expect, test } from "../support/fixtures.ts";

// Two app instances on one PostgreSQL database: a quote request saved through instance A reaches an admin's
// event stream opened on instance B (LISTEN/NOTIFY), and B still stops promptly on SIGTERM with the stream
// open. Starts its own throwaway PostgreSQL cluster and two app processes from the current build.

const ADMIN = { email: "two-instances@example.com", password: "two instances admin passphrase" };

async function signIn(app: AppProcess): Promise<string> {
  const response = await fetch(`${app.url}/admin-login`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: app.url },
    body: new URLSearchParams({ ...ADMIN, redirectTo: "/admin/dashboard" }),
  });
  expect(response.status, await response.clone().text()).toBe(302);
  const session = response.headers.getSetCookie().find((cookie) => cookie.startsWith("admin_session="));
  expect(session).toBeTruthy();
  return session!.split(";")[0]!;
}

/** Reads the stream until `pattern` shows up, within `ms`. */
async function readUntil(reader: ReadableStreamDefaultReader<Uint8Array>, pattern: RegExp, ms = 5000) {
  const decoder = new TextDecoder();
  let text = "";
  const deadline = Date.now() + ms;
  while (!pattern.test(text)) {
    const left = deadline - Date.now();
    if (left <= 0) throw new Error(`No ${pattern} within ${ms} ms; the stream said: ${text}`);
    const chunk = await Promise.race([
      reader.read(),
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error(`No ${pattern}; got: ${text}`)), left),
      ),
    ]);
    if (chunk.done) throw new Error(`The stream ended before ${pattern}; got: ${text}`);
    text += decoder.decode(chunk.value, { stream: true });
  }
  return text;
}

test("a quote saved through one instance reaches the event stream of another, which still stops promptly", async () => {
  test.setTimeout(180_000);
  const bin = findPostgresBin();
  if (!bin) {
    if (process.env.CI === "true") throw new Error("PostgreSQL binaries are needed for this test in CI");
    console.warn(
      "\n*** events-two-instances: no PostgreSQL binaries here; the two-instance check did NOT run ***\n",
    );
    return;
  }
  let cluster: Cluster | undefined;
  const apps: AppProcess[] = [];
  try {
    cluster = await startCluster(bin);
    const env = {
      DATABASE_URL: cluster.url,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SEED_DEMO: "false",
      FORM_RATE_LIMIT: "1000",
      SHUTDOWN_TIMEOUT_MS: "15000",
    };
    // One after the other: the first one migrates the database.
    const a = await startApp({ env });
    apps.push(a);
    const b = await startApp({ env });
    apps.push(b);

    const cookie = await signIn(b);
    const controller = new AbortController();
    const stream = await fetch(`${b.url}/admin/events`, { headers: { cookie }, signal: controller.signal });
    expect(stream.status).toBe(200);
    expect(stream.headers.get("content-type")).toContain("text/event-stream");
    const reader = stream.body!.getReader();
    await readUntil(reader, /retry: 2000/);

    const firstName = `Twin${Date.now().toString(36)}`;
    const body = new URLSearchParams({
      intent: "quote",
      firstName,
      lastName: "Flomo",
      email: `${firstName.toLowerCase()}@example.com`,
      cityDeparture: "Monrovia",
      deliveryCity: "Accra",
      parcelType: "Parcels",
      weight: "10 kg",
      freightTypes: "air",
    });
    const saved = await fetch(`${a.url}/contact`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: a.url },
      body,
    });
    expect(saved.status).toBe(200);
    expect(await saved.text()).toContain(
      "Quote request submitted successfully. We&#x27;ll contact you soon!",
    );

    const text = await readUntil(
      reader,
      /event: inbox\ndata: \{[^\n]*"quote_request\.created"[^\n]*\}\n\n/,
      2000,
    );
    expect(text).toMatch(/"id":"[0-9a-f-]{36}"/);

    // SIGTERM with the stream still open: the server ends it and exits well before the shutdown timeout.
    const started = Date.now();
    const code = await b.stop("SIGTERM");
    expect(code).toBe(0);
    expect(Date.now() - started).toBeLessThan(5000);
    controller.abort();
  } finally {
    for (const app of apps) {
      await app.stop("SIGKILL").catch(() => {});
      fs.rmSync(app.dataDir, { recursive: true, force: true });
    }
    if (cluster) removeCluster(cluster);
  }
});
