import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as deliveryNoteLoader } from "#app/routes/resources/delivery-note.$token.ts";
import { loader as subscribeLoader } from "#app/routes/site/subscribe.$token.tsx";
import { loader as trackingLoader } from "#app/routes/site/track.$tracking-number.tsx";
import {
  action as updatesAction,
  loader as updatesLoader,
} from "#app/routes/site/track.$tracking-number.updates.tsx";
import { loader as unsubscribeLoader } from "#app/routes/site/unsubscribe.$token.tsx";
import { notificationSubscribers, shipments } from "#app/server/db/schema.ts";
import type { Services } from "#app/server/services.server.ts";
import { createTestContext, createTestServices } from "#tests/setup/test-db.ts";

// The security review: every path that looks a tracking number up counts against the one tracking limit, before the lookup.
// With TRACK_RATE_LIMIT=5 the page answered 429 from the sixth lookup while 40 'Get updates' posts in a row
// answered 404 or 200: numbers could be walked through the form at full speed.

const SITE = "https://freight.example.com";
let services: Services;
beforeAll(async () => {
  services = await createTestServices({
    TRACK_RATE_LIMIT: "5",
    TRACK_RATE_WINDOW_SECONDS: "60",
    SITE_URL: SITE,
  });
  await services.db.insert(shipments).values({
    trackingNumber: "UTG-4242-0001",
    status: "In Transit",
    originLocation: "Antwerp",
    destinationLocation: "Monrovia",
  });
});
afterAll(() => services.close());

type Answer = { data?: unknown; init?: { status?: number } | null };
const statusOf = (answer: unknown) => {
  if (answer instanceof Response) return answer.status;
  return (answer as Answer)?.init?.status ?? 200;
};

const post = (trackingNumber: string, fields: Record<string, string>, clientIp: string) =>
  updatesAction({
    request: new Request(`${SITE}/track/${trackingNumber}/updates`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields).toString(),
    }),
    params: { trackingNumber },
    context: createTestContext(services, clientIp),
  } as never);

const open = (
  loader: typeof trackingLoader | typeof updatesLoader,
  path: string,
  trackingNumber: string,
  clientIp: string,
) =>
  loader({
    request: new Request(`${SITE}${path}`),
    params: { trackingNumber },
    context: createTestContext(services, clientIp),
  } as never);

describe("'Get updates' counts against the tracking limit", () => {
  it("answers 429 from the sixth post, found or not, and looks nothing up after that", async () => {
    const client = "198.51.100.201";
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) {
      const number = i % 2 === 0 ? "UTG-4242-0001" : `UTG-4242-${String(1000 + i)}`;
      statuses.push(
        statusOf(await post(number, { intent: "email", email: `walker${i}@example.com` }, client)),
      );
    }
    expect(statuses.slice(0, 5).every((status) => status !== 429)).toBe(true);
    expect(statuses.slice(5)).toEqual(Array(35).fill(429));
    // Nothing was stored past the limit: at most the first posts asked for anything.
    const rows = await services.db.select().from(notificationSubscribers);
    expect(rows.length).toBeLessThanOrEqual(3);
    // The code form looks the number up too.
    expect(
      statusOf(await post("UTG-4242-0001", { intent: "code", phone: "0770123456", code: "123456" }, client)),
    ).toBe(429);
  });

  it("shares one count with the tracking page and the updates page", async () => {
    const client = "198.51.100.202";
    const answers = [
      statusOf(await open(trackingLoader, "/track/UTG-4242-0001", "UTG-4242-0001", client)),
      statusOf(await open(updatesLoader, "/track/UTG-4242-0001/updates", "UTG-4242-0001", client)),
      statusOf(await post("UTG-4242-0001", { intent: "email", email: "one@example.com" }, client)),
      statusOf(await post("UTG-4242-9999", { intent: "email", email: "two@example.com" }, client)),
      statusOf(await open(trackingLoader, "/track/UTG-4242-0002", "UTG-4242-0002", client)),
      // The sixth lookup, whichever path it takes.
      statusOf(await post("UTG-4242-0001", { intent: "email", email: "three@example.com" }, client)),
      statusOf(await open(trackingLoader, "/track/UTG-4242-0001", "UTG-4242-0001", client)),
      statusOf(await open(updatesLoader, "/track/UTG-4242-0001/updates", "UTG-4242-0001", client)),
    ];
    expect(answers).toEqual([200, 200, 200, 404, 404, 429, 429, 429]);
  });

  it("still refuses a post it cannot read with 400, counting nothing", async () => {
    const client = "198.51.100.203";
    for (let i = 0; i < 10; i++)
      expect(statusOf(await post("UTG-4242-0001", { intent: "nonsense" }, client))).toBe(400);
    expect(statusOf(await open(trackingLoader, "/track/UTG-4242-0001", "UTG-4242-0001", client))).toBe(200);
  });

  it("counts the secret-token links apart, per client: the sixth opening answers 429 with Retry-After", async () => {
    const client = "198.51.100.204";
    const token = "C".repeat(43);
    const loaders = [subscribeLoader, unsubscribeLoader, deliveryNoteLoader];
    const answers: unknown[] = [];
    for (let i = 0; i < 7; i++) {
      const loader = loaders[i % 3]!;
      answers.push(
        await loader({
          request: new Request(`${SITE}/x/${token}`),
          params: { token },
          context: createTestContext(services, client),
        } as never),
      );
    }
    expect(answers.map(statusOf)).toEqual([404, 404, 404, 404, 404, 429, 429]);
    // The tracking count of the same client is untouched.
    expect(statusOf(await open(trackingLoader, "/track/UTG-4242-0001", "UTG-4242-0001", client))).toBe(200);
  });
});
