// 'Show full details' (tracking in tiers): /track/:number/details and its documents × the URL payloads
// and forged cookies: nothing shown unescaped, no system file, nothing of the shipment's parties or documents
// without a grant, no change from hostile codes.
import { pool } from "./client.ts";
import { rawUrlPayloads, urlPayloads } from "./corpus.ts";
import { attack, check, connect } from "./harness.ts";

const { client, f, unchanged, counts, post } = connect();

attack("tracking details × corpus (/track/:number/details and its PDFs, forged cookies)", async () => {
  let requests = 0;
  const number = f.shipment.trackingNumber;
  const page = `/track/${number}/details`;
  await unchanged("details lookups", async () => {
    const all = [...urlPayloads, ...rawUrlPayloads.map((raw) => ({ raw }))];
    await pool(all, 4, async (payload) => {
      const segment = typeof payload === "string" ? encodeURIComponent(payload) : payload.raw;
      for (const target of [`/track/${segment}/details`, `/track/${segment}/details/waybill.pdf`]) {
        const sent = await client.send(target);
        requests++;
        if (typeof payload === "string" && payload.includes("<")) {
          check(
            !sent.body.toUpperCase().includes(payload.toUpperCase()),
            `${target}: the number shown unescaped`,
          );
        }
        check(sent.status !== 200 || !target.endsWith(".pdf"), `${target}: a PDF without a grant`);
      }
    });
    for (const raw of [
      `/track/${number}/details/../../../etc/passwd`,
      `/track/${number}/details/%2e%2e/%2e%2e/etc/passwd`,
    ]) {
      const sent = await client.rawGet(raw);
      requests++;
      check(!/root:x:0:0/.test(sent.body), `${raw}: a system file in the answer`);
    }
    // Forged grant and attempt cookies open nothing; hostile codes change nothing.
    const forged = [
      `shipment_details=${"A".repeat(43)}`,
      `shipment_details=${"A".repeat(43)}; shipment_details=${"B".repeat(43)}`,
      `shipment_details=<script>alert(1)</script>`,
      `shipment_details_code=${"C".repeat(43)}`,
    ];
    for (const cookie of forged) {
      const shown = await client.send(page, { cookie });
      check(shown.status === 200, `${page} with ${cookie.slice(0, 30)}: status ${shown.status}`);
      check(shown.body.includes("Get a code"), `${page} with a forged cookie did not ask for a code`);
      check(!shown.body.includes("Documents"), `${page} with a forged cookie showed the documents`);
      for (const pdf of ["waybill.pdf", "delivery-note.pdf"]) {
        const sent = await client.send(`${page}/${pdf}`, { cookie, raw: true });
        check(sent.status === 404, `${page}/${pdf} with a forged cookie: status ${sent.status}`);
      }
      for (const code of ["123456", "000000", "' or 1=1 --", "9".repeat(5000)]) {
        const sent = await client.send(page, {
          method: "POST",
          cookie,
          body: {
            body: new URLSearchParams({ intent: "code", code }).toString(),
            contentType: "application/x-www-form-urlencoded",
          },
        });
        check(sent.status === 400, `a code posted with ${cookie.slice(0, 30)}: status ${sent.status}`);
        check(
          !sent.headers
            .getSetCookie()
            .some((c) => c.startsWith("shipment_details=") && !c.startsWith("shipment_details=;")),
          "a grant cookie without a code",
        );
        requests++;
      }
      requests += 3;
    }
    // The page is private and never stored.
    const shown = await client.send(page);
    requests++;
    check(
      shown.headers.get("cache-control") === "private, no-store",
      `${page}: Cache-Control ${shown.headers.get("cache-control")}`,
    );
  });
  // A contact's answer is a redirect back to the page with an attempt cookie scoped to the shipment, whoever it is.
  const asked = await post(page, [
    ["intent", "contact"],
    ["contact", "nobody-on-file@example.com"],
  ]);
  requests++;
  const attempt = asked.headers.getSetCookie().find((c) => c.startsWith("shipment_details_code="));
  check(asked.status === 302 || asked.status === 303, `a contact answered ${asked.status}`);
  check(
    !!attempt && attempt.includes(`Path=/track/${number};`) && /HttpOnly/.test(attempt),
    `the attempt cookie: ${attempt}`,
  );
  counts.corpus += requests;
  return `${requests} requests`;
});
