// Signing in to the customer account (decision 016): an e-mail address or, when SMS is on, a mobile
// number; a 6-digit code (8 digits after many wrong codes on the site; 10 minutes, 5 tries); an e-mailed link
// used through a page with a button. The answer is the same whether or not the address belongs to a customer:
// a code row is made either way, and only a deliverable one is sent.

import { eq } from "drizzle-orm";
import type { Locale } from "#app/lib/i18n/locale.ts";
import { localizePath } from "#app/lib/i18n/paths.ts";
import type { SiteSettings } from "#app/schemas/site-settings.ts";
import { recordCustomerAuditEvent } from "#app/server/audit/audit.server.ts";
import { cookieHeader, readTokenCookie } from "#app/server/auth/cookies.server.ts";
import {
  attemptCodeDigits,
  CODE_LIFETIME_MS,
  checkOneTimeCode,
  codeCheckAnswer,
  codeFormatMessage,
  createOneTimeCode,
  findCodeAttempt,
  limitCodeRequest,
  type OneTimeCode,
  pruneOneTimeCodes,
  readTypedCode,
  spendOneTimeLink,
} from "#app/server/auth/one-time-codes.server.ts";
import {
  createSelfSignInMember,
  findMemberByAddress,
  findSelfSignInParties,
  lockAddresses,
} from "#app/server/customers/customer-companies.server.ts";
import {
  acceptInvitation,
  findAcceptableInvitation,
  isAddressTaken,
} from "#app/server/customers/customer-invitations.server.ts";
import {
  type CustomerSessionConfig,
  createCustomerSession,
  pruneCustomerSessions,
} from "#app/server/customers/customer-sessions.server.ts";
import type { SignInAttemptView } from "#app/server/customers/customer-sign-in-views.ts";
import type { Db, DbOrTx } from "#app/server/db/client.server.ts";
import { customerMembers } from "#app/server/db/schema.ts";
import { translatorFor } from "#app/server/i18n/words.server.ts";
import { maskAddress, queueMail } from "#app/server/messaging/mail.server.ts";
import { enqueueMessage, type OutboxConfig } from "#app/server/messaging/outbox.server.ts";
import {
  isSmsSubscriptionAvailable,
  normalizeEmail,
  normalizeSubscriberPhone,
} from "#app/server/notifications/subscriptions.server.ts";
import type { Config } from "#app/server/platform/config.server.ts";
import type { Logger } from "#app/server/platform/logger.server.ts";
import { consumeRateLimits } from "#app/server/platform/rate-limit.server.ts";

export type SignInConfig = OutboxConfig &
  CustomerSessionConfig &
  Pick<Config, "SMTP_URL" | "OUTBOX_DIR" | "siteUrl">;

/**
 * Codes asked for one address, and by one client, per hour; codes typed by one client per hour. Past the
 * address's count a request is served by the code already live (decision 029), never refused.
 */
export const SIGN_IN_LIMITS = { perAddress: 5, perClient: 20, checksPerClient: 30 } as const;

/** The cookie that ties the code page to the browser that asked (10 minutes, the code's life). */
const ATTEMPT_COOKIE = "account_code";

export function attemptCookie(config: SignInConfig, token: string): string {
  return cookieHeader({ config, name: ATTEMPT_COOKIE, value: token, maxAgeSeconds: CODE_LIFETIME_MS / 1000 });
}
export function clearAttemptCookie(config: SignInConfig): string {
  return cookieHeader({ config, name: ATTEMPT_COOKIE, value: "", maxAgeSeconds: 0 });
}
export function readAttemptToken(request: Request, config: SignInConfig): string | null {
  return readTokenCookie({ request, config, name: ATTEMPT_COOKIE });
}

/** Whether a mobile number may be typed instead of an e-mail address (SMS is configured). */
export function isPhoneSignInAvailable(config: SignInConfig): boolean {
  return isSmsSubscriptionAvailable(config);
}

export type ReadAddress =
  | { ok: true; channel: "email" | "sms"; address: string }
  | { ok: false; message: string };

/** What was typed in the sign-in box: an e-mail address, or a mobile number when SMS is on. */
export function readSignInAddress(input: unknown, config: SignInConfig): ReadAddress {
  const typed = typeof input === "string" ? input.trim() : "";
  const phoneToo = isPhoneSignInAvailable(config);
  if (!typed) {
    return {
      ok: false,
      message: phoneToo ? "Enter your e-mail address or mobile number." : "Enter your e-mail address.",
    };
  }
  if (typed.includes("@") || !phoneToo) {
    const email = normalizeEmail(typed);
    return email.ok ? { ok: true, channel: "email", address: email.value } : email;
  }
  const phone = normalizeSubscriberPhone(typed, config.SMS_ALLOWED_COUNTRIES);
  return phone.ok ? { ok: true, channel: "sms", address: phone.value } : phone;
}

/** Whether a colleague's told invitation would let this address in (its first code makes it a member). */
async function acceptsInvitation(tx: DbOrTx, channel: "email" | "sms", address: string, now: Date) {
  const invitation = await findAcceptableInvitation({ db: tx, channel, address, now });
  return (
    !!invitation && !(await isAddressTaken({ db: tx, channel, address, companyId: invitation.companyId }))
  );
}

/**
 * The first steps of asking for a code, the same for signing in and for a shipment's full details: the address
 * read from what was typed, the client's and the address's limits counted, and spent codes pruned.
 */
export async function openCodeRequest({
  db,
  config,
  typed,
  clientAddress,
  scope,
  limits,
  now,
}: {
  db: Db;
  config: SignInConfig;
  typed: unknown;
  clientAddress: string;
  scope: string;
  limits: { perClient: number; perAddress: number };
  now: Date;
}): Promise<
  | { ok: true; channel: "email" | "sms"; address: string; addressSpent: boolean }
  | { ok: false; message: string }
  | { ok: false; retryAfterSeconds: number }
> {
  const read = readSignInAddress(typed, config);
  if (!read.ok) return read;
  const { channel, address } = read;
  const { perClient, perAddress } = limits;
  const limit = await limitCodeRequest({ db, scope, clientAddress, address, perClient, perAddress, now });
  if (limit.refusedForSeconds !== null) return { ok: false, retryAfterSeconds: limit.refusedForSeconds };
  // Old codes go as new ones are asked for (an indexed delete of rows an hour past their end).
  await pruneOneTimeCodes({ db, now });
  return { ok: true, channel, address, addressSpent: limit.addressSpent };
}

export type CodeRequest =
  | { ok: true; attemptToken: string; sentTo: string; channel: "email" | "sms" }
  | { ok: false; message: string }
  | { ok: false; retryAfterSeconds: number };

/** Counts a hit on each limit in turn; the first one over its limit answers. */
/**
 * Asks for a sign-in code. Sent when the address belongs to an active member, or is on a party's record that
 * lets it sign in by itself; otherwise nothing is sent, and the visitor sees the same page.
 */
export async function requestCustomerCode({
  db,
  config,
  logger,
  settings,
  typed,
  clientAddress,
  locale = "en",
  now = new Date(),
}: {
  db: Db;
  config: SignInConfig;
  logger: Pick<Logger, "info" | "warn">;
  settings: Pick<SiteSettings, "companyName">;
  typed: unknown;
  clientAddress: string;
  /** The sign-in page's language: the message's for an address that has no member yet. */
  locale?: Locale;
  now?: Date;
}): Promise<CodeRequest> {
  const opened = await openCodeRequest({
    db,
    config,
    typed,
    clientAddress,
    scope: "account-code",
    limits: SIGN_IN_LIMITS,
    now,
  });
  if (!opened.ok) return opened;
  const { channel, address, addressSpent } = opened;

  return db.transaction(async (tx) => {
    const member = await findMemberByAddress({ db: tx, channel, address });
    const deliverable = member
      ? member.removedAt === null || (await acceptsInvitation(tx, channel, address, now))
      : (await findSelfSignInParties({ db: tx, channel, address })).length > 0 ||
        (await acceptsInvitation(tx, channel, address, now));
    const code = await createOneTimeCode({
      db: tx,
      purpose: "customer_sign_in",
      channel,
      destination: address,
      deliverable,
      memberId: member && !member.removedAt ? member.id : null,
      withLink: channel === "email",
      addressSpent,
      clientAddress,
      now,
    });
    if (deliverable && code.code !== null) {
      // A member is written to in their own language; an address new to us in the page's.
      const language = member?.language ?? locale;
      await sendSignInCode({ tx, config, logger, settings, channel, address, code, language, now });
    } else if (!deliverable) {
      logger.info({ channel }, "Sign-in code asked for an address without an account: nothing sent");
    }
    return { ok: true as const, attemptToken: code.attemptToken, sentTo: maskAddress(address), channel };
  });
}

async function sendSignInCode({
  tx,
  config,
  logger,
  settings,
  channel,
  address,
  code,
  language,
  now,
}: {
  tx: DbOrTx;
  config: SignInConfig;
  logger: Pick<Logger, "info" | "warn">;
  settings: Pick<SiteSettings, "companyName">;
  channel: "email" | "sms";
  address: string;
  code: { code: string; linkToken: string | null; expiresAt: Date };
  language: Locale;
  now: Date;
}) {
  const company = settings.companyName;
  const t = translatorFor(language);
  if (channel === "email") {
    const link = code.linkToken
      ? `${config.siteUrl}${localizePath(`/account/sign-in/${code.linkToken}`, language)}`
      : null;
    const text = [
      t("Your sign-in code for {company} is {code}.", { company, code: code.code }),
      "",
      t("Type it on the sign-in page. It works once, for 10 minutes."),
      ...(link ? ["", t("Or open this link and press 'Sign in':"), link] : []),
      "",
      t("If you did not ask for it, you can ignore this message: nobody can sign in without the code."),
    ].join("\n");
    const queued = await queueMail({
      db: tx,
      config,
      logger,
      mail: {
        to: address,
        subject: t("{code} is your {company} sign-in code", { code: code.code, company }),
        text,
      },
      expiresAt: code.expiresAt,
      now,
    });
    if (!queued.ok) logger.warn({ channel, reason: queued.reason }, "Sign-in code not queued");
    return;
  }
  const queued = await enqueueMessage({
    db: tx,
    config,
    siteHost: new URL(config.siteUrl).host,
    message: {
      channel: "sms",
      to: address,
      text: t("{code} is your {company} sign-in code. It works once, for 10 minutes.", {
        code: code.code,
        company,
      }),
      expiresAt: code.expiresAt,
    },
    now,
  });
  if (!queued.ok) logger.warn({ channel, reason: queued.reason }, "Sign-in code not queued");
}

/** What the code page shows of the attempt this browser holds, or null when it has none that works. */
export async function findSignInAttempt({
  db,
  attemptToken,
  now,
}: {
  db: Db;
  attemptToken: string;
  now?: Date;
}): Promise<SignInAttemptView | null> {
  const row = await findCodeAttempt({ db, purpose: "customer_sign_in", attemptToken, now });
  return row ? { sentTo: maskAddress(row.destination), channel: row.channel, digits: row.digits } : null;
}

/** Signs in the member a spent code belongs to (made now for an address that may sign in by itself). */
async function signInCodeOwner({
  tx,
  config,
  row,
  clientAddress,
  userAgent,
  locale,
  now,
}: {
  tx: DbOrTx;
  config: SignInConfig;
  row: OneTimeCode;
  clientAddress: string;
  userAgent: string | null;
  locale: Locale;
  now: Date;
}): Promise<SignedIn | null> {
  // Two first sign-ins (or acceptances) of one address at once take turns: the second finds the member the first
  // made, instead of making it again (the unique index: a 500) or bringing it back without 'may invite'.
  await lockAddresses(tx, [row.destination]);
  let member = row.memberId
    ? ((await tx.select().from(customerMembers).where(eq(customerMembers.id, row.memberId)))[0] ?? null)
    : await findMemberByAddress({ db: tx, channel: row.channel, address: row.destination });
  if (!member) {
    member = await createSelfSignInMember({
      tx,
      channel: row.channel,
      address: row.destination,
      language: locale,
    });
  }
  // A colleague's invitation is accepted only now, by the address it was sent to (decision 029).
  if (!member || member.removedAt) {
    member = await acceptInvitation({ tx, channel: row.channel, address: row.destination, now });
  }
  if (!member) return null;
  if (row.channel === "email" && !member.emailVerifiedAt) {
    await tx.update(customerMembers).set({ emailVerifiedAt: now }).where(eq(customerMembers.id, member.id));
  }
  const session = await createCustomerSession({
    db: tx,
    config,
    memberId: member.id,
    ip: clientAddress,
    userAgent,
    now,
  });
  await recordCustomerAuditEvent({ db: tx, action: "customer_sign_in", member, clientAddress });
  return { cookie: session.cookie, language: member.language };
}

/** A new session's cookie, and the language of the member it is for (where they land). */
export type SignedIn = { cookie: string; language: Locale };

export type SignInResult =
  | { outcome: "signed-in"; cookie: string; language: Locale }
  | { outcome: "wrong"; message: string }
  | { outcome: "expired"; message: string }
  | { outcome: "rate-limited"; retryAfterSeconds: number }
  | { outcome: "paused"; retryAfterSeconds: number };

export const EXPIRED_CODE_MESSAGE = "This code no longer works. Ask for a new one.";

/** Checks the code typed against this browser's attempt, and signs in. */
export async function verifyCustomerCode({
  db,
  config,
  attemptToken,
  code,
  clientAddress,
  userAgent,
  locale = "en",
  now = new Date(),
}: {
  db: Db;
  config: SignInConfig;
  attemptToken: string | null;
  code: unknown;
  clientAddress: string;
  userAgent: string | null;
  /** The code page's language: a member made now (an address that signs in by itself) gets it. */
  locale?: Locale;
  now?: Date;
}): Promise<SignInResult> {
  const typed = readTypedCode(code);
  if (typed === null) {
    const digits = await attemptCodeDigits({ db, purpose: "customer_sign_in", attemptToken });
    return { outcome: "wrong", message: codeFormatMessage(digits) };
  }
  if (!attemptToken) return { outcome: "expired", message: EXPIRED_CODE_MESSAGE };
  const retryAfter = await consumeRateLimits({
    db,
    now,
    limits: [{ key: `account-code:checks:${clientAddress}`, limit: SIGN_IN_LIMITS.checksPerClient }],
  });
  if (retryAfter !== null) return { outcome: "rate-limited", retryAfterSeconds: retryAfter };
  const checked = await checkOneTimeCode({
    db,
    purpose: "customer_sign_in",
    attemptToken,
    code: typed,
    now,
    use: (tx, row) => signInCodeOwner({ tx, config, row, clientAddress, userAgent, locale, now }),
  });
  if (checked.outcome === "ok") {
    if (checked.value) await pruneCustomerSessions({ db, config, now });
    return checked.value
      ? { outcome: "signed-in", ...checked.value }
      : { outcome: "expired", message: EXPIRED_CODE_MESSAGE };
  }
  return codeCheckAnswer(checked, EXPIRED_CODE_MESSAGE);
}

/** Signs in through an e-mailed link's page (its button), once. */
export async function signInWithLink({
  db,
  config,
  linkToken,
  clientAddress,
  userAgent,
  locale = "en",
  now = new Date(),
}: {
  db: Db;
  config: SignInConfig;
  linkToken: string;
  clientAddress: string;
  userAgent: string | null;
  /** The link page's language: a member made now gets it. */
  locale?: Locale;
  now?: Date;
}): Promise<SignedIn | null> {
  const used = await spendOneTimeLink({
    db,
    purpose: "customer_sign_in",
    linkToken,
    now,
    use: (tx, row) => signInCodeOwner({ tx, config, row, clientAddress, userAgent, locale, now }),
  });
  return used.ok ? used.value : null;
}
