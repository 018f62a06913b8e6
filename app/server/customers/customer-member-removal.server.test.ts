// Removing a member from a customer account (decision 029): their sessions end, their sign-in stops, 'may
// invite' passes on, and no invitation brings them back; on a real database (setup in
// customer-members.test-support.ts).
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listWaitingInvitations } from "#app/server/customers/customer-invitations.server.ts";
import { removeMember } from "#app/server/customers/customer-member-removal.server.ts";
import {
  codeDeliverable,
  colleague,
  invite,
  memberOf,
  services,
  shipper,
  signInByCode,
  startMemberServices,
} from "#app/server/customers/customer-members.test-support.ts";
import {
  createCustomerSession,
  getCustomerSessionUser,
} from "#app/server/customers/customer-sessions.server.ts";
import { customerInvitations, customerMembers, customerSessions } from "#app/server/db/schema.ts";

beforeAll(startMemberServices);
afterAll(() => services.close());

describe("removing a member", () => {
  it("ends their sessions, stops their sign-in, and passes 'may invite' on", async () => {
    const party = await shipper("Gone Trading", { email: "first@gone.example" });
    await invite(party.id);
    await invite(party.id, { name: "Second", email: "second@gone.example" });
    const first = await memberOf("first@gone.example");
    const session = await createCustomerSession({
      db: services.db,
      config: services.config,
      memberId: first!.id,
    });
    expect(await codeDeliverable("first@gone.example")).toBe(true);

    expect(await removeMember({ db: services.db, companyId: first!.companyId, memberId: first!.id })).toEqual(
      {
        ok: true,
        name: "Gone Trading",
      },
    );
    expect(
      await services.db.select().from(customerSessions).where(eq(customerSessions.memberId, first!.id)),
    ).toEqual([]);
    expect(
      await getCustomerSessionUser({ db: services.db, config: services.config, token: session.token }),
    ).toBeNull();
    expect(await codeDeliverable("first@gone.example")).toBe(false);
    expect((await memberOf("second@gone.example"))!.canInvite).toBe(true);
    // Another company's member, or one removed already: refused.
    expect(await removeMember({ db: services.db, companyId: first!.companyId, memberId: first!.id })).toEqual(
      {
        ok: false,
        message: "This person is no longer a member of this account.",
      },
    );
  });
});

describe("removing a member whose address an invitation waits for", () => {
  it("cancels the invitation: the removed address gets no code and the row is not revived", async () => {
    const party = await shipper("Undo Co", { email: "boss@undo.example" });
    await invite(party.id);
    const boss = await memberOf("boss@undo.example");
    // The boss invites an address; staff then add the same person from the party, so they are a member
    // while the invitation still waits. Staff remove them: nothing may bring them back by itself.
    expect((await colleague(boss!.id, { name: "Temp", email: "temp@undo.example" })).ok).toBe(true);
    expect((await invite(party.id, { name: "Temp", email: "temp@undo.example" })).ok).toBe(true);
    const temp = await memberOf("temp@undo.example");
    expect(await removeMember({ db: services.db, companyId: boss!.companyId, memberId: temp!.id })).toEqual({
      ok: true,
      name: "Temp",
    });
    expect(await codeDeliverable("temp@undo.example")).toBe(false);
    expect(await signInByCode("temp@undo.example")).toBeUndefined();
    expect((await memberOf("temp@undo.example"))!.removedAt).not.toBeNull();
  });

  it("ends the invitations the removed member sent", async () => {
    const party = await shipper("Leaver Co", { email: "leaver@leaver.example" });
    await invite(party.id);
    const leaver = await memberOf("leaver@leaver.example");
    expect((await colleague(leaver!.id, { name: "Friend", email: "friend@leaver.example" })).ok).toBe(true);
    expect(
      await removeMember({ db: services.db, companyId: leaver!.companyId, memberId: leaver!.id }),
    ).toEqual({ ok: true, name: "Leaver Co" });
    const [invitation] = await services.db
      .select()
      .from(customerInvitations)
      .where(eq(customerInvitations.email, "friend@leaver.example"));
    expect(invitation!.cancelledAt).not.toBeNull();
    expect(await codeDeliverable("friend@leaver.example")).toBe(false);
    expect(await signInByCode("friend@leaver.example")).toBeUndefined();
  });

  it("an invitation whose inviter was removed no longer waits, even if it was not cancelled", async () => {
    const party = await shipper("Quiet Co", { email: "quiet@quiet.example" });
    await invite(party.id);
    const quiet = await memberOf("quiet@quiet.example");
    expect((await colleague(quiet!.id, { name: "Pal", email: "pal@quiet.example" })).ok).toBe(true);
    // Removed by a write that does not go through removeMember (an older removal, a direct fix).
    await services.db
      .update(customerMembers)
      .set({ removedAt: new Date(), canInvite: false })
      .where(eq(customerMembers.id, quiet!.id));
    expect(await codeDeliverable("pal@quiet.example")).toBe(false);
    expect(await listWaitingInvitations({ db: services.db, companyId: quiet!.companyId })).toEqual([]);
  });

  it("a person who joins another way accepts the company's invitation for their address", async () => {
    const party = await shipper("Twice Co", { email: "head@twice.example" });
    await invite(party.id);
    const head = await memberOf("head@twice.example");
    expect((await colleague(head!.id, { name: "Both", email: "both@twice.example" })).ok).toBe(true);
    expect((await invite(party.id, { name: "Both", email: "both@twice.example" })).ok).toBe(true);
    const both = await memberOf("both@twice.example");
    const [invitation] = await services.db
      .select()
      .from(customerInvitations)
      .where(eq(customerInvitations.email, "both@twice.example"));
    expect(invitation).toMatchObject({ acceptedMemberId: both!.id });
    expect(invitation!.acceptedAt).not.toBeNull();
  });
});
