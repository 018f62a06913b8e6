// Every page (found in app/routes.ts), GET with hostile query strings and path parameters: nothing shown
// unescaped, no redirect off the site, nothing changed.
import { pool } from "./client.ts";
import { rawUrlPayloads } from "./corpus.ts";
import { attack, check, connect } from "./harness.ts";
import { allRoutes, fillPattern } from "./targets.ts";

const app = connect();
const { client, f, unchanged, counts, adminCookie, origin } = app;

attack("hostile query strings and path parameters on every page (GET)", async () => {
  const keys = [
    "q",
    "page",
    "status",
    "read",
    "sort",
    "category",
    "redirectTo",
    "number",
    "token",
    "picker",
    "edit",
    // The activity log's filters (/admin/activity).
    "person",
    "entity",
    "shipment",
    "from",
    "to",
    "_routes",
  ];
  const picked = [
    "abc\u0000def",
    "' OR '1'='1",
    '<script>alert("q")</script>',
    "../../../../etc/passwd",
    "-1",
    "1e309",
    "99999999999999999999",
    "x".repeat(4000),
    "line\r\nSet-Cookie: injected=1",
    "%' AND '%'='%\\_%",
  ];
  const routes = allRoutes().filter((r) => r.id !== "routes/admin/events" && r.id !== "routes/site/layout");
  const urls: { url: string; cookie: string | null }[] = [];
  // Opening an inbox item marks it read: the query-string pass uses unknown ids for those.
  const changesOnRead = (p: string) => /^admin\/(quote-requests|contact-submissions)\/:id$/.test(p);
  for (const route of routes) {
    // The customer account's pages (decision 029) are read as the suite's customer, or they would only redirect.
    const cookie = route.admin ? adminCookie() : route.account ? app.customerCookie() : null;
    const base = changesOnRead(route.pattern)
      ? fillPattern(route.pattern, null)
      : fillPattern(route.pattern, f);
    for (const payload of picked) {
      const query = keys.map((k) => `${k}=${encodeURIComponent(payload)}`).join("&");
      urls.push({ url: `${base}?${query}`, cookie });
    }
    for (const raw of rawUrlPayloads)
      urls.push({ url: `${base}?q=${raw}&page=${raw}&status=${raw}`, cookie });
    if (route.pattern.includes(":")) {
      for (const payload of [...picked, "..%2F..%2Fetc%2Fpasswd"]) {
        urls.push({ url: fillPattern(route.pattern, f, payload), cookie });
      }
      for (const raw of rawUrlPayloads)
        urls.push({ url: fillPattern(route.pattern, f, "X").replace("/X", `/${raw}`), cookie });
    }
  }
  await unchanged("GET requests", () =>
    pool(urls, 4, async ({ url, cookie }) => {
      const sent = await client.send(url, { cookie });
      check(
        !sent.body.includes('<script>alert("q")</script>'),
        `${url.slice(0, 80)}: a query value shown unescaped`,
      );
      if (sent.location) {
        check(
          new URL(sent.location, origin()).origin === origin(),
          `${url.slice(0, 80)}: redirects off site to ${sent.location}`,
        );
      }
    }),
  );
  counts.corpus += urls.length;
  return `${routes.length} routes, ${urls.length} requests`;
});
