// Longer than 450 lines: every way a person comes into or leaves a customer account (staff invitations, colleagues,
// removals, parties joining and leaving, the self sign-in switch), each with its refusals, around one set of rules.
// Who may sign in to a customer account (issue 29, decision 16): staff invite people from a party, join other
// parties to its company, remove members and switch a party's own addresses off; a member who may invite adds
// colleagues to their own company. Every refusal is a sentence for the person who typed, and changes nothing.
// Staff writes run on the audit connection (the admin middleware), so the activity log records them.
import { and, asc, eq, isNull, ne, or, sql } from "drizzle-orm";
import { parseContactPhone } from "#app/lib/contact-phone.ts";
import type { Locale } from "#app/lib/i18n/locale.ts";
import { localizePath } from "#app/lib/i18n/paths.ts";
import type { SiteSettings } from "#app/schemas/site-settings.ts";
import { recordCustomerAuditEvent } from "#app/server/audit/audit.server.ts";
import {
  createMember,
  ensureCompanyForParty,
  findCompanyOfParty,
  lockAddresses,
  type PartyKind,
} from "#app/server/customers/customer-companies.server.ts";
import {
  cancelInvitationsOfRemovedMember,
  markInvitationTold,
  saveInvitation,
} from "#app/server/customers/customer-invitations.server.ts";
import { deleteMemberSessions } from "#app/server/customers/customer-sessions.server.ts";
import type { Db, DbOrTx } from "#app/server/db/client.server.ts";
import {
  consignees,
  customerCompanies,
  customerCompanyParties,
  customerMembers,
  shippers,
} from "#app/server/db/schema.ts";
import { translatorFor } from "#app/server/i18n/words.server.ts";
import { queueMail } from "#app/server/messaging/mail.server.ts";
import { enqueueMessage, type OutboxConfig } from "#app/server/messaging/outbox.server.ts";
import {
  isSmsSubscriptionAvailable,
  normalizeEmail,
  normalizeSubscriberPhone,
} from "#app/server/notifications/subscriptions.server.ts";
import type { Config } from "#app/server/platform/config.server.ts";
import type { Logger } from "#app/server/platform/logger.server.ts";
import { consumeRateLimit } from "#app/server/platform/rate-limit.server.ts";

export type MemberConfig = OutboxConfig & Pick<Config, "SMTP_URL" | "OUTBOX_DIR" | "siteUrl">;
type MemberLogger = Pick<Logger, "info" | "warn">;

export type MemberOutcome = { ok: true; name: string } | { ok: false; message: string };

/** A refusal thrown inside a transaction: it rolls back, and its message is the answer. */
class Refusal extends Error {}
const refuse = (message: string): never => {
  throw new Refusal(message);
};

/** Runs `fn` in a transaction; a Refusal rolls it back and answers its message. */
async function refusable<T>(
  db: Db,
  fn: (tx: DbOrTx) => Promise<T>,
): Promise<T | { ok: false; message: string }> {
  try {
    return await db.transaction(fn);
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, message: error.message };
    throw error;
  }
}

const partyTable = (kind: PartyKind) => (kind === "shipper" ? shippers : consignees);
const NAME_MAX = 200;

/** What was typed for a person to add: a name, an e-mail address and/or a mobile number. */
export type PersonInput = { name?: unknown; email?: unknown; phone?: unknown };
type Person = { name: string; email: string | null; phone: string | null };

const typedText = (value: unknown) => (typeof value === "string" ? value.trim() : "");

/**
 * Reads a person to add. Staff may not type a landline (`refuseLandlines`: the number must take a text
 * message); a phone alone needs text messages to be set up here, or the person could never get a code.
 */
function readPerson({
  input,
  config,
  refuseLandlines,
}: {
  input: PersonInput;
  config: MemberConfig;
  refuseLandlines: boolean;
}): Person {
  if (input.name !== undefined && typeof input.name !== "string") refuse("Enter their name.");
  const name = typedText(input.name);
  if (!name) refuse("Enter their name.");
  if (name.length > NAME_MAX) refuse(`Their name is too long (at most ${NAME_MAX} characters).`);
  if (/[\u0000-\u001f\u007f]/.test(name)) refuse("Their name must be on one line.");
  const typedEmail = typedText(input.email);
  const typedPhone = typedText(input.phone);
  if (!typedEmail && !typedPhone) refuse("Enter an e-mail address or a mobile number.");
  let email: string | null = null;
  if (typedEmail) {
    const read = normalizeEmail(typedEmail);
    if (!read.ok) refuse(read.message);
    email = (read as { value: string }).value;
  }
  let phone: string | null = null;
  if (typedPhone) {
    if (!isSmsSubscriptionAvailable(config)) {
      refuse("Text messages are not set up here: leave the mobile number empty and enter an e-mail address.");
    }
    if (refuseLandlines && /^[\d\s()+.-]*$/.test(typedPhone)) {
      const contact = parseContactPhone(typedPhone);
      if (contact.ok && !contact.mobile) {
        refuse("This is a landline: enter a mobile number, sign-in codes go by text message.");
      }
    }
    const read = normalizeSubscriberPhone(typedPhone, config.SMS_ALLOWED_COUNTRIES);
    if (!read.ok) refuse(read.message);
    phone = (read as { value: string }).value;
  }
  return { name, email, phone };
}

/** 'A member has one of this person's addresses', for a query over `customer_members`. */
const addressMatches = (person: Person) =>
  [
    person.email ? eq(customerMembers.email, person.email) : undefined,
    person.phone ? eq(customerMembers.phone, person.phone) : undefined,
  ].filter((condition) => condition !== undefined);

/**
 * Holds the addresses for this transaction (two invitations of one address at once wait for each other), then
 * refuses an address that an active member of another company has, two addresses of two different people, or
 * an address that can already sign in here.
 */
async function checkAddresses(tx: DbOrTx, person: Person, companyId: string | null): Promise<void> {
  await lockAddresses(tx, [person.email, person.phone]);
  const rows = await tx
    .select({
      id: customerMembers.id,
      name: customerMembers.name,
      companyId: customerMembers.companyId,
      companyName: customerCompanies.name,
      removedAt: customerMembers.removedAt,
    })
    .from(customerMembers)
    .innerJoin(customerCompanies, eq(customerCompanies.id, customerMembers.companyId))
    .where(or(...addressMatches(person)));
  for (const row of rows) {
    if (row.removedAt === null && row.companyId !== companyId) {
      refuse(`This address already belongs to the customer account of ${row.companyName}.`);
    }
  }
  if (rows.length > 1) {
    refuse("This e-mail address and this mobile number belong to two different people: enter one of them.");
  }
  const [same] = rows;
  if (same && same.removedAt === null) refuse(`${same.name} can already sign in with this address.`);
}

/**
 * The invitation: an e-mail, or a text message when only a phone is known, in the member's language with the
 * sign-in page's address in it. No token, no code: they ask one.
 */
async function sendInvitation({
  tx,
  config,
  logger,
  settings,
  person,
  language,
  companyName,
  greetByName,
}: {
  tx: DbOrTx;
  config: MemberConfig;
  logger: MemberLogger;
  settings: Pick<SiteSettings, "companyName">;
  person: Person;
  language: Locale;
  companyName: string;
  /** Whether the message greets the person by the name typed: staff's invitations do; a customer's carry no text of theirs. */
  greetByName: boolean;
}) {
  const site = settings.companyName;
  const t = translatorFor(language);
  const signIn = `${config.siteUrl.replace(/\/+$/, "")}${localizePath("/account", language)}`;
  if (person.email) {
    const text = [
      greetByName ? t("Hello {name},", { name: person.name }) : t("Hello,"),
      "",
      t(
        "You can now follow the shipments, quotes and invoices of {company} in its customer account at {site}.",
        {
          company: companyName,
          site,
        },
      ),
      "",
      t(
        "To sign in, open {link} and type this e-mail address ({email}). We send you a code to type: no password to remember.",
        { link: signIn, email: person.email },
      ),
      "",
      site,
    ].join("\n");
    const queued = await queueMail({
      db: tx,
      config,
      logger,
      mail: {
        to: person.email,
        subject: t("Your {company} customer account at {site}", { company: companyName, site }),
        text,
      },
    });
    if (!queued.ok) refuse(`The invitation could not be sent: ${queued.reason}`);
    return;
  }
  const queued = await enqueueMessage({
    db: tx,
    config,
    siteHost: new URL(config.siteUrl).host,
    message: {
      channel: "sms",
      to: person.phone!,
      text: t(
        "{site}: you can now see the shipments, quotes and invoices of {company}. Sign in at {link} with this number and the code we send you.",
        { site, company: companyName, link: signIn },
      ),
    },
  });
  if (!queued.ok) refuse(`The invitation could not be sent: ${queued.reason}`);
}

/** A party's name and contact, or null when it is no longer in the address book. */
async function findPartyContact(db: DbOrTx, kind: PartyKind, partyId: string) {
  const table = partyTable(kind);
  const [row] = await db
    .select({ name: table.name, email: table.email, phone: table.phone, language: table.language })
    .from(table)
    .where(eq(table.id, partyId));
  return row ?? null;
}

/** A party's phone when it can take a text message (the invitation form's default), else "". */
export function mobileOrEmpty(phone: string | null): string {
  if (!phone) return "";
  const read = parseContactPhone(phone);
  return read.ok && read.mobile ? phone : "";
}

/**
 * Staff invite someone from a party ('Invite to customer account'): the party's company (made when it has
 * none) gains the person, who is told by e-mail (or by text message with only a phone). A field left out
 * takes the party's own value; an empty one means none.
 */
export async function inviteMemberByStaff({
  db,
  config,
  logger,
  settings,
  staffId,
  kind,
  partyId,
  input,
}: {
  db: Db;
  config: MemberConfig;
  logger: MemberLogger;
  settings: Pick<SiteSettings, "companyName">;
  staffId: string | null;
  kind: PartyKind;
  partyId: string;
  input: PersonInput;
}): Promise<MemberOutcome> {
  return refusable(db, async (tx) => {
    const party = await findPartyContact(tx, kind, partyId);
    if (!party) return refuse("This contact is no longer in the address book.");
    const person = readPerson({
      input: {
        name: input.name ?? party.name,
        email: input.email ?? party.email ?? "",
        phone: input.phone ?? mobileOrEmpty(party.phone),
      },
      config,
      refuseLandlines: true,
    });
    const existing = await findCompanyOfParty({ db: tx, kind, partyId });
    await checkAddresses(tx, person, existing?.id ?? null);
    const company = await ensureCompanyForParty({ tx, kind, partyId });
    // A new person gets the party's language (staff set it on the party, or it was guessed from its country).
    const added = await createMember({
      tx,
      companyId: company.id,
      ...person,
      language: party.language,
      invitedByStaffId: staffId,
    });
    await sendInvitation({
      tx,
      config,
      logger,
      settings,
      person,
      language: added.language,
      companyName: company.name,
      greetByName: true,
    });
    logger.info({ companyId: company.id }, "Customer member invited by staff");
    return { ok: true as const, name: person.name };
  });
}

/** Invitations one member may send in an hour (refused ones count too). */
export const COLLEAGUE_INVITES_PER_HOUR = 10;

/**
 * A member who may invite asks a colleague to their own company: an invitation, told to the address unless it is
 * somebody's already (customer-invitations.server.ts). The answer is the same either way.
 */
export async function inviteColleague({
  db,
  config,
  logger,
  settings,
  memberId,
  input,
  locale = "en",
  clientAddress = null,
}: {
  db: Db;
  config: MemberConfig;
  logger: MemberLogger;
  settings: Pick<SiteSettings, "companyName">;
  memberId: string;
  input: PersonInput;
  /** The language of the page the colleague is added on: a new colleague's, until they choose. */
  locale?: Locale;
  /** The inviter's address, for the activity log. */
  clientAddress?: string | null;
}): Promise<MemberOutcome> {
  // Invitations send messages to addresses a customer types: a few an hour per member, never a mailing tool.
  const hit = await consumeRateLimit({
    db,
    key: `colleague-invite:${memberId}`,
    limit: COLLEAGUE_INVITES_PER_HOUR,
    windowSeconds: 3600,
  });
  if (!hit.allowed) {
    const minutes = Math.max(1, Math.ceil(hit.retryAfterSeconds / 60));
    return {
      ok: false,
      message: `You have added many colleagues in the last hour. Please try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`,
    };
  }
  return refusable(db, async (tx) => {
    const [inviter] = await tx
      .select({
        id: customerMembers.id,
        name: customerMembers.name,
        email: customerMembers.email,
        phone: customerMembers.phone,
        companyId: customerMembers.companyId,
        canInvite: customerMembers.canInvite,
        companyName: customerCompanies.name,
      })
      .from(customerMembers)
      .innerJoin(customerCompanies, eq(customerCompanies.id, customerMembers.companyId))
      .where(and(eq(customerMembers.id, memberId), isNull(customerMembers.removedAt)));
    if (!inviter) return refuse("You are signed out. Sign in again to add a colleague.");
    if (!inviter.canInvite) return refuse("You cannot add colleagues to this account: ask us to add them.");
    const person = readPerson({ input, config, refuseLandlines: false });
    await lockAddresses(tx, [person.email, person.phone]);
    // Only the company's own members are named: whether an address is another company's is never said here.
    const [same] = await tx
      .select({ name: customerMembers.name })
      .from(customerMembers)
      .where(
        and(
          eq(customerMembers.companyId, inviter.companyId),
          isNull(customerMembers.removedAt),
          or(...addressMatches(person)),
        ),
      )
      .limit(1);
    if (same) refuse(`${same.name} can already sign in with this address.`);
    // An invitation, never a member: the colleague joins when they sign in with a code sent to the address.
    const invitation = await saveInvitation({
      tx,
      companyId: inviter.companyId,
      person,
      language: locale,
      invitedByMemberId: memberId,
    });
    await recordCustomerAuditEvent({
      db: tx,
      action: "customer_invite",
      member: inviter,
      clientAddress,
      entityId: invitation.id,
    });
    if (invitation.tell) {
      await sendInvitation({
        tx,
        config,
        logger,
        settings,
        person,
        language: locale,
        companyName: inviter.companyName,
        greetByName: false,
      });
      // Only an invitation its address was told of can be accepted (an untold one asked nobody).
      await markInvitationTold({ tx, id: invitation.id });
    }
    logger.info({ companyId: inviter.companyId }, "Customer member invited by a colleague");
    return { ok: true as const, name: person.name };
  });
}

/**
 * Staff remove a member of a company: they keep their row (removed_at), lose every session at once, and an
 * address on a party's record no longer lets them back by itself, nor does an invitation: the company's waiting
 * invitations for their addresses and those they sent are cancelled. When they were the one who could invite,
 * the company's oldest remaining member may.
 */
export async function removeMember({
  db,
  companyId,
  memberId,
  now = new Date(),
}: {
  db: Db;
  companyId: string;
  memberId: string;
  now?: Date;
}): Promise<MemberOutcome> {
  return refusable(db, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`customer-company:${companyId}`}))`);
    const [removed] = await tx
      .update(customerMembers)
      .set({ removedAt: now, canInvite: false })
      .where(
        and(
          eq(customerMembers.id, memberId),
          eq(customerMembers.companyId, companyId),
          isNull(customerMembers.removedAt),
        ),
      )
      .returning({ name: customerMembers.name, email: customerMembers.email, phone: customerMembers.phone });
    if (!removed) return refuse("This person is no longer a member of this account.");
    await deleteMemberSessions({ db: tx, memberId });
    await cancelInvitationsOfRemovedMember({ tx, companyId, member: { id: memberId, ...removed }, now });
    const active = and(eq(customerMembers.companyId, companyId), isNull(customerMembers.removedAt));
    const [inviter] = await tx
      .select({ id: customerMembers.id })
      .from(customerMembers)
      .where(and(active, eq(customerMembers.canInvite, true)));
    if (!inviter) {
      const [oldest] = await tx
        .select({ id: customerMembers.id })
        .from(customerMembers)
        .where(active)
        .orderBy(asc(customerMembers.createdAt))
        .limit(1);
      if (oldest)
        await tx.update(customerMembers).set({ canInvite: true }).where(eq(customerMembers.id, oldest.id));
    }
    return { ok: true as const, name: removed.name };
  });
}

/** The name of a party, or a refusal when it is not in the address book. */
async function partyName(tx: DbOrTx, kind: PartyKind, partyId: string): Promise<string> {
  const party = await findPartyContact(tx, kind, partyId);
  return party ? party.name : refuse("This contact is no longer in the address book.");
}

/**
 * Staff join another party (a consignee record of the same company, a branch) to the company of `from` (made
 * when it has none). A party already in another company is refused.
 */
export async function addPartyToCompany({
  db,
  from,
  party,
}: {
  db: Db;
  from: { kind: PartyKind; id: string };
  party: { kind: PartyKind; id: string };
}): Promise<MemberOutcome> {
  return refusable(db, async (tx) => {
    await partyName(tx, from.kind, from.id);
    const name = await partyName(tx, party.kind, party.id);
    if (from.kind === party.kind && from.id === party.id) refuse(`${name} is this contact itself.`);
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext(${`customer-party:${party.kind}:${party.id}`}))`,
    );
    const company = await ensureCompanyForParty({ tx, kind: from.kind, partyId: from.id });
    const current = await findCompanyOfParty({ db: tx, kind: party.kind, partyId: party.id });
    if (current?.id === company.id) refuse(`${name} is already part of this account.`);
    if (current) refuse(`${name} already belongs to the customer account of ${current.name}.`);
    await tx
      .insert(customerCompanyParties)
      .values({ companyId: company.id, partyKind: party.kind, partyId: party.id });
    return { ok: true as const, name };
  });
}

/** Staff take a party out of a company; its last party stays (remove the account's members instead). */
export async function removePartyFromCompany({
  db,
  companyId,
  party,
}: {
  db: Db;
  companyId: string;
  party: { kind: PartyKind; id: string };
}): Promise<MemberOutcome> {
  return refusable(db, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`customer-company:${companyId}`}))`);
    const name = await partyName(tx, party.kind, party.id);
    const [others] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(customerCompanyParties)
      .where(
        and(
          eq(customerCompanyParties.companyId, companyId),
          or(ne(customerCompanyParties.partyKind, party.kind), ne(customerCompanyParties.partyId, party.id)),
        ),
      );
    const removed = await tx
      .delete(customerCompanyParties)
      .where(
        and(
          eq(customerCompanyParties.companyId, companyId),
          eq(customerCompanyParties.partyKind, party.kind),
          eq(customerCompanyParties.partyId, party.id),
        ),
      )
      .returning({ id: customerCompanyParties.partyId });
    if (removed.length === 0) refuse(`${name} is not part of this account.`);
    if ((others?.count ?? 0) === 0) {
      refuse(`${name} is the account's only contact: it stays. Remove the account's members instead.`);
    }
    return { ok: true as const, name };
  });
}

/** Whether the addresses on a party's own record may ask for a sign-in code by themselves. */
export async function setPartySelfSignIn({
  db,
  kind,
  partyId,
  enabled,
}: {
  db: DbOrTx;
  kind: PartyKind;
  partyId: string;
  enabled: boolean;
}): Promise<boolean> {
  const table = partyTable(kind);
  const updated = await db
    .update(table)
    .set({ selfSignIn: enabled })
    .where(eq(table.id, partyId))
    .returning({ id: table.id });
  return updated.length > 0;
}
