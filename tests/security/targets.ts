// Every form and action of the app, found in app/routes.ts (so routes added later are covered too), with
// what the suite knows of each action: its intents, a valid set of fields for each, the fields whose
// hostile value must make the post invalid (strict), and the free-text fields that may store hostile text.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routeConfig from "#app/routes.ts";
import type { Entries } from "./corpus.ts";

export type RouteInfo = {
  id: string;
  file: string;
  /** The URL pattern without leading slash ("admin/shipments/:id"). */
  pattern: string;
  admin: boolean;
  index: boolean;
  hasAction: boolean;
  hasLoader: boolean;
};

const APP_DIR = path.resolve("app");
const routeId = (entry: RouteConfigEntry) => entry.id ?? entry.file.replace(/\.[^.]+$/, "");

function walk(entries: RouteConfigEntry[], parent: string, out: RouteInfo[]) {
  for (const entry of entries) {
    const pattern = [parent, entry.path].filter((p) => p !== undefined && p !== "").join("/");
    const source = fs.readFileSync(path.join(APP_DIR, entry.file), "utf8");
    out.push({
      id: routeId(entry),
      file: entry.file,
      pattern,
      admin: pattern === "admin" || pattern.startsWith("admin/"),
      index: entry.index === true,
      hasAction: /export\s+(?:async\s+)?function\s+action\b|export\s+const\s+action\b/.test(source),
      hasLoader: /export\s+(?:async\s+)?function\s+loader\b|export\s+const\s+loader\b/.test(source),
    });
    if (entry.children) walk(entry.children, pattern, out);
  }
}

export function allRoutes(): RouteInfo[] {
  const out: RouteInfo[] = [];
  walk(routeConfig, "", out);
  return out;
}

export type Fixtures = {
  adminEmail: string;
  adminCookie: string;
  shipment: { id: string; trackingNumber: string };
  victimShipment: string;
  shipper: string;
  consignee: string;
  /** A shipper on no shipment, for the address book's delete. */
  victimShipper: string;
  history: string;
  victimHistory: string;
  post: { id: string; slug: string };
  victimPost: string;
  quote: string;
  victimQuote: string;
  message: string;
  victimMessage: string;
  media: { id: string; filename: string };
  victimMedia: string;
  staff: string;
  /** A spreadsheet uploaded to the shipment import (decision 020), waiting for its check. */
  importUpload: string;
};

export type Target = {
  name: string;
  routeId: string;
  path: string;
  /** Sent with the signed-in admin's cookie. */
  session: boolean;
  /** A valid post (fresh values each call where rows must be unique). */
  fields: () => Entries;
  /** Fields whose hostile value must make the post invalid: nothing may change. */
  strict: string[];
  /** Free-text fields: hostile text is refused or stored as it is. */
  text: string[];
  /** Where the text fields are stored (field → column), to check the stored value. */
  store?: { table: string; columns: Record<string, string> };
  /** The fields alone already make a complete request (no "missing fields" variant). */
  noFields?: boolean;
  /** Whether the suite knows this action (an action added later gets generic posts). */
  known: boolean;
};

/**
 * The suite's app runs with Twilio's callback secret and Africa's Talking's callback token set (and no
 * sender, so nothing is ever sent), so the provider callback routes check what they receive.
 */
export const TWILIO_CALLBACK_ENV = {
  TWILIO_ACCOUNT_SID: `AC${"5".repeat(32)}`,
  TWILIO_AUTH_TOKEN: "security-suite-twilio-auth-token",
  AFRICASTALKING_CALLBACK_TOKEN: "security-suite-africastalking-callback-token",
};

let serial = 0;
const unique = () => `${Date.now().toString(36)}${(serial++).toString(36)}`;

/** A URL for a route pattern: known parameters get the fixtures, others a made-up value. */
export function fillPattern(pattern: string, f: Fixtures | null, id?: string): string {
  const params: Record<string, string> = {
    "admin/shipments/:id": f?.shipment.id ?? "",
    "admin/shipments/:id/edit": f?.shipment.id ?? "",
    "admin/shipments/:id/label.pdf": f?.shipment.id ?? "",
    "admin/shipments/:id/waybill.pdf": f?.shipment.id ?? "",
    "admin/shipments/:id/delivery-note.pdf": f?.shipment.id ?? "",
    "admin/shipments/:id/deliver": f?.shipment.id ?? "",
    "admin/shipments/:id/deliver/photos": f?.shipment.id ?? "",
    "admin/parties/:id": f?.shipper ?? "",
    "admin/quote-requests/:id": f?.quote ?? "",
    "admin/quote-requests/:id/quote": f?.quote ?? "",
    "admin/contact-submissions/:id": f?.message ?? "",
    "admin/cms/blog/:id": f?.post.id ?? "",
    "track/:trackingNumber": f?.shipment.trackingNumber ?? "",
    "track/:trackingNumber/updates": f?.shipment.trackingNumber ?? "",
    "blog/:slug": f?.post.slug ?? "",
    "services/:serviceId": "air-freight",
    "media/:filename": f?.media.filename ?? "",
  };
  const value = id ?? (params[pattern] || "00000000-0000-4000-8000-000000000000");
  return `/${pattern
    .split("/")
    .map((s) => (s.startsWith(":") ? encodeURIComponent(value) : s === "*" ? "no-such-page" : s))
    .join("/")}`;
}

const SHIPMENT_TEXT = {
  status: "status",
  originLocation: "origin_location",
  destinationLocation: "destination_location",
  currentLocation: "current_location",
  dimensions: "dimensions",
  notes: "notes",
  goodsDescription: "goods_description",
};
// The cargo fields the freight documents print (issue 16) that must be one of a list or a number. They are
// optional (a blank one is valid, so they cannot be strict): a hostile value in them is refused, a blank stored
// as none: a target of their own ("stored as typed or refused"), so the free-text fields are still stored.
const SHIPMENT_CHOICES = ["transportMode", "pieces", "declaredValue", "declaredCurrency", "incoterm"];
// The phone is read into E.164 (app/schemas/shipment.ts), so it is a strict field, not stored as typed.
const PARTY_TEXT = { name: "name", company: "company", address: "address" };
const HISTORY_TEXT = { status: "status", location: "location", notes: "notes" };
const NEW_PASSWORD = "a sturdy new passphrase for 2026";

type Spec = Omit<Target, "routeId" | "path" | "session" | "known"> & { session?: boolean; path?: string };

function shipmentFields(f: Fixtures, trackingNumber: () => string): () => Entries {
  return () => [
    ["intent", "save-shipment"],
    ["trackingNumber", trackingNumber()],
    ["status", "In Transit"],
    ["originLocation", "Monrovia"],
    ["destinationLocation", "Accra"],
    ["currentLocation", "Freetown"],
    ["estimatedDelivery", "2027-03-15"],
    ["weight", "12.5"],
    ["dimensions", "40x30x20 cm"],
    ["notes", "Handle with care"],
    ["shipperId", f.shipper],
    ["consigneeId", f.consignee],
    ["transportMode", "sea"],
    ["pieces", "3"],
    ["goodsDescription", "Generator parts in crates"],
    ["declaredValue", "1250.50"],
    ["declaredCurrency", "USD"],
    ["incoterm", "FOB"],
  ];
}

function partyIntent(intent: string, table: string, strictOnly = false): Spec {
  return {
    name: intent,
    fields: () => [
      ["intent", intent],
      ["name", "Sec Party Ltd"],
      ["company", "Sec Holdings"],
      ["email", "party@example.com"],
      ["phone", "+231 77 012 3456"],
      ["address", "1 Broad Street, Monrovia"],
    ],
    strict: ["intent", "phone"],
    text: strictOnly ? [] : ["name", "company", "address"],
    store: { table, columns: PARTY_TEXT },
  };
}

function blogEditor(slug: () => string): Spec {
  return {
    name: "save post",
    fields: () => [
      ["title", "Customs clearance in Monrovia"],
      ["slug", slug()],
      ["category", "Guides"],
      ["excerpt", "What to prepare before your cargo lands."],
      ["featuredImage", ""],
      ["content", "<p>Bring the bill of lading.</p>"],
      ["intent", "publish"],
      ["publishAt", ""],
    ],
    // Not the slug: a payload like "1e309" is a valid one. The intent must be one of four words.
    strict: ["intent"],
    text: ["title", "category", "excerpt", "content"],
    store: { table: "blog_posts", columns: { title: "title", category: "category", excerpt: "excerpt" } },
  };
}

function inbox(f: { keep: string; victim: string }): Spec[] {
  return [
    {
      name: "toggle read",
      fields: () => [
        ["intent", "toggle"],
        ["id", f.keep],
        ["read", "true"],
      ],
      strict: ["id", "read", "intent"],
      text: [],
    },
    {
      name: "delete",
      fields: () => [
        ["intent", "delete"],
        ["id", f.victim],
      ],
      strict: ["id", "intent"],
      text: [],
    },
    // Bulk actions (issue 17): chosen ids, or every row a filter matches. The suite marks the kept row read
    // by both, and deletes only the victim by id (a hostile filter must never widen a delete).
    {
      name: "bulk mark read (chosen)",
      fields: () => [
        ["intent", "bulk-read"],
        ["scope", "selected"],
        ["ids", f.keep],
      ],
      strict: ["intent", "scope", "ids"],
      text: [],
    },
    {
      name: "bulk mark unread (all matching a search)",
      fields: () => [
        ["intent", "bulk-unread"],
        ["scope", "matching"],
        ["read", "read"],
        ["q", "no request is called this"],
        ["stage", ""],
      ],
      strict: ["intent", "scope", "read", "stage"],
      text: ["q"],
    },
    {
      name: "bulk delete (chosen)",
      fields: () => [
        ["intent", "bulk-delete"],
        ["scope", "selected"],
        ["ids", f.victim],
      ],
      strict: ["intent", "scope", "ids"],
      text: [],
    },
  ];
}

/** The intents of every action, by route id (read from the route modules and the server modules they call). */
function knownActions(f: Fixtures): Record<string, Spec[]> {
  return {
    // Hostile tokens (and the one-click body) on the public unsubscribe link: a clear 404 page, nothing changed.
    "routes/site/unsubscribe.$token": [
      {
        name: "one-click unsubscribe",
        fields: () => [["List-Unsubscribe", "One-Click"]],
        strict: [],
        text: [],
        noFields: true,
      },
    ],
    // 'Get updates' (decision 014): an e-mail address, a phone (refused: the suite's app has no SMS sender, so
    // the phone form answers that text messages are off; the phone's own checks are in
    // subscriptions.server.test.ts) and the code form. Nothing is free text: every field is strict.
    "routes/site/track.$tracking-number.updates": [
      {
        name: "get updates by e-mail",
        fields: () => [
          ["intent", "email"],
          ["email", "subscriber@example.com"],
        ],
        strict: ["email", "intent"],
        text: [],
      },
      {
        name: "get updates by text message",
        fields: () => [
          ["intent", "phone"],
          ["phone", "0770 123 456"],
        ],
        strict: ["phone", "intent"],
        text: [],
      },
      {
        name: "code",
        fields: () => [
          ["intent", "code"],
          ["phone", "+231770123456"],
          ["code", "123456"],
        ],
        strict: ["code", "phone", "intent"],
        text: [],
      },
    ],
    // The customer's quote link (decision 016): hostile tokens and answers give a clear 404, nothing changed.
    "routes/site/quote.$token": [
      {
        name: "decline quote",
        fields: () => [
          ["intent", "decline"],
          ["comment", "Too dear"],
        ],
        strict: [],
        text: [],
      },
      {
        name: "accept quote",
        fields: () => [
          ["intent", "accept"],
          ["name", "Ama Mensah"],
        ],
        strict: [],
        text: [],
      },
    ],
    // Staff's quote page (decision 016): the draft's checked fields, sending and booking.
    "routes/admin/quote-requests.$id.quote": [
      {
        name: "save quote draft",
        fields: () => [
          ["intent", "save-draft"],
          ["currency", "USD"],
          ["validUntil", "2099-12-31"],
          ["transitTime", "12 days"],
          ["incoterm", "FOB"],
          ["terms", "Payment before release"],
          ["note", "Thank you"],
          ["lineDescription", "Freight"],
          ["lineAmount", "1250.50"],
        ],
        strict: ["intent", "currency", "validUntil", "lineAmount"],
        text: [],
      },
      { name: "send quote", fields: () => [["intent", "send-quote"]], strict: ["intent"], text: [] },
      { name: "book shipment", fields: () => [["intent", "book-shipment"]], strict: ["intent"], text: [] },
    ],
    // Hostile tokens on the confirmation link: a clear 404 page, nothing confirmed.
    "routes/site/subscribe.$token": [
      {
        name: "confirm subscription",
        fields: () => [["confirm", "1"]],
        strict: [],
        text: [],
        noFields: true,
      },
    ],
    "routes/site/contact": [
      {
        name: "quote form",
        fields: () => [
          ["intent", "quote"],
          ["submissionKey", crypto.randomUUID()],
          ["firstName", "Musu"],
          ["lastName", "Flomo"],
          ["email", "musu@example.com"],
          ["phone", "0770 123 456"],
          ["cityDeparture", "Monrovia"],
          ["deliveryCity", "Accra"],
          ["parcelType", "Parcels"],
          ["weight", "12 kg"],
          ["readyDate", "2026-12-10"],
          ["specialInfo", "Fragile"],
          ["freightTypes", "air"],
          ["freightTypes", "sea"],
          ["website", ""],
        ],
        strict: ["email", "phone", "readyDate", "parcelType", "freightTypes", "intent"],
        text: ["firstName", "lastName", "cityDeparture", "deliveryCity", "weight", "specialInfo"],
        store: {
          table: "quote_requests",
          columns: {
            firstName: "first_name",
            lastName: "last_name",
            cityDeparture: "city_departure",
            deliveryCity: "delivery_city",
            weight: "weight",
            specialInfo: "special_info",
          },
        },
      },
      {
        name: "contact form",
        fields: () => [
          ["intent", "contact"],
          ["submissionKey", crypto.randomUUID()],
          ["name", "Musu Flomo"],
          ["email", "musu@example.com"],
          ["subject", "Shipping to Accra"],
          ["message", "How long does sea freight take?"],
        ],
        strict: ["email", "intent"],
        text: ["name", "subject", "message"],
        store: {
          table: "contact_submissions",
          columns: { name: "name", subject: "subject", message: "message" },
        },
      },
    ],
    "routes/site/services": [
      {
        name: "service inquiry form",
        fields: () => [
          ["intent", "service-inquiry"],
          ["submissionKey", crypto.randomUUID()],
          ["name", "Musu Flomo"],
          ["email", "musu@example.com"],
          ["phone", "+231 770 123 456"],
          ["shipmentType", "air"],
          ["cityDeparture", "Monrovia"],
          ["deliveryCity", "Lagos"],
          ["message", "Please quote air freight to Lagos."],
        ],
        strict: ["email", "phone", "shipmentType", "intent"],
        text: ["name", "cityDeparture", "deliveryCity", "message"],
        // A quote request: the name is split into first and last name, so only the others are compared as typed.
        store: {
          table: "quote_requests",
          columns: {
            cityDeparture: "city_departure",
            deliveryCity: "delivery_city",
            message: "special_info",
          },
        },
      },
    ],
    "routes/admin/auth/login": [
      {
        name: "login",
        // A wrong password: a valid post would count as a failed login, so only strict variants are sent.
        fields: () => [
          ["email", "nobody@example.com"],
          ["password", "not the password"],
          ["redirectTo", "/admin/dashboard"],
        ],
        strict: ["email"],
        text: [],
      },
    ],
    "routes/admin/auth/forgot-password": [
      {
        name: "forgot password",
        fields: () => [["email", "nobody@example.com"]],
        strict: ["email"],
        text: [],
      },
    ],
    "routes/admin/auth/reset-password": [
      {
        name: "reset password",
        fields: () => [
          ["token", "A".repeat(43)],
          ["newPassword", NEW_PASSWORD],
          ["confirmPassword", NEW_PASSWORD],
        ],
        strict: ["confirmPassword", "token"],
        text: [],
      },
    ],
    // Logging out ends the session it is sent with: the corpus goes without one.
    "routes/admin/auth/logout": [
      { name: "logout", session: false, fields: () => [["x", "1"]], strict: ["x"], text: [] },
    ],
    "routes/admin/auth/change-password": [
      {
        name: "change password",
        // The current password is wrong; only strict variants (refused before it is checked) are sent.
        fields: () => [
          ["currentPassword", "not the password"],
          ["newPassword", NEW_PASSWORD],
          ["confirmPassword", NEW_PASSWORD],
        ],
        strict: ["confirmPassword"],
        text: [],
      },
    ],
    "routes/admin/settings": [
      {
        name: "site details",
        fields: () => [
          ["intent", "site"],
          ["companyName", "Unitrans Global Logistics"],
          ["phone", "+231 77 700 1995"],
          ["email", "info@example.com"],
          ["address", "Broad and Randell Street, Monrovia"],
          ["businessHours[0].days", "Monday - Friday"],
          ["businessHours[0].hours", "9:00 AM - 6:00 PM"],
          ["social.facebook", ""],
          ["social.twitter", ""],
          ["social.linkedin", ""],
          ["social.instagram", ""],
          ["timeZone", "Africa/Monrovia"],
        ],
        // A hostile time zone (not one of Intl's IANA names) is refused: status times would be typed in it.
        strict: ["email", "phone", "intent", "timeZone"],
        text: ["companyName", "address", "businessHours[0].days", "businessHours[0].hours"],
      },
      {
        name: "add account",
        fields: () => [
          ["intent", "add-user"],
          ["email", `sec-${unique()}@example.com`],
          ["name", "Sec Staff"],
          ["password", "a sturdy staff passphrase 2026"],
          ["role", "operations"],
        ],
        // A role that is not one of the three is refused: no account is made without one chosen.
        strict: ["email", "intent", "role"],
        text: ["name"],
        store: { table: "admin_users", columns: { name: "name" } },
      },
      {
        name: "remove account",
        fields: () => [
          ["intent", "remove-user"],
          ["userId", f.staff],
        ],
        strict: ["userId", "intent"],
        text: [],
      },
      {
        name: "waybill terms",
        fields: () => [
          ["intent", "documents"],
          ["waybillTerms", "Goods are carried on the company's standard terms."],
        ],
        strict: ["intent"],
        text: ["waybillTerms"],
      },
      {
        name: "notifications switch",
        fields: () => [
          ["intent", "notifications-switch"],
          ["enabled", "true"],
        ],
        strict: ["enabled", "intent"],
        text: [],
      },
      {
        // Sender name, reply-to and the three templates: plain text, escaped wherever it is shown or sent.
        // A hostile value in a template is stored as typed or refused (an SMS without {trackingUrl}, a
        // subject with a line break, an unknown placeholder).
        name: "notification messages",
        fields: () => [
          ["intent", "notifications-messages"],
          ["senderName", "Unitrans Notifications"],
          ["replyTo", "desk@example.com"],
          ["emailSubject", "{trackingNumber}: {headline}"],
          ["emailBody", "Status: {status}\nPlace: {place}"],
          ["sms", "{trackingNumber}: {headline}. Track: {trackingUrl}"],
        ],
        strict: ["intent"],
        text: ["senderName", "emailSubject", "emailBody"],
      },
      {
        // Apart, so that the fields above can store what they are sent: the reply-to may be empty (whitespace
        // is), any other hostile value is refused; an SMS text without {trackingUrl} is refused.
        name: "notification messages (reply-to, SMS)",
        fields: () => [
          ["intent", "notifications-messages"],
          ["senderName", ""],
          ["replyTo", "desk@example.com"],
          ["emailSubject", "{trackingNumber}: {headline}"],
          ["emailBody", "Status: {status}"],
          ["sms", "{trackingNumber}: {headline}. Track: {trackingUrl}"],
        ],
        strict: ["intent"],
        text: ["replyTo", "sms"],
      },
      {
        name: "notifications test message",
        fields: () => [["intent", "notifications-test"]],
        strict: ["intent"],
        text: [],
        noFields: true,
      },
      // The activity log's retention (issue 18, decision 021): a number of days, nothing else.
      {
        name: "activity log retention",
        fields: () => [
          ["intent", "activity-log"],
          ["retentionDays", "730"],
        ],
        strict: ["intent", "retentionDays"],
        text: [],
      },
      {
        name: "change password",
        fields: () => [
          ["intent", "change-password"],
          ["currentPassword", "not the password"],
          ["newPassword", NEW_PASSWORD],
          ["confirmPassword", NEW_PASSWORD],
        ],
        strict: ["confirmPassword"],
        text: [],
      },
    ],
    // Decision 019: the Staff page (Administrators only).
    "routes/admin/staff": [
      {
        name: "add a person",
        fields: () => [
          ["intent", "invite-staff"],
          ["name", "Sec Person"],
          ["email", `sec-${unique()}@example.com`],
          ["role", "editor"],
        ],
        strict: ["email", "role", "intent"],
        text: ["name"],
        store: { table: "admin_users", columns: { name: "name" } },
      },
      {
        name: "change role",
        fields: () => [
          ["intent", "change-role"],
          ["userId", f.staff],
          ["role", "operations"],
        ],
        strict: ["userId", "role", "intent"],
        text: [],
      },
      {
        name: "disable account",
        fields: () => [
          ["intent", "disable-staff"],
          ["userId", f.staff],
        ],
        strict: ["userId", "intent"],
        text: [],
      },
      {
        name: "enable account",
        fields: () => [
          ["intent", "enable-staff"],
          ["userId", f.staff],
        ],
        strict: ["userId", "intent"],
        text: [],
      },
      {
        name: "remove account (staff page)",
        fields: () => [
          ["intent", "remove-staff"],
          ["userId", f.staff],
        ],
        strict: ["userId", "intent"],
        text: [],
      },
    ],
    "routes/admin/shipments": [
      {
        name: "delete shipment",
        fields: () => [
          ["intent", "delete-shipment"],
          ["id", f.victimShipment],
        ],
        strict: ["id", "intent"],
        text: [],
      },
    ],
    // The list's 'Print labels' form: a PDF of the selected shipments' labels, or back to the list with the reason.
    "routes/resources/admin.shipments.labels.pdf": [
      {
        name: "print labels",
        fields: () => [
          ["id", f.shipment.id],
          ["id", f.victimShipment],
          ["size", "4x6"],
          ["returnTo", "/admin/shipments?q=UTG"],
        ],
        strict: ["id", "size"],
        text: [],
      },
    ],
    // The exceptions board's setting (issue 18): a number of days, nothing else.
    "routes/admin/exceptions": [
      {
        name: "save exception settings",
        fields: () => [
          ["intent", "save-exception-settings"],
          ["stallDays", "5"],
        ],
        strict: ["intent", "stallDays"],
        text: [],
      },
    ],
    // Bulk status updates (issue 18): the ticked shipments, or scanned numbers; every post is a new form (key).
    "routes/admin/shipments.bulk-update": [
      {
        name: "bulk status update (chosen)",
        fields: () => [
          ["key", crypto.randomUUID()],
          ["id", f.shipment.id],
          ["status", "In Transit"],
          ["location", "Monrovia"],
          ["timestamp", "2026-11-01T10:00"],
          ["notes", "Checked at the gate"],
        ],
        strict: ["key", "id", "timestamp"],
        text: ["status", "location", "notes"],
      },
      {
        name: "bulk status update (scanned)",
        fields: () => [
          ["key", crypto.randomUUID()],
          ["trackingNumbers", f.shipment.trackingNumber],
          ["status", "In Transit"],
          ["location", "Monrovia"],
          ["timestamp", "2026-11-01T10:00"],
        ],
        strict: ["key", "timestamp"],
        text: ["trackingNumbers", "status", "location"],
      },
    ],
    // The shipment import's check (decision 020): the stored upload, a column per field, the date format. (Its
    // upload step and hostile files have a group of their own; its import step would create shipments.)
    "routes/admin/shipments.import": [
      {
        name: "check rows",
        fields: () => [
          ["intent", "check"],
          ["uploadId", f.importUpload],
          ["map.trackingNumber", "0"],
          ["map.status", "1"],
          ["map.originLocation", "2"],
          ["map.destinationLocation", "3"],
          ["map.estimatedDelivery", "4"],
          ["map.dimensions", "5"],
          ["dateFormat", "dmy"],
        ],
        strict: ["intent", "uploadId", "dateFormat"],
        text: [],
      },
    ],
    "routes/admin/shipments.new": [
      {
        name: "save shipment",
        fields: shipmentFields(f, () => `SECN-${unique().toUpperCase()}`),
        strict: ["estimatedDelivery", "intent"],
        text: Object.keys(SHIPMENT_TEXT),
        store: { table: "shipments", columns: SHIPMENT_TEXT },
      },
      {
        name: "save shipment (cargo choices)",
        fields: shipmentFields(f, () => `SECC-${unique().toUpperCase()}`),
        strict: ["estimatedDelivery", "intent"],
        text: SHIPMENT_CHOICES,
      },
      partyIntent("create-shipper", "shippers"),
      partyIntent("create-consignee", "consignees"),
    ],
    "routes/admin/shipments.$id.edit": [
      {
        name: "save shipment",
        fields: shipmentFields(f, () => f.shipment.trackingNumber),
        strict: ["estimatedDelivery", "intent"],
        text: Object.keys(SHIPMENT_TEXT),
        store: { table: "shipments", columns: SHIPMENT_TEXT },
      },
      // The same action as on /new: sent the strict variants only.
      partyIntent("create-shipper", "shippers", true),
      partyIntent("create-consignee", "consignees", true),
    ],
    "routes/admin/shipments.$id": [
      partyIntent("update-shipper", "shippers"),
      partyIntent("update-consignee", "consignees"),
      {
        name: "delete-shipper",
        fields: () => [["intent", "delete-shipper"]],
        strict: ["intent"],
        text: [],
        noFields: true,
      },
      {
        name: "delete-consignee",
        fields: () => [["intent", "delete-consignee"]],
        strict: ["intent"],
        text: [],
        noFields: true,
      },
      {
        name: "unlink-shipper",
        fields: () => [
          ["intent", "unlink-shipper"],
          ["partyId", f.shipper],
        ],
        strict: ["partyId", "intent"],
        text: [],
      },
      {
        name: "unlink-consignee",
        fields: () => [
          ["intent", "unlink-consignee"],
          ["partyId", f.consignee],
        ],
        strict: ["partyId", "intent"],
        text: [],
      },
      {
        name: "add-status",
        fields: () => [
          ["intent", "add-status"],
          ["status", "Arrived"],
          ["location", "Port of Monrovia"],
          ["notes", "Unloaded"],
          ["timestamp", "2025-06-01T09:30"],
          ["alsoSetCurrent", ""],
        ],
        // The event time: anything but a real date and time, from 2000 to a day ahead, is refused.
        strict: ["intent", "timestamp"],
        text: ["status", "location", "notes"],
        store: { table: "shipment_status_history", columns: HISTORY_TEXT },
      },
      {
        name: "update-status",
        fields: () => [
          ["intent", "update-status"],
          ["id", f.history],
          ["status", "Arrived"],
          ["location", "Port of Monrovia"],
          ["notes", "Unloaded"],
          ["timestamp", "2025-06-01T09:30"],
        ],
        strict: ["id", "intent", "timestamp"],
        text: ["status", "location", "notes"],
        store: { table: "shipment_status_history", columns: HISTORY_TEXT },
      },
      {
        name: "delete-status",
        fields: () => [
          ["intent", "delete-status"],
          ["id", f.victimHistory],
        ],
        strict: ["id", "intent"],
        text: [],
      },
      // The Notifications card.
      {
        name: "set-notification-recipient",
        fields: () => [
          ["intent", "set-notification-recipient"],
          ["role", "consignee"],
          ["enabled", "on"],
        ],
        strict: ["role", "enabled", "intent"],
        text: [],
      },
      {
        name: "pause-notifications",
        fields: () => [["intent", "pause-notifications"]],
        strict: ["intent"],
        text: [],
        noFields: true,
      },
      {
        name: "resume-notifications",
        fields: () => [["intent", "resume-notifications"]],
        strict: ["intent"],
        text: [],
        noFields: true,
      },
      {
        // The fixtures hold no message sent: a well-formed id of none answers 'This message does not exist.'.
        name: "resend-notification",
        fields: () => [
          ["intent", "resend-notification"],
          ["id", "00000000-0000-4000-8000-000000000000"],
        ],
        strict: ["id", "intent"],
        text: [],
      },
      {
        // No subscriber in the fixtures: a well-formed id of none answers 'This subscriber does not exist.'.
        name: "remove-subscriber",
        fields: () => [
          ["intent", "remove-subscriber"],
          ["id", "00000000-0000-4000-8000-000000000000"],
        ],
        strict: ["id", "intent"],
        text: [],
      },
    ],
    "routes/admin/parties": [
      {
        name: "delete party",
        fields: () => [
          ["intent", "delete-party"],
          ["id", f.victimShipper],
        ],
        strict: ["id", "intent"],
        text: [],
      },
    ],
    "routes/admin/parties.new": [
      {
        name: "create party",
        fields: () => [
          ["intent", "save-party"],
          ["role", "shipper"],
          ["name", "Sec Party Ltd"],
          ["company", "Sec Holdings"],
          ["email", "party@example.com"],
          ["phone", "+231 77 012 3456"],
          ["address", "1 Broad Street, Monrovia"],
        ],
        strict: ["role", "intent", "phone"],
        text: ["name", "company", "address"],
        store: { table: "shippers", columns: PARTY_TEXT },
      },
    ],
    "routes/admin/parties.$id": [
      partyIntent("save-party", "shippers"),
      {
        name: "delete party",
        path: `/admin/parties/${f.victimShipper}`,
        fields: () => [["intent", "delete-party"]],
        strict: ["intent"],
        text: [],
        noFields: true,
      },
    ],
    // Unsigned: every post is refused (403) and changes nothing; run.ts signs hostile ones too.
    "routes/resources/webhooks.twilio.$kind": [
      {
        name: "status callback (unsigned)",
        path: "/webhooks/twilio/status?outbox=00000000-0000-4000-8000-000000000000",
        fields: () => [
          ["MessageSid", `SM${"0".repeat(32)}`],
          ["MessageStatus", "delivered"],
        ],
        strict: ["MessageSid", "MessageStatus"],
        text: [],
      },
      {
        name: "incoming STOP (unsigned)",
        path: "/webhooks/twilio/inbound",
        fields: () => [
          ["From", "+231770123456"],
          ["Body", "STOP"],
        ],
        strict: ["From", "Body"],
        text: [],
      },
    ],
    // With the right token: a hostile sender or message id matches nothing and records nothing.
    "routes/resources/webhooks.africastalking.$token.$kind": [
      {
        name: "delivery report",
        path: `/webhooks/africastalking/${TWILIO_CALLBACK_ENV.AFRICASTALKING_CALLBACK_TOKEN}/delivery`,
        fields: () => [
          ["id", "ATXid_no-such-message"],
          ["status", "Success"],
        ],
        strict: ["id"],
        text: [],
      },
      {
        name: "incoming STOP",
        path: `/webhooks/africastalking/${TWILIO_CALLBACK_ENV.AFRICASTALKING_CALLBACK_TOKEN}/inbound`,
        fields: () => [
          ["from", "+231770123456"],
          ["text", "STOP"],
        ],
        strict: ["from"],
        text: [],
      },
    ],
    "routes/admin/quote-requests": inbox({ keep: f.quote, victim: f.victimQuote }),
    "routes/admin/contact-submissions": inbox({ keep: f.message, victim: f.victimMessage }),
    "routes/admin/blog": [
      {
        name: "delete post",
        fields: () => [
          ["intent", "delete"],
          ["id", f.victimPost],
        ],
        strict: ["id", "intent"],
        text: [],
      },
    ],
    "routes/admin/cms.blog.new": [blogEditor(() => `sec-post-${unique()}`)],
    "routes/admin/cms.blog.$id": [blogEditor(() => f.post.slug)],
    // Proof of delivery (decision 015): a fresh draft per post, so each valid post records one delivery.
    "routes/admin/shipments.$id.deliver": [
      {
        name: "record delivery",
        fields: () => [
          ["intent", "save-delivery"],
          ["draftId", crypto.randomUUID()],
          ["receiverName", "Jane Receiver"],
          ["deliveredAt", "2026-01-01T10:00"],
          ["remarks", "One carton dented"],
          ["internalNote", "Left at the gate"],
        ],
        strict: ["intent", "draftId", "deliveredAt"],
        text: ["receiverName", "remarks", "internalNote"],
        store: {
          table: "shipment_deliveries",
          columns: {
            receiverName: "receiver_name",
            remarks: "receiver_remarks",
            internalNote: "internal_note",
          },
        },
      },
      {
        name: "remove photo",
        fields: () => [
          ["intent", "remove-photo"],
          ["draftId", crypto.randomUUID()],
          ["photoId", "00000000-0000-4000-8000-000000000000"],
        ],
        strict: ["intent", "draftId", "photoId"],
        text: [],
      },
    ],
    "routes/resources/admin.shipments.$id.deliver.photos": [
      {
        name: "remove photo",
        fields: () => [
          ["intent", "remove-photo"],
          ["draftId", crypto.randomUUID()],
          ["photoId", "00000000-0000-4000-8000-000000000000"],
        ],
        strict: ["intent", "draftId", "photoId"],
        text: [],
      },
    ],
    "routes/admin/media": [
      {
        name: "alt text",
        fields: () => [
          ["intent", "alt"],
          ["id", f.media.id],
          ["alt", "A container ship at the port"],
        ],
        strict: ["id", "intent"],
        text: ["alt"],
        store: { table: "cms_media", columns: { alt: "alt" } },
      },
      {
        name: "delete",
        fields: () => [
          ["intent", "delete"],
          ["id", f.victimMedia],
        ],
        strict: ["id", "intent"],
        text: [],
      },
    ],
  };
}
// "routes/admin/cms-blog" is the blog list again under /admin/cms/blog: the same delete action.
const ALIASES: Record<string, string> = { "routes/admin/cms-blog": "routes/admin/blog" };

/** Every action of the app as targets; actions the suite does not know get generic posts. */
export function actionTargets(f: Fixtures): { targets: Target[]; unknown: string[] } {
  const known = knownActions(f);
  const targets: Target[] = [];
  const unknown: string[] = [];
  for (const route of allRoutes()) {
    if (!route.hasAction) continue;
    const specs = known[ALIASES[route.id] ?? route.id];
    // A form posting to an index route names it with ?index.
    const urlPath = `${fillPattern(route.pattern, f)}${route.index ? "?index" : ""}`;
    if (!specs) {
      unknown.push(`${route.id} (${urlPath})`);
      targets.push({
        name: `${urlPath} (unknown action)`,
        routeId: route.id,
        path: urlPath,
        session: route.admin,
        fields: () => [
          ["intent", "unknown"],
          ["id", "00000000-0000-4000-8000-000000000000"],
          ["name", "x"],
        ],
        strict: ["intent", "id"],
        text: [],
        known: false,
      });
      continue;
    }
    for (const spec of specs) {
      targets.push({
        ...spec,
        name: `${urlPath} ${spec.name}`,
        routeId: route.id,
        path: spec.path ?? urlPath,
        session: spec.session ?? route.admin,
        known: true,
      });
    }
  }
  return { targets, unknown };
}
