// MTN's callback route against a flood (decision 027), with the local MTN stand-in on a real PostgreSQL:
// however many callbacks and looks arrive, MTN is asked about a request at most once an interval, and a client
// address over its limit is refused before anything is read. The stand-in and site are in
// mobile-money-site.test-support.ts.
import { describe, expect, it } from "vitest";
import {
  ASK_INTERVAL_MS,
  checkMobileMoneyRequest,
} from "#app/server/payments/mobile-money/mobile-money.server.ts";
import { setUpMobileMoneySite } from "#app/server/payments/mobile-money/mobile-money-site.test-support.ts";
import type { Services } from "#app/server/services.server.ts";
import { MOMO_PAYERS, type MomoStandIn } from "#tests/fakes/mtn-momo-server.ts";
import { createTestServices } from "#tests/setup/test-db.ts";

let standIn: MomoStandIn;
let services: Services;
let siteUrl: string;
const { callback, context, invoiceOf, started, requestOf } = setUpMobileMoneySite(
  createTestServices,
  (site) => {
    ({ standIn, services, siteUrl } = site);
  },
);

describe("MTN's callback route against a flood (decision 027)", () => {
  const put = (id: string, status: string, clientIp?: string, on: Services = services) =>
    callback(
      new Request(`${siteUrl}/webhooks/mtn-momo/callback?request=${id}`, {
        method: "PUT",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ externalId: id, amount: "100.00", currency: "USD", status }),
      }),
      on,
      clientIp,
    );

  it("asks MTN about a request at most once an interval, however many callbacks and looks arrive", async () => {
    const invoice = await invoiceOf("100.00");
    const id = await started(invoice.id, MOMO_PAYERS.neverAnswers, 10_000);
    // 'Still pending' a hundred times: nothing worth asking MTN about.
    const pending = await Promise.all(Array.from({ length: 100 }, () => put(id, "PENDING")));
    expect(pending.every((answer) => answer.status === 200)).toBe(true);
    expect(standIn.statusAsks(id)).toBe(0);
    // Forged 'successful' ones, with the customer's page looking at the same moment: MTN is asked once.
    const answers = await Promise.all([
      ...Array.from({ length: 100 }, () => put(id, "SUCCESSFUL")),
      checkMobileMoneyRequest({ ...context(), requestId: id }),
      checkMobileMoneyRequest({ ...context(), requestId: id }),
    ]);
    expect(answers.slice(0, 100).every((answer) => (answer as Response).status === 200)).toBe(true);
    expect(standIn.statusAsks(id)).toBe(1);
    expect(await requestOf(id)).toMatchObject({ state: "pending" });
    // Refused asks bring the poller's next check to when asking is allowed again: a real answer is not lost.
    const { askedAt, nextCheckAt } = await requestOf(id);
    expect(nextCheckAt.getTime()).toBeLessThanOrEqual(askedAt!.getTime() + ASK_INTERVAL_MS);
    await checkMobileMoneyRequest({
      ...context(),
      requestId: id,
      now: new Date(askedAt!.getTime() + ASK_INTERVAL_MS),
    });
    expect(standIn.statusAsks(id)).toBe(2);
  });

  it("refuses a client address over its limit with 429 before reading anything", async () => {
    const limited = await createTestServices({ SITE_URL: siteUrl, TRACK_RATE_LIMIT: "3", ...standIn.env() });
    try {
      const id = crypto.randomUUID();
      const answers = [];
      for (let i = 0; i < 5; i++) answers.push(await put(id, "SUCCESSFUL", "198.51.100.7", limited));
      expect(answers.map((answer) => answer.status)).toEqual([404, 404, 404, 429, 429]);
      expect(answers[3]!.headers.get("Retry-After")).toMatch(/^\d+$/);
      // Another address is not held back by this one.
      expect((await put(id, "SUCCESSFUL", "198.51.100.8", limited)).status).toBe(404);
    } finally {
      await limited.close();
    }
  });
});
