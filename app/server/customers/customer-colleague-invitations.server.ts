// A member who may invite adds a colleague to their own company (decision 029): an invitation, never a member at
// once (the colleague joins when they sign in with a code sent to the address, customer-invitations.server.ts).
// The answer is the same whether the address is somebody's already, so a customer learns nothing about other
// accounts, and a member may send only a few an hour: invitations message addresses a customer typed.
import { and, eq, isNull, or } from "drizzle-orm";
import type { Locale } from "#app/lib/i18n/locale.ts";
import type { SiteSettings } from "#app/schemas/site-settings.ts";
import { recordCustomerAuditEvent } from "#app/server/audit/audit.server.ts";
import { lockAddresses } from "#app/server/customers/customer-companies.server.ts";
import { markInvitationTold, saveInvitation } from "#app/server/customers/customer-invitations.server.ts";
import {
  addressMatches,
  type MemberConfig,
  type MemberLogger,
  type MemberOutcome,
  type PersonInput,
  readPerson,
  refusable,
  refuse,
  sendInvitation,
} from "#app/server/customers/customer-members.server.ts";
import type { Db } from "#app/server/db/client.server.ts";
import { customerCompanies, customerMembers } from "#app/server/db/schema.ts";
import { consumeRateLimit } from "#app/server/platform/rate-limit.server.ts";

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
