// Last: a big post answered before its body is read does not stall the connection (a stalled connection
// would slow every file after it).
import { attack, check, connect } from "./harness.ts";
import { encode } from "./requests.ts";

const { client } = connect();

attack("a big post answered before its body is read does not stall the connection", async () => {
  // Refused before the body is read: no session (admin actions), no action (a page), logout (ignores it).
  const big = encode([["padding", "x".repeat(1_000_000)]]);
  let requests = 0;
  for (const target of ["/admin/settings", "/admin/media", "/admin/logout", "/track"]) {
    for (let i = 0; i < 4; i++) {
      const sent = await client.send(target, { method: "POST", body: big, timeoutMs: 3000 });
      const next = await client.send("/healthz", { timeoutMs: 3000, raw: true });
      requests += 2;
      check(sent.status === 0 || sent.status < 500, `POST ${target}: status ${sent.status}`);
      check(
        next.status === 0 || next.status === 200,
        `GET /healthz after POST ${target}: status ${next.status}`,
      );
    }
  }
  return `${requests} requests, each answered`;
});
