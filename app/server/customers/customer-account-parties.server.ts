// The parties that make up a customer account (decision 029): staff join another shipper or consignee record (a
// branch, the same company as consignee) to a party's company, take one out (never the last), and switch whether
// the addresses on a party's own record may ask for a sign-in code by themselves.
import { and, eq, ne, or, sql } from "drizzle-orm";
import {
  ensureCompanyForParty,
  findCompanyOfParty,
  type PartyKind,
} from "#app/server/customers/customer-companies.server.ts";
import {
  type MemberOutcome,
  partyName,
  partyTable,
  refusable,
  refuse,
} from "#app/server/customers/customer-members.server.ts";
import type { Db, DbOrTx } from "#app/server/db/client.server.ts";
import { customerCompanyParties } from "#app/server/db/schema.ts";

/**
 * Staff join another party (a consignee record of the same company, a branch) to the company of `from` (made
 * when it has none). A party already in another company is refused.
 */
export async function addPartyToCompany({
  db,
  from,
  party,
}: {
  db: Db;
  from: { kind: PartyKind; id: string };
  party: { kind: PartyKind; id: string };
}): Promise<MemberOutcome> {
  return refusable(db, async (tx) => {
    await partyName(tx, from.kind, from.id);
    const name = await partyName(tx, party.kind, party.id);
    if (from.kind === party.kind && from.id === party.id) refuse(`${name} is this contact itself.`);
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext(${`customer-party:${party.kind}:${party.id}`}))`,
    );
    const company = await ensureCompanyForParty({ tx, kind: from.kind, partyId: from.id });
    const current = await findCompanyOfParty({ db: tx, kind: party.kind, partyId: party.id });
    if (current?.id === company.id) refuse(`${name} is already part of this account.`);
    if (current) refuse(`${name} already belongs to the customer account of ${current.name}.`);
    await tx
      .insert(customerCompanyParties)
      .values({ companyId: company.id, partyKind: party.kind, partyId: party.id });
    return { ok: true as const, name };
  });
}

/** Staff take a party out of a company; its last party stays (remove the account's members instead). */
export async function removePartyFromCompany({
  db,
  companyId,
  party,
}: {
  db: Db;
  companyId: string;
  party: { kind: PartyKind; id: string };
}): Promise<MemberOutcome> {
  return refusable(db, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`customer-company:${companyId}`}))`);
    const name = await partyName(tx, party.kind, party.id);
    const [others] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(customerCompanyParties)
      .where(
        and(
          eq(customerCompanyParties.companyId, companyId),
          or(ne(customerCompanyParties.partyKind, party.kind), ne(customerCompanyParties.partyId, party.id)),
        ),
      );
    const removed = await tx
      .delete(customerCompanyParties)
      .where(
        and(
          eq(customerCompanyParties.companyId, companyId),
          eq(customerCompanyParties.partyKind, party.kind),
          eq(customerCompanyParties.partyId, party.id),
        ),
      )
      .returning({ id: customerCompanyParties.partyId });
    if (removed.length === 0) refuse(`${name} is not part of this account.`);
    if ((others?.count ?? 0) === 0) {
      refuse(`${name} is the account's only contact: it stays. Remove the account's members instead.`);
    }
    return { ok: true as const, name };
  });
}

/** Whether the addresses on a party's own record may ask for a sign-in code by themselves. */
export async function setPartySelfSignIn({
  db,
  kind,
  partyId,
  enabled,
}: {
  db: DbOrTx;
  kind: PartyKind;
  partyId: string;
  enabled: boolean;
}): Promise<boolean> {
  const table = partyTable(kind);
  const updated = await db
    .update(table)
    .set({ selfSignIn: enabled })
    .where(eq(table.id, partyId))
    .returning({ id: table.id });
  return updated.length > 0;
}
