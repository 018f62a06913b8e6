// Every admin route (GET, its .data form, and POST) with no session, an expired, idle, forged, tampered or
// logged-out session, or malformed cookies: sent to the login page or refused, no data, no change, no session.
import crypto from "node:crypto";
import { beforeAll } from "vitest";
import { tamperedToken } from "#tests/setup/tokens.ts";
import { pool, type Sent } from "./client.ts";
import { type Body, MULTIPART, multipart } from "./corpus.ts";
import { attack, check, connect } from "./harness.ts";
import { ADMIN_EMAIL, ADMIN_PASSWORD, cookieOf, encode, MARK, sessionToken, smallPng } from "./requests.ts";
import { actionTargets, allRoutes, fillPattern } from "./targets.ts";

const { client, context, f, store, unchanged, post, login } = connect();
const { targets } = actionTargets(f);

// Sessions for the attacks: one ended on the server, one past its end, one idle for too long (made before the
// tests; the brute-force file, later, locks the admin's logins).
const cookies = new Map<string, string | null>();
let endedOk = false;
let idleOk = false;
beforeAll(async () => {
  const loggedOut = (await login(ADMIN_EMAIL, ADMIN_PASSWORD)).token!;
  await post("/admin/logout", [], { cookie: cookieOf(loggedOut) });
  const ended = (await login(ADMIN_EMAIL, ADMIN_PASSWORD)).token!;
  const idle = (await login(ADMIN_EMAIL, ADMIN_PASSWORD)).token!;
  endedOk = await store.expireSession(ended, "ended");
  idleOk = await store.expireSession(idle, "idle");
  const tampered = tamperedToken(context.adminToken);
  cookies.set("no session", null);
  cookies.set("an expired session (expires_at in the past)", cookieOf(ended));
  cookies.set("a session idle for longer than the idle timeout", cookieOf(idle));
  cookies.set("a forged random cookie", cookieOf(crypto.randomBytes(32).toString("base64url")));
  cookies.set("a tampered cookie (one character of a valid one changed)", cookieOf(tampered));
  cookies.set("the cookie of a logged-out session", cookieOf(loggedOut));
  cookies.set(
    "malformed cookies",
    `admin_session=../../etc/passwd; admin_session="${"A".repeat(4000)}"; admin_session=%00`,
  );
});
const sessionKinds = [
  "no session",
  "an expired session (expires_at in the past)",
  "a session idle for longer than the idle timeout",
  "a forged random cookie",
  "a tampered cookie (one character of a valid one changed)",
  "the cookie of a logged-out session",
  "malformed cookies",
];
const adminRoutes = allRoutes().filter((r) => r.admin);
const secrets = [ADMIN_EMAIL, MARK, "sec-fixture", f.shipment.trackingNumber];
for (const label of sessionKinds) {
  attack(`admin routes with ${label}: no data, no change`, async () => {
    const cookie = cookies.get(label) ?? null;
    if (label.includes("expired")) check(endedOk, "could not expire the session in the database");
    if (label.includes("idle")) check(idleOk, "could not age the session in the database");
    let requests = 0;
    const sessionsBefore = await store.sessionCount();
    await unchanged(label, async () => {
      const jobs: (() => Promise<void>)[] = [];
      for (const route of adminRoutes) {
        const url = fillPattern(route.pattern, f);
        const allowed =
          route.id === "routes/admin/auth/logout" ? ["/admin", "/admin-login"] : ["/admin-login"];
        for (const dataUrl of [url, `${url}.data`]) {
          jobs.push(async () => {
            const sent = await client.send(dataUrl, { cookie });
            requests++;
            refusedAccess(`GET ${dataUrl}`, sent, allowed, secrets);
          });
        }
        if (!route.hasAction) continue;
        const specs = targets.filter((t) => t.routeId === route.id);
        const bodies: Body[] = [encode([]), ...specs.map((t) => encode(t.fields()))];
        if (route.id === "routes/admin/media") {
          bodies.push({
            body: multipart([
              ["files", { file: new Uint8Array(await smallPng()), filename: "x.png", type: "image/png" }],
            ]),
            contentType: MULTIPART,
          });
        }
        for (const body of bodies) {
          jobs.push(async () => {
            const sent = await client.send(url, { method: "POST", body, cookie });
            requests++;
            refusedAccess(`POST ${url}`, sent, ["/admin-login"], secrets);
          });
        }
      }
      await pool(jobs, 4, (job) => job());
    });
    const sessionsAfter = await store.sessionCount();
    check(sessionsAfter <= sessionsBefore, `sessions went from ${sessionsBefore} to ${sessionsAfter}`);
    return `${adminRoutes.length} routes, ${requests} requests refused`;
  });
}

function refusedAccess(what: string, sent: Sent, allowed: string[], secrets: string[]) {
  const isData = what.includes(".data");
  // A resource route (a file, an export, logout) has no `.data` form at all (decision 024): the shell's plain 404.
  if (isData && sent.status === 404 && sent.body === "Not found") {
    // refused before any loader ran
  } else if (isData && sent.status === 202) {
    const to = sent.body.match(/"redirect","([^"]+)"/)?.[1] ?? "";
    check(
      allowed.some((a) => to.startsWith(a)),
      `${what}: data request not redirected to the login page (${sent.body.slice(0, 100)})`,
    );
  } else if (sent.status >= 300 && sent.status < 400) {
    check(
      allowed.some((a) => (sent.location ?? "").startsWith(a)),
      `${what}: redirected to ${sent.location}`,
    );
  } else {
    check(sent.status === 401 || sent.status === 403, `${what}: status ${sent.status}`);
  }
  for (const secret of secrets) check(!sent.body.includes(secret), `${what}: the answer contains ${secret}`);
  check(!sessionToken(sent), `${what}: a session cookie was set`);
}
