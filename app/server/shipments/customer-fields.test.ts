// What staff see is what customers get: every page, message and document that reaches a customer, rendered from
// one shipment (with its parties, history, delivery) and one quote whose every text holds a marker naming its
// column, checked against the one list of who may see which field (customer-fields.server.ts). A 'staff' field's
// marker reaches nobody; a 'customer' field's marker never reaches what anyone with the tracking number gets.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as labelLoader } from "#app/routes/resources/admin.shipments.$id.label.pdf.ts";
import { loader as waybillLoader } from "#app/routes/resources/admin.shipments.$id.waybill.pdf.ts";
import { loader as deliveryNoteLoader } from "#app/routes/resources/delivery-note.$token.ts";
import { loader as quotePdfLoader } from "#app/routes/resources/quote.$token.pdf.ts";
import { loader as quoteLoader } from "#app/routes/site/quote.$token.tsx";
import { loader as trackingLoader } from "#app/routes/site/track.$tracking-number.tsx";
import { consignees, outbox, quoteRequests, shippers } from "#app/server/db/schema.ts";
import { pdfPagesText } from "#app/server/documents/pdf-readers.test-support.ts";
import { answerQuote } from "#app/server/quotes/quote-link.server.ts";
import { createQuoteRequest } from "#app/server/quotes/quote-requests.server.ts";
import { defaultValidUntil, saveQuoteDraft, sendQuote } from "#app/server/quotes/quotes.server.ts";
import type { Services } from "#app/server/services.server.ts";
import { setNotificationsEnabled } from "#app/server/settings/notification-settings.server.ts";
import {
  type Audience,
  CUSTOMER_FIELDS,
  type CustomerFieldTable,
} from "#app/server/shipments/customer-fields.server.ts";
import { recordDelivery } from "#app/server/shipments/deliveries.server.ts";
import { addStatusUpdate, createShipment } from "#app/server/shipments/shipments.server.ts";
import { signInStaff } from "#tests/setup/staff-session.ts";
import { createTestContext, createTestServices } from "#tests/setup/test-db.ts";

const SITE = "https://unitrans.example";
let services: Services;
let cookie: string;

/** A marker for one column: letters only, so a PDF's line breaks cannot split it at a hyphen. */
const marker = (table: CustomerFieldTable, column: string) =>
  `Mk${table}${column.charAt(0).toUpperCase()}${column.slice(1)}`;

/** The seeded texts, by table and column, each a marker (or containing one) that names its column. */
const seeded: { table: CustomerFieldTable; column: string; value: string }[] = [];
const seed = <T extends CustomerFieldTable>(table: T, column: keyof (typeof CUSTOMER_FIELDS)[T] & string) => {
  const value = marker(table, column);
  seeded.push({ table, column, value });
  return value;
};
const seedEmail = (table: CustomerFieldTable) => {
  const value = `${marker(table, "email").toLowerCase()}@example.com`;
  seeded.push({ table, column: "email", value: marker(table, "email").toLowerCase() });
  return value;
};

/** Each output a customer gets, as text, and who gets it. */
const outputs: { name: string; audience: Exclude<Audience, "staff">; text: string }[] = [];

const pdfText = async (response: Response) => {
  expect(response.headers.get("Content-Type"), await response.clone().text()).toBe("application/pdf");
  return (await pdfPagesText(Buffer.from(await response.arrayBuffer()))).join("\n");
};

const asResponse = async (run: () => unknown): Promise<Response> => {
  try {
    return (await run()) as Response;
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
};

const routeArgs = (path: string, params: Record<string, string>, headers: Record<string, string> = {}) => ({
  request: new Request(`http://localhost${path}`, { headers }),
  url: new URL(`http://localhost${path}`),
  params,
  context: createTestContext(services),
});

beforeAll(async () => {
  services = await createTestServices({
    SITE_URL: SITE,
    TWILIO_ACCOUNT_SID: `AC${"1".repeat(32)}`,
    TWILIO_AUTH_TOKEN: "0123456789abcdef0123456789abcdef",
    TWILIO_SMS_FROM: "+15017122661",
  });
  const { db } = services;
  ({ cookie } = await signInStaff({ ...services, email: "fields@example.com" }));
  await setNotificationsEnabled({ db, enabled: true });

  const [shipper] = await db
    .insert(shippers)
    .values({
      name: seed("shippers", "name"),
      company: seed("shippers", "company"),
      email: seedEmail("shippers"),
      phone: "+231770000001",
      address: seed("shippers", "address"),
    })
    .returning();
  const [consignee] = await db
    .insert(consignees)
    .values({
      name: seed("consignees", "name"),
      company: seed("consignees", "company"),
      email: seedEmail("consignees"),
      phone: "+231880000002",
      address: seed("consignees", "address"),
    })
    .returning();
  const shipment = await createShipment({
    db,
    input: {
      trackingNumber: "UTG-5151-6262",
      status: "In Transit",
      originLocation: seed("shipments", "originLocation"),
      destinationLocation: seed("shipments", "destinationLocation"),
      currentLocation: seed("shipments", "currentLocation"),
      estimatedDelivery: new Date("2030-01-01T00:00:00Z"),
      weight: 10,
      dimensions: seed("shipments", "dimensions"),
      notes: seed("shipments", "notes"),
      goodsDescription: seed("shipments", "goodsDescription"),
      pieces: 1,
      transportMode: "road",
      shipperId: shipper!.id,
      consigneeId: consignee!.id,
    },
  });
  await addStatusUpdate({
    db,
    shipmentId: shipment.id,
    input: {
      status: "Arrived",
      location: seed("shipmentStatusHistory", "location"),
      notes: seed("shipmentStatusHistory", "notes"),
      timestamp: new Date(Date.now() - 3_600_000),
      alsoSetCurrent: false,
    },
  });
  const delivered = await recordDelivery({
    db,
    shipmentId: shipment.id,
    draftId: crypto.randomUUID(),
    input: {
      receiverName: seed("shipmentDeliveries", "receiverName"),
      deliveredAt: new Date(Date.now() - 60_000),
      remarks: seed("shipmentDeliveries", "receiverRemarks"),
      internalNote: seed("shipmentDeliveries", "internalNote"),
    },
    signature: null,
  });
  expect(delivered.ok).toBe(true);
  await services.notifications.runOnce();

  // What anyone with the number gets: the tracking page's data, and the shipment's e-mails and texts.
  const tracking = await trackingLoader(
    routeArgs("/track/UTG-5151-6262", { trackingNumber: "UTG-5151-6262" }) as never,
  );
  outputs.push({ name: "tracking page", audience: "public", text: JSON.stringify(tracking) });
  const messages = await db.select().from(outbox);
  expect(messages.filter((m) => m.channel === "email").length).toBeGreaterThan(0);
  expect(messages.filter((m) => m.channel === "sms").length).toBeGreaterThan(0);
  let noteLink: string | undefined;
  for (const message of messages) {
    // The consignee's e-mail links the delivery note, which is theirs: the link itself is checked as a document.
    noteLink ??= /\/delivery-note\/([A-Za-z0-9_-]{43})/.exec(message.text)?.[1];
    outputs.push({
      name: `${message.channel} to ${message.to}`,
      audience: "public",
      text: [message.subject, message.text, message.html].join("\n"),
    });
  }

  // What the shipment's parties get: the delivery note, the waybill and the label staff hand over.
  expect(noteLink).toBeDefined();
  outputs.push({
    name: "delivery note",
    audience: "customer",
    text: await pdfText(
      await asResponse(() =>
        deliveryNoteLoader(routeArgs(`/delivery-note/${noteLink}`, { token: noteLink! }) as never),
      ),
    ),
  });
  for (const [name, loader] of [
    ["waybill", waybillLoader],
    ["label", labelLoader],
  ] as const) {
    const path = `/admin/shipments/${shipment.id}/${name}.pdf`;
    const response = await asResponse(() =>
      loader(routeArgs(path, { id: shipment.id }, { cookie }) as never),
    );
    outputs.push({ name, audience: "customer", text: await pdfText(response) });
  }

  // The quote's requester: its page and its PDF (accepted, so the answer's recorded details exist too).
  const { id: requestId } = await createQuoteRequest({
    db,
    input: {
      firstName: seed("quoteRequests", "firstName"),
      lastName: seed("quoteRequests", "lastName"),
      email: "requester@example.com",
      cityDeparture: seed("quoteRequests", "cityDeparture"),
      deliveryCity: seed("quoteRequests", "deliveryCity"),
      parcelType: "Pallets",
      weight: seed("quoteRequests", "weight"),
      specialInfo: seed("quoteRequests", "specialInfo"),
      freightTypes: ["sea"],
    },
    submissionKey: seed("quoteRequests", "submissionKey"),
  });
  const settings = await services.siteSettings.get();
  await saveQuoteDraft({
    db,
    requestId: requestId!,
    input: {
      currency: "USD",
      validUntil: defaultValidUntil(settings.timeZone),
      transitTime: seed("quotes", "transitTime"),
      incoterm: "FOB",
      terms: seed("quotes", "terms"),
      note: seed("quotes", "note"),
      lines: [{ description: seed("quoteLines", "description"), amountMinor: 50000 }],
    },
    staffId: null,
    timeZone: settings.timeZone,
  });
  const sent = await sendQuote({
    db,
    config: services.config,
    logger: services.logger,
    requestId: requestId!,
    staffId: null,
    settings,
  });
  if (!sent.ok) throw new Error(sent.reason);
  const answered = await answerQuote({
    db,
    token: sent.token,
    answer: {
      kind: "accept",
      name: seed("quotes", "acceptedName"),
      ip: seed("quotes", "acceptedIp"),
      userAgent: seed("quotes", "acceptedUserAgent"),
    },
  });
  expect(answered.outcome).toBe("accepted");
  const [request] = await db.select().from(quoteRequests).where(eq(quoteRequests.id, requestId!));
  expect(request!.submissionKey).toBe(marker("quoteRequests", "submissionKey"));
  const page = await quoteLoader(routeArgs(`/quote/${sent.token}`, { token: sent.token }) as never);
  outputs.push({ name: "quote page", audience: "customer", text: JSON.stringify(page) });
  const pdf = await asResponse(() =>
    quotePdfLoader(routeArgs(`/quote/${sent.token}.pdf`, { token: sent.token }) as never),
  );
  outputs.push({ name: "quote PDF", audience: "customer", text: await pdfText(pdf) });
});
afterAll(() => services.close());

/** Without spaces or line breaks, so a PDF's wrapping does not hide a marker. */
const flat = (text: string) => text.replace(/\s+/g, "");

describe("the one list of fields a customer may see", () => {
  it("classifies every seeded column", () => {
    for (const { table, column } of seeded)
      expect(
        (CUSTOMER_FIELDS[table] as Record<string, Audience>)[column],
        `${table}.${column}`,
      ).toBeDefined();
  });

  it("no page, message or document shows a field to someone the list does not let see it", () => {
    const leaks: string[] = [];
    for (const output of outputs) {
      const text = flat(output.text);
      for (const { table, column, value } of seeded) {
        const audience = (CUSTOMER_FIELDS[table] as Record<string, Audience>)[column]!;
        const allowed = audience === "public" || (audience === "customer" && output.audience === "customer");
        if (!allowed && text.includes(value))
          leaks.push(`${table}.${column} (${audience}) on the ${output.name}`);
      }
    }
    expect(leaks).toEqual([]);
  });

  it("renders what each may see (the check above looks at real outputs)", () => {
    const text = (name: string) => flat(outputs.find((output) => output.name === name)!.text);
    expect(text("tracking page")).toContain(marker("shipmentStatusHistory", "notes"));
    expect(text("delivery note")).toContain(marker("shipmentDeliveries", "receiverRemarks"));
    expect(text("waybill")).toContain(marker("consignees", "address"));
    expect(text("quote page")).toContain(marker("quoteLines", "description"));
    expect(text("quote PDF")).toContain(marker("quotes", "terms"));
  });
});
