// A customer of a company, signed in, for tests (issue 29): a shipper (and optionally more parties) in a
// customer company, a member, and a session cookie as a browser sends it back.
import crypto from "node:crypto";
import { createMember, ensureCompanyForParty } from "#app/server/customers/customer-companies.server.ts";
import {
  type CustomerSessionConfig,
  createCustomerSession,
} from "#app/server/customers/customer-sessions.server.ts";
import type { Db } from "#app/server/db/client.server.ts";
import { consignees, customerCompanyParties, shippers } from "#app/server/db/schema.ts";

export type TestCustomer = {
  companyId: string;
  memberId: string;
  shipperId: string;
  consigneeId: string;
  email: string;
  /** The request's Cookie header value. */
  cookie: string;
};

/**
 * A company made of a new shipper and a new consignee (the same firm receiving), with one member signed in.
 * Names are unique per call, so two customers of one test never share anything.
 */
export async function signInCustomer({
  db,
  config,
  name = `Customer ${crypto.randomBytes(3).toString("hex")}`,
  email = `buyer-${crypto.randomBytes(4).toString("hex")}@example.com`,
  phone = null,
}: {
  db: Db;
  config: CustomerSessionConfig;
  name?: string;
  email?: string;
  phone?: string | null;
}): Promise<TestCustomer> {
  return db.transaction(async (tx) => {
    const [shipper] = await tx
      .insert(shippers)
      .values({ name, company: `${name} Ltd`, email, phone })
      .returning({ id: shippers.id });
    const [consignee] = await tx
      .insert(consignees)
      .values({ name, company: `${name} Ltd`, email, phone })
      .returning({ id: consignees.id });
    const company = await ensureCompanyForParty({ tx, kind: "shipper", partyId: shipper!.id });
    await tx
      .insert(customerCompanyParties)
      .values({ companyId: company.id, partyKind: "consignee", partyId: consignee!.id });
    const member = await createMember({ tx, companyId: company.id, name, email, phone });
    const session = await createCustomerSession({ db: tx, config, memberId: member.id });
    return {
      companyId: company.id,
      memberId: member.id,
      shipperId: shipper!.id,
      consigneeId: consignee!.id,
      email,
      cookie: session.cookie.split(";")[0]!,
    };
  });
}
