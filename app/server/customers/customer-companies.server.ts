// Customer companies and their members (decision 016): who may sign in, and which address-book
// parties a company is made of. What a customer may see is decided from those parties alone
// (customer-scope.server.ts).
import { and, eq, inArray, isNull, or, sql } from "drizzle-orm";
import type { Locale } from "#app/lib/i18n/locale.ts";
import type { DbOrTx } from "#app/server/db/client.server.ts";
import {
  consignees,
  customerCompanies,
  customerCompanyParties,
  customerInvitations,
  customerMembers,
  shippers,
} from "#app/server/db/schema.ts";

export type PartyKind = "shipper" | "consignee";
export type CustomerMember = typeof customerMembers.$inferSelect;

const partyTable = (kind: PartyKind) => (kind === "shipper" ? shippers : consignees);

/**
 * Holds addresses (e-mail addresses, mobile numbers) for this transaction: whatever makes, brings back or
 * invites the member behind one takes turns with the rest (two first sign-ins, two invitations at once).
 */
export async function lockAddresses(tx: DbOrTx, addresses: Array<string | null>): Promise<void> {
  for (const address of addresses) {
    if (address)
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`customer-address:${address}`}))`);
  }
}

/** The company a party belongs to, or null. */
export async function findCompanyOfParty({
  db,
  kind,
  partyId,
}: {
  db: DbOrTx;
  kind: PartyKind;
  partyId: string;
}): Promise<{ id: string; name: string } | null> {
  const [row] = await db
    .select({ id: customerCompanies.id, name: customerCompanies.name })
    .from(customerCompanyParties)
    .innerJoin(customerCompanies, eq(customerCompanies.id, customerCompanyParties.companyId))
    .where(and(eq(customerCompanyParties.partyKind, kind), eq(customerCompanyParties.partyId, partyId)));
  return row ?? null;
}

/**
 * The company of a party, made (named after the party's company, else its name) when it has none. Serialised
 * per party with an advisory lock, so two first sign-ins at once make one company.
 */
export async function ensureCompanyForParty({
  tx,
  kind,
  partyId,
}: {
  tx: DbOrTx;
  kind: PartyKind;
  partyId: string;
}): Promise<{ id: string; name: string }> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`customer-party:${kind}:${partyId}`}))`);
  const existing = await findCompanyOfParty({ db: tx, kind, partyId });
  if (existing) return existing;
  const table = partyTable(kind);
  const [party] = await tx
    .select({ name: table.name, company: table.company })
    .from(table)
    .where(eq(table.id, partyId));
  if (!party) throw new Error(`No ${kind} ${partyId}`);
  const [company] = await tx
    .insert(customerCompanies)
    .values({ name: party.company?.trim() || party.name })
    .returning({ id: customerCompanies.id, name: customerCompanies.name });
  await tx.insert(customerCompanyParties).values({ companyId: company!.id, partyKind: kind, partyId });
  return company!;
}

/** The parties of a company, by kind (what its customers see is what these parties are on). */
export async function listCompanyParties({
  db,
  companyId,
}: {
  db: DbOrTx;
  companyId: string;
}): Promise<{ shipperIds: string[]; consigneeIds: string[] }> {
  const rows = await db
    .select({ kind: customerCompanyParties.partyKind, id: customerCompanyParties.partyId })
    .from(customerCompanyParties)
    .where(eq(customerCompanyParties.companyId, companyId));
  return {
    shipperIds: rows.filter((row) => row.kind === "shipper").map((row) => row.id),
    consigneeIds: rows.filter((row) => row.kind === "consignee").map((row) => row.id),
  };
}

/** The member an address belongs to (removed ones too: they may not come back by themselves), or null. */
export async function findMemberByAddress({
  db,
  channel,
  address,
}: {
  db: DbOrTx;
  channel: "email" | "sms";
  address: string;
}): Promise<CustomerMember | null> {
  const column = channel === "email" ? customerMembers.email : customerMembers.phone;
  const [row] = await db.select().from(customerMembers).where(eq(column, address));
  return row ?? null;
}

/**
 * The parties whose record carries this address and lets it ask for a code by itself (`self_sign_in`), oldest
 * first. E-mail compared without case; phones are stored in E.164.
 */
export async function findSelfSignInParties({
  db,
  channel,
  address,
}: {
  db: DbOrTx;
  channel: "email" | "sms";
  address: string;
}): Promise<Array<{ kind: PartyKind; id: string; name: string }>> {
  const found: Array<{ kind: PartyKind; id: string; name: string }> = [];
  for (const kind of ["shipper", "consignee"] as const) {
    const table = partyTable(kind);
    const match = channel === "email" ? sql`lower(${table.email}) = ${address}` : eq(table.phone, address);
    const rows = await db
      .select({ id: table.id, name: table.name })
      .from(table)
      .where(and(match, eq(table.selfSignIn, true)))
      .orderBy(table.createdAt)
      .limit(20);
    found.push(...rows.map((row) => ({ kind, ...row })));
  }
  return found;
}

/**
 * Makes the member behind an address that may sign in by itself (its first code typed): the company of the
 * first party carrying it (made when it has none) gains the other such parties that have no company yet. The
 * company's first member may invite colleagues. Returns null when no party carries the address any more.
 */
export async function createSelfSignInMember({
  tx,
  channel,
  address,
  language,
}: {
  tx: DbOrTx;
  channel: "email" | "sms";
  address: string;
  /** The language of the page they signed in on: their messages and pages go in it until they choose. */
  language?: Locale;
}): Promise<CustomerMember | null> {
  const parties = await findSelfSignInParties({ db: tx, channel, address });
  const first = parties[0];
  if (!first) return null;
  const company = await ensureCompanyForParty({ tx, kind: first.kind, partyId: first.id });
  for (const party of parties.slice(1)) {
    await tx
      .insert(customerCompanyParties)
      .values({ companyId: company.id, partyKind: party.kind, partyId: party.id })
      .onConflictDoNothing();
  }
  return createMember({
    tx,
    companyId: company.id,
    name: first.name,
    email: channel === "email" ? address : null,
    phone: channel === "sms" ? address : null,
    language,
  });
}

/**
 * Adds a person to a company (or, for an address that was removed, brings it back). The first active member
 * of a company may invite colleagues. `language` is a new person's (English when not given); a person brought
 * back keeps the one they had chosen. The company's invitations still waiting for the address are accepted by it.
 */
export async function createMember({
  tx,
  companyId,
  name,
  email,
  phone,
  language,
  invitedByStaffId = null,
  invitedByMemberId = null,
  now = new Date(),
}: {
  tx: DbOrTx;
  companyId: string;
  name: string;
  email: string | null;
  phone: string | null;
  language?: Locale;
  invitedByStaffId?: string | null;
  invitedByMemberId?: string | null;
  now?: Date;
}): Promise<CustomerMember> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`customer-company:${companyId}`}))`);
  const [active] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(customerMembers)
    .where(and(eq(customerMembers.companyId, companyId), isNull(customerMembers.removedAt)));
  const values = {
    companyId,
    name,
    email,
    phone,
    canInvite: (active?.count ?? 0) === 0,
    invitedByStaffId,
    invitedByMemberId,
    removedAt: null,
  };
  const addresses = [
    email && eq(customerMembers.email, email),
    phone && eq(customerMembers.phone, phone),
  ].filter((condition) => !!condition);
  const [previous] = await tx.select().from(customerMembers).where(sql.join(addresses, sql` or `));
  // Already in (a second sign-in that waited for the first): unchanged, so the first keeps 'may invite'.
  const [row] =
    previous && previous.removedAt === null && previous.companyId === companyId
      ? [previous]
      : previous
        ? await tx.update(customerMembers).set(values).where(eq(customerMembers.id, previous.id)).returning()
        : await tx
            .insert(customerMembers)
            .values({ ...values, ...(language ? { language } : {}) })
            .returning();
  // The person is in now: an invitation of this company still waiting for their address is spent, so it cannot
  // bring them back later, after staff remove them (decision 029).
  await tx
    .update(customerInvitations)
    .set({ acceptedAt: now, acceptedMemberId: row!.id })
    .where(
      and(
        eq(customerInvitations.companyId, companyId),
        or(
          ...[
            email && eq(customerInvitations.email, email),
            phone && eq(customerInvitations.phone, phone),
          ].filter((condition) => !!condition),
        ),
        isNull(customerInvitations.acceptedAt),
        isNull(customerInvitations.cancelledAt),
      ),
    );
  return row!;
}

/** The active members of some companies (for staff pages). */
export async function listMembersOfCompanies({ db, companyIds }: { db: DbOrTx; companyIds: string[] }) {
  if (companyIds.length === 0) return [];
  return db
    .select()
    .from(customerMembers)
    .where(and(inArray(customerMembers.companyId, companyIds), isNull(customerMembers.removedAt)))
    .orderBy(customerMembers.createdAt);
}
