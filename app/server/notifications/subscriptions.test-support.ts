// Shared setup of the public subscriptions' tests (decision 014): the real database, a real SMTP server and the
// local Twilio fake on the test file's controlled clock, a new shipment for each test, and the helpers that ask
// for updates, read the link or code sent and confirm it. Each test file registers its own hooks and owns its
// clock (a test sets it to the real one), handing the support a way to read it.
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { notificationSubscribers, outbox, rateLimits, shipments } from "#app/server/db/schema.ts";
import {
  confirmEmailSubscription,
  confirmPhoneSubscription,
} from "#app/server/notifications/subscription-confirmations.server.ts";
import { requestSubscription } from "#app/server/notifications/subscription-requests.server.ts";
import type { Services } from "#app/server/services.server.ts";
import { setNotificationsEnabled } from "#app/server/settings/notification-settings.server.ts";
import { addStatusUpdate } from "#app/server/shipments/shipments.server.ts";
import { type FakeTwilio, startFakeTwilio } from "#tests/fakes/twilio-server.ts";
import { type SmtpTestServer, startSmtpTestServer } from "#tests/setup/smtp-test-server.ts";
import { createTestServices } from "#tests/setup/test-db.ts";

/**
 * Today at 10:00 UTC, where a test file's clock starts: the subscribe page's loader and action read the real
 * clock, so the controlled one starts within the day of a link's life of it (a fixed date turned every link it
 * made into an expired one).
 */
export const todayAtTen = () => new Date(`${new Date().toISOString().slice(0, 10)}T10:00:00Z`);
export const MINUTE = 60 * 1000;
export const SITE = "https://freight.example.com";
const TWILIO = {
  TWILIO_ACCOUNT_SID: `AC${"2".repeat(32)}`,
  TWILIO_AUTH_TOKEN: "abcdef0123456789abcdef0123456789",
  TWILIO_SMS_FROM: "+15017122661",
};

/** The tests' clock, unless a test file owns one (see startSubscriptionServices); `advance` moves it on. */
export let clock = todayAtTen();
export const advance = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};
/** The clock the services and the helpers read: this module's, or the test file's own. */
let now: () => Date = () => clock;
export let smtp: SmtpTestServer;
export let twilio: FakeTwilio;
export let services: Services;
/**
 * For each test file's beforeAll: the mail server, the Twilio fake and the services, on this module's clock or on
 * `read`, the test file's own (a file whose tests set the clock, not only move it on, owns it).
 */
export async function startSubscriptionServices(read: () => Date = () => clock) {
  now = read;
  smtp = await startSmtpTestServer();
  twilio = await startFakeTwilio({
    accountSid: TWILIO.TWILIO_ACCOUNT_SID,
    authToken: TWILIO.TWILIO_AUTH_TOKEN,
  });
  services = await createTestServices(
    { SMTP_URL: smtp.url, SITE_URL: SITE, ...TWILIO },
    {
      outbox: { now: () => now(), autostart: false, providers: { twilioBaseUrl: twilio.url } },
      notifications: { now: () => now(), autostart: false },
    },
  );
  await setNotificationsEnabled({ db: services.db, enabled: true });
}
/** For each test file's afterAll. */
export async function stopSubscriptionServices() {
  await services?.close();
  await smtp?.close();
  await twilio?.close();
}

let serial = 0;
export let trackingNumber: string;
export let shipmentId: string;
/** For each test file's beforeEach: the clock an hour on, nothing counted or sent yet, and a new shipment. */
export async function startNextShipment(moveClock: (ms: number) => void = advance) {
  // Caps live in rate_limits: each test starts with none counted.
  await services.db.delete(rateLimits);
  await services.db.delete(outbox);
  smtp.received.length = 0;
  twilio.requests.length = 0;
  moveClock(60 * MINUTE);
  serial++;
  trackingNumber = `UTG-5555-${String(1000 + serial)}`;
  const [shipment] = await services.db
    .insert(shipments)
    .values({
      trackingNumber,
      status: "In Transit",
      originLocation: "Shanghai",
      destinationLocation: "Monrovia",
    })
    .returning();
  shipmentId = shipment!.id;
}

let ip = 0;
/** A different client address for each request, unless a test names one (the caps per client are tested apart). */
export const nextIp = () => `198.51.100.${(ip++ % 250) + 1}`;
export const ask = (
  channel: "email" | "sms",
  address: string,
  clientAddress = nextIp(),
  config: Partial<Services["config"]> = {},
) =>
  requestSubscription({
    db: services.db,
    config: { ...services.config, ...config },
    logger: services.logger,
    trackingNumber,
    channel,
    address,
    clientAddress,
    now: now(),
  });
export const outboxTo = (to: string) => services.db.select().from(outbox).where(eq(outbox.to, to));
export const subscriberRows = () =>
  services.db
    .select()
    .from(notificationSubscribers)
    .where(eq(notificationSubscribers.shipmentId, shipmentId));
/** The token of the newest confirmation link mailed to `to`. */
export async function linkTokenOf(to: string) {
  const rows = (await outboxTo(to)).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  const match = /\/subscribe\/([A-Za-z0-9_-]{43})$/m.exec(rows.at(-1)?.text ?? "");
  return match?.[1] ?? null;
}
/** The code of the newest SMS the Twilio fake received for `to` (the worker sends it). */
export async function codeTextedTo(to: string) {
  await services.outbox.drain();
  const body =
    twilio.requests
      .filter((r) => r.form.get("To") === to)
      .at(-1)
      ?.form.get("Body") ?? "";
  return /^(\d{6}) is your code/.exec(body)?.[1] ?? null;
}
export const confirmCode = (phone: string, code: string, clientAddress = nextIp()) =>
  confirmPhoneSubscription({
    db: services.db,
    config: services.config,
    trackingNumber,
    phone,
    code,
    clientAddress,
    now: now(),
  });
export async function subscribeByEmail(address: string) {
  expect((await ask("email", address)).outcome).toBe("sent");
  const token = await linkTokenOf(address);
  return confirmEmailSubscription({ db: services.db, config: services.config, token: token!, now: now() });
}
export async function addUpdate(status: string, location: string) {
  await addStatusUpdate({
    db: services.db,
    shipmentId,
    input: { status, location, notes: null, timestamp: new Date(now()), alsoSetCurrent: true },
    now: now(),
  });
  await services.notifications.runOnce();
  await services.outbox.drain();
}
