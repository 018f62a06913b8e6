// Open redirect: hostile locations remembered through the login (redirectTo, odd paths) always land on a
// same-site path.
import { attack, check, connect } from "./harness.ts";
import { ADMIN_EMAIL, ADMIN_PASSWORD } from "./requests.ts";

const { client, login, adminCookie, origin } = connect();

attack("open redirect through the remembered location after login", async () => {
  const attempts = [
    "//evil.example",
    "https://evil.example",
    "http://evil.example/admin",
    "/\\evil.example",
    "\\\\evil.example",
    "/\\/evil.example",
    "javascript:alert(1)",
    "JavaScript:alert(document.cookie)",
    "data:text/html,<script>alert(1)</script>",
    "///evil.example",
    "/.//evil.example",
    " //evil.example",
    "\t//evil.example",
    "/\t/evil.example",
    "/%2F%2Fevil.example",
    "/%5Cevil.example",
    "https:evil.example",
    `http://${new URL(origin()).host}@evil.example`,
    "/admin/../..//evil.example",
    "/admin-login?redirectTo=//evil.example",
    "//evil.example/%2F..",
    "/\u3002evil.example",
  ];
  let logins = 0;
  for (const redirectTo of attempts) {
    const { sent } = await login(ADMIN_EMAIL, ADMIN_PASSWORD, redirectTo);
    logins++;
    const location = sent.location ?? "";
    const to = new URL(location, origin());
    check(sent.status === 302, `redirectTo=${JSON.stringify(redirectTo)}: status ${sent.status}`);
    check(
      to.origin === origin() && /^\/(?![/\\])/.test(location),
      `redirectTo=${JSON.stringify(redirectTo)} sent the browser to ${location}`,
    );
    // The login page keeps the value in a hidden field: escaped, not executed.
    await client.send(`/admin-login?redirectTo=${encodeURIComponent(redirectTo)}`);
  }
  // The location remembered by the login redirect itself, for odd paths.
  for (const raw of [
    "//evil.example/admin",
    "/admin//evil.example",
    "/admin/%2F%2Fevil.example",
    "/admin/..%2F..%2F%2Fevil.example",
  ]) {
    const first = await client.rawGet(raw);
    if (!first.location?.startsWith("/admin-login")) continue;
    const remembered = new URL(first.location, origin()).searchParams.get("redirectTo") ?? "";
    const { sent } = await login(ADMIN_EMAIL, ADMIN_PASSWORD, remembered);
    logins++;
    const to = new URL(sent.location ?? "", origin());
    check(to.origin === origin(), `GET ${raw} then login: sent the browser to ${sent.location}`);
  }
  // A signed-in admin sent to the login page with a foreign location stays on the site too.
  const sent = await client.send("/admin-login?redirectTo=https%3A%2F%2Fevil.example", {
    cookie: adminCookie(),
  });
  check(
    !sent.location || new URL(sent.location, origin()).origin === origin(),
    `signed in: ${sent.location}`,
  );
  return `${logins} logins, every one landed on a same-site path`;
});
