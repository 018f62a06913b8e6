// The SMS providers' callbacks (Twilio, Africa's Talking): the corpus signed as Twilio would sign it, forged and
// missing signatures, a callback signed for another host, sizes and content types; a genuine STOP still counts.

import { twilioSignature } from "#app/server/messaging/twilio.server.ts";
import { pool } from "./client.ts";
import { valuePayloads } from "./corpus.ts";
import { attack, check, connect } from "./harness.ts";
import { encode } from "./requests.ts";
import { TWILIO_CALLBACK_ENV } from "./targets.ts";

const { client, store, unchanged, counts, post, origin } = connect();

attack("provider callbacks: signed hostile input, forged signatures, sizes and types", async () => {
  const phone = "+231770123456";
  const optedOut = () => store.countWhere("message_opt_outs", "address", [phone]);
  let requests = 0;
  /** A Twilio callback signed as Twilio would sign it (over SITE_URL's address), or with `token`. */
  const twilio = (
    path: string,
    entries: [string, string][],
    token = TWILIO_CALLBACK_ENV.TWILIO_AUTH_TOKEN,
  ) => {
    requests++;
    // Signed over the values as the app will decode them (a lone surrogate becomes U+FFFD on the way).
    const decoded = [...new URLSearchParams(new URLSearchParams(entries).toString()).entries()];
    // …and over the URL as the app reads it (WHATWG URL parsing percent-encodes ' in a query, say).
    const signature = twilioSignature(token, new URL(path, origin()).href, decoded);
    return client.send(path, {
      method: "POST",
      body: encode(entries),
      headers: { "X-Twilio-Signature": signature },
    });
  };
  await unchanged("signed callbacks with hostile values", async () => {
    const strings = valuePayloads.flatMap((p) =>
      typeof p.value === "string" ? [{ name: p.name, value: p.value }] : [],
    );
    await pool(strings, 4, async (payload) => {
      for (const [path, entries] of [
        [
          "/webhooks/twilio/inbound",
          [
            ["From", payload.value],
            ["Body", "STOP"],
          ],
        ],
        [
          "/webhooks/twilio/inbound",
          [
            ["From", phone],
            ["Body", payload.value],
          ],
        ],
        [
          "/webhooks/twilio/status",
          [
            ["MessageSid", payload.value],
            ["MessageStatus", "delivered"],
          ],
        ],
        [
          `/webhooks/twilio/status?outbox=${encodeURIComponent(payload.value.slice(0, 200))}`,
          [
            ["MessageSid", "SMx"],
            ["MessageStatus", "failed"],
            ["ErrorCode", payload.value],
          ],
        ],
      ] as [string, [string, string][]][]) {
        const sent = await twilio(path, entries);
        check(sent.status < 500 && sent.status !== 403, `${path} ${payload.name}: status ${sent.status}`);
      }
    });
  });
  await unchanged("forged, oversized and malformed callbacks", async () => {
    const stop: [string, string][] = [
      ["From", phone],
      ["Body", "STOP"],
    ];
    const forged = await twilio("/webhooks/twilio/inbound", stop, "not-the-auth-token-at-all-000000");
    check(forged.status === 403, `a forged signature: status ${forged.status}`);
    requests++;
    const unsigned = await post("/webhooks/twilio/inbound", stop);
    check(unsigned.status === 403, `no signature: status ${unsigned.status}`);
    // Signed over the address in a forged Host header instead of SITE_URL's.
    requests++;
    const wrongHost = await client.send("/webhooks/twilio/inbound", {
      method: "POST",
      body: encode(stop),
      headers: {
        Host: "evil.example",
        "X-Twilio-Signature": twilioSignature(
          TWILIO_CALLBACK_ENV.TWILIO_AUTH_TOKEN,
          "http://evil.example/webhooks/twilio/inbound",
          stop,
        ),
      },
    });
    check(wrongHost.status >= 400 && wrongHost.status < 500, `signed for another host: ${wrongHost.status}`);
    const huge = await twilio("/webhooks/twilio/inbound", [...stop, ["Pad", "x".repeat(20_000)]]);
    check(huge.status === 413, `a 20 kB callback: status ${huge.status}`);
    requests++;
    const json = await client.send("/webhooks/twilio/inbound", {
      method: "POST",
      body: { body: JSON.stringify({ From: phone, Body: "STOP" }), contentType: "application/json" },
    });
    check(json.status === 415, `a JSON callback: status ${json.status}`);
    requests++;
    const get = await client.send("/webhooks/twilio/inbound");
    check(get.status === 405, `GET: status ${get.status}`);
    for (const token of ["", "x", "security-suite-africastalking-callback-tokeN", "../../etc/passwd"]) {
      requests++;
      const sent = await post(`/webhooks/africastalking/${encodeURIComponent(token)}/inbound`, [
        ["from", phone],
        ["text", "STOP"],
      ]);
      // 403 for a wrong token; an empty one matches no callback route (404 or 405).
      check(
        sent.status >= 400 && sent.status < 500 && (token === "" || sent.status === 403),
        `token ${JSON.stringify(token)}: status ${sent.status}`,
      );
    }
    check((await optedOut()) === 0, "a refused callback opted the number out");
  });
  // The refusals above mean something only if a genuine STOP is honoured (and START undoes it).
  const genuine = await twilio("/webhooks/twilio/inbound", [
    ["From", phone],
    ["Body", "STOP"],
  ]);
  check(genuine.status === 200 && (await optedOut()) === 1, `a signed STOP: ${genuine.status}, not recorded`);
  await twilio("/webhooks/twilio/inbound", [
    ["From", phone],
    ["Body", "START"],
  ]);
  check((await optedOut()) === 0, "a signed START did not remove the opt-out");
  counts.corpus += requests;
  return `${requests} requests`;
});
