// Who may sign in to a customer account (decision 029): what staff invitations, colleague invitations, removals
// and the account's parties share. A person typed in is read here (a name, an e-mail address and/or a mobile
// number), every refusal is a sentence for the person who typed and changes nothing (the transaction rolls back),
// and the invitation message is written here. The ways in and out are customer-staff-invitations.server.ts,
// customer-colleague-invitations.server.ts, customer-member-removal.server.ts and
// customer-account-parties.server.ts. Staff writes run on the audit connection (the admin middleware), so the
// activity log records them.
import { eq } from "drizzle-orm";
import { parseContactPhone } from "#app/lib/contact-phone.ts";
import type { Locale } from "#app/lib/i18n/locale.ts";
import { localizePath } from "#app/lib/i18n/paths.ts";
import type { SiteSettings } from "#app/schemas/site-settings.ts";
import type { PartyKind } from "#app/server/customers/customer-companies.server.ts";
import type { Db, DbOrTx } from "#app/server/db/client.server.ts";
import { consignees, customerMembers, shippers } from "#app/server/db/schema.ts";
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

export type MemberConfig = OutboxConfig & Pick<Config, "SMTP_URL" | "OUTBOX_DIR" | "siteUrl">;
export type MemberLogger = Pick<Logger, "info" | "warn">;

export type MemberOutcome = { ok: true; name: string } | { ok: false; message: string };

/** A refusal thrown inside a transaction: it rolls back, and its message is the answer. */
export class Refusal extends Error {}
export const refuse = (message: string): never => {
  throw new Refusal(message);
};

/** Runs `fn` in a transaction; a Refusal rolls it back and answers its message. */
export async function refusable<T>(
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

export const partyTable = (kind: PartyKind) => (kind === "shipper" ? shippers : consignees);
const NAME_MAX = 200;

/** What was typed for a person to add: a name, an e-mail address and/or a mobile number. */
export type PersonInput = { name?: unknown; email?: unknown; phone?: unknown };
export type Person = { name: string; email: string | null; phone: string | null };

const typedText = (value: unknown) => (typeof value === "string" ? value.trim() : "");

/**
 * Reads a person to add. Staff may not type a landline (`refuseLandlines`: the number must take a text
 * message); a phone alone needs text messages to be set up here, or the person could never get a code.
 */
export function readPerson({
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
export const addressMatches = (person: Person) =>
  [
    person.email ? eq(customerMembers.email, person.email) : undefined,
    person.phone ? eq(customerMembers.phone, person.phone) : undefined,
  ].filter((condition) => condition !== undefined);

/**
 * The invitation: an e-mail, or a text message when only a phone is known, in the member's language with the
 * sign-in page's address in it. No token, no code: they ask one.
 */
export async function sendInvitation({
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
export async function findPartyContact(db: DbOrTx, kind: PartyKind, partyId: string) {
  const table = partyTable(kind);
  const [row] = await db
    .select({ name: table.name, email: table.email, phone: table.phone, language: table.language })
    .from(table)
    .where(eq(table.id, partyId));
  return row ?? null;
}

/** The name of a party, or a refusal when it is not in the address book. */
export async function partyName(tx: DbOrTx, kind: PartyKind, partyId: string): Promise<string> {
  const party = await findPartyContact(tx, kind, partyId);
  return party ? party.name : refuse("This contact is no longer in the address book.");
}
