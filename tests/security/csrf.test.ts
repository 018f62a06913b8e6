// CSRF: every action, the login and an upload posted from another origin (Origin, Referer, Sec-Fetch-Site) is
// refused (403) with nothing changed and no session made.
import { pool } from "./client.ts";
import { attack, check, connect } from "./harness.ts";
import { sessionCookie } from "./posting.ts";
import { ADMIN_EMAIL, ADMIN_PASSWORD, encode, sessionToken, smallPng } from "./requests.ts";
import { actionTargets, type Target } from "./targets.ts";

const app = connect();
const { client, f, store, unchanged, origin } = app;
const { targets } = actionTargets(f);

attack("csrf: cross-origin POSTs refused (Origin, Referer, Sec-Fetch-Site), nothing changed", async () => {
  const other = new URL(origin());
  const variants: { what: string; headers: Record<string, string>; origin: string | null }[] = [
    { what: "Origin https://evil.example", headers: {}, origin: "https://evil.example" },
    { what: "Origin null", headers: {}, origin: "null" },
    {
      what: "Origin with the site as a subdomain",
      headers: {},
      origin: `http://${other.host}.evil.example`,
    },
    { what: "Origin with the site as user info", headers: {}, origin: `http://${other.host}@evil.example` },
    { what: "Origin on another port", headers: {}, origin: `http://${other.hostname}:1` },
    { what: "Referer from another site", headers: { Referer: "https://evil.example/form" }, origin: null },
    { what: "Sec-Fetch-Site cross-site", headers: { "Sec-Fetch-Site": "cross-site" }, origin: null },
    { what: "Sec-Fetch-Site same-site", headers: { "Sec-Fetch-Site": "same-site" }, origin: null },
  ];
  const loginTarget: Target = {
    name: "login with the right password",
    routeId: "routes/admin/auth/login",
    path: "/admin-login",
    session: false,
    fields: () => [
      ["email", ADMIN_EMAIL],
      ["password", ADMIN_PASSWORD],
    ],
    strict: [],
    text: [],
    known: true,
  };
  const png = await smallPng();
  const upload: Target = {
    ...loginTarget,
    name: "media upload",
    path: "/admin/media",
    session: true,
    fields: () => [["files", { file: png, filename: "csrf.png", type: "image/png" }]],
  };
  let requests = 0;
  const sessionsBefore = await store.sessionCount();
  await unchanged("cross-origin posts", async () => {
    const all = [...targets, loginTarget, upload].flatMap((t) => variants.map((v) => ({ t, v })));
    await pool(all, 4, async ({ t, v }) => {
      const isUpload = t === upload;
      const sent = await client.send(t.path, {
        method: "POST",
        body: isUpload ? encode(t.fields(), "multipart") : encode(t.fields()),
        cookie: sessionCookie(app, t),
        origin: v.origin,
        headers: v.headers,
      });
      requests++;
      check(sent.status === 403, `${t.name} with ${v.what}: status ${sent.status}`);
      check(!sessionToken(sent), `${t.name} with ${v.what}: a session cookie was set`);
    });
  });
  const sessionsAfter = await store.sessionCount();
  check(sessionsAfter === sessionsBefore, `sessions went from ${sessionsBefore} to ${sessionsAfter}`);
  return `${targets.length + 2} actions × ${variants.length} kinds of foreign request = ${requests} posts, all 403`;
});
