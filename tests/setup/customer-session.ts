import crypto from "node:crypto";
import type { RouterContextProvider } from "react-router";
import { type CustomerUser, customerContext } from "#app/server/customers/customer-guards.server.ts";
import {
  type CustomerSessionConfig,
  createCustomerSession,
} from "#app/server/customers/customer-sessions.server.ts";
import type { Db } from "#app/server/db/client.server.ts";
import { customerCompanies, customerCompanyParties, customerMembers } from "#app/server/db/schema.ts";

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
