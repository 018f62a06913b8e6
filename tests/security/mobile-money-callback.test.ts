// MTN Mobile Money's callback (decision 027): hostile JSON in every field, forged statuses for requests that do
// not exist, other methods, types and sizes. MTN does not sign its callback, so the route believes none of it:
// nothing is recorded, nothing changes, and no body makes it answer 500.

import { pool } from "./client.ts";
import { valuePayloads } from "./corpus.ts";
import { attack, check, connect } from "./harness.ts";

const { client, unchanged, counts } = connect();
const PATH = "/webhooks/mtn-momo/callback";

attack("MTN MoMo callback: hostile JSON, forged statuses, methods, types and sizes", async () => {
  let requests = 0;
  const put = (path: string, body: string, method = "PUT", contentType = "application/json") => {
    requests++;
    return client.send(path, { method, body: { body, contentType }, origin: null });
  };
  const status = (fields: Record<string, unknown>) =>
    JSON.stringify({
      amount: "10.00",
      currency: "USD",
      externalId: crypto.randomUUID(),
      financialTransactionId: "123456789",
      payer: { partyIdType: "MSISDN", partyId: "231886000001" },
      status: "SUCCESSFUL",
      ...fields,
    });
  await unchanged("hostile and forged callbacks", async () => {
    const strings = valuePayloads.flatMap((p) =>
      typeof p.value === "string" ? [{ name: p.name, value: p.value }] : [],
    );
    await pool(strings, 4, async (payload) => {
      for (const [path, body] of [
        [`${PATH}?request=${encodeURIComponent(payload.value.slice(0, 200))}`, status({})],
        [PATH, status({ referenceId: payload.value, externalId: payload.value })],
        [PATH, status({ status: payload.value, externalId: crypto.randomUUID() })],
        [
          PATH,
          status({ amount: payload.value, financialTransactionId: payload.value, reason: payload.value }),
        ],
      ] as [string, string][]) {
        const sent = await put(path, body);
        check(sent.status < 500, `${payload.name}: status ${sent.status}`);
      }
    });
    // A well-formed SUCCESSFUL for a payment that was never asked for: unknown, nothing recorded.
    const forged = await put(`${PATH}?request=${crypto.randomUUID()}`, status({}), "POST");
    check(forged.status === 404, `a forged callback: status ${forged.status}`);
    for (const body of ["{not json", "[]", "null", '"SUCCESSFUL"', "\u0000"]) {
      const sent = await put(PATH, body);
      check(sent.status === 400, `body ${JSON.stringify(body)}: status ${sent.status}`);
    }
    const huge = await put(PATH, status({ pad: "x".repeat(20_000) }));
    check(huge.status === 413, `a 20 kB callback: status ${huge.status}`);
    const form = await put(PATH, "status=SUCCESSFUL", "PUT", "application/x-www-form-urlencoded");
    check(form.status === 415, `a form callback: status ${form.status}`);
    requests++;
    const get = await client.send(PATH);
    check(get.status === 405, `GET: status ${get.status}`);
    const patch = await put(PATH, status({}), "PATCH");
    check(patch.status === 405, `PATCH: status ${patch.status}`);
  });
  counts.corpus += requests;
  return `${requests} requests`;
});
