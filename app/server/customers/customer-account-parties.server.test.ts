import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addPartyToCompany,
  removePartyFromCompany,
  setPartySelfSignIn,
} from "#app/server/customers/customer-account-parties.server.ts";
import {
  ensureCompanyForParty,
  findCompanyOfParty,
  listCompanyParties,
} from "#app/server/customers/customer-companies.server.ts";
import {
  codeDeliverable,
  fields,
  services,
  shipper,
  startMemberServices,
} from "#app/server/customers/customer-members.test-support.ts";
import { createParty } from "#app/server/parties/parties.server.ts";

beforeAll(startMemberServices);
afterAll(() => services.close());

describe("the party's own sign-in switch", () => {
  it("off: the party's address gets no code (deliverable false); on: it does", async () => {
    const party = await shipper("Self Signer", { email: "self@signer.example" });
    expect(await codeDeliverable("self@signer.example")).toBe(true);
    await setPartySelfSignIn({ db: services.db, kind: "shipper", partyId: party.id, enabled: false });
    expect(await codeDeliverable("self@signer.example")).toBe(false);
    await setPartySelfSignIn({ db: services.db, kind: "shipper", partyId: party.id, enabled: true });
    expect(await codeDeliverable("self@signer.example")).toBe(true);
  });
});

describe("parties of a company", () => {
  it("joins a party to a company, refuses one in another company, and keeps the last one", async () => {
    const head = await shipper("Head Office");
    const branch = await createParty({
      db: services.db,
      kind: "consignee",
      input: { ...fields, name: "Head Office (consignee)" },
    });
    const elsewhere = await shipper("Elsewhere Ltd");
    const other = await ensureCompanyForParty({ tx: services.db, kind: "shipper", partyId: elsewhere.id });

    expect(
      await addPartyToCompany({
        db: services.db,
        from: { kind: "shipper", id: head.id },
        party: { kind: "consignee", id: branch.id },
      }),
    ).toEqual({ ok: true, name: "Head Office (consignee)" });
    const company = await findCompanyOfParty({ db: services.db, kind: "shipper", partyId: head.id });
    expect(await listCompanyParties({ db: services.db, companyId: company!.id })).toEqual({
      shipperIds: [head.id],
      consigneeIds: [branch.id],
    });
    expect(
      await addPartyToCompany({
        db: services.db,
        from: { kind: "shipper", id: head.id },
        party: { kind: "shipper", id: elsewhere.id },
      }),
    ).toEqual({
      ok: false,
      message: `Elsewhere Ltd already belongs to the customer account of ${other.name}.`,
    });

    expect(
      await removePartyFromCompany({
        db: services.db,
        companyId: company!.id,
        party: { kind: "consignee", id: branch.id },
      }),
    ).toEqual({ ok: true, name: "Head Office (consignee)" });
    expect(
      await removePartyFromCompany({
        db: services.db,
        companyId: company!.id,
        party: { kind: "shipper", id: head.id },
      }),
    ).toEqual({
      ok: false,
      message: "Head Office is the account's only contact: it stays. Remove the account's members instead.",
    });
    expect(await listCompanyParties({ db: services.db, companyId: company!.id })).toEqual({
      shipperIds: [head.id],
      consigneeIds: [],
    });
  });
});
