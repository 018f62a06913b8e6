// Staff remove a member from a customer account (decision 029). The member's row stays (removed_at) for the
// activity log and the invitations they sent; what could bring them back by itself is ended in the same
// transaction: their sessions, the company's waiting invitations for their addresses and those they sent.
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { cancelInvitationsOfRemovedMember } from "#app/server/customers/customer-invitations.server.ts";
import { type MemberOutcome, refusable, refuse } from "#app/server/customers/customer-members.server.ts";
import { deleteMemberSessions } from "#app/server/customers/customer-sessions.server.ts";
import type { Db } from "#app/server/db/client.server.ts";
import { customerMembers } from "#app/server/db/schema.ts";

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
