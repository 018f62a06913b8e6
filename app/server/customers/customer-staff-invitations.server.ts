// Staff invite someone from a party to its customer account (decision 029): 'Invite to customer account' on a
// shipper's or consignee's page. The party's company is made when it has none, the person becomes a member at
// once and is told how to sign in. An address that is another company's member, or can already sign in here, is
// refused with a sentence saying so: staff may know whose it is (a customer's own invitations may not, see
// customer-colleague-invitations.server.ts).
import { eq, or } from "drizzle-orm";
import { parseContactPhone } from "#app/lib/contact-phone.ts";
import type { SiteSettings } from "#app/schemas/site-settings.ts";
import {
  createMember,
  ensureCompanyForParty,
  findCompanyOfParty,
  lockAddresses,
  type PartyKind,
} from "#app/server/customers/customer-companies.server.ts";
import {
  addressMatches,
  findPartyContact,
  type MemberConfig,
  type MemberLogger,
  type MemberOutcome,
  type Person,
  type PersonInput,
  readPerson,
  refusable,
  refuse,
  sendInvitation,
} from "#app/server/customers/customer-members.server.ts";
import type { Db, DbOrTx } from "#app/server/db/client.server.ts";
import { customerCompanies, customerMembers } from "#app/server/db/schema.ts";

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
