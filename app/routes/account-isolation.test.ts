// Customer isolation, proven route by route (decision 029): every address of the customer account,
// found in app/routes.ts (so a route added later fails here until it is listed), sent with ANOTHER company's ids
// by each of two signed-in customers, answers 404, exactly like an id that does not exist; its actions change
// nothing; the pages without ids show nothing of the other company. The customer's own ids answer 200, so the
// 404s are not a page that answers 404 to everyone.
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { saveInvitation } from "#app/server/customers/customer-invitations.server.ts";
import { inviteMemberByStaff } from "#app/server/customers/customer-staff-invitations.server.ts";
import * as schema from "#app/server/db/schema.ts";
import { acceptedQuote } from "#app/server/invoices/accepted-quote.test-support.ts";
import { issuedInvoice } from "#app/server/invoices/issued-invoice.test-support.ts";
import { createQuoteRequest } from "#app/server/quotes/quote-requests.server.ts";
import { saveQuoteDraft, sendQuote } from "#app/server/quotes/quotes.server.ts";
import type { Services } from "#app/server/services.server.ts";
import { signInNewCustomer, type TestCustomer } from "#tests/setup/customer-session.ts";
import { type AppHandler, createAppHandler } from "#tests/setup/route-handler.ts";
import { signInStaff } from "#tests/setup/staff-session.ts";
import { createTestContext, createTestServices } from "#tests/setup/test-db.ts";

type Company = TestCustomer & {
  label: string;
  /** Its shipment as shipper (delivered, with a photo) and as consignee. */
  shipped: string;
  received: string;
  photoId: string;
  quoteId: string;
  invoiceId: string;
  invoiceNumber: string;
  /** A colleague's invitation waiting in it ('Cancel' on the colleagues page takes its id). */
  invitationId: string;
};

/** Where each account route is reached with a company's ids; `posts`: bodies its action is sent. */
type Reach = { url: (of: Company, own: Company) => string; posts?: Record<string, string>[] };

/** Every account route with ids. A route of app/routes.ts under /account/ missing here or below fails the test. */
const WITH_IDS: Record<string, Reach> = {
  "routes/account/shipments.$tracking-number": {
    url: (of) => `/account/shipments/${of.shipped}`,
    posts: [{ intent: "shipment-updates", updates: "off" }, {}],
  },
  "routes/resources/account.shipments.$tracking-number.waybill.pdf": {
    url: (of) => `/account/shipments/${of.shipped}/waybill.pdf`,
  },
  "routes/resources/account.shipments.$tracking-number.delivery-note.pdf": {
    url: (of) => `/account/shipments/${of.shipped}/delivery-note.pdf`,
  },
  "routes/resources/account.shipments.$tracking-number.label.pdf": {
    url: (of) => `/account/shipments/${of.received}/label.pdf`,
  },
  // The other company's photo, through its own shipment and through the customer's own shipment's address.
  "routes/resources/account.shipments.$tracking-number.photos.$photo-id": {
    url: (of) => `/account/shipments/${of.shipped}/photos/${of.photoId}`,
  },
  "routes/account/quotes.$id": {
    url: (of) => `/account/quotes/${of.quoteId}`,
    posts: [{ intent: "accept", name: "Intruder" }, { intent: "decline", comment: "no" }, {}],
  },
  "routes/resources/account.quotes.$id.quote.pdf": { url: (of) => `/account/quotes/${of.quoteId}/quote.pdf` },
  "routes/account/invoices.$id": {
    url: (of) => `/account/invoices/${of.invoiceId}`,
    posts: [{ intent: "pay" }, {}],
  },
  "routes/resources/account.invoices.$id.invoice.pdf": {
    url: (of) => `/account/invoices/${of.invoiceId}/invoice.pdf`,
  },
};

/** Every account page without ids: what it shows must hold nothing of the other company. */
const WITHOUT_IDS: Record<string, (other: Company) => string> = {
  "routes/account/shipments": () => "/account/shipments",
  "routes/account/quotes": () => "/account/quotes",
  "routes/account/invoices": () => "/account/invoices",
  "routes/account/colleagues": () => "/account/colleagues",
  "routes/account/preferences": () => "/account/preferences",
  "routes/resources/account.statement.pdf": () => "/account/statement.pdf",
};

/** The pages of signing in and out: outside the account, open to anyone. */
const SIGN_IN = new Set(["/account", "/account/code", "/account/sign-in/:token", "/account/sign-out"]);

let services: Services;
let app: AppHandler;
let a: Company;
let b: Company;

async function makeCompany(label: string, staffId: string): Promise<Company> {
  const { db, config } = services;
  const customer = await signInNewCustomer({ db, config, name: `${label} Trading` });
  const [shipped] = await db
    .insert(schema.shipments)
    .values({
      trackingNumber: `ISO${label}-1001`,
      status: "Delivered",
      originLocation: `Origin of ${label}`,
      destinationLocation: `Destination of ${label}`,
      shipperId: customer.shipperId,
      goodsDescription: `Goods of ${label}`,
    })
    .returning();
  const [received] = await db
    .insert(schema.shipments)
    .values({
      trackingNumber: `ISO${label}-2002`,
      status: "In Transit",
      originLocation: `Origin of ${label}`,
      destinationLocation: `Destination of ${label}`,
      consigneeId: customer.consigneeId,
    })
    .returning();
  const draftId = crypto.randomUUID();
  const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#c83c28" } })
    .jpeg()
    .toBuffer();
  const [delivery] = await db
    .insert(schema.shipmentDeliveries)
    .values({
      shipmentId: shipped!.id,
      draftId,
      receiverName: `Receiver of ${label}`,
      deliveredAt: new Date(),
    })
    .returning();
  const [photo] = await db
    .insert(schema.deliveryPhotos)
    .values({
      shipmentId: shipped!.id,
      draftId,
      deliveryId: delivery!.id,
      mimeType: "image/jpeg",
      width: 8,
      height: 8,
      size: jpeg.length,
      data: jpeg,
    })
    .returning();
  const quoteId = await acceptedQuote({
    services,
    email: customer.email,
    settings: await services.siteSettings.get(),
    validUntil: "2099-12-31",
  });
  const invoice = await issuedInvoice({
    db,
    staffId,
    customer: { kind: "shipper", id: customer.shipperId, name: `${label} Trading`, email: customer.email },
  });
  const invitation = await saveInvitation({
    tx: db,
    companyId: customer.companyId,
    person: {
      name: `Colleague of ${label}`,
      email: `colleague-${label.toLowerCase()}@example.com`,
      phone: null,
    },
    language: "en",
    invitedByMemberId: customer.memberId,
  });
  return {
    ...customer,
    label,
    invitationId: invitation.id,
    shipped: shipped!.trackingNumber,
    received: received!.trackingNumber,
    photoId: photo!.id,
    quoteId,
    invoiceId: invoice.id,
    invoiceNumber: invoice.number,
  };
}

beforeAll(async () => {
  services = await createTestServices();
  app = await createAppHandler();
  const staff = await signInStaff({ db: services.db, config: services.config });
  a = await makeCompany("ALPHA", staff.user.id);
  b = await makeCompany("BRAVO", staff.user.id);
});
afterAll(() => services?.close());

const send = (url: string, cookie: string, body?: Record<string, string>) =>
  app.send(
    new Request(`http://localhost${url}`, {
      method: body ? "POST" : "GET",
      headers: { cookie, ...(body ? { "content-type": "application/x-www-form-urlencoded" } : {}) },
      body: body ? new URLSearchParams(body).toString() : undefined,
    }),
    createTestContext(services),
  );

/** Everything a customer could change or be told, to prove a refused request changed nothing. */
async function snapshot(): Promise<string> {
  const { db } = services;
  const tables = [
    schema.shipments,
    schema.shipmentNotificationRecipients,
    schema.quotes,
    schema.quoteRequests,
    schema.invoices,
    schema.invoiceLinks,
    schema.mobileMoneyRequests,
    schema.customerMembers,
    schema.customerInvitations,
    schema.outbox,
  ];
  return JSON.stringify(await Promise.all(tables.map((table) => db.select().from(table as never))));
}

describe("the customer account: another company's data by any URL", () => {
  it("lists every account route (a new one must be added here)", () => {
    const listed = new Set([...Object.keys(WITH_IDS), ...Object.keys(WITHOUT_IDS)]);
    const missing = app.routes
      .filter((route) => route.pattern.startsWith("/account/") && !SIGN_IN.has(route.pattern))
      .filter((route) => !listed.has(route.id))
      .map((route) => `${route.id} (${route.pattern})`);
    expect(missing).toEqual([]);
  });

  for (const [who, other] of [
    ["ALPHA", "BRAVO"],
    ["BRAVO", "ALPHA"],
  ] as const) {
    it(`${who} gets 404 for every address with ${other}'s ids, and changes nothing by posting to them`, async () => {
      const me = who === "ALPHA" ? a : b;
      const them = who === "ALPHA" ? b : a;
      const before = await snapshot();
      const problems: string[] = [];
      for (const [id, reach] of Object.entries(WITH_IDS)) {
        const own = await send(reach.url(me, me), me.cookie);
        if (own.response.status !== 200) problems.push(`${id}: my own answered ${own.response.status}`);
        const foreign = await send(reach.url(them, me), me.cookie);
        if (foreign.response.status !== 404)
          problems.push(`${id}: the other's answered ${foreign.response.status}`);
        for (const body of reach.posts ?? []) {
          const posted = await send(reach.url(them, me), me.cookie, body);
          if (posted.response.status !== 404) {
            problems.push(`${id}: posting ${JSON.stringify(body)} answered ${posted.response.status}`);
          }
        }
      }
      // Another company's invitation cancelled from my colleagues page: refused as an unknown id is (400).
      const cancelled = await send("/account/colleagues", me.cookie, {
        intent: "cancel-invitation",
        invitation: them.invitationId,
      });
      if (cancelled.response.status !== 400) {
        problems.push(`cancelling their invitation answered ${cancelled.response.status}`);
      }
      const unknown = await send("/account/colleagues", me.cookie, {
        intent: "cancel-invitation",
        invitation: crypto.randomUUID(),
      });
      if (unknown.response.status !== cancelled.response.status || unknown.body !== cancelled.body) {
        problems.push("cancelling their invitation is not answered as an unknown one");
      }
      // Another company's photo through my own shipment's address.
      const crossed = await send(`/account/shipments/${me.shipped}/photos/${them.photoId}`, me.cookie);
      if (crossed.response.status !== 404)
        problems.push(`their photo under my shipment: ${crossed.response.status}`);
      expect(problems).toEqual([]);
      expect(await snapshot()).toBe(before);
    });

    it(`${who}'s pages without ids show nothing of ${other}`, async () => {
      const me = who === "ALPHA" ? a : b;
      const them = who === "ALPHA" ? b : a;
      const theirs = [them.label, them.shipped, them.received, them.invoiceNumber, them.email];
      const problems: string[] = [];
      for (const [id, url] of Object.entries(WITHOUT_IDS)) {
        const { response, body } = await send(url(them), me.cookie);
        if (response.status !== 200) problems.push(`${id}: answered ${response.status}`);
        const text = response.headers.get("content-type")?.includes("pdf") ? "" : body;
        for (const mark of theirs) if (text.includes(mark)) problems.push(`${id} shows ${mark}`);
      }
      expect(problems).toEqual([]);
    });
  }

  it("the customer's own invitation is cancelled by the same post (so the 400s are not a refusal of everyone)", async () => {
    const mine = await send("/account/colleagues", a.cookie, {
      intent: "cancel-invitation",
      invitation: a.invitationId,
    });
    expect(mine.response.status).toBe(200);
    const [row] = await services.db
      .select()
      .from(schema.customerInvitations)
      .where(eq(schema.customerInvitations.id, a.invitationId));
    expect(row!.cancelledAt).not.toBeNull();
  });

  it("the lists do show the customer's own shipments (as shipper and as consignee)", async () => {
    const { body } = await send("/account/shipments", a.cookie);
    expect(body).toContain(a.shipped);
    expect(body).toContain(a.received);
  });
});

describe("adding a colleague's address grants nothing until that person signs in (decision 029)", () => {
  it("a stranger's quote stays out of the account that added the stranger's address, and the address stays free", async () => {
    const { db, config, logger } = services;
    const settings = await services.siteSettings.get();
    const stranger = `stranger-${crypto.randomUUID().slice(0, 8)}@example.com`;
    // A public quote request from an address nobody has, priced and sent by staff.
    const { id: requestId } = await createQuoteRequest({
      db,
      input: {
        firstName: "Sam",
        lastName: "Stranger",
        email: stranger,
        cityDeparture: "Antwerp",
        deliveryCity: "Monrovia",
        parcelType: "Pallets",
        weight: "900 kg",
        specialInfo: "",
        freightTypes: ["sea"],
      },
      submissionKey: crypto.randomUUID(),
    });
    const saved = await saveQuoteDraft({
      db,
      requestId: requestId!,
      staffId: null,
      timeZone: settings.timeZone,
      input: {
        currency: "USD",
        validUntil: "2099-12-31",
        transitTime: null,
        incoterm: null,
        terms: null,
        note: null,
        lines: [{ description: "Sea freight", amountMinor: 648_100 }],
      },
    });
    if (!saved.ok) throw new Error(saved.reason);
    const sent = await sendQuote({ db, config, logger, requestId: requestId!, staffId: null, settings });
    if (!sent.ok) throw new Error(sent.reason);

    // ALPHA's first member adds the stranger's address as a colleague: answered as any address is.
    const added = await send("/account/colleagues", a.cookie, {
      intent: "invite-colleague",
      name: "Sam",
      email: stranger,
    });
    expect(added.response.status).toBe(200);

    // The quote, its PDF and its answers are not ALPHA's: 404, and the quote stays as staff sent it.
    const quoteId = saved.quoteId;
    expect((await send(`/account/quotes/${quoteId}`, a.cookie)).response.status).toBe(404);
    expect((await send(`/account/quotes/${quoteId}/quote.pdf`, a.cookie)).response.status).toBe(404);
    const answers: Record<string, string>[] = [
      { intent: "decline", comment: "no" },
      { intent: "accept", name: "Attacker" },
    ];
    for (const body of answers) {
      expect((await send(`/account/quotes/${quoteId}`, a.cookie, body)).response.status).toBe(404);
    }
    const list = await send("/account/quotes", a.cookie);
    expect(list.body).not.toContain(quoteId);
    expect(list.body).not.toContain("6,481.00");
    const [quote] = await db.select().from(schema.quotes).where(eq(schema.quotes.id, quoteId));
    expect(quote!.state).toBe("sent");

    // The address is nobody's member: staff can still add it to its real company.
    expect(
      await db.select().from(schema.customerMembers).where(eq(schema.customerMembers.email, stranger)),
    ).toEqual([]);
    const [party] = await db
      .insert(schema.shippers)
      .values({ name: "Sam Stranger", company: "Stranger Freight", email: stranger })
      .returning();
    const staff = await signInStaff({ db, config, email: "isolation-desk@example.com", role: "operations" });
    const invited = await inviteMemberByStaff({
      db,
      config,
      logger,
      settings,
      staffId: staff.user.id,
      kind: "shipper",
      partyId: party!.id,
      input: {},
    });
    expect(invited).toEqual({ ok: true, name: "Sam Stranger" });
    const [member] = await db
      .select({ companyId: schema.customerMembers.companyId })
      .from(schema.customerMembers)
      .where(eq(schema.customerMembers.email, stranger));
    expect(member!.companyId).not.toBe(a.companyId);
  });
});
