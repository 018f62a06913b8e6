// Shipment updates follow a customer member's choices (decision 029): a party's address that belongs to an active
// member gets what the member chose for shipment updates; the scheduler on the tests' clock, the outbox read.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMember, ensureCompanyForParty } from "#app/server/customers/customer-companies.server.ts";
import type { CustomerMessagePreferences } from "#app/server/db/schema.ts";
import { consignees, customerMembers, outbox, shipments, shippers } from "#app/server/db/schema.ts";
import type { Services } from "#app/server/services.server.ts";
import { addStatusUpdate } from "#app/server/shipments/shipments.server.ts";
import { createTestServices } from "#tests/setup/test-db.ts";

const clock = new Date("2026-11-23T10:00:00Z");
const TWILIO = {
  TWILIO_ACCOUNT_SID: `AC${"6".repeat(32)}`,
  TWILIO_AUTH_TOKEN: "abcdef0123456789abcdef0123456789",
  TWILIO_SMS_FROM: "+15017122661",
};

let services: Services;
beforeAll(async () => {
  services = await createTestServices(
    { SITE_URL: "https://freight.example.com", ...TWILIO },
    { outbox: { now: () => clock, autostart: false }, notifications: { now: () => clock, autostart: false } },
  );
});
afterAll(() => services?.close());

/** A shipment whose consignee has this e-mail and phone, the consignee's company member, and one update told. */
async function updateTold({
  trackingNumber,
  consignee,
  member,
}: {
  trackingNumber: string;
  consignee: { email: string | null; phone: string | null };
  member: { email: string | null; phone: string | null; preferences: CustomerMessagePreferences };
}) {
  const [shipper] = await services.db.insert(shippers).values({ name: "Quiet Shipper" }).returning();
  const [party] = await services.db
    .insert(consignees)
    .values({ name: `Consignee ${trackingNumber}`, ...consignee })
    .returning();
  await services.db.transaction(async (tx) => {
    const company = await ensureCompanyForParty({ tx, kind: "consignee", partyId: party!.id });
    const made = await createMember({ tx, companyId: company.id, name: "Member", ...member });
    await tx
      .update(customerMembers)
      .set({ messagePreferences: member.preferences })
      .where(eq(customerMembers.id, made.id));
  });
  const [shipment] = await services.db
    .insert(shipments)
    .values({
      trackingNumber,
      status: "In Transit",
      originLocation: "Shanghai",
      destinationLocation: "Monrovia",
      shipperId: shipper!.id,
      consigneeId: party!.id,
    })
    .returning();
  await addStatusUpdate({
    db: services.db,
    shipmentId: shipment!.id,
    input: {
      status: "Arrived",
      location: "Port of Monrovia",
      notes: null,
      timestamp: new Date(clock),
      alsoSetCurrent: true,
    },
    now: clock,
  });
  await services.notifications.runOnce();
  const sent = await services.db.select({ channel: outbox.channel, to: outbox.to }).from(outbox);
  return sent.filter((row) => [consignee.email, consignee.phone, member.phone].includes(row.to));
}

describe("shipment updates and a member's choices", () => {
  it("a member who turned e-mail off gets no e-mail; SMS they turned on goes to their own mobile", async () => {
    const told = await updateTold({
      trackingNumber: "PREF-0001",
      consignee: { email: "off@member.example", phone: null },
      member: { email: "off@member.example", phone: "+231555000201", preferences: { shipments: ["sms"] } },
    });
    expect(told).toEqual([{ channel: "sms", to: "+231555000201" }]);
  });

  it("a member who never chose: the party is told as before (e-mail, and SMS to the party's phone)", async () => {
    const told = await updateTold({
      trackingNumber: "PREF-0002",
      consignee: { email: "default@member.example", phone: "+231555000202" },
      member: { email: "default@member.example", phone: "+231555000203", preferences: {} },
    });
    expect(told.sort((a, b) => a.channel.localeCompare(b.channel))).toEqual([
      { channel: "email", to: "default@member.example" },
      { channel: "sms", to: "+231555000202" },
    ]);
  });

  it("a party's phone whose member turned SMS off gets no text; the party's phone already told is not told twice", async () => {
    const off = await updateTold({
      trackingNumber: "PREF-0003",
      consignee: { email: null, phone: "+231555000204" },
      member: { email: null, phone: "+231555000204", preferences: { shipments: [] } },
    });
    expect(off).toEqual([]);
    const same = await updateTold({
      trackingNumber: "PREF-0004",
      consignee: { email: "same@member.example", phone: "+231555000205" },
      member: {
        email: "same@member.example",
        phone: "+231555000205",
        preferences: { shipments: ["email", "sms"] },
      },
    });
    expect(same.filter((row) => row.channel === "sms")).toEqual([{ channel: "sms", to: "+231555000205" }]);
  });
});
