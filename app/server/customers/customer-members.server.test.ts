// Who may sign in (issue 29): staff invitations from a party, colleagues invited by a member who may, removals,
// the party's own sign-in switch, and joining parties to a company; on a real database.
// Longer than 450 lines: removals and invitations are tested where they meet (a removal cancels invitations, an
// invitation never brings a removed member back), on the one set of parties and helpers above.
import { and, count, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withActor } from "#app/server/audit/audit-connection.server.ts";
import {
  addPartyToCompany,
  removePartyFromCompany,
  setPartySelfSignIn,
} from "#app/server/customers/customer-account-parties.server.ts";
import {
  COLLEAGUE_INVITES_PER_HOUR,
  inviteColleague,
} from "#app/server/customers/customer-colleague-invitations.server.ts";
import {
  createMember,
  ensureCompanyForParty,
  findCompanyOfParty,
  listCompanyParties,
} from "#app/server/customers/customer-companies.server.ts";
import { listWaitingInvitations } from "#app/server/customers/customer-invitations.server.ts";
import { removeMember } from "#app/server/customers/customer-member-removal.server.ts";
import {
  createCustomerSession,
  getCustomerSessionUser,
} from "#app/server/customers/customer-sessions.server.ts";
import { requestCustomerCode, verifyCustomerCode } from "#app/server/customers/customer-sign-in.server.ts";
import { inviteMemberByStaff } from "#app/server/customers/customer-staff-invitations.server.ts";
import {
  auditLog,
  customerCompanies,
  customerInvitations,
  customerMembers,
  customerSessions,
  oneTimeCodes,
  outbox,
  shippers,
} from "#app/server/db/schema.ts";
import { createParty } from "#app/server/parties/parties.server.ts";
import type { Services } from "#app/server/services.server.ts";
import type { SessionUser } from "#app/server/staff/staff-sessions.server.ts";
import { signInStaff } from "#tests/setup/staff-session.ts";
import { createTestServices } from "#tests/setup/test-db.ts";

const SITE = "https://freight.example.com";
const TWILIO = {
  TWILIO_ACCOUNT_SID: `AC${"3".repeat(32)}`,
  TWILIO_AUTH_TOKEN: "abcdef0123456789abcdef0123456789",
  TWILIO_SMS_FROM: "+15017122661",
};
const settings = { companyName: "Unitrans Freight" };

let services: Services;
let staff: SessionUser;
beforeAll(async () => {
  services = await createTestServices({ SITE_URL: SITE, ...TWILIO }, { outbox: { autostart: false } });
  ({ user: staff } = await signInStaff({
    ...services,
    email: "customers-desk@example.com",
    role: "operations",
  }));
});
afterAll(() => services.close());

let serial = 0;
const fields = { company: null, email: null, phone: null, address: null };
async function shipper(name: string, extra: { company?: string; email?: string; phone?: string } = {}) {
  serial++;
  return createParty({ db: services.db, kind: "shipper", input: { ...fields, name, ...extra } });
}

const invite = (partyId: string, input: { name?: string; email?: string; phone?: string } = {}) =>
  inviteMemberByStaff({
    db: services.db,
    config: services.config,
    logger: services.logger,
    settings,
    staffId: staff.id,
    kind: "shipper",
    partyId,
    input,
  });

const colleague = (memberId: string, input: { name: string; email: string }) =>
  inviteColleague({
    db: services.db,
    config: services.config,
    logger: services.logger,
    settings,
    memberId,
    input,
  });

const memberOf = async (address: string) =>
  (
    await services.db
      .select()
      .from(customerMembers)
      .where(address.includes("@") ? eq(customerMembers.email, address) : eq(customerMembers.phone, address))
  )[0];
const messagesTo = (to: string) =>
  services.db.select().from(outbox).where(eq(outbox.to, to)).orderBy(outbox.createdAt);
const tableCounts = async () => ({
  companies: (await services.db.select({ n: count() }).from(customerCompanies))[0]!.n,
  members: (await services.db.select({ n: count() }).from(customerMembers))[0]!.n,
  outbox: (await services.db.select({ n: count() }).from(outbox))[0]!.n,
});

/** Asks a code for an address and types the one sent (the outbox keeps it); the member signed in, if any. */
const askCode = (address: string) =>
  requestCustomerCode({
    db: services.db,
    config: services.config,
    logger: services.logger,
    settings,
    typed: address,
    clientAddress: `198.51.100.${serial++ % 250}`,
  });

async function signInByCode(address: string) {
  const asked = await askCode(address);
  if (!asked.ok) throw new Error("No code asked");
  const mails = await messagesTo(address);
  const code = /\b(\d{6,8})\b/.exec(mails.at(-1)?.text ?? "")?.[1] ?? "000000";
  const signed = await verifyCustomerCode({
    ...services,
    attemptToken: asked.attemptToken,
    code,
    clientAddress: `198.51.100.${serial++ % 250}`,
    userAgent: "test",
  });
  return signed.outcome === "signed-in" ? memberOf(address) : undefined;
}

async function codeDeliverable(address: string) {
  await askCode(address);
  const [row] = await services.db
    .select({ deliverable: oneTimeCodes.deliverable })
    .from(oneTimeCodes)
    .where(eq(oneTimeCodes.destination, address.toLowerCase()))
    .orderBy(desc(oneTimeCodes.createdAt))
    .limit(1);
  return row!.deliverable;
}

describe("staff invite from a party", () => {
  it("makes the party's company, adds the person with the party's details and e-mails how to sign in", async () => {
    const party = await shipper("Ama Mensah", { company: "Mensah Trading", email: "Ama@Mensah.example" });
    const invited = await invite(party.id);
    expect(invited).toEqual({ ok: true, name: "Ama Mensah" });
    const company = await findCompanyOfParty({ db: services.db, kind: "shipper", partyId: party.id });
    expect(company?.name).toBe("Mensah Trading");
    const member = await memberOf("ama@mensah.example");
    expect(member).toMatchObject({ companyId: company!.id, name: "Ama Mensah", canInvite: true });
    expect(member!.invitedByStaffId).toBe(staff.id);
    const [mail] = await messagesTo("ama@mensah.example");
    expect(mail!.subject).toBe("Your Mensah Trading customer account at Unitrans Freight");
    expect(mail!.text).toContain(`${SITE}/account and type this e-mail address (ama@mensah.example)`);
    // No token: they ask for a code themselves.
    expect(mail!.text).not.toMatch(/sign-in\/|\b\d{6}\b/);
  });

  it("texts a person who has only a mobile number", async () => {
    const party = await shipper("Kofi Boateng");
    expect(await invite(party.id, { name: "Kofi B.", phone: "0555 123 456" })).toEqual({
      ok: true,
      name: "Kofi B.",
    });
    const [sms] = await messagesTo("+231555123456");
    expect(sms!.channel).toBe("sms");
    expect(sms!.text).toBe(
      `Unitrans Freight: you can now see the shipments, quotes and invoices of Kofi Boateng. Sign in at ${SITE}/account with this number and the code we send you.`,
    );
  });

  it("refuses bad input with a clear message and changes nothing", async () => {
    const party = await shipper("Nobody Yet");
    const before = await tableCounts();
    const cases: Array<[Record<string, string>, string]> = [
      [{ email: "", phone: "" }, "Enter an e-mail address or a mobile number."],
      [{ email: "not-an-address" }, "Enter a valid e-mail address, e.g. name@example.com."],
      [
        { email: "", phone: "call me" },
        "That is not a phone number. Use digits, e.g. 0770 123 456 or +231 77 012 3456.",
      ],
      [
        { email: "", phone: "+231 22 123 456" },
        "This is a landline: enter a mobile number, sign-in codes go by text message.",
      ],
      [{ name: "  ", email: "x@example.com" }, "Enter their name."],
    ];
    for (const [input, message] of cases)
      expect(await invite(party.id, input)).toEqual({ ok: false, message });
    expect(await tableCounts()).toEqual(before);
    expect(await findCompanyOfParty({ db: services.db, kind: "shipper", partyId: party.id })).toBeNull();
  });

  it("refuses an address that already belongs to another company's account, nothing changed", async () => {
    const first = await shipper("Okafor Auto", { email: "chidi@okafor.example" });
    expect((await invite(first.id)).ok).toBe(true);
    const other = await shipper("Lagos Parts");
    const before = await tableCounts();
    expect(await invite(other.id, { name: "Chidi", email: "CHIDI@okafor.example" })).toEqual({
      ok: false,
      message: "This address already belongs to the customer account of Okafor Auto.",
    });
    expect(await tableCounts()).toEqual(before);
    expect(await findCompanyOfParty({ db: services.db, kind: "shipper", partyId: other.id })).toBeNull();
    // Twice into the same account: said so, nothing sent again.
    expect(await invite(first.id)).toEqual({
      ok: false,
      message: "Okafor Auto can already sign in with this address.",
    });
  });

  it("is in the activity log when staff invite and remove (the audit connection)", async () => {
    const party = await shipper("Logged Ltd", { email: "logged@example.com" });
    const asStaff = <T>(fn: (db: typeof services.db) => Promise<T>) =>
      withActor({ pool: services.database.pool, actor: staff, clientAddress: "203.0.113.9" }, fn);
    await asStaff((db) =>
      inviteMemberByStaff({
        db,
        config: services.config,
        logger: services.logger,
        settings,
        staffId: staff.id,
        kind: "shipper",
        partyId: party.id,
        input: {},
      }),
    );
    const member = await memberOf("logged@example.com");
    await asStaff((db) => removeMember({ db, companyId: member!.companyId, memberId: member!.id }));
    const entries = await services.db
      .select({ action: auditLog.action, actorId: auditLog.actorId, changes: auditLog.changes })
      .from(auditLog)
      .where(and(eq(auditLog.entity, "customer_members"), eq(auditLog.entityId, member!.id)))
      .orderBy(auditLog.createdAt);
    expect(entries.map((entry) => entry.action)).toEqual(["insert", "update"]);
    expect(entries.every((entry) => entry.actorId === staff.id)).toBe(true);
    expect(Object.keys(entries[1]!.changes ?? {})).toContain("removed_at");
  });
});

describe("the invitation's language (issue 30)", () => {
  it("a party written to in French gets a French member and a French invitation with the French address", async () => {
    const party = await shipper("Kouassi Import", { email: "kouassi@example.com" });
    await services.db.update(shippers).set({ language: "fr" }).where(eq(shippers.id, party.id));
    expect(await invite(party.id)).toMatchObject({ ok: true });
    expect((await memberOf("kouassi@example.com"))!.language).toBe("fr");
    const [mail] = await messagesTo("kouassi@example.com");
    expect(mail!.subject).toBe("Votre compte client Kouassi Import chez Unitrans Freight");
    expect(mail!.text).toContain(`Pour vous connecter, ouvrez ${SITE}/fr/compte et saisissez`);
    // An English party: English, at the English address, as before.
    const english = await shipper("Monrovia Traders", { email: "traders@example.com" });
    await invite(english.id);
    const [englishMail] = await messagesTo("traders@example.com");
    expect(englishMail!.text).toContain(`To sign in, open ${SITE}/account and type`);
  });
});

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

describe("the party's own sign-in switch", () => {
  it("off: the party's address gets no code (deliverable false); on: it does", async () => {
    const party = await shipper("Self Signer", { email: "self@signer.example" });
    expect(await codeDeliverable("self@signer.example")).toBe(true);
    await setPartySelfSignIn({ db: services.db, kind: "shipper", partyId: party.id, enabled: false });
    expect(await codeDeliverable("self@signer.example")).toBe(false);
    await setPartySelfSignIn({ db: services.db, kind: "shipper", partyId: party.id, enabled: true });
    expect(await codeDeliverable("self@signer.example")).toBe(true);
  });
});

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

describe("adding a person who is already an active member of the company", () => {
  it("leaves them as they are ('may invite' kept)", async () => {
    const party = await shipper("Kept Co", { email: "kept@kept.example" });
    await invite(party.id);
    const kept = await memberOf("kept@kept.example");
    expect(kept!.canInvite).toBe(true);
    const again = await services.db.transaction((tx) =>
      createMember({
        tx,
        companyId: kept!.companyId,
        name: "Kept again",
        email: "kept@kept.example",
        phone: null,
      }),
    );
    expect(again).toEqual(kept);
    expect(await memberOf("kept@kept.example")).toEqual(kept);
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

describe("parties of a company", () => {
  it("joins a party to a company, refuses one in another company, and keeps the last one", async () => {
    const head = await shipper("Head Office");
    const branch = await createParty({
      db: services.db,
      kind: "consignee",
      input: { ...fields, name: "Head Office (consignee)" },
    });
    const elsewhere = await shipper("Elsewhere Ltd");
    const other = await ensureCompanyForParty({ tx: services.db, kind: "shipper", partyId: elsewhere.id });

    expect(
      await addPartyToCompany({
        db: services.db,
        from: { kind: "shipper", id: head.id },
        party: { kind: "consignee", id: branch.id },
      }),
    ).toEqual({ ok: true, name: "Head Office (consignee)" });
    const company = await findCompanyOfParty({ db: services.db, kind: "shipper", partyId: head.id });
    expect(await listCompanyParties({ db: services.db, companyId: company!.id })).toEqual({
      shipperIds: [head.id],
      consigneeIds: [branch.id],
    });
    expect(
      await addPartyToCompany({
        db: services.db,
        from: { kind: "shipper", id: head.id },
        party: { kind: "shipper", id: elsewhere.id },
      }),
    ).toEqual({
      ok: false,
      message: `Elsewhere Ltd already belongs to the customer account of ${other.name}.`,
    });

    expect(
      await removePartyFromCompany({
        db: services.db,
        companyId: company!.id,
        party: { kind: "consignee", id: branch.id },
      }),
    ).toEqual({ ok: true, name: "Head Office (consignee)" });
    expect(
      await removePartyFromCompany({
        db: services.db,
        companyId: company!.id,
        party: { kind: "shipper", id: head.id },
      }),
    ).toEqual({
      ok: false,
      message: "Head Office is the account's only contact: it stays. Remove the account's members instead.",
    });
    expect(await listCompanyParties({ db: services.db, companyId: company!.id })).toEqual({
      shipperIds: [head.id],
      consigneeIds: [],
    });
  });
});
