// Colleagues invited by a member who may invite (decision 029): an invitation, never a member until they sign
// in; the same answer whether the address is somebody's; an untold invitation lets nobody in; a few an hour. On
// a real database (setup in customer-members.test-support.ts).
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setPartySelfSignIn } from "#app/server/customers/customer-account-parties.server.ts";
import { COLLEAGUE_INVITES_PER_HOUR } from "#app/server/customers/customer-colleague-invitations.server.ts";
import { ensureCompanyForParty } from "#app/server/customers/customer-companies.server.ts";
import { removeMember } from "#app/server/customers/customer-member-removal.server.ts";
import {
  codeDeliverable,
  colleague,
  invite,
  memberOf,
  messagesTo,
  services,
  shipper,
  signInByCode,
  startMemberServices,
  tableCounts,
} from "#app/server/customers/customer-members.test-support.ts";
import { auditLog, customerInvitations } from "#app/server/db/schema.ts";

beforeAll(startMemberServices);
afterAll(() => services.close());

describe("colleagues", () => {
  it("a member who may invite asks a colleague to their own company; another may not", async () => {
    const party = await shipper("Colleague Co", { email: "boss@colleague.example" });
    await invite(party.id);
    const boss = await memberOf("boss@colleague.example");
    const added = await colleague(boss!.id, { name: "Clerk", email: "clerk@colleague.example" });
    expect(added).toEqual({ ok: true, name: "Clerk" });
    // An invitation, not a member: the colleague joins when they sign in (decision 029).
    expect(await memberOf("clerk@colleague.example")).toBeUndefined();
    const [invitation] = await services.db
      .select()
      .from(customerInvitations)
      .where(eq(customerInvitations.email, "clerk@colleague.example"));
    expect(invitation).toMatchObject({ companyId: boss!.companyId, invitedByMemberId: boss!.id });
    expect(await messagesTo("clerk@colleague.example")).toHaveLength(1);
    // In the activity log: the customer's own write has no staff actor, so it is recorded as their event.
    const [logged] = await services.db.select().from(auditLog).where(eq(auditLog.entityId, invitation!.id));
    expect(logged).toMatchObject({ action: "customer_invite", actorName: "Colleague Co" });

    // The colleague's first code makes them a member of the company, with the address they proved.
    expect(await codeDeliverable("clerk@colleague.example")).toBe(true);
    const clerk = await signInByCode("clerk@colleague.example");
    expect(clerk).toMatchObject({
      companyId: boss!.companyId,
      canInvite: false,
      invitedByMemberId: boss!.id,
      name: "Clerk",
    });
    expect(clerk!.emailVerifiedAt).not.toBeNull();

    const before = await tableCounts();
    const refused = await colleague(clerk!.id, { name: "Intern", email: "intern@colleague.example" });
    expect(refused).toEqual({
      ok: false,
      message: "You cannot add colleagues to this account: ask us to add them.",
    });
    expect(await tableCounts()).toEqual(before);
  });

  it("answers the same for an address that is somebody's, tells that person nothing, and never makes them a member", async () => {
    const mine = await shipper("Asker Co", { email: "asker@asker.example" });
    await invite(mine.id);
    const asker = await memberOf("asker@asker.example");
    // Another company's member, and an address on another company's party record (not a member yet).
    const theirs = await shipper("Owner Co", { email: "owner@owner.example" });
    await invite(theirs.id);
    const partyOnly = await shipper("Party Co", { email: "party@party.example" });
    await services.db.transaction((tx) =>
      ensureCompanyForParty({ tx, kind: "shipper", partyId: partyOnly.id }),
    );
    // Told like a free address ('Nobody'); the owner keeps only staff's invitation, the party gets nothing.
    for (const [name, email, told] of [
      ["Nobody", "nobody@fresh.example", 1],
      ["Owner", "owner@owner.example", 1],
      ["Party", "party@party.example", 0],
    ] as const) {
      expect(await colleague(asker!.id, { name, email })).toEqual({ ok: true, name });
      expect(await messagesTo(email)).toHaveLength(told);
    }
    // The member of Owner Co stays theirs after signing in; the party's address is never claimed by the invitation.
    const owner = await signInByCode("owner@owner.example");
    expect(owner!.companyId).not.toBe(asker!.companyId);
    await setPartySelfSignIn({ db: services.db, kind: "shipper", partyId: partyOnly.id, enabled: false });
    expect(await codeDeliverable("party@party.example")).toBe(false);
    expect(await memberOf("party@party.example")).toBeUndefined();
  });
});

describe("an invitation that was never sent", () => {
  it("lets nobody in, even after the address's owner is removed", async () => {
    const mine = await shipper("Inviter Co", { email: "inviter@inviter.example" });
    await invite(mine.id);
    const inviter = await memberOf("inviter@inviter.example");
    // Another company's member whose address is on no party's record (staff typed it).
    const theirs = await shipper("Holder Co", { email: "desk@holder.example" });
    await invite(theirs.id, { name: "Holder", email: "holder@holder.example" });
    const holder = await memberOf("holder@holder.example");
    expect(await colleague(inviter!.id, { name: "Holder", email: "holder@holder.example" })).toEqual({
      ok: true,
      name: "Holder",
    });
    // Somebody's address: not told, so the invitation is not told either.
    expect(await messagesTo("holder@holder.example")).toHaveLength(1);
    const [invitation] = await services.db
      .select()
      .from(customerInvitations)
      .where(eq(customerInvitations.email, "holder@holder.example"));
    expect(invitation!.toldAt).toBeNull();
    // Staff remove the holder from their own company: the untold invitation must not land them in the inviter's.
    expect(
      (await removeMember({ db: services.db, companyId: holder!.companyId, memberId: holder!.id })).ok,
    ).toBe(true);
    expect(await codeDeliverable("holder@holder.example")).toBe(false);
    expect(await signInByCode("holder@holder.example")).toBeUndefined();
    expect(await memberOf("holder@holder.example")).toMatchObject({ companyId: holder!.companyId });
    expect((await memberOf("holder@holder.example"))!.removedAt).not.toBeNull();
  });

  it("a told invitation records when it was told", async () => {
    const mine = await shipper("Teller Co", { email: "teller@teller.example" });
    await invite(mine.id);
    const teller = await memberOf("teller@teller.example");
    expect((await colleague(teller!.id, { name: "New", email: "new@teller.example" })).ok).toBe(true);
    const [invitation] = await services.db
      .select()
      .from(customerInvitations)
      .where(eq(customerInvitations.email, "new@teller.example"));
    expect(invitation!.toldAt).not.toBeNull();
  });
});

describe("colleague invitations are limited", () => {
  it(`refuses more than ${COLLEAGUE_INVITES_PER_HOUR} an hour from one member, adding nobody`, async () => {
    const party = await shipper("Busy Co", { email: "busy@busy.example" });
    await invite(party.id);
    const busy = await memberOf("busy@busy.example");
    for (let i = 0; i < COLLEAGUE_INVITES_PER_HOUR; i++) {
      expect((await colleague(busy!.id, { name: `Clerk ${i}`, email: `clerk${i}@busy.example` })).ok).toBe(
        true,
      );
    }
    const before = await tableCounts();
    expect(await colleague(busy!.id, { name: "One more", email: "more@busy.example" })).toEqual({
      ok: false,
      message: "You have added many colleagues in the last hour. Please try again in 60 minutes.",
    });
    expect(await tableCounts()).toEqual(before);
  });
});
