// The inboxes' live events route (/admin/events): who may listen, what the stream carries and when it ends.
import { describe, expect, it } from "vitest";
import * as events from "#app/routes/admin/events.ts";
import type { Services } from "#app/server/services.server.ts";
import { signInStaff } from "#tests/setup/staff-session.ts";
import { createTestContext, createTestServices } from "#tests/setup/test-db.ts";
import { BASE, signedInClerk, thrown } from "./inbox-routes.test-support.ts";

let services: Services;
let cookie: string;
const { newQuote, newMessage, args } = signedInClerk((opened, signedIn) => {
  services = opened;
  cookie = signedIn;
});

/** Reads the stream until `text` has arrived (or fails after a few seconds). */
async function readUntil(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  text: string,
  seen = { value: "" },
) {
  const decoder = new TextDecoder();
  const deadline = Date.now() + 5000;
  while (!seen.value.includes(text)) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${text}; got ${seen.value}`);
    const chunk = await Promise.race([
      reader.read(),
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error(`Timed out: ${seen.value}`)), 5000),
      ),
    ]);
    if (chunk.done) throw new Error(`Stream ended before ${text}; got ${seen.value}`);
    seen.value += decoder.decode(chunk.value, { stream: true });
  }
  return seen.value;
}

describe("the events route (/admin/events)", () => {
  it("refuses a visitor without a session: a redirect to the login page, no stream", async () => {
    for (const headers of [
      {},
      { cookie: "admin_session=forged-token-value-that-is-long-enough-xxxx" },
    ] as Record<string, string>[]) {
      const response = await thrown(events.loader(args(new Request(`${BASE}/admin/events`, { headers }))));
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toMatch(/^\/admin-login\?/);
      expect(response.headers.get("Content-Type")).toBeNull();
    }
  });

  it("sends an Editor no inbox events (decision 019): the stream carries heartbeats only", async () => {
    const editor = await signInStaff({ ...services, email: "events-editor@example.com", role: "editor" });
    const controller = new AbortController();
    const response = await events.loader(
      args(
        new Request(`${BASE}/admin/events`, {
          headers: { cookie: editor.cookie },
          signal: controller.signal,
        }),
      ),
    );
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    const seen = { value: "" };
    await readUntil(reader, "retry: 2000", seen);
    const quoteId = await newQuote("Hidden From Editors");
    const messageId = await newMessage("Hidden Message");
    // The staff stream of the test above hears such events within milliseconds; give this one a moment.
    await new Promise((resolve) => setTimeout(resolve, 500));
    controller.abort();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      seen.value += new TextDecoder().decode(chunk.value);
    }
    expect(seen.value).not.toContain("event: inbox");
    expect(seen.value).not.toContain(quoteId);
    expect(seen.value).not.toContain(messageId);
  });

  it("streams new quote requests and messages to signed-in staff, and ends when the browser leaves", async () => {
    const controller = new AbortController();
    const response = await events.loader(
      args(new Request(`${BASE}/admin/events`, { headers: { cookie }, signal: controller.signal })),
    );
    expect(response.headers.get("Content-Type")).toMatch(/^text\/event-stream/);
    expect(response.headers.get("Cache-Control")).toBe("no-cache, no-transform");
    expect(response.headers.get("X-Accel-Buffering")).toBe("no");
    expect(response.headers.get("Connection")).toBe("close");
    const reader = response.body!.getReader();
    const seen = { value: "" };
    await readUntil(reader, "retry: 2000", seen);

    const quoteId = await newQuote("Live");
    await readUntil(reader, quoteId, seen);
    expect(seen.value).toContain(
      `event: inbox\ndata: ${JSON.stringify({ type: "quote_request.created", id: quoteId })}\n\n`,
    );
    const messageId = await newMessage("Live Message");
    await readUntil(reader, messageId, seen);
    expect(seen.value).toContain(`"type":"contact_submission.created","id":"${messageId}"`);

    controller.abort();
    expect((await reader.read()).done).toBe(true);
  });

  it("ends every open stream when the event bus closes (server shutdown)", async () => {
    const extra = await createTestServices();
    try {
      const { cookie } = await signInStaff({
        ...extra,
        email: "bye@example.com",
        password: "shutdown staff passphrase",
      });
      const response = await events.loader({
        request: new Request(`${BASE}/admin/events`, { headers: { cookie } }),
        context: createTestContext(extra),
        params: {},
      } as never);
      const reader = response.body!.getReader();
      await readUntil(reader, "retry: 2000");
      await extra.events.close();
      expect((await reader.read()).done).toBe(true);
    } finally {
      await extra.close();
    }
  });
});
