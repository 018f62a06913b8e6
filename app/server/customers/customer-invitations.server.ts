// Colleagues' invitations (decision 029): a member who may invite names a colleague's address; the invitation
// grants nothing until a code sent to that address is typed. Only then, and only when the address is nobody's
// (no active member, no party of another company), does the person join the inviting company, with the proved
// address alone. The inviting member is answered the same whatever the address, so the form tells nobody who is
// a customer of which company.
import { and, desc, eq, gt, inArray, isNotNull, isNull, or, sql } from "drizzle-orm";
import { type CustomerMember, createMember } from "#app/server/customers/customer-companies.server.ts";
import type { DbOrTx } from "#app/server/db/client.server.ts";
import {
  consignees,
  customerCompanyParties,
  customerInvitations,
  customerMembers,
  shippers,
} from "#app/server/db/schema.ts";

/** How long an invitation waits for its colleague's first sign-in. */
export const INVITATION_LIFETIME_DAYS = 30;

export type Invitation = typeof customerInvitations.$inferSelect;
type Channel = "email" | "sms";

const addressColumn = (channel: Channel) =>
  channel === "email" ? customerInvitations.email : customerInvitations.phone;

/**
 * An invitation that still waits: not accepted, not cancelled, not expired, and its inviter is still an active
 * member of the company (a removed member's word lets nobody in, or staff's removal could be undone by it).
 * Written with the tables' own names: customer_members has columns of the same names, so an unqualified column
 * would be read as the inviter's.
 */
const waiting = (now: Date) =>
  and(
    isNull(customerInvitations.acceptedAt),
    isNull(customerInvitations.cancelledAt),
    gt(customerInvitations.expiresAt, now),
    sql`exists (select 1 from "customer_members" "inviter" where "inviter"."id" = "customer_invitations"."invited_by_member_id" and "inviter"."company_id" = "customer_invitations"."company_id" and "inviter"."removed_at" is null)`,
  );

/**
 * The newest invitation waiting for this address that was told to it, or null. An invitation never sent (the
 * address was somebody's) is never accepted: its owner was not asked.
 */
export async function findAcceptableInvitation({
  db,
  channel,
  address,
  now = new Date(),
}: {
  db: DbOrTx;
  channel: Channel;
  address: string;
  now?: Date;
}): Promise<Invitation | null> {
  const [row] = await db
    .select()
    .from(customerInvitations)
    .where(and(eq(addressColumn(channel), address), waiting(now), isNotNull(customerInvitations.toldAt)))
    .orderBy(desc(customerInvitations.createdAt))
    .limit(1);
  return row ?? null;
}

/** The invitations of a company that still wait, oldest first (the colleagues page lists them). */
export async function listWaitingInvitations({
  db,
  companyId,
  now = new Date(),
}: {
  db: DbOrTx;
  companyId: string;
  now?: Date;
}): Promise<Invitation[]> {
  return db
    .select()
    .from(customerInvitations)
    .where(and(eq(customerInvitations.companyId, companyId), waiting(now)))
    .orderBy(customerInvitations.createdAt);
}

/**
 * Whether an address is somebody's already: an active member's (any company), or on the record of a party that
 * belongs to a company other than `companyId`. Such an address is never claimed by an invitation.
 */
export async function isAddressTaken({
  db,
  channel,
  address,
  companyId,
}: {
  db: DbOrTx;
  channel: Channel;
  address: string;
  companyId: string;
}): Promise<boolean> {
  const memberColumn = channel === "email" ? customerMembers.email : customerMembers.phone;
  const [member] = await db
    .select({ id: customerMembers.id })
    .from(customerMembers)
    .where(and(eq(memberColumn, address), isNull(customerMembers.removedAt)));
  if (member) return true;
  for (const [kind, table] of [
    ["shipper", shippers],
    ["consignee", consignees],
  ] as const) {
    const match = channel === "email" ? sql`lower(${table.email}) = ${address}` : eq(table.phone, address);
    const [party] = await db
      .select({ id: table.id })
      .from(table)
      .innerJoin(
        customerCompanyParties,
        and(eq(customerCompanyParties.partyKind, kind), eq(customerCompanyParties.partyId, table.id)),
      )
      .where(and(match, sql`${customerCompanyParties.companyId} <> ${companyId}`))
      .limit(1);
    if (party) return true;
  }
  return false;
}

/**
 * Records an invitation (or renews the one already waiting for the same address at the same company). Returns
 * whether the address may be told: false when it is somebody's already, and then nothing is sent.
 */
export async function saveInvitation({
  tx,
  companyId,
  person,
  language,
  invitedByMemberId,
  now = new Date(),
}: {
  tx: DbOrTx;
  companyId: string;
  person: { name: string; email: string | null; phone: string | null };
  language: "en" | "fr";
  invitedByMemberId: string;
  now?: Date;
}): Promise<{ id: string; tell: boolean }> {
  const expiresAt = new Date(now.getTime() + INVITATION_LIFETIME_DAYS * 24 * 60 * 60 * 1000);
  const sameAddress = [
    person.email ? eq(customerInvitations.email, person.email) : undefined,
    person.phone ? eq(customerInvitations.phone, person.phone) : undefined,
  ].filter((condition) => condition !== undefined);
  const [renewed] = await tx
    .update(customerInvitations)
    .set({ ...person, language, invitedByMemberId, expiresAt })
    .where(and(eq(customerInvitations.companyId, companyId), or(...sameAddress), waiting(now)))
    .returning({ id: customerInvitations.id });
  const id =
    renewed?.id ??
    (
      await tx
        .insert(customerInvitations)
        .values({ companyId, ...person, language, invitedByMemberId, expiresAt, createdAt: now })
        .returning({ id: customerInvitations.id })
    )[0]!.id;
  const taken = await Promise.all(
    (["email", "sms"] as const).map((channel) => {
      const address = channel === "email" ? person.email : person.phone;
      return address ? isAddressTaken({ db: tx, channel, address, companyId }) : false;
    }),
  );
  return { id, tell: !taken.some(Boolean) };
}

/** The invitation's message is queued: from now on it may be accepted. */
export async function markInvitationTold({
  tx,
  id,
  now = new Date(),
}: {
  tx: DbOrTx;
  id: string;
  now?: Date;
}): Promise<void> {
  await tx.update(customerInvitations).set({ toldAt: now }).where(eq(customerInvitations.id, id));
}

/**
 * The person behind a proved address joins the company that invited it (the newest told invitation), with
 * that address alone: an unproved second address on the invitation could be somebody else's. Null when no
 * invitation waits, or the address has become somebody's since.
 */
export async function acceptInvitation({
  tx,
  channel,
  address,
  now = new Date(),
}: {
  tx: DbOrTx;
  channel: Channel;
  address: string;
  now?: Date;
}): Promise<CustomerMember | null> {
  const invitation = await findAcceptableInvitation({ db: tx, channel, address, now });
  if (!invitation) return null;
  if (await isAddressTaken({ db: tx, channel, address, companyId: invitation.companyId })) return null;
  const member = await createMember({
    tx,
    companyId: invitation.companyId,
    name: invitation.name,
    email: channel === "email" ? address : null,
    phone: channel === "sms" ? address : null,
    language: invitation.language,
    invitedByMemberId: invitation.invitedByMemberId,
    now,
  });
  await tx
    .update(customerInvitations)
    .set({ acceptedAt: now, acceptedMemberId: member.id })
    .where(eq(customerInvitations.id, invitation.id));
  // The address is proved now: what was asked from it before it joined stays its own (customer-quotes.server.ts).
  if (channel === "email") {
    const [proved] = await tx
      .update(customerMembers)
      .set({ emailVerifiedAt: now })
      .where(eq(customerMembers.id, member.id))
      .returning();
    return proved ?? member;
  }
  return member;
}

/** Cancels a company's waiting invitations by id (the inviting member's 'Cancel'); returns how many. */
export async function cancelInvitations({
  db,
  companyId,
  ids,
  now = new Date(),
}: {
  db: DbOrTx;
  companyId: string;
  ids: string[];
  now?: Date;
}): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await db
    .update(customerInvitations)
    .set({ cancelledAt: now })
    .where(
      and(eq(customerInvitations.companyId, companyId), inArray(customerInvitations.id, ids), waiting(now)),
    )
    .returning({ id: customerInvitations.id });
  return rows.length;
}

/**
 * Staff removed a member: the company's waiting invitations for their addresses, and those they sent, end with
 * them. Otherwise the removed address would still be let in by an invitation, and staff's removal undone.
 */
export async function cancelInvitationsOfRemovedMember({
  tx,
  companyId,
  member,
  now = new Date(),
}: {
  tx: DbOrTx;
  companyId: string;
  member: { id: string; email: string | null; phone: string | null };
  now?: Date;
}): Promise<void> {
  const concerned = [
    eq(customerInvitations.invitedByMemberId, member.id),
    member.email ? eq(customerInvitations.email, member.email) : undefined,
    member.phone ? eq(customerInvitations.phone, member.phone) : undefined,
  ].filter((condition) => condition !== undefined);
  await tx
    .update(customerInvitations)
    .set({ cancelledAt: now })
    .where(
      and(
        eq(customerInvitations.companyId, companyId),
        or(...concerned),
        isNull(customerInvitations.acceptedAt),
        isNull(customerInvitations.cancelledAt),
      ),
    );
}
