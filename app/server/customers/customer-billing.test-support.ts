import { eq } from "drizzle-orm";
import { createMember } from "#app/server/customers/customer-companies.server.ts";
import { customerContext } from "#app/server/customers/customer-guards.server.ts";
import { type CustomerUser, createCustomerSession } from "#app/server/customers/customer-sessions.server.ts";
import {
  customerCompanies,
  customerCompanyParties,
  customerMembers,
  shippers,
} from "#app/server/db/schema.ts";
import type { Services } from "#app/server/services.server.ts";
import { createTestContext } from "#tests/setup/test-db.ts";

// Tests' fixture for the account's quotes, invoices and quote request (decision 029): a customer company of one
// shipper, a signed-in member of it, and a call of an account route as that member.

let counter = 0;

export type TestCustomer = {
  user: CustomerUser;
  /** The request's Cookie header of the member's session. */
  cookie: string;
  shipper: { kind: "shipper"; id: string; name: string; email: string };
};

/** A company made of one new shipper (`shipperEmail` on its record) with one signed-in member (`memberEmail`). */
export async function signedInCustomer(
  services: Services,
  {
    company = "Mensah Trading",
    memberEmail = null as string | null,
    shipperEmail = null as string | null,
  } = {},
): Promise<TestCustomer> {
  counter += 1;
  const { db, config } = services;
  const email = shipperEmail ?? `office${counter}-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const [shipper] = await db
    .insert(shippers)
    .values({
      name: `Ama Mensah ${counter}`,
      company,
      email,
      phone: "+231770123456",
      address: "12 Broad Street",
    })
    .returning();
  const [row] = await db.insert(customerCompanies).values({ name: company }).returning();
  await db
    .insert(customerCompanyParties)
    .values({ companyId: row!.id, partyKind: "shipper", partyId: shipper!.id });
  const member = await db.transaction((tx) =>
    createMember({
      tx,
      companyId: row!.id,
      name: "Ama Kofi Mensah",
      email: memberEmail ?? `ama${counter}-${crypto.randomUUID().slice(0, 8)}@example.com`,
      phone: `+2317705${String(100000 + counter).slice(-5)}`,
    }),
  );
  // Signed in by e-mail: the member's address is proved, as a real sign-in leaves it (decision 029).
  await db
    .update(customerMembers)
    .set({ emailVerifiedAt: new Date() })
    .where(eq(customerMembers.id, member.id));
  const session = await createCustomerSession({ db, config, memberId: member.id });
  return {
    user: {
      id: member.id,
      name: member.name,
      email: member.email,
      phone: member.phone,
      language: member.language,
      canInvite: member.canInvite,
      companyId: row!.id,
      companyName: row!.name,
    },
    cookie: session.cookie.split(";")[0]!,
    shipper: { kind: "shipper", id: shipper!.id, name: shipper!.name, email },
  };
}

type Handler = (args: never) => unknown;

/**
 * Calls an account loader or action as `customer` (its session cookie on the request, and the customer set as
 * the account layout's middleware sets it); a POST when `form` is given. Returns what it returned or threw.
 */
export async function callAccount(
  services: Services,
  fn: Handler,
  {
    path,
    params = {},
    customer,
    form,
  }: {
    path: string;
    params?: Record<string, string>;
    customer: TestCustomer;
    form?: Record<string, string> | [string, string][];
  },
): Promise<unknown> {
  const url = `https://freight.example${path}`;
  const headers = { Cookie: customer.cookie, "User-Agent": "PhoneBrowser" };
  const request = form
    ? new Request(url, { method: "POST", body: new URLSearchParams(form), headers })
    : new Request(url, { headers });
  const context = createTestContext(services);
  context.set(customerContext, customer.user);
  try {
    return await fn({ request, url: new URL(url), params, context } as never);
  } catch (thrown) {
    return thrown;
  }
}

type Result = { data?: unknown; init?: { status?: number } | null } & Record<string, unknown>;
/** The status of what a loader or action gave: a Response's, a data() answer's, else 200. */
export const statusOf = (result: unknown) =>
  result instanceof Response ? result.status : ((result as Result).init?.status ?? 200);
export const bodyOf = <T = Record<string, unknown>>(result: unknown) =>
  ((result as Result).data ?? result) as T;
