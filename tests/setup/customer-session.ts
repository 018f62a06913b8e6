import crypto from "node:crypto";
import type { RouterContextProvider } from "react-router";
import { createMember, ensureCompanyForParty } from "#app/server/customers/customer-companies.server.ts";
import { type CustomerUser, customerContext } from "#app/server/customers/customer-guards.server.ts";
import {
  type CustomerSessionConfig,
  createCustomerSession,
} from "#app/server/customers/customer-sessions.server.ts";
import type { Db } from "#app/server/db/client.server.ts";
import {
  consignees,
  customerCompanies,
  customerCompanyParties,
  customerMembers,
  shippers,
} from "#app/server/db/schema.ts";

// A signed-in customer for the tests that call account loaders, actions and resource routes as the browser does:
// a company made of the given address-book parties, one member, its session row and the Cookie header the browser
// would send, made by the app's own createCustomerSession (so a changed cookie name changes here once).

export type SignedInCustomer = {
  user: CustomerUser;
  /** The request's Cookie header value, `customer_session=<token>`. */
  cookie: string;
  token: string;
};

/** A new company of `shippers` and `consignees` (party ids) with one signed-in member. */
export async function signInCustomer({
  db,
  config,
  shippers = [],
  consignees = [],
  name = "Ama Mensah",
  companyName = "Mensah Trading",
}: {
  db: Db;
  config: CustomerSessionConfig;
  shippers?: string[];
  consignees?: string[];
  name?: string;
  companyName?: string;
}): Promise<SignedInCustomer> {
  const [company] = await db.insert(customerCompanies).values({ name: companyName }).returning();
  const parties = [
    ...shippers.map((partyId) => ({ companyId: company!.id, partyKind: "shipper" as const, partyId })),
    ...consignees.map((partyId) => ({ companyId: company!.id, partyKind: "consignee" as const, partyId })),
  ];
  if (parties.length > 0) await db.insert(customerCompanyParties).values(parties);
  const email = `customer-${crypto.randomBytes(4).toString("hex")}@example.com`;
  const [member] = await db
    .insert(customerMembers)
    .values({ companyId: company!.id, name, email, canInvite: true })
    .returning();
  const session = await createCustomerSession({ db, config, memberId: member!.id });
  return {
    user: {
      id: member!.id,
      name,
      email,
      phone: null,
      language: "en",
      canInvite: true,
      companyId: company!.id,
      companyName: company!.name,
    },
    cookie: session.cookie.split(";")[0]!,
    token: session.token,
  };
}

/** The context an account loader below the layout gets: the layout's middleware has set the customer. */
export function asCustomer<Context extends RouterContextProvider>(
  context: Context,
  user: CustomerUser,
): Context {
  context.set(customerContext, user);
  return context;
}

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
export async function signInNewCustomer({
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
