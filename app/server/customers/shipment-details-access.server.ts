// Who may see a shipment's full details, and the code that opens them (docs/decisions/029, 'Tracking in tiers'):
// the public tracking page shows a shipment with its parties masked; its full details (parties unmasked, goods,
// documents) are shown only to a signed-in customer of the shipment, or for 24 hours to a browser that proved the
// shipper's or the consignee's contact on file with a code. The answer to a contact is the same whether or not it
// is on file: a code row is made either way, and only a deliverable one is sent. The grant's token lives in a
// cookie scoped to /track/<NUMBER>, and another with the same token scoped to the French address
// /fr/suivi/<NUMBER> (docs/decisions/030), its hash here. The code's message is in
// shipment-details-code-message.server.ts; what the details page and its documents show, in
// shipment-details-page.server.ts.
import { and, eq, gt, lt } from "drizzle-orm";
import type { RouterContextProvider } from "react-router";
import { servicesContext } from "#app/context.ts";
import type { Locale } from "#app/lib/i18n/locale.ts";
import { localizePath } from "#app/lib/i18n/paths.ts";
import { parsePhone } from "#app/lib/phone.ts";
import { trackingPath } from "#app/lib/tracking-number.ts";
import { cookieHeader, readTokenCookie } from "#app/server/auth/cookies.server.ts";
import {
  attemptCodeDigits,
  CODE_LIFETIME_MS,
  checkOneTimeCode,
  codeCheckAnswer,
  codeFormatMessage,
  createOneTimeCode,
  findCodeAttempt,
  readTypedCode,
} from "#app/server/auth/one-time-codes.server.ts";
import { createToken, hashToken } from "#app/server/auth/sessions.server.ts";
import { getCustomerSession } from "#app/server/customers/customer-guards.server.ts";
import { isCompanyShipment } from "#app/server/customers/customer-scope.server.ts";
import { openCodeRequest, type SignInConfig } from "#app/server/customers/customer-sign-in.server.ts";
import { sendDetailsCode } from "#app/server/customers/shipment-details-code-message.server.ts";
import type { Db, DbOrTx } from "#app/server/db/client.server.ts";
import { shipmentDetailGrants, shipments } from "#app/server/db/schema.ts";
import { maskAddress } from "#app/server/messaging/mail.server.ts";
import type { Party } from "#app/server/parties/parties.server.ts";
import type { Logger } from "#app/server/platform/logger.server.ts";
import { consumeRateLimits } from "#app/server/platform/rate-limit.server.ts";
import { getShipmentById } from "#app/server/shipments/shipments.server.ts";
import { getPublicShipmentByTrackingNumber } from "#app/server/shipments/tracking.server.ts";

export type DetailsConfig = SignInConfig;

/** How long a browser sees a shipment's details after its code. */
export const DETAILS_GRANT_MS = 24 * 60 * 60 * 1000;
/**
 * Codes asked for one address, and by one client, per hour; codes typed by one client per hour. Past the
 * address's count a request is served by the code already live (decision 029), never refused.
 */
export const DETAILS_LIMITS = { perAddress: 5, perClient: 20, checksPerClient: 30 } as const;

const GRANT_COOKIE = "shipment_details";
const ATTEMPT_COOKIE = "shipment_details_code";

/** The cookies' path: the shipment's tracking page and what is below it, nothing of another shipment. */
export const detailsCookiePath = (trackingNumber: string) => trackingPath(trackingNumber);

/**
 * The cookies' paths: the shipment's English address and its French one (/fr/suivi/<NUMBER>), so a code typed
 * on either page opens the details (and their documents) on both; a browser sends the one of the page's path.
 */
const detailsCookiePaths = (trackingNumber: string) => {
  const english = detailsCookiePath(trackingNumber);
  return [english, localizePath(english, "fr")];
};

/** The grant's cookies (one per language's address), HttpOnly, for 24 hours. */
export function grantCookie({
  config,
  trackingNumber,
  token,
}: {
  config: DetailsConfig;
  trackingNumber: string;
  token: string;
}): string[] {
  return detailsCookiePaths(trackingNumber).map((path) =>
    cookieHeader({ config, name: GRANT_COOKIE, value: token, maxAgeSeconds: DETAILS_GRANT_MS / 1000, path }),
  );
}

/** The code attempt's cookies (one per language's address); no token clears them. */
export function detailsAttemptCookie({
  config,
  trackingNumber,
  token,
}: {
  config: DetailsConfig;
  trackingNumber: string;
  token: string | null;
}): string[] {
  return detailsCookiePaths(trackingNumber).map((path) =>
    cookieHeader({
      config,
      name: ATTEMPT_COOKIE,
      value: token ?? "",
      maxAgeSeconds: token ? CODE_LIFETIME_MS / 1000 : 0,
      path,
    }),
  );
}

export function readDetailsAttemptToken({
  request,
  config,
  trackingNumber,
}: {
  request: Request;
  config: DetailsConfig;
  trackingNumber: string;
}): string | null {
  return readTokenCookie({ request, config, name: ATTEMPT_COOKIE, path: detailsCookiePath(trackingNumber) });
}

/** The shipment behind a tracking number as typed (found as the tracking page finds it), or null. */
export async function findDetailsShipment({
  db,
  trackingNumber,
}: {
  db: Db;
  trackingNumber: string;
}): Promise<{ id: string; trackingNumber: string } | null> {
  const found = await getPublicShipmentByTrackingNumber({ db, trackingNumber });
  if (!found) return null;
  const [row] = await db
    .select({ id: shipments.id, trackingNumber: shipments.trackingNumber })
    .from(shipments)
    .where(eq(shipments.trackingNumber, found.trackingNumber));
  return row ?? null;
}

/**
 * Who may see a shipment's full details in this request: 'customer' (a signed-in customer whose company is
 * its shipper or consignee), 'grant' (this browser typed a code for it in the last 24 hours), or null.
 */
export async function findShipmentDetailsAccess({
  request,
  context,
  shipment,
  now = new Date(),
}: {
  request: Request;
  context: Readonly<RouterContextProvider>;
  shipment: { id: string; trackingNumber: string };
  now?: Date;
}): Promise<"customer" | "grant" | null> {
  const { db, config } = context.get(servicesContext);
  const session = await getCustomerSession({ request, context });
  if (
    session &&
    (await isCompanyShipment({ db, companyId: session.user.companyId, shipmentId: shipment.id }))
  ) {
    return "customer";
  }
  const token = readTokenCookie({
    request,
    config,
    name: GRANT_COOKIE,
    path: detailsCookiePath(shipment.trackingNumber),
  });
  return token && (await hasShipmentDetailsGrant({ db, shipmentId: shipment.id, token, now }))
    ? "grant"
    : null;
}

/** Whether `token` is a live grant for this shipment (a grant for another shipment is no grant). */
export async function hasShipmentDetailsGrant({
  db,
  shipmentId,
  token,
  now = new Date(),
}: {
  db: DbOrTx;
  shipmentId: string;
  token: string;
  now?: Date;
}): Promise<boolean> {
  const [row] = await db
    .select({ shipmentId: shipmentDetailGrants.shipmentId })
    .from(shipmentDetailGrants)
    .where(
      and(
        eq(shipmentDetailGrants.tokenHash, hashToken(token)),
        eq(shipmentDetailGrants.shipmentId, shipmentId),
        gt(shipmentDetailGrants.expiresAt, now),
      ),
    );
  return !!row;
}

/** The E.164 form of a phone on a party's record, or null (records may keep spaces: '+231 77 555 0142'). */
const partyPhone = (phone: string | null) => {
  if (!phone) return null;
  const parsed = parsePhone(phone);
  return parsed.ok ? parsed.e164 : null;
};

/** Whether the address is the shipper's or the consignee's e-mail (any case) or mobile number on file. */
function isContactOnFile(parties: Array<Party | null>, channel: "email" | "sms", address: string) {
  return parties.some((party) =>
    party
      ? channel === "email"
        ? party.email?.trim().toLowerCase() === address
        : partyPhone(party.phone) === address
      : false,
  );
}

export type DetailsCodeRequest =
  | { ok: true; attemptToken: string; sentTo: string; channel: "email" | "sms" }
  | { ok: false; message: string }
  | { ok: false; retryAfterSeconds: number };

/**
 * Asks for a code that opens one shipment's details. Sent only when the address is its shipper's or
 * consignee's e-mail or mobile number on file; the visitor is answered the same either way.
 */
export async function requestShipmentDetailsCode({
  db,
  config,
  logger,
  shipment,
  typed,
  clientAddress,
  locale = "en",
  now = new Date(),
}: {
  db: Db;
  config: DetailsConfig;
  logger: Pick<Logger, "info" | "warn">;
  shipment: { id: string; trackingNumber: string };
  typed: unknown;
  clientAddress: string;
  /** The page's language: the code's message goes in it. */
  locale?: Locale;
  now?: Date;
}): Promise<DetailsCodeRequest> {
  const opened = await openCodeRequest({
    db,
    config,
    typed,
    clientAddress,
    scope: "details-code",
    limits: DETAILS_LIMITS,
    now,
  });
  if (!opened.ok) return opened;
  const { channel, address, addressSpent } = opened;
  // Ended grants go as new codes are asked for (an indexed delete), as spent codes do.
  await db.delete(shipmentDetailGrants).where(lt(shipmentDetailGrants.expiresAt, now));

  const full = await getShipmentById({ db, id: shipment.id });
  const deliverable = !!full && isContactOnFile([full.shipper, full.consignee], channel, address);
  return db.transaction(async (tx) => {
    const code = await createOneTimeCode({
      db: tx,
      purpose: "shipment_details",
      channel,
      destination: address,
      deliverable,
      shipmentId: shipment.id,
      addressSpent,
      clientAddress,
      now,
    });
    if (deliverable && code.code !== null) {
      await sendDetailsCode({
        tx,
        config,
        logger,
        channel,
        address,
        code,
        trackingNumber: shipment.trackingNumber,
        locale,
        now,
      });
    } else if (!deliverable) {
      logger.info({ channel }, "Details code asked for a contact not on the shipment: nothing sent");
    }
    return { ok: true as const, attemptToken: code.attemptToken, sentTo: maskAddress(address), channel };
  });
}

/** What the code form shows of the attempt this browser holds for this shipment, or null. */
export async function findShipmentDetailsAttempt({
  db,
  attemptToken,
  shipmentId,
  now,
}: {
  db: Db;
  attemptToken: string;
  shipmentId: string;
  now?: Date;
}): Promise<{ sentTo: string; channel: "email" | "sms"; digits: number } | null> {
  const row = await findCodeAttempt({ db, purpose: "shipment_details", attemptToken, now });
  return row && row.shipmentId === shipmentId
    ? { sentTo: maskAddress(row.destination), channel: row.channel, digits: row.digits }
    : null;
}

export const EXPIRED_DETAILS_CODE_MESSAGE = "This code no longer works. Ask for a new one.";

export type DetailsCodeCheck =
  | { outcome: "granted"; token: string }
  | { outcome: "wrong"; message: string }
  | { outcome: "expired"; message: string }
  | { outcome: "rate-limited"; retryAfterSeconds: number }
  | { outcome: "paused"; retryAfterSeconds: number };

/** Checks the code typed against this browser's attempt for this shipment; a right one grants 24 hours. */
export async function verifyShipmentDetailsCode({
  db,
  attemptToken,
  code,
  shipmentId,
  clientAddress,
  now = new Date(),
}: {
  db: Db;
  attemptToken: string | null;
  code: unknown;
  shipmentId: string;
  clientAddress: string;
  now?: Date;
}): Promise<DetailsCodeCheck> {
  const typed = readTypedCode(code);
  if (typed === null) {
    const digits = await attemptCodeDigits({ db, purpose: "shipment_details", attemptToken });
    return { outcome: "wrong", message: codeFormatMessage(digits) };
  }
  if (!attemptToken) return { outcome: "expired", message: EXPIRED_DETAILS_CODE_MESSAGE };
  const retryAfter = await consumeRateLimits({
    db,
    now,
    limits: [{ key: `details-code:checks:${clientAddress}`, limit: DETAILS_LIMITS.checksPerClient }],
  });
  if (retryAfter !== null) return { outcome: "rate-limited", retryAfterSeconds: retryAfter };
  const checked = await checkOneTimeCode({
    db,
    purpose: "shipment_details",
    attemptToken,
    code: typed,
    now,
    use: async (tx, row) => {
      // A code of another shipment opens nothing here (its cookie is scoped to that shipment's path anyway).
      if (row.shipmentId !== shipmentId) return null;
      const token = createToken();
      await tx.insert(shipmentDetailGrants).values({
        tokenHash: hashToken(token),
        shipmentId,
        expiresAt: new Date(now.getTime() + DETAILS_GRANT_MS),
        createdAt: now,
      });
      return token;
    },
  });
  if (checked.outcome === "ok") {
    return checked.value
      ? { outcome: "granted", token: checked.value }
      : { outcome: "expired", message: EXPIRED_DETAILS_CODE_MESSAGE };
  }
  return codeCheckAnswer(checked, EXPIRED_DETAILS_CODE_MESSAGE);
}
