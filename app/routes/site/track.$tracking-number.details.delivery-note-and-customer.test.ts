// 'Show full details' (decision 029) end to end on the real database: the delivery note for a grant holder, and
// the signed-in customer of the shipment, who needs no code.
import { describe, expect, it } from "vitest";
import { loader as deliveryNoteLoader } from "#app/routes/resources/track.$tracking-number.details.delivery-note.pdf.ts";
import { loader as trackingLoader } from "#app/routes/site/track.$tracking-number.tsx";
import { createMember, ensureCompanyForParty } from "#app/server/customers/customer-companies.server.ts";
import { createCustomerSession } from "#app/server/customers/customer-sessions.server.ts";
import { shipmentDeliveries } from "#app/server/db/schema.ts";
import type { Services } from "#app/server/services.server.ts";
import { createTestContext } from "#tests/setup/test-db.ts";
import { A, B, SITE, visitor } from "./track.$tracking-number.details.test-support.ts";
import { bodyOf, codeIn, cookiePair } from "./track.details-answers.test-support.ts";

let services: Services;
let client: string;
const { ids, open, post, sentTo, askCode } = visitor((now) => ({ services, client } = now));

describe("the delivery note", () => {
  it("is linked and served to a grant holder once a delivery is recorded, not before", async () => {
    const { attempt } = await askCode(B, "shipper.weah@example.com");
    const [mail] = await sentTo("shipper.weah@example.com");
    const grant = cookiePair(
      await post(B, { intent: "code", code: codeIn(mail!.text) }, attempt),
      "shipment_details",
    );
    const note = () =>
      deliveryNoteLoader({
        request: new Request(`${SITE}/track/${B}/details/delivery-note.pdf`, { headers: { cookie: grant } }),
        params: { trackingNumber: B },
        context: createTestContext(services, client),
      } as never);
    expect(bodyOf(await open(B, grant))).toMatchObject({ details: { documents: { deliveryNote: null } } });
    expect((await note()).status).toBe(404);
    await services.db.insert(shipmentDeliveries).values({
      shipmentId: ids[B]!.shipment,
      draftId: crypto.randomUUID(),
      receiverName: "Joseph Weah",
      deliveredAt: new Date(),
    });
    expect(bodyOf(await open(B, grant))).toMatchObject({
      details: { documents: { deliveryNote: `/track/${B}/details/delivery-note.pdf` } },
    });
    const served = await note();
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("application/pdf");
    expect(served.headers.get("cache-control")).toBe("private, no-store");
  });
});

describe("the signed-in customer of the shipment", () => {
  async function customerCookie(kind: "shipper" | "consignee", partyId: string, email: string) {
    return services.db.transaction(async (tx) => {
      const company = await ensureCompanyForParty({ tx, kind, partyId });
      const member = await createMember({ tx, companyId: company.id, name: "Member", email, phone: null });
      const session = await createCustomerSession({ db: tx, config: services.config, memberId: member.id });
      return session.cookie.split(";")[0]!;
    });
  }

  it("sees the full details without a code; a customer of another company does not", async () => {
    const own = await customerCookie("consignee", ids[A]!.consignee, "member.a@example.com");
    const other = await customerCookie("shipper", ids[B]!.shipper, "member.b@example.com");
    expect(bodyOf(await open(A, own))).toMatchObject({
      kind: "details",
      accountPath: `/account/shipments/${A}`,
      details: { consignee: { email: "Consignee.kollie@Example.com" } },
    });
    const refused = bodyOf(await open(A, other));
    expect(refused).toMatchObject({ kind: "ask" });
    expect(JSON.stringify(refused)).not.toContain("kollie@");
    // The tracking page's link goes to the account for the customer, to the code page for anyone else.
    const tracking = (cookie: string) =>
      trackingLoader({
        request: new Request(`${SITE}/track/${A}`, { headers: cookie ? { cookie } : {} }),
        params: { trackingNumber: A },
        context: createTestContext(services, client),
      } as never) as Promise<Record<string, unknown>>;
    expect((await tracking(own)).detailsPath).toBe(`/account/shipments/${A}`);
    expect((await tracking(other)).detailsPath).toBe(`/track/${A}/details`);
  });
});
