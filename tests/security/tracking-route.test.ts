// The public tracking route (/track/:number and /track?number=) × the URL payloads: nothing shown unescaped,
// no redirect off the site, no file of the system, no change; posts to it are refused.
import { pool } from "./client.ts";
import { rawUrlPayloads, urlPayloads } from "./corpus.ts";
import { attack, check, connect } from "./harness.ts";

const { client, f, unchanged, counts, post, origin } = connect();

attack("tracking route × corpus (/track/:number, /track?number=)", async () => {
  let requests = 0;
  await unchanged("tracking lookups", async () => {
    const all = [...urlPayloads, ...rawUrlPayloads.map((raw) => ({ raw }))];
    await pool(all, 4, async (payload) => {
      const segment = typeof payload === "string" ? encodeURIComponent(payload) : payload.raw;
      const query = typeof payload === "string" ? encodeURIComponent(payload) : payload.raw;
      const byPath = await client.send(`/track/${segment}`);
      const byQuery = await client.send(`/track?number=${query}`);
      requests += 2;
      if (typeof payload === "string" && payload.includes("<")) {
        for (const sent of [byPath, byQuery]) {
          check(
            !sent.body.toUpperCase().includes(payload.toUpperCase()),
            `${sent.url}: the number is shown unescaped`,
          );
        }
      }
      if (byQuery.location) {
        const to = new URL(byQuery.location, origin());
        check(
          to.origin === origin(),
          `/track?number=${query.slice(0, 40)} redirects off site: ${byQuery.location}`,
        );
      }
    });
    for (const raw of [
      "/track/../../etc/passwd",
      "/track/%2e%2e/%2e%2e/etc/passwd",
      "/track/..%2f..%2f..%2fetc%2fpasswd",
      "/track//evil.example",
    ]) {
      const sent = await client.rawGet(raw);
      requests++;
      check(!/root:x:0:0/.test(sent.body), `${raw}: a system file in the answer`);
    }
    for (const target of ["/track", `/track/${f.shipment.trackingNumber}`]) {
      const sent = await post(target, [["number", "<script>alert(1)</script>"]]);
      requests++;
      check(sent.status >= 400 && sent.status < 500, `POST ${target}: status ${sent.status}`);
    }
  });
  counts.corpus += requests;
  return `${requests} requests`;
});
