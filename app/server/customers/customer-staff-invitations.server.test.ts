// Staff invitations to a customer account (decision 029): from a party's page the person becomes a member at
// once, told how to sign in in the party's language; bad input and another company's address are refused and
// change nothing; on a real database (setup in customer-members.test-support.ts).
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withActor } from "#app/server/audit/audit-connection.server.ts";
import { createMember, findCompanyOfParty } from "#app/server/customers/customer-companies.server.ts";
import { removeMember } from "#app/server/customers/customer-member-removal.server.ts";
import {
  invite,
  memberOf,
  messagesTo,
  SITE,
  services,
  settings,
  shipper,
  staff,
  startMemberServices,
  tableCounts,
} from "#app/server/customers/customer-members.test-support.ts";
import { inviteMemberByStaff } from "#app/server/customers/customer-staff-invitations.server.ts";
import { auditLog, shippers } from "#app/server/db/schema.ts";

beforeAll(startMemberServices);
afterAll(() => services.close());

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

describe("the invitation's language (decision 030)", () => {
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
