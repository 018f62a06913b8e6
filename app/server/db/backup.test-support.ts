// Tests' fixture for the backup and its commands: a site with every kind of content (and a row in each table a
// backup leaves out), and what a restored database is compared by: every row of every table, read
// independently of the backup code.
import fs from "node:fs";
import { expect } from "vitest";
import { recordAuditEvent } from "#app/server/audit/audit.server.ts";
import { createSession } from "#app/server/auth/sessions.server.ts";
import { createMedia } from "#app/server/blog/media.server.ts";
import { TABLES_LEFT_OUT } from "#app/server/db/backup.server.ts";
import type { Database } from "#app/server/db/client.server.ts";
import {
  contactSubmissions,
  notificationLog,
  notificationSubscribers,
  notificationUnsubscribes,
  outbox,
  outboxAttachments,
  passwordResetTokens,
  quoteRequests,
  rateLimits,
  shipmentImports,
  shipmentNotificationRecipients,
  shipmentNotificationState,
  shipments,
} from "#app/server/db/schema.ts";
import { loadConfig } from "#app/server/platform/config.server.ts";
import { seedDemoContent } from "#app/server/seed.server.ts";
import { getSiteSettings, updateSiteSettings } from "#app/server/settings/settings.server.ts";
import { createAdminUser } from "#app/server/staff/staff-accounts.server.ts";

/** The bytes of the image `fillSite` uploads, to compare a restored copy with. */
export const png = fs.readFileSync("public/og-image.png");
/** Every table of this release's schema, sorted. */
export const APP_TABLES = [
  "admin_users",
  "audit_log",
  "blog_posts",
  "bulk_operations",
  "cms_media",
  "cms_media_variants",
  "consignees",
  "contact_submissions",
  "customer_companies",
  "customer_company_parties",
  "customer_invitations",
  "customer_members",
  "customer_sessions",
  "delivery_note_tokens",
  "delivery_photos",
  "document_counters",
  "invoice_events",
  "invoice_lines",
  "invoice_links",
  "invoice_shipments",
  "invoices",
  "message_opt_outs",
  "mobile_money_requests",
  "notification_log",
  "notification_subscribers",
  "notification_unsubscribes",
  "one_time_codes",
  "outbox",
  "outbox_attachments",
  "password_reset_tokens",
  "payment_allocations",
  "payments",
  "quote_lines",
  "quote_requests",
  "quotes",
  "rate_limits",
  "sessions",
  "shipment_deliveries",
  "shipment_detail_grants",
  "shipment_imports",
  "shipment_notification_recipients",
  "shipment_notification_state",
  "shipment_status_history",
  "shipments",
  "shippers",
  "site_settings",
];

/** A site with every kind of content, and a row in each table a backup leaves out. */
export async function fillSite({ db, pool }: Database) {
  const now = new Date("2026-11-20T10:11:12.345678Z");
  await seedDemoContent({ db, now });
  const upload = await createMedia({
    db,
    bytes: png,
    originalName: "port.png",
    alt: "Côte d'Ivoire port",
    maxBytes: 10 * 1024 * 1024,
  });
  if (!upload.ok) throw new Error(upload.message);
  const admin = await createAdminUser({
    db,
    email: "Ops@Example.com",
    name: "Ops Desk",
    password: "a sturdy backup passphrase",
  });
  await createSession({ db, config: loadConfig({ NODE_ENV: "test" }), userId: admin!.id });
  await recordAuditEvent({
    db,
    action: "sign_in",
    actor: { id: admin!.id, name: "Ops Desk", email: "Ops@Example.com" },
    clientAddress: "203.0.113.9",
  });
  const settings = await getSiteSettings({ db });
  await updateSiteSettings({ db, settings: { ...settings, phone: "+231 555 0199" } });
  await db.insert(quoteRequests).values({
    firstName: "Adaeze",
    lastName: "Okafor",
    email: "adaeze@example.com",
    cityDeparture: "Lagos",
    deliveryCity: "Monrovia",
    parcelType: "Pallet",
    weight: "120 kg",
    specialInfo: 'Fragile: "glass"\nline two \\ backslash',
    freightTypes: ["sea", "road"],
  });
  await db.insert(contactSubmissions).values({
    name: "Kofi",
    email: "kofi@example.com",
    subject: "Côte d'Ivoire route",
    message: "Emoji 🚢 and tab\tend",
  });
  const [mail] = await db
    .insert(outbox)
    .values({ to: "ops@example.com", subject: "Reset", text: "a reset link", messageId: "<1@example.com>" })
    .returning();
  // Shipment notifications: a switched-off recipient, a paused shipment with a pending change, an
  // unsubscribed address (all kept), and the log of a message sent (left out with the outbox it points at).
  const [shipment] = await db.select().from(shipments).limit(1);
  await db
    .insert(shipmentNotificationRecipients)
    .values({ shipmentId: shipment!.id, role: "consignee", enabled: false });
  await db.insert(shipmentNotificationState).values({
    shipmentId: shipment!.id,
    paused: true,
    pending: [
      {
        kind: "status",
        status: "In Transit",
        location: "Abidjan",
        notes: null,
        at: now.toISOString(),
        notBefore: now.toISOString(),
      },
    ],
    dueAt: now,
    batches: 2,
  });
  await db.insert(notificationUnsubscribes).values({
    shipmentId: shipment!.id,
    channel: "email",
    address: "left@example.com",
    token: "t".repeat(43),
    unsubscribedAt: now,
  });
  await db.insert(notificationSubscribers).values({
    shipmentId: shipment!.id,
    channel: "sms",
    address: "+231770123456",
    secretHash: "a".repeat(64),
    confirmedAt: now,
    clientAddress: "203.0.113.9",
  });
  // A quote's PDF with its message: left out with the outbox.
  await db.insert(outboxAttachments).values({
    outboxId: mail!.id,
    position: 0,
    filename: "Quote-Q-1-v1.pdf",
    contentType: "application/pdf",
    content: new Uint8Array(Buffer.from("%PDF-1.7")),
  });
  await db.insert(notificationLog).values({
    shipmentId: shipment!.id,
    outboxId: mail!.id,
    role: "consignee",
    channel: "email",
    address: "left@example.com",
    summary: "In Transit at Abidjan",
  });
  // A request quoted, accepted and booked: the request and the shipment point at each other.
  const { rows: booked } = await pool.query(
    `with request as (select id from quote_requests order by created_at limit 1),
          quote as (
            insert into quotes (quote_request_id, version, state, currency, total_minor, valid_until, expires_at,
                                token_hash, accepted_at, accepted_name)
            select id, 1, 'accepted', 'USD', 125050, '2026-12-01', '2026-12-02T00:00:00Z', $1, now(), 'Ada Lovelace'
              from request returning id, quote_request_id
          ),
          line as (insert into quote_lines (quote_id, position, description, amount_minor)
                   select id, 0, 'Ocean freight', 125050 from quote)
     update quote_requests set quote_state = 'accepted', booked_shipment_id = $2
       from quote where quote_requests.id = quote.quote_request_id returning quote.id`,
    ["b".repeat(64), shipment!.id],
  );
  await pool.query(
    "update shipments set quote_id = $1, quote_request_id = (select quote_request_id from quotes where id = $1) where id = $2",
    [booked[0].id, shipment!.id],
  );
  // An issued invoice of that quote, billing the shipment: drafted, then issued, which freezes it; its
  // triggers let a restore load its lines and shipment.
  const { rows: invoiced } = await pool.query(
    `insert into invoices (customer_name, currency, payment_terms_days, subtotal_minor, total_minor, quote_id)
     values ('Ada Lovelace', 'USD', 30, 125050, 125050, $1) returning id`,
    [booked[0].id],
  );
  await pool.query(
    `insert into invoice_lines (invoice_id, position, description, quantity_milli, unit_price_minor, amount_minor,
                                tax_minor)
     values ($1, 0, 'Ocean freight', 1000, 125050, 125050, 0)`,
    [invoiced[0].id],
  );
  await pool.query("insert into invoice_shipments (invoice_id, shipment_id) values ($1, $2)", [
    invoiced[0].id,
    shipment!.id,
  ]);
  await pool.query(
    `update invoices set state = 'issued', number = 'INV-2026-0001', year = 2026, sequence = 1,
                         issue_date = '2026-11-20', due_date = '2026-12-20', issued_at = now()
     where id = $1`,
    [invoiced[0].id],
  );
  await pool.query("insert into document_counters (series, year, last) values ('invoice', 2026, 1)");
  // A spreadsheet waiting to be imported (decision 020): left out, it lives a day.
  await db.insert(shipmentImports).values({
    createdBy: admin!.id,
    filename: "shipments.csv",
    file: new Uint8Array(Buffer.from("Tracking number\r\nUTG-1\r\n")),
    size: 24,
    expiresAt: new Date(now.getTime() + 86_400_000),
  });
  await db.insert(rateLimits).values({
    key: "form:203.0.113.9",
    count: 2,
    windowStart: now,
    expiresAt: new Date(now.getTime() + 60_000),
  });
  await db.insert(passwordResetTokens).values({
    tokenHash: "f".repeat(64),
    userId: admin!.id,
    expiresAt: new Date(now.getTime() + 60_000),
  });
  // A customer account (decision 029): the company, its party and member are kept; the member's session, a code
  // and a shipment's detail grant are left out (they live minutes to days).
  const { rows: company } = await pool.query(
    "insert into customer_companies (name) values ('Lovelace Analytical') returning id",
  );
  await pool.query(
    "insert into customer_company_parties (company_id, party_kind, party_id) values ($1, 'shipper', gen_random_uuid())",
    [company[0].id],
  );
  const { rows: member } = await pool.query(
    "insert into customer_members (company_id, name, email) values ($1, 'Ada Lovelace', 'ada@example.com') returning id",
    [company[0].id],
  );
  await pool.query(
    "insert into customer_sessions (id_hash, member_id, expires_at) values ($1, $2, now() + interval '1 day')",
    ["c".repeat(64), member[0].id],
  );
  await pool.query(
    `insert into one_time_codes (purpose, channel, destination, attempt_hash, code_hash, deliverable, expires_at)
     values ('customer_sign_in', 'email', 'ada@example.com', $1, $2, true, now() + interval '10 minutes')`,
    ["a".repeat(64), "b".repeat(64)],
  );
  await pool.query(
    "insert into shipment_detail_grants (token_hash, shipment_id, expires_at) values ($1, $2, now() + interval '1 day')",
    ["d".repeat(64), shipment!.id],
  );
  return { filename: upload.item.filename };
}

/**
 * Every row of every table of the database, as text, sorted (read independently of the backup code).
 * `without` leaves columns out (table.column), e.g. one a later migration added.
 */
export async function snapshot(
  database: Database,
  without: string[] = [],
): Promise<Record<string, string[]>> {
  const { rows: tables } = await database.pool.query(
    "select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'",
  );
  const result: Record<string, string[]> = {};
  for (const { table_name: table } of tables) {
    const omitted = without.filter((c) => c.startsWith(`${table}.`)).map((c) => c.slice(table.length + 1));
    const { rows } = await database.pool.query(
      `select (to_jsonb(t) - $1::text[])::text as row from "${table}" t order by 1`,
      [omitted],
    );
    result[table] = rows.map((r) => r.row);
  }
  return result;
}

/** `to` holds every row `from` holds, and no row of the tables a backup leaves out. */
export function expectSameContent(from: Record<string, string[]>, to: Record<string, string[]>) {
  expect(Object.keys(from).sort()).toEqual(APP_TABLES);
  expect(Object.keys(to).sort()).toEqual(APP_TABLES);
  for (const table of APP_TABLES) {
    if (TABLES_LEFT_OUT.includes(table)) expect(to[table], table).toEqual([]);
    else expect(to[table], table).toEqual(from[table]);
  }
}
