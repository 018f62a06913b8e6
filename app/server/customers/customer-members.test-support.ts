// Shared setup of the customer members' tests (decision 029): one set of services with SMS on, a staff member
// who invites, and the helpers that add parties, invite people, ask and type sign-in codes and read what was
// stored or sent. Each test file registers its own hooks: beforeAll(startMemberServices), afterAll(close).
import { count, desc, eq } from "drizzle-orm";
import { inviteColleague } from "#app/server/customers/customer-colleague-invitations.server.ts";
import { requestCustomerCode, verifyCustomerCode } from "#app/server/customers/customer-sign-in.server.ts";
import { inviteMemberByStaff } from "#app/server/customers/customer-staff-invitations.server.ts";
import { customerCompanies, customerMembers, oneTimeCodes, outbox } from "#app/server/db/schema.ts";
import { createParty } from "#app/server/parties/parties.server.ts";
import type { Services } from "#app/server/services.server.ts";
import type { SessionUser } from "#app/server/staff/staff-sessions.server.ts";
import { signInStaff } from "#tests/setup/staff-session.ts";
import { createTestServices } from "#tests/setup/test-db.ts";

export const SITE = "https://freight.example.com";
const TWILIO = {
  TWILIO_ACCOUNT_SID: `AC${"3".repeat(32)}`,
  TWILIO_AUTH_TOKEN: "abcdef0123456789abcdef0123456789",
  TWILIO_SMS_FROM: "+15017122661",
};
export const settings = { companyName: "Unitrans Freight" };

export let services: Services;
export let staff: SessionUser;
/** The services and the staff member who invites; for each test file's beforeAll. */
export async function startMemberServices() {
  services = await createTestServices({ SITE_URL: SITE, ...TWILIO }, { outbox: { autostart: false } });
  ({ user: staff } = await signInStaff({
    ...services,
    email: "customers-desk@example.com",
    role: "operations",
  }));
}

let serial = 0;
export const fields = { company: null, email: null, phone: null, address: null };
export async function shipper(
  name: string,
  extra: { company?: string; email?: string; phone?: string } = {},
) {
  serial++;
  return createParty({ db: services.db, kind: "shipper", input: { ...fields, name, ...extra } });
}

export const invite = (partyId: string, input: { name?: string; email?: string; phone?: string } = {}) =>
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

export const colleague = (memberId: string, input: { name: string; email: string }) =>
  inviteColleague({
    db: services.db,
    config: services.config,
    logger: services.logger,
    settings,
    memberId,
    input,
  });

export const memberOf = async (address: string) =>
  (
    await services.db
      .select()
      .from(customerMembers)
      .where(address.includes("@") ? eq(customerMembers.email, address) : eq(customerMembers.phone, address))
  )[0];
export const messagesTo = (to: string) =>
  services.db.select().from(outbox).where(eq(outbox.to, to)).orderBy(outbox.createdAt);
export const tableCounts = async () => ({
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

export async function signInByCode(address: string) {
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

export async function codeDeliverable(address: string) {
  await askCode(address);
  const [row] = await services.db
    .select({ deliverable: oneTimeCodes.deliverable })
    .from(oneTimeCodes)
    .where(eq(oneTimeCodes.destination, address.toLowerCase()))
    .orderBy(desc(oneTimeCodes.createdAt))
    .limit(1);
  return row!.deliverable;
}
