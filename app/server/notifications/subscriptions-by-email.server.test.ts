// Public subscriptions by e-mail (decision 014) on the real database, a real SMTP server and a controlled clock:
// double opt-in by link, the same answer for any address, expiry, the caps, and the places nobody can take from a
// shipment's own customers (setup in subscriptions.test-support.ts).
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { action as subscribeAction, loader as subscribeLoader } from "#app/routes/site/subscribe.$token.tsx";
import { consignees, outbox, shipments, shippers } from "#app/server/db/schema.ts";
import { expireMessages } from "#app/server/messaging/outbox.server.ts";
import {
  getShipmentNotifications,
  removeSubscriber,
} from "#app/server/notifications/notifications.server.ts";
import {
  confirmEmailSubscription,
  findEmailSubscription,
} from "#app/server/notifications/subscription-confirmations.server.ts";
import {
  addUpdate,
  advance,
  ask,
  clock,
  linkTokenOf,
  MINUTE,
  nextIp,
  outboxTo,
  SITE,
  services,
  shipmentId,
  smtp,
  startNextShipment,
  startSubscriptionServices,
  stopSubscriptionServices,
  subscribeByEmail,
  subscriberRows,
  trackingNumber,
} from "#app/server/notifications/subscriptions.test-support.ts";
import {
  ensureUnsubscribeToken,
  unsubscribeByToken,
} from "#app/server/notifications/unsubscribe-links.server.ts";
import { createTestContext } from "#tests/setup/test-db.ts";

// The tests move the support's clock (`advance`) past a link's 24 hours and the caps' windows.
beforeAll(() => startSubscriptionServices());
afterAll(stopSubscriptionServices);
beforeEach(() => startNextShipment());

describe("subscribing by e-mail (double opt-in)", () => {
  it("mails a link; opening it confirms nothing, its button does; the next update reaches the subscriber with an unsubscribe link", async () => {
    expect(await ask("email", "  Musu.Flomo@Example.COM ")).toEqual({
      outcome: "sent",
      channel: "email",
      address: "musu.flomo@example.com",
    });
    const [mail] = await outboxTo("musu.flomo@example.com");
    expect(mail).toMatchObject({
      channel: "email",
      status: "queued",
      subject: `Confirm updates about shipment ${trackingNumber}`,
    });
    // The link works for a day, and so does the mail: not sent once the link is dead.
    expect(mail!.expiresAt?.getTime()).toBe(clock.getTime() + 24 * 60 * MINUTE);
    const token = (await linkTokenOf("musu.flomo@example.com"))!;
    // Only the token's hash is stored.
    const [row] = await subscriberRows();
    expect(row!.secretHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.secretHash).not.toContain(token);
    expect(JSON.stringify(row)).not.toContain(token);

    const context = createTestContext(services);
    const page = (await subscribeLoader({
      request: new Request(`${SITE}/subscribe/${token}`),
      params: { token },
      context,
    } as never)) as { data: unknown };
    expect(page.data).toMatchObject({
      found: true,
      trackingNumber,
      address: "m•••@example.com",
      confirmed: false,
    });
    expect((await subscriberRows())[0]!.confirmedAt).toBeNull();
    const answer = await subscribeAction({
      request: new Request(`${SITE}/subscribe/${token}`, { method: "POST" }),
      params: { token },
      context,
    } as never);
    expect(answer).toEqual({ outcome: "confirmed" });

    advance(MINUTE);
    await addUpdate("Arrived", "Port of Monrovia");
    const received = smtp.received.filter((m) => m.to.includes("musu.flomo@example.com"));
    const subject = (raw: string) => /^Subject: (.*)$/m.exec(raw)?.[1]?.trim();
    // Both reached the mail server; in which order depends on the outbox worker's batches, not on the test.
    expect(received.map((m) => subject(m.raw)).sort()).toEqual(
      [
        `Confirm updates about shipment ${trackingNumber}`,
        `${trackingNumber}: Arrived at Port of Monrovia`,
      ].sort(),
    );
    const update = received.find((m) => subject(m.raw) === `${trackingNumber}: Arrived at Port of Monrovia`);
    expect(update!.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
    const card = await getShipmentNotifications({ db: services.db, shipmentId });
    expect(card.subscribers).toMatchObject([{ channel: "email", address: "musu.flomo@example.com" }]);
    expect(card.messages.map((m) => [m.role, m.channel, m.address, m.status])).toEqual([
      ["subscriber", "email", "musu.flomo@example.com", "sent"],
    ]);

    // Unsubscribed: never messaged again for this shipment, not even a confirmation when asking again.
    const { token: unsubscribe } = await ensureUnsubscribeToken({
      db: services.db,
      shipmentId,
      channel: "email",
      address: "musu.flomo@example.com",
    });
    expect(await unsubscribeByToken({ db: services.db, token: unsubscribe })).toBe(true);
    advance(5 * MINUTE);
    smtp.received.length = 0;
    expect((await ask("email", "musu.flomo@example.com")).outcome).toBe("sent");
    await addUpdate("Delivered", "Monrovia");
    expect(smtp.received.filter((m) => m.to.includes("musu.flomo@example.com"))).toHaveLength(0);
  });

  it("answers the same for an address already confirmed, with the same work: a notice instead of a link", async () => {
    expect(await subscribeByEmail("kofi@example.com")).toBe("confirmed");
    const before = (await outboxTo("kofi@example.com")).length;
    const again = await ask("email", "KOFI@example.com");
    const fresh = await ask("email", "someone.new@example.com");
    expect(again).toEqual({ outcome: "sent", channel: "email", address: "kofi@example.com" });
    expect(fresh).toEqual({ outcome: "sent", channel: "email", address: "someone.new@example.com" });
    // Both queued one message: a link for the new address, a notice (no link) for the one already following.
    const kofi = await outboxTo("kofi@example.com");
    expect(kofi).toHaveLength(before + 1);
    expect(kofi.at(-1)!.subject).toBe(`Updates about shipment ${trackingNumber}`);
    expect(kofi.at(-1)!.text).toContain("You already receive updates about shipment");
    expect(kofi.at(-1)!.text).not.toMatch(/\/subscribe\//);
    expect(await outboxTo("someone.new@example.com")).toHaveLength(1);
    // Still one subscriber row each, the first still confirmed.
    const rows = await subscriberRows();
    expect(rows.map((r) => [r.address, r.confirmedAt !== null]).sort()).toEqual([
      ["kofi@example.com", true],
      ["someone.new@example.com", false],
    ]);
  });

  it("refuses an address that is not one, clearly, storing nothing", async () => {
    for (const typed of [
      "",
      "not an address",
      "a@b",
      `${"x".repeat(250)}@example.com`,
      "<script>@x.com",
      "\u0000@x.com",
    ]) {
      const answer = await ask("email", typed);
      expect(answer.outcome, typed).toBe("invalid");
      expect((answer as { message: string }).message).toMatch(/e-mail address/);
    }
    expect(await subscriberRows()).toHaveLength(0);
    expect(await services.db.select().from(outbox)).toHaveLength(0);
  });

  it("lets a link work for 24 hours; an unconfirmed subscriber then counts for nothing", async () => {
    await ask("email", "late@example.com");
    const token = (await linkTokenOf("late@example.com"))!;
    advance(24 * 60 * MINUTE);
    expect(await findEmailSubscription({ db: services.db, token, now: clock })).toBeNull();
    expect(
      await confirmEmailSubscription({ db: services.db, config: services.config, token, now: clock }),
    ).toBe("invalid");
    // The mail itself is never sent after that either.
    await expireMessages({ db: services.db, now: clock });
    expect((await outboxTo("late@example.com"))[0]!.status).toBe("expired");
    // Asking again sends a new link that works.
    await ask("email", "late@example.com");
    const second = (await linkTokenOf("late@example.com"))!;
    expect(second).not.toBe(token);
    expect(
      await confirmEmailSubscription({ db: services.db, config: services.config, token: second, now: clock }),
    ).toBe("confirmed");
  });

  it("takes at most 10 confirmed subscribers per shipment; unconfirmed ones do not count", async () => {
    await ask("email", "pending@example.com");
    const pending = (await linkTokenOf("pending@example.com"))!;
    for (let i = 0; i < services.config.SUBSCRIBERS_PER_SHIPMENT; i++) {
      expect(await subscribeByEmail(`fan${i}@example.com`)).toBe("confirmed");
    }
    // Full: the same answer for everyone, new or already subscribed, and nothing mailed.
    expect(await ask("email", "eleventh@example.com")).toEqual({ outcome: "full" });
    expect(await ask("email", "fan0@example.com")).toEqual({ outcome: "full" });
    expect(await outboxTo("eleventh@example.com")).toHaveLength(0);
    // A link mailed before the shipment filled up does not add an eleventh.
    expect(
      await confirmEmailSubscription({
        db: services.db,
        config: services.config,
        token: pending,
        now: clock,
      }),
    ).toBe("full");
    // Removed by staff: a place is free again.
    const fan = (await subscriberRows()).find((r) => r.address === "fan3@example.com")!;
    expect(await removeSubscriber({ db: services.db, shipmentId, id: fan.id })).toBe(true);
    expect(await removeSubscriber({ db: services.db, shipmentId, id: fan.id })).toBe(false);
    expect(
      await confirmEmailSubscription({
        db: services.db,
        config: services.config,
        token: pending,
        now: clock,
      }),
    ).toBe("confirmed");
  });

  it("caps requests per address, per client address and per shipment, in the database", async () => {
    for (let i = 0; i < services.config.SUBSCRIBE_EMAILS_PER_ADDRESS_PER_HOUR; i++) {
      expect((await ask("email", "eager@example.com")).outcome).toBe("sent");
    }
    expect((await ask("email", "eager@example.com")).outcome).toBe("rate-limited");
    expect(await outboxTo("eager@example.com")).toHaveLength(
      services.config.SUBSCRIBE_EMAILS_PER_ADDRESS_PER_HOUR,
    );

    // (The places one client may hold on one shipment are tested apart: here they are no limit.)
    const client = "203.0.113.77";
    const manyPlaces = { SUBSCRIBERS_PER_CLIENT_PER_SHIPMENT: 1000 };
    for (let i = 0; i < services.config.SUBSCRIBE_REQUESTS_PER_CLIENT_PER_HOUR; i++) {
      expect((await ask("email", `c${i}@example.com`, client, manyPlaces)).outcome).toBe("sent");
    }
    expect((await ask("email", "one.more@example.com", client, manyPlaces)).outcome).toBe("rate-limited");

    // Counted per shipment so far: every request past the client cap (the refused one per address too).
    const used =
      services.config.SUBSCRIBE_EMAILS_PER_ADDRESS_PER_HOUR +
      1 +
      services.config.SUBSCRIBE_REQUESTS_PER_CLIENT_PER_HOUR;
    for (let i = used; i < services.config.SUBSCRIBE_REQUESTS_PER_SHIPMENT_PER_HOUR; i++) {
      expect((await ask("email", `s${i}@example.com`)).outcome).toBe("sent");
    }
    expect((await ask("email", "late.comer@example.com")).outcome).toBe("rate-limited");
    // An hour later the windows are new.
    advance(61 * MINUTE);
    expect((await ask("email", "late.comer@example.com")).outcome).toBe("sent");
  });
});

describe("nobody can lock a shipment's customers out", () => {
  it("lets one client address hold only a few places on a shipment; other clients still get in", async () => {
    const attacker = "203.0.113.66";
    const perClient = services.config.SUBSCRIBERS_PER_CLIENT_PER_SHIPMENT;
    for (let i = 0; i < perClient; i++) {
      expect((await ask("email", `mallory+${i}@example.com`, attacker)).outcome).toBe("sent");
    }
    // Plus-addresses from the same client: no more places for it on this shipment, and nothing mailed.
    expect(await ask("email", `mallory+${perClient}@example.com`, attacker)).toEqual({ outcome: "full" });
    expect(await outboxTo(`mallory+${perClient}@example.com`)).toHaveLength(0);
    // Asking again for an address it already holds still answers as usual.
    expect((await ask("email", "mallory+0@example.com", attacker)).outcome).toBe("sent");
    // Once confirmed, they still count for that client.
    for (let i = 0; i < perClient; i++) {
      const token = (await linkTokenOf(`mallory+${i}@example.com`))!;
      expect(
        await confirmEmailSubscription({ db: services.db, config: services.config, token, now: clock }),
      ).toBe("confirmed");
    }
    expect(await ask("email", "mallory+99@example.com", attacker)).toEqual({ outcome: "full" });
    // Another client is not affected.
    expect(await subscribeByEmail("neighbour@example.com")).toBe("confirmed");
    // An expired link frees its place for that client.
    const other = "203.0.113.67";
    for (let i = 0; i < perClient; i++) await ask("email", `late${i}@example.com`, other);
    expect(await ask("email", "late-extra@example.com", other)).toEqual({ outcome: "full" });
    advance(24 * 60 * MINUTE + MINUTE);
    expect((await ask("email", "late-extra@example.com", other)).outcome).toBe("sent");
  });

  it("always lets the shipment's own shipper and consignee follow it, even when every place is taken", async () => {
    const [shipper] = await services.db
      .insert(shippers)
      .values({ name: "Li Wei", email: "Li.Wei@Sunrise.example", phone: "+86 21 6888 8888" })
      .returning();
    const [consignee] = await services.db
      .insert(consignees)
      .values({ name: "Grace Kollie", email: "grace@kollie.example", phone: "+231 77 012 3456" })
      .returning();
    await services.db
      .update(shipments)
      .set({ shipperId: shipper!.id, consigneeId: consignee!.id })
      .where(eq(shipments.id, shipmentId));
    // The consignee asks first and confirms later, after strangers filled every place.
    expect((await ask("email", "grace@kollie.example")).outcome).toBe("sent");
    const graceLink = (await linkTokenOf("grace@kollie.example"))!;
    for (let i = 0; i < services.config.SUBSCRIBERS_PER_SHIPMENT; i++) {
      expect(await subscribeByEmail(`stranger${i}@example.com`)).toBe("confirmed");
    }
    expect(await ask("email", "one.more.stranger@example.com")).toEqual({ outcome: "full" });
    expect(
      await confirmEmailSubscription({
        db: services.db,
        config: services.config,
        token: graceLink,
        now: clock,
      }),
    ).toBe("confirmed");
    // The shipper, with the address on file written another way, gets in too, and takes no place.
    expect((await ask("email", "li.wei@sunrise.example")).outcome).toBe("sent");
    expect(await outboxTo("li.wei@sunrise.example")).toHaveLength(1);
    const fan = (await subscriberRows()).find((r) => r.address === "stranger0@example.com")!;
    await removeSubscriber({ db: services.db, shipmentId, id: fan.id });
    expect(await subscribeByEmail("first.free.place@example.com")).toBe("confirmed");
  });

  it("caps confirmation e-mails for the whole site per day", async () => {
    const siteCap = { SUBSCRIBE_EMAILS_PER_DAY: 2 };
    expect((await ask("email", "a@example.com", nextIp(), siteCap)).outcome).toBe("sent");
    expect((await ask("email", "b@example.com", nextIp(), siteCap)).outcome).toBe("sent");
    expect((await ask("email", "c@example.com", nextIp(), siteCap)).outcome).toBe("rate-limited");
    expect(await outboxTo("c@example.com")).toHaveLength(0);
  });
});
