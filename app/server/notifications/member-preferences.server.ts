// A member's own settings (decision 029): which messages they get, on which channels, and their language. Stored in
// customer_members.message_preferences (no key: the default, e-mail only) and .language. The shipment
// notifications and the invoice e-mails read them for addresses that belong to an active member.
import { and, eq, inArray, isNull, or } from "drizzle-orm";
import {
  MESSAGE_CHANNELS,
  MESSAGE_TOPICS,
  type MessageChannel,
  type MessageTopic,
} from "#app/lib/customer-preferences.ts";
import type { PreferencesForm } from "#app/server/customers/customer-preference-views.ts";
import type { DbOrTx } from "#app/server/db/client.server.ts";
import {
  CUSTOMER_LANGUAGES,
  type CustomerLanguage,
  type CustomerMessagePreferences,
  customerMembers,
} from "#app/server/db/schema.ts";
import { channelOffReason, type OutboxConfig } from "#app/server/messaging/outbox.server.ts";

/** A topic's channels as chosen, or the default (e-mail only) when the member never chose. */
export function channelsFor(preferences: CustomerMessagePreferences, topic: MessageTopic): MessageChannel[] {
  return preferences[topic] ?? ["email"];
}

/** The channels a member may choose: e-mail when they have an address; SMS and WhatsApp when set up here and they have a mobile number. */
export function offeredChannels(
  config: OutboxConfig,
  member: { email: string | null; phone: string | null },
): MessageChannel[] {
  return MESSAGE_CHANNELS.filter((channel) =>
    channel === "email" ? member.email !== null : member.phone !== null && !channelOffReason(config, channel),
  );
}

export type { PreferencesForm } from "#app/server/customers/customer-preference-views.ts";

/** What the preferences page shows for a member (null when they are no longer a member). */
export async function getMemberPreferences({
  db,
  config,
  memberId,
}: {
  db: DbOrTx;
  config: OutboxConfig;
  memberId: string;
}): Promise<PreferencesForm | null> {
  const [member] = await db
    .select()
    .from(customerMembers)
    .where(and(eq(customerMembers.id, memberId), isNull(customerMembers.removedAt)));
  if (!member) return null;
  const offered = offeredChannels(config, member);
  const chosen = Object.fromEntries(
    MESSAGE_TOPICS.map((topic) => [
      topic,
      channelsFor(member.messagePreferences, topic).filter((c) => offered.includes(c)),
    ]),
  ) as Record<MessageTopic, MessageChannel[]>;
  return {
    name: member.name,
    email: member.email,
    phone: member.phone,
    language: member.language,
    offered,
    chosen,
  };
}

const UNREADABLE = "The form could not be read. Please try again.";

/**
 * Saves what a member chose. Only the channels offered to them may be ticked, and only English or French; a
 * channel no longer offered (SMS turned off here since) keeps its earlier choice.
 */
export async function saveMemberPreferences({
  db,
  config,
  memberId,
  formData,
}: {
  db: DbOrTx;
  config: OutboxConfig;
  memberId: string;
  formData: FormData;
}): Promise<{ ok: true; language: CustomerLanguage } | { ok: false; message: string }> {
  const language = formData.get("language");
  if (typeof language !== "string" || !(CUSTOMER_LANGUAGES as readonly string[]).includes(language)) {
    return { ok: false, message: "Choose English or Français." };
  }
  const [member] = await db
    .select()
    .from(customerMembers)
    .where(and(eq(customerMembers.id, memberId), isNull(customerMembers.removedAt)));
  if (!member) return { ok: false, message: "You are signed out. Sign in again to change your preferences." };
  const offered = offeredChannels(config, member);
  const preferences: CustomerMessagePreferences = {};
  for (const topic of MESSAGE_TOPICS) {
    const ticked = formData.getAll(topic);
    if (ticked.some((value) => typeof value !== "string" || !offered.includes(value as MessageChannel))) {
      return { ok: false, message: UNREADABLE };
    }
    const kept = channelsFor(member.messagePreferences, topic).filter(
      (channel) => !offered.includes(channel),
    );
    preferences[topic] = MESSAGE_CHANNELS.filter(
      (channel) => ticked.includes(channel) || kept.includes(channel),
    );
  }
  await db
    .update(customerMembers)
    .set({ messagePreferences: preferences, language: language as CustomerLanguage })
    .where(eq(customerMembers.id, memberId));
  return { ok: true, language: language as CustomerLanguage };
}

export type MemberChoice = {
  email: string | null;
  phone: string | null;
  preferences: CustomerMessagePreferences;
};

/** The active members behind some addresses (e-mail lower-cased, phones in E.164), with what they chose. */
export async function findMemberChoices({
  db,
  emails,
  phones,
}: {
  db: DbOrTx;
  emails: string[];
  phones: string[];
}): Promise<MemberChoice[]> {
  const matches = [
    emails.length > 0
      ? inArray(
          customerMembers.email,
          emails.map((email) => email.toLowerCase()),
        )
      : undefined,
    phones.length > 0 ? inArray(customerMembers.phone, phones) : undefined,
  ].filter((condition) => condition !== undefined);
  if (matches.length === 0) return [];
  return db
    .select({
      email: customerMembers.email,
      phone: customerMembers.phone,
      preferences: customerMembers.messagePreferences,
    })
    .from(customerMembers)
    .where(and(isNull(customerMembers.removedAt), or(...matches)));
}

/** Whether the member behind an e-mail address turned e-mail off for a topic (never chose: e-mail is on). */
export async function emailTurnedOff({
  db,
  email,
  topic,
}: {
  db: DbOrTx;
  email: string;
  topic: MessageTopic;
}): Promise<boolean> {
  const [member] = await findMemberChoices({ db, emails: [email.trim()], phones: [] });
  return member ? !channelsFor(member.preferences, topic).includes("email") : false;
}
