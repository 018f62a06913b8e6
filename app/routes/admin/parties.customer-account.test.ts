// The 'Customer account' card of a party's page (decision 029): its loader data and its intents, called as the
// browser does with real staff sessions on a real database. Administrators and Operations manage it; Accounts
// and Editor may not.
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action, loader } from "#app/routes/admin/parties.$id.tsx";
import type { CustomerAccountCardData } from "#app/server/customers/customer-account-views.ts";
import { findCompanyOfParty } from "#app/server/customers/customer-companies.server.ts";
import { customerMembers, shippers } from "#app/server/db/schema.ts";
import { createParty } from "#app/server/parties/parties.server.ts";
import type { Services } from "#app/server/services.server.ts";
import { signInStaff } from "#tests/setup/staff-session.ts";
import { createTestContext, createTestServices } from "#tests/setup/test-db.ts";

let services: Services;
const cookies: Record<string, string> = {};
beforeAll(async () => {
  services = await createTestServices(
    { SITE_URL: "https://freight.example.com" },
    { outbox: { autostart: false } },
  );
  for (const role of ["operations", "accounts", "editor"] as const) {
    cookies[role] = (await signInStaff({ ...services, role })).cookie;
  }
});
afterAll(() => services.close());

const fields = { company: null, email: null, phone: null, address: null };
type Refused = {
  data: { account: { intent: string; message: string; values?: Record<string, string> } };
  init: { status?: number };
};

function send(partyId: string, body?: Record<string, string>, role = "operations", query = "") {
  const request = new Request(`http://localhost/admin/parties/${partyId}${query}`, {
    method: body ? "POST" : "GET",
    headers: { cookie: cookies[role]! },
    body: body ? new URLSearchParams(body) : undefined,
  });
  const args = { request, context: createTestContext(services), params: { id: partyId } } as never;
  return body ? action(args) : loader(args);
}

function toastOf(response: Response) {
  const match = response.headers.get("Set-Cookie")?.match(/toast=([^;]+)/);
  return match ? JSON.parse(Buffer.from(match[1]!, "base64url").toString("utf8")) : null;
}

async function thrownStatus(promise: unknown): Promise<number> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Response) return error.status;
    return (error as { init?: { status?: number } }).init?.status ?? 0;
  }
  return 200;
}

const memberCount = async () => (await services.db.select({ n: count() }).from(customerMembers))[0]!.n;

describe("the 'Customer account' card", () => {
  it("shows the party's defaults, invites from them, and lists the member", async () => {
    const party = await createParty({
      db: services.db,
      kind: "shipper",
      input: { ...fields, name: "Efua Asante", company: "Asante Cocoa", email: "efua@asante.example" },
    });
    const before = (await send(party.id)) as { account: CustomerAccountCardData };
    expect(before.account).toMatchObject({
      companyName: null,
      members: [],
      selfSignIn: true,
      ownAddresses: "efua@asante.example",
      inviteDefaults: { name: "Efua Asante", email: "efua@asante.example", phone: "" },
      partySearch: null,
    });

    const invited = (await send(party.id, {
      intent: "invite-member",
      name: "Efua Asante",
      email: "efua@asante.example",
    })) as Response;
    expect(invited.status).toBe(302);
    expect(invited.headers.get("Location")).toBe(`/admin/parties/${party.id}`);
    expect(toastOf(invited)).toMatchObject({ type: "success", title: "Invitation sent" });

    const after = (await send(party.id)) as { account: CustomerAccountCardData };
    expect(after.account.companyName).toBe("Asante Cocoa");
    expect(after.account.members).toMatchObject([
      { name: "Efua Asante", email: "efua@asante.example", lastSignIn: null, canInvite: true },
    ]);
    expect(after.account.parties).toMatchObject([{ key: `shipper:${party.id}`, current: true }]);
  });

  it("refuses bad input under its form, with what was typed, and changes nothing", async () => {
    const party = await createParty({
      db: services.db,
      kind: "shipper",
      input: { ...fields, name: "Typo Ltd" },
    });
    const before = await memberCount();
    const refused = (await send(party.id, {
      intent: "invite-member",
      name: "Typo",
      email: "typo@",
    })) as Refused;
    expect(refused.init.status).toBe(400);
    expect(refused.data.account).toEqual({
      intent: "invite-member",
      message: "Enter a valid e-mail address, e.g. name@example.com.",
      values: { name: "Typo", email: "typo@", phone: "" },
    });
    const noAddress = (await send(party.id, { intent: "invite-member", name: "Typo", email: "" })) as Refused;
    expect(noAddress.data.account.message).toBe("Enter an e-mail address or a mobile number.");
    const badSwitch = (await send(party.id, { intent: "self-sign-in", enabled: "maybe" })) as Refused;
    expect(badSwitch.init.status).toBe(400);
    const badParty = (await send(party.id, { intent: "add-party", party: "admins:1 or 1=1" })) as Refused;
    expect(badParty.data.account.message).toBe("Choose a shipper or a consignee from the list.");
    expect(await memberCount()).toBe(before);
    expect(await findCompanyOfParty({ db: services.db, kind: "shipper", partyId: party.id })).toBeNull();
  });

  it("removes only a member of this party's company", async () => {
    const mine = await createParty({
      db: services.db,
      kind: "shipper",
      input: { ...fields, name: "Mine", email: "me@mine.example" },
    });
    const theirs = await createParty({
      db: services.db,
      kind: "shipper",
      input: { ...fields, name: "Theirs", email: "them@theirs.example" },
    });
    await send(mine.id, { intent: "invite-member", name: "Me", email: "me@mine.example" });
    await send(theirs.id, { intent: "invite-member", name: "Them", email: "them@theirs.example" });
    const [them] = await services.db
      .select()
      .from(customerMembers)
      .where(eq(customerMembers.email, "them@theirs.example"));
    const refused = (await send(mine.id, { intent: "remove-member", memberId: them!.id })) as Refused;
    expect(refused.data.account.message).toBe("This person is no longer a member of this account.");
    const removed = (await send(theirs.id, { intent: "remove-member", memberId: them!.id })) as Response;
    expect(toastOf(removed)).toMatchObject({ type: "success", title: "Member removed" });
    const [after] = await services.db.select().from(customerMembers).where(eq(customerMembers.id, them!.id));
    expect(after!.removedAt).not.toBeNull();
  });

  it("switches the party's own sign-in, and joins a party found by name", async () => {
    const party = await createParty({
      db: services.db,
      kind: "shipper",
      input: { ...fields, name: "Switch Co" },
    });
    const branch = await createParty({
      db: services.db,
      kind: "consignee",
      input: { ...fields, name: "Switch Co Kumasi" },
    });
    const off = (await send(party.id, { intent: "self-sign-in", enabled: "false" })) as Response;
    expect(toastOf(off)).toMatchObject({ title: "They may no longer sign in by themselves" });
    const [row] = await services.db.select().from(shippers).where(eq(shippers.id, party.id));
    expect(row!.selfSignIn).toBe(false);

    const found = (await send(party.id, undefined, "operations", "?accountSearch=kumasi")) as {
      account: CustomerAccountCardData;
    };
    expect(found.account.partySearch).toEqual({
      q: "kumasi",
      matches: [expect.objectContaining({ key: `consignee:${branch.id}`, name: "Switch Co Kumasi" })],
    });
    const added = (await send(party.id, {
      intent: "add-party",
      party: `consignee:${branch.id}`,
    })) as Response;
    expect(toastOf(added)).toMatchObject({ type: "success", title: "Added to the customer account" });
    const company = await findCompanyOfParty({ db: services.db, kind: "consignee", partyId: branch.id });
    expect(company?.name).toBe("Switch Co");
  });

  it("is not for Accounts or Editor: refused before anything is read, nothing changed", async () => {
    const party = await createParty({
      db: services.db,
      kind: "shipper",
      input: { ...fields, name: "Guarded", email: "guarded@example.com" },
    });
    const before = await memberCount();
    for (const role of ["accounts", "editor"]) {
      const status = await thrownStatus(
        send(party.id, { intent: "invite-member", name: "X", email: "x@guarded.example" }, role),
      );
      expect(status).toBe(403);
      expect(await thrownStatus(send(party.id, { intent: "self-sign-in", enabled: "false" }, role))).toBe(
        403,
      );
    }
    expect(await memberCount()).toBe(before);
    const [row] = await services.db.select().from(shippers).where(eq(shippers.id, party.id));
    expect(row!.selfSignIn).toBe(true);
  });
});
