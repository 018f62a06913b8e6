// `npm run test:security`: hostile input and authentication attacks against the real app (needs a build).
// The app runs on its embedded PostgreSQL server in a throwaway DATA_DIR; the suite joins that server and
// reads the tables to prove that refused input changed nothing. Each check group prints ✓ or ✗; the last
// line is "security: N passed, N failed".
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { parse as parseCsv } from "csv-parse/sync";
import { strToU8, zipSync } from "fflate";
import sharp from "sharp";
import { readXlsx } from "#app/server/spreadsheets/xlsx-read.server.ts";
import { twilioSignature } from "#app/server/messaging/twilio.server.ts";
import { type AppProcess, startApp } from "../../scripts/lib/app-process.ts";
import { buildSite, isBuildCurrent } from "../../scripts/lib/build-state.ts";
import { tamperedToken } from "../setup/tokens.ts";
import { Client, escapeHtml, pool, reportTo, type Sent, uuids } from "./client.ts";
import {
  asText,
  type Body,
  corpus,
  type Entries,
  type FieldValue,
  MULTIPART,
  multipart,
  rawUrlPayloads,
  type ShapePayload,
  shapePayloads,
  URLENCODED,
  urlencode,
  urlPayloads,
  valuePayloads,
} from "./corpus.ts";
import { changedParts, embeddedStore, type Fingerprint, type Store } from "./store.ts";
import {
  actionTargets,
  allRoutes,
  type Fixtures,
  fillPattern,
  type Target,
  TWILIO_CALLBACK_ENV,
} from "./targets.ts";

const started = Date.now();
const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
if (!isBuildCurrent(buildDir) && !buildSite(buildDir)) process.exit(1);

const ADMIN_EMAIL = "security-admin@example.com";
const ADMIN_PASSWORD = "security suite passphrase 2026";
const MEDIA_MAX_MB = 1;
const env: Record<string, string> = {
  SEED_DEMO: "false",
  LOG_LEVEL: "warn",
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  // The corpus sends thousands of posts from one address; throttling is tested on its own, last.
  FORM_RATE_LIMIT: "100000",
  TRACK_RATE_LIMIT: "1000000",
  MEDIA_MAX_MB: String(MEDIA_MAX_MB),
  // Provider callbacks checked (no sender configured: nothing is ever sent to a provider).
  ...TWILIO_CALLBACK_ENV,
};

// ---------------------------------------------------------------------------------------------------------
// Check groups

type Result = { name: string; ok: boolean };
const results: Result[] = [];
let problems: string[] = [];
reportTo((problem) => problems.push(problem));

async function group(name: string, body: () => Promise<string>): Promise<boolean> {
  const at = Date.now();
  problems = [];
  let detail = "";
  try {
    detail = await body();
  } catch (error) {
    problems.push(error instanceof Error ? (error.stack ?? error.message) : String(error));
  }
  const seconds = ((Date.now() - at) / 1000).toFixed(1);
  const ok = problems.length === 0;
  results.push({ name, ok });
  if (ok) console.log(`✓ ${name} (${seconds} s) ${detail}`);
  else {
    console.log(`✗ ${name} (${seconds} s): ${problems.length} problem${problems.length === 1 ? "" : "s"}`);
    for (const problem of [...new Set(problems)].slice(0, 15))
      console.log(`    - ${problem.replace(/\n/g, "\n      ")}`);
    if (problems.length > 15) console.log(`    … and ${problems.length - 15} more`);
  }
  return ok;
}

const fail = (problem: string) => problems.push(problem);
function expect(condition: unknown, problem: string): boolean {
  if (!condition) fail(problem);
  return Boolean(condition);
}

// ---------------------------------------------------------------------------------------------------------
// The app and its database

// The suite starts the embedded server of the app's DATA_DIR first, without fsync (the speed of a test
// database; nothing here is about durability), and reads its tables directly; the app joins that server.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "freight-security-"));
const store: Store = await embeddedStore(dataDir, { durable: false });
let app: AppProcess;
try {
  app = await startApp({ buildDir, env, dataDir });
} catch (error) {
  await store.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  throw error;
}
const client = new Client(app.url);
const origin = () => client.base;

const cookieOf = (token: string) => `admin_session=${token}`;
const sessionToken = (sent: Sent) =>
  sent.headers
    .getSetCookie()
    .map((c) => c.match(/^admin_session=([A-Za-z0-9_-]{43});/)?.[1])
    .find(Boolean) ?? null;

function encode(entries: Entries, encoding: "urlencoded" | "multipart" = "urlencoded"): Body {
  return encoding === "multipart"
    ? { body: multipart(entries), contentType: MULTIPART }
    : { body: urlencode(entries), contentType: URLENCODED };
}

function post(
  target: string,
  entries: Entries,
  options: { cookie?: string | null; encoding?: "multipart" } = {},
) {
  return client.send(target, {
    method: "POST",
    body: encode(entries, options.encoding),
    cookie: options.cookie,
  });
}

async function login(email: string, password: string, redirectTo?: string) {
  const entries: Entries = [
    ["email", email],
    ["password", password],
  ];
  if (redirectTo !== undefined) entries.push(["redirectTo", redirectTo]);
  const sent = await post("/admin-login", entries);
  return { sent, token: sessionToken(sent) };
}

let adminToken = "";
const adminCookie = () => cookieOf(adminToken);

let fixtures: Fixtures | undefined;
/** Runs `work` and reports what it changed in the database. */
async function unchanged(what: string, work: () => Promise<void>) {
  const before = await store.fingerprint();
  await work();
  const changed = changedParts(before, await store.fingerprint());
  expect(changed.length === 0, `${what} changed the database: ${changed.join(", ")}`);
}

// ---------------------------------------------------------------------------------------------------------
// Fixtures, made through the app as staff would

const ID = "([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})";
async function linkedIds(page: string, prefix: string): Promise<Set<string>> {
  const sent = await client.send(page, { cookie: adminCookie() });
  return new Set([...sent.body.matchAll(new RegExp(`${prefix}/${ID}`, "g"))].map((m) => m[1]!));
}
async function newId(page: string, prefix: string, create: () => Promise<Sent>): Promise<string> {
  const before = await linkedIds(page, prefix);
  const sent = await create();
  const added = [...(await linkedIds(page, prefix))].filter((id) => !before.has(id));
  if (added.length !== 1)
    throw new Error(`expected one new link on ${page}, got ${added.length} (status ${sent.status})`);
  return added[0]!;
}
async function newUuid(page: string, create: () => Promise<Sent>): Promise<string> {
  const before = new Set(uuids((await client.send(page, { cookie: adminCookie() })).body));
  await create();
  const added = uuids((await client.send(page, { cookie: adminCookie() })).body).filter(
    (id) => !before.has(id),
  );
  if (added.length !== 1) throw new Error(`expected one new id on ${page}, got ${added.length}`);
  return added[0]!;
}

const MARK = "Sec Fixture";
const quoteEntries = (name: string, extra: Record<string, string> = {}): Entries =>
  Object.entries({
    intent: "quote",
    submissionKey: crypto.randomUUID(),
    firstName: name,
    lastName: "Flomo",
    email: "fixture@example.com",
    cityDeparture: "Monrovia",
    deliveryCity: "Accra",
    parcelType: "Parcels",
    weight: "12 kg",
    specialInfo: "",
    freightTypes: "air",
    ...extra,
  });
const contactEntries = (name: string, extra: Record<string, string> = {}): Entries =>
  Object.entries({
    intent: "contact",
    submissionKey: crypto.randomUUID(),
    name,
    email: "fixture@example.com",
    subject: "A fixture message",
    message: "A message kept by the security suite.",
    ...extra,
  });

let pngSerial = 0;
/** A small real PNG, different each time. */
async function smallPng(): Promise<Uint8Array> {
  const shade = 40 + (pngSerial++ % 200);
  return new Uint8Array(
    await sharp({ create: { width: 48, height: 32, channels: 3, background: { r: shade, g: 80, b: 160 } } })
      .png()
      .toBuffer(),
  );
}

async function uploadJson(file: FieldValue, cookie = adminCookie()) {
  const sent = await client.send("/admin/media", {
    method: "POST",
    body: { body: multipart([["files", file]]), contentType: MULTIPART },
    cookie,
    headers: { "X-Requested-With": "XMLHttpRequest" },
  });
  let json: {
    results?: { ok: boolean; message?: string; item?: { id: string; filename: string } }[];
    message?: string;
  } = {};
  try {
    json = JSON.parse(sent.body);
  } catch {}
  return { sent, json };
}

async function createFixtures(): Promise<Fixtures> {
  const cookie = adminCookie();
  // Shipment notifications off before any shipment exists, through Settings as staff would: the scheduler sends
  // a follow-up two minutes after a change, on its own clock, which changed the notification tables and the
  // outbox in the middle of a later group's "nothing changed" check whenever a run under load took longer
  // than that. The notification intents are still posted; they are checked, not sent.
  const off = await post(
    "/admin/settings",
    [
      ["intent", "notifications-switch"],
      ["enabled", "false"],
    ],
    { cookie },
  );
  if (off.status !== 302) throw new Error(`turning notifications off failed (status ${off.status})`);
  const quote = () =>
    newId("/admin/quote-requests", "/admin/quote-requests", () =>
      post("/contact", quoteEntries(`${MARK} Quote`)),
    );
  const message = () =>
    newId("/admin/contact-submissions", "/admin/contact-submissions", () =>
      post("/contact", contactEntries(`${MARK} Message`)),
    );
  const party = async (intent: string, name: string) => {
    const sent = await post(
      "/admin/shipments/new",
      [
        ["intent", intent],
        ["name", name],
      ],
      { cookie },
    );
    const id = sent.body.match(new RegExp(`<option value="${ID}">${name}<`))?.[1];
    if (!id) throw new Error(`${intent} gave no ${name} (status ${sent.status})`);
    return id;
  };
  const shipper = await party("create-shipper", `${MARK} Shipper`);
  const consignee = await party("create-consignee", `${MARK} Consignee`);
  const victimShipper = await party("create-shipper", `${MARK} Victim Shipper`);
  const shipment = async (trackingNumber: string) => {
    const sent = await post(
      "/admin/shipments/new",
      [
        ["intent", "save-shipment"],
        ["trackingNumber", trackingNumber],
        ["status", "In Transit"],
        ["originLocation", "Monrovia"],
        ["destinationLocation", "Accra"],
        ["currentLocation", "Freetown"],
        ["estimatedDelivery", "2027-01-31"],
        ["weight", "10"],
        ["dimensions", "1x1x1 m"],
        ["notes", `${MARK} notes`],
        ["shipperId", shipper],
        ["consigneeId", consignee],
      ],
      { cookie },
    );
    const id = sent.location?.match(new RegExp(`/admin/shipments/${ID}`))?.[1];
    if (!id) throw new Error(`creating shipment ${trackingNumber} failed (status ${sent.status})`);
    return id;
  };
  const shipmentId = await shipment("SEC-FIXTURE-1");
  const victimShipment = await shipment("SEC-FIXTURE-2");
  const detail = `/admin/shipments/${shipmentId}`;
  const addStatus = (status: string) =>
    post(
      detail,
      [
        ["intent", "add-status"],
        ["status", status],
        ["location", "Port of Monrovia"],
        ["notes", ""],
        ["timestamp", "2025-06-01T09:30"],
      ],
      { cookie },
    );
  const history = await newUuid(detail, () => addStatus("Arrived"));
  const victimHistory = await newUuid(detail, () => addStatus("Customs"));
  const blogPost = (slug: string) =>
    newId("/admin/cms/blog", "/admin/cms/blog", () =>
      post(
        "/admin/cms/blog/new",
        [
          ["title", `${MARK} post ${slug}`],
          ["slug", slug],
          ["excerpt", "A post of the security suite."],
          ["content", "<p>Fixture.</p>"],
          ["intent", "publish"],
        ],
        { cookie },
      ),
    );
  const postId = await blogPost("sec-fixture-post");
  const victimPost = await blogPost("sec-fixture-victim");
  const upload = async () => {
    const { json } = await uploadJson({ file: await smallPng(), filename: "fixture.png", type: "image/png" });
    const item = json.results?.[0]?.item;
    if (!item) throw new Error(`uploading a fixture image failed: ${JSON.stringify(json).slice(0, 200)}`);
    return item;
  };
  const media = await upload();
  const victimMedia = (await upload()).id;
  const staff = await newUuid("/admin/settings", () =>
    post(
      "/admin/settings",
      [
        ["intent", "add-user"],
        ["email", "sec-fixture-staff@example.com"],
        ["name", `${MARK} Staff`],
        ["password", "a sturdy staff passphrase 2026"],
        ["role", "operations"],
      ],
      { cookie },
    ),
  );
  // A spreadsheet waiting in the shipment import (decision 020), for its check's target.
  const imported = await client.send("/admin/shipments/import", {
    method: "POST",
    body: {
      body: multipart([
        ["intent", "upload"],
        [
          "file",
          {
            file: new TextEncoder().encode(
              "Tracking number,Status,Origin,Destination,Estimated delivery,Dimensions\r\nSEC-IMPORT-1,Pending,Antwerp,Monrovia,31/12/2026,1x1x1 m\r\n",
            ),
            filename: "fixture.csv",
            type: "text/csv",
          },
        ],
      ]),
      contentType: MULTIPART,
    },
    cookie,
  });
  const importUpload = /[?&]upload=([0-9a-f-]{36})/.exec(imported.location ?? "")?.[1];
  if (!importUpload) throw new Error(`uploading a fixture spreadsheet failed: ${imported.status}`);
  return {
    importUpload,
    adminEmail: ADMIN_EMAIL,
    adminCookie: cookie,
    shipment: { id: shipmentId, trackingNumber: "SEC-FIXTURE-1" },
    victimShipment,
    shipper,
    consignee,
    victimShipper,
    history,
    victimHistory,
    post: { id: postId, slug: "sec-fixture-post" },
    victimPost,
    quote: await quote(),
    victimQuote: await quote(),
    message: await message(),
    victimMessage: await message(),
    media: { id: media.id, filename: media.filename },
    victimMedia,
    staff,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Posting the corpus to a target

const BROKEN = "!invalid!";

/** The target's fields with `name` set to `value` (a repeated field becomes one). */
function withField(entries: Entries, name: string, value: FieldValue): Entries {
  let done = false;
  const out: Entries = [];
  for (const [n, v] of entries) {
    if (n !== name) out.push([n, v]);
    else if (!done) {
      out.push([n, value]);
      done = true;
    }
  }
  if (!done) out.push([name, value]);
  return out;
}

type Post = { label: string; body: Body; payload: string };

/** Posts that must all be refused: each value in a strict field, each malformed body with a strict field broken. */
function refusedRequests(target: Target): Post[] {
  const requests: Post[] = [];
  valuePayloads.forEach((payload, i) => {
    const field = target.strict[i % target.strict.length]!;
    requests.push({
      label: `${payload.name} in ${field}`,
      body: encode(withField(target.fields(), field, payload.value), payload.encoding),
      payload: payload.name,
    });
  });
  for (const shape of shapePayloads) {
    if (shape.needsFields && target.noFields) continue;
    requests.push({
      label: shape.name,
      body: shape.build(withField(target.fields(), target.strict[0]!, BROKEN)),
      payload: shape.name,
    });
  }
  return requests;
}

/** Posts with valid fields and the hostile value in the free-text fields: stored as they are, or refused. */
function textRequests(target: Target): (Post & { fields: string[]; value?: string })[] {
  const requests: (Post & { fields: string[]; value?: string })[] = [];
  for (const payload of valuePayloads) {
    const fields = payload.single ? target.text.slice(0, 1) : target.text;
    let entries = target.fields();
    for (const field of fields) entries = withField(entries, field, payload.value);
    requests.push({
      label: `${payload.name} in ${fields.join(", ")}`,
      body: encode(entries, payload.encoding),
      payload: payload.name,
      fields,
      value: asText(payload.value),
    });
  }
  for (const shape of shapePayloads.filter((s: ShapePayload) => s.withValidFields)) {
    if (shape.needsFields && target.noFields) continue;
    requests.push({
      label: `${shape.name} (valid fields)`,
      body: shape.build(target.fields()),
      payload: shape.name,
      fields: [],
    });
  }
  return requests;
}

const send = (target: Target, body: Body) =>
  client.send(target.path, { method: "POST", body, cookie: target.session ? adminCookie() : null });

const SLOW_MS = 4000;
let corpusRequests = 0;

async function refuseAll(targets: Target[]) {
  let requests = 0;
  for (const target of targets) {
    const list = refusedRequests(target);
    await unchanged(`${target.name}: refused posts`, () =>
      pool(list, 4, async (request) => {
        const sent = await send(target, request.body);
        expect(sent.ms < SLOW_MS, `${target.name}: ${request.label} took ${Math.round(sent.ms)} ms`);
      }),
    );
    requests += list.length;
  }
  corpusRequests += requests;
  return requests;
}

const attributed = (stored: number, refused: number) => `${stored} stored as typed, ${refused} refused`;

/** Expected stored forms of a typed value: trimmed, and with line breaks normalised. */
const storedForms = (value: string) => [...new Set([value.trim(), value.trim().replace(/\r\n?/g, "\n")])];
const successful = (sent: Sent) => sent.status === 200 || (sent.status >= 300 && sent.status < 400);

async function storeOrRefuseAll(targets: Target[]) {
  let stored = 0;
  let refused = 0;
  for (const target of targets) {
    let before: Fingerprint = await store.fingerprint();
    const list = textRequests(target);
    for (const request of list) {
      const sent = await send(target, request.body);
      expect(sent.ms < SLOW_MS, `${target.name}: ${request.label} took ${Math.round(sent.ms)} ms`);
      const after = await store.fingerprint();
      const changed = changedParts(before, after);
      before = after;
      if (changed.length === 0) {
        refused++;
        continue;
      }
      stored++;
      if (!successful(sent)) {
        fail(`${target.name}: ${request.label} answered ${sent.status} but changed ${changed.join(", ")}`);
        continue;
      }
      // An optional field left blank (whitespace only) is stored empty.
      if (target.store && request.value !== undefined && request.value.trim() !== "") {
        for (const field of request.fields) {
          const column = target.store.columns[field];
          if (!column) continue;
          const count = await store.countWhere(target.store.table, column, storedForms(request.value));
          expect(
            count > 0,
            `${target.name}: ${request.label} was accepted but ${target.store.table}.${column} does not hold the text as typed`,
          );
        }
      }
    }
    corpusRequests += list.length;
  }
  return { stored, refused };
}

// ---------------------------------------------------------------------------------------------------------
// Stored hostile text, shown on the pages

const XSS = [
  (t: string) => `<script>alert("${t}")</script>`,
  (t: string) => `<img src=x onerror=alert("${t}")>`,
  (t: string) => `"><svg onload=alert("${t}")>`,
  (t: string) => `</script><script>alert("${t}")</script>`,
  (t: string) => `' onmouseover='alert("${t}")' x='`,
  (t: string) => `<a href="javascript:alert(1)">${t}</a>`,
  (t: string) => `</textarea><svg onload=alert("${t}")>`,
  (t: string) => `javascript:alert("${t}")//<b>`,
];
let xssSerial = 0;
function xssEntries(entries: Entries, fields: string[], stored: string[]): Entries {
  let out = entries;
  for (const field of fields) {
    const value = XSS[xssSerial % XSS.length]!(`x${xssSerial++}`);
    stored.push(value);
    out = withField(out, field, value);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------
// Run

let failedSetup = false;
try {
  await group("setup: admin signs in, fixtures are created through the app", async () => {
    const { sent, token } = await login(ADMIN_EMAIL, ADMIN_PASSWORD);
    if (!token) throw new Error(`the admin could not sign in (status ${sent.status})`);
    adminToken = token;
    fixtures = await createFixtures();
    return "database: the app's embedded PostgreSQL server (tables read directly)";
  });
  failedSetup = !fixtures;
  if (failedSetup) throw new Error("setup failed");
  const f = fixtures!;
  const { targets, unknown } = actionTargets(f);
  const publicTargets = targets.filter((t) => !t.session);
  const adminTargets = targets.filter((t) => t.session);

  await group(`payload corpus (${corpus.length} payloads)`, async () => {
    const kinds = {
      sql: valuePayloads.filter((p) => p.name.startsWith("SQL")).length,
      html: valuePayloads.filter((p) => p.name.startsWith("HTML") || p.name.startsWith("URL")).length,
      control: valuePayloads.filter((p) => p.name.startsWith("control")).length,
      bytes: valuePayloads.filter((p) => typeof p.value !== "string").length,
      paths: valuePayloads.filter((p) => /path/i.test(p.name)).length,
      big: valuePayloads.filter((p) => p.single).length,
      shapes: shapePayloads.length,
    };
    expect(corpus.length >= 40, `only ${corpus.length} payloads`);
    for (const [kind, count] of Object.entries(kinds)) expect(count > 0, `no ${kind} payloads`);
    if (unknown.length > 0)
      console.log(`  ! actions the suite does not know (sent generic posts): ${unknown.join(", ")}`);
    return Object.entries(kinds)
      .map(([k, n]) => `${n} ${k}`)
      .join(", ");
  });

  await group("public forms × corpus: invalid input refused, nothing changed", async () => {
    const requests = await refuseAll(publicTargets);
    return `${publicTargets.length} forms (${publicTargets.map((t) => t.name).join("; ")}), ${requests} posts`;
  });

  await group("public forms × corpus: hostile text stored as typed or refused", async () => {
    const list = publicTargets.filter((t) => t.text.length > 0);
    const { stored, refused } = await storeOrRefuseAll(list);
    return `${list.length} forms, ${attributed(stored, refused)}`;
  });

  await group("provider callbacks: signed hostile input, forged signatures, sizes and types", async () => {
    const phone = "+231770123456";
    const optedOut = () => store.countWhere("message_opt_outs", "address", [phone]);
    let requests = 0;
    /** A Twilio callback signed as Twilio would sign it (over SITE_URL's address), or with `token`. */
    const twilio = (
      path: string,
      entries: [string, string][],
      token = TWILIO_CALLBACK_ENV.TWILIO_AUTH_TOKEN,
    ) => {
      requests++;
      // Signed over the values as the app will decode them (a lone surrogate becomes U+FFFD on the way).
      const decoded = [...new URLSearchParams(new URLSearchParams(entries).toString()).entries()];
      // …and over the URL as the app reads it (WHATWG URL parsing percent-encodes ' in a query, say).
      const signature = twilioSignature(token, new URL(path, origin()).href, decoded);
      return client.send(path, {
        method: "POST",
        body: encode(entries),
        headers: { "X-Twilio-Signature": signature },
      });
    };
    await unchanged("signed callbacks with hostile values", async () => {
      const strings = valuePayloads.flatMap((p) =>
        typeof p.value === "string" ? [{ name: p.name, value: p.value }] : [],
      );
      await pool(strings, 4, async (payload) => {
        for (const [path, entries] of [
          [
            "/webhooks/twilio/inbound",
            [
              ["From", payload.value],
              ["Body", "STOP"],
            ],
          ],
          [
            "/webhooks/twilio/inbound",
            [
              ["From", phone],
              ["Body", payload.value],
            ],
          ],
          [
            "/webhooks/twilio/status",
            [
              ["MessageSid", payload.value],
              ["MessageStatus", "delivered"],
            ],
          ],
          [
            `/webhooks/twilio/status?outbox=${encodeURIComponent(payload.value.slice(0, 200))}`,
            [
              ["MessageSid", "SMx"],
              ["MessageStatus", "failed"],
              ["ErrorCode", payload.value],
            ],
          ],
        ] as [string, [string, string][]][]) {
          const sent = await twilio(path, entries);
          expect(sent.status < 500 && sent.status !== 403, `${path} ${payload.name}: status ${sent.status}`);
        }
      });
    });
    await unchanged("forged, oversized and malformed callbacks", async () => {
      const stop: [string, string][] = [
        ["From", phone],
        ["Body", "STOP"],
      ];
      const forged = await twilio("/webhooks/twilio/inbound", stop, "not-the-auth-token-at-all-000000");
      expect(forged.status === 403, `a forged signature: status ${forged.status}`);
      requests++;
      const unsigned = await post("/webhooks/twilio/inbound", stop);
      expect(unsigned.status === 403, `no signature: status ${unsigned.status}`);
      // Signed over the address in a forged Host header instead of SITE_URL's.
      requests++;
      const wrongHost = await client.send("/webhooks/twilio/inbound", {
        method: "POST",
        body: encode(stop),
        headers: {
          Host: "evil.example",
          "X-Twilio-Signature": twilioSignature(
            TWILIO_CALLBACK_ENV.TWILIO_AUTH_TOKEN,
            "http://evil.example/webhooks/twilio/inbound",
            stop,
          ),
        },
      });
      expect(
        wrongHost.status >= 400 && wrongHost.status < 500,
        `signed for another host: ${wrongHost.status}`,
      );
      const huge = await twilio("/webhooks/twilio/inbound", [...stop, ["Pad", "x".repeat(20_000)]]);
      expect(huge.status === 413, `a 20 kB callback: status ${huge.status}`);
      requests++;
      const json = await client.send("/webhooks/twilio/inbound", {
        method: "POST",
        body: { body: JSON.stringify({ From: phone, Body: "STOP" }), contentType: "application/json" },
      });
      expect(json.status === 415, `a JSON callback: status ${json.status}`);
      requests++;
      const get = await client.send("/webhooks/twilio/inbound");
      expect(get.status === 405, `GET: status ${get.status}`);
      for (const token of ["", "x", "security-suite-africastalking-callback-tokeN", "../../etc/passwd"]) {
        requests++;
        const sent = await post(`/webhooks/africastalking/${encodeURIComponent(token)}/inbound`, [
          ["from", phone],
          ["text", "STOP"],
        ]);
        // 403 for a wrong token; an empty one matches no callback route (404 or 405).
        expect(
          sent.status >= 400 && sent.status < 500 && (token === "" || sent.status === 403),
          `token ${JSON.stringify(token)}: status ${sent.status}`,
        );
      }
      expect((await optedOut()) === 0, "a refused callback opted the number out");
    });
    // The refusals above mean something only if a genuine STOP is honoured (and START undoes it).
    const genuine = await twilio("/webhooks/twilio/inbound", [
      ["From", phone],
      ["Body", "STOP"],
    ]);
    expect(
      genuine.status === 200 && (await optedOut()) === 1,
      `a signed STOP: ${genuine.status}, not recorded`,
    );
    await twilio("/webhooks/twilio/inbound", [
      ["From", phone],
      ["Body", "START"],
    ]);
    expect((await optedOut()) === 0, "a signed START did not remove the opt-out");
    corpusRequests += requests;
    return `${requests} requests`;
  });

  await group("tracking route × corpus (/track/:number, /track?number=)", async () => {
    let requests = 0;
    await unchanged("tracking lookups", async () => {
      const all = [...urlPayloads, ...rawUrlPayloads.map((raw) => ({ raw }))];
      await pool(all, 4, async (payload) => {
        const segment = typeof payload === "string" ? encodeURIComponent(payload) : payload.raw;
        const query = typeof payload === "string" ? encodeURIComponent(payload) : payload.raw;
        const byPath = await client.send(`/track/${segment}`);
        const byQuery = await client.send(`/track?number=${query}`);
        requests += 2;
        if (typeof payload === "string" && payload.includes("<")) {
          for (const sent of [byPath, byQuery]) {
            expect(
              !sent.body.toUpperCase().includes(payload.toUpperCase()),
              `${sent.url}: the number is shown unescaped`,
            );
          }
        }
        if (byQuery.location) {
          const to = new URL(byQuery.location, origin());
          expect(
            to.origin === origin(),
            `/track?number=${query.slice(0, 40)} redirects off site: ${byQuery.location}`,
          );
        }
      });
      for (const raw of [
        "/track/../../etc/passwd",
        "/track/%2e%2e/%2e%2e/etc/passwd",
        "/track/..%2f..%2f..%2fetc%2fpasswd",
        "/track//evil.example",
      ]) {
        const sent = await client.rawGet(raw);
        requests++;
        expect(!/root:x:0:0/.test(sent.body), `${raw}: a system file in the answer`);
      }
      for (const target of ["/track", `/track/${f.shipment.trackingNumber}`]) {
        const sent = await post(target, [["number", "<script>alert(1)</script>"]]);
        requests++;
        expect(sent.status >= 400 && sent.status < 500, `POST ${target}: status ${sent.status}`);
      }
    });
    corpusRequests += requests;
    return `${requests} requests`;
  });

  await group("admin actions × corpus (signed in): invalid input refused, nothing changed", async () => {
    const requests = await refuseAll(adminTargets);
    const routes = new Set(adminTargets.map((t) => t.routeId));
    return `${routes.size} routes, ${adminTargets.length} intents, ${requests} posts`;
  });

  await group("admin actions × corpus: hostile text stored as typed or refused", async () => {
    const list = adminTargets.filter((t) => t.text.length > 0 && t.known);
    const { stored, refused } = await storeOrRefuseAll(list);
    return `${list.length} intents, ${attributed(stored, refused)}`;
  });

  await group("hostile query strings and path parameters on every page (GET)", async () => {
    const keys = [
      "q",
      "page",
      "status",
      "read",
      "sort",
      "category",
      "redirectTo",
      "number",
      "token",
      "picker",
      "edit",
      // The activity log's filters (/admin/activity).
      "person",
      "entity",
      "shipment",
      "from",
      "to",
      "_routes",
    ];
    const picked = [
      "abc\u0000def",
      "' OR '1'='1",
      '<script>alert("q")</script>',
      "../../../../etc/passwd",
      "-1",
      "1e309",
      "99999999999999999999",
      "x".repeat(4000),
      "line\r\nSet-Cookie: injected=1",
      "%' AND '%'='%\\_%",
    ];
    const routes = allRoutes().filter((r) => r.id !== "routes/admin/events" && r.id !== "routes/site/layout");
    const urls: { url: string; cookie: string | null }[] = [];
    // Opening an inbox item marks it read: the query-string pass uses unknown ids for those.
    const changesOnRead = (p: string) => /^admin\/(quote-requests|contact-submissions)\/:id$/.test(p);
    for (const route of routes) {
      const cookie = route.admin ? adminCookie() : null;
      const base = changesOnRead(route.pattern)
        ? fillPattern(route.pattern, null)
        : fillPattern(route.pattern, f);
      for (const payload of picked) {
        const query = keys.map((k) => `${k}=${encodeURIComponent(payload)}`).join("&");
        urls.push({ url: `${base}?${query}`, cookie });
      }
      for (const raw of rawUrlPayloads)
        urls.push({ url: `${base}?q=${raw}&page=${raw}&status=${raw}`, cookie });
      if (route.pattern.includes(":")) {
        for (const payload of [...picked, "..%2F..%2Fetc%2Fpasswd"]) {
          urls.push({ url: fillPattern(route.pattern, f, payload), cookie });
        }
        for (const raw of rawUrlPayloads)
          urls.push({ url: fillPattern(route.pattern, f, "X").replace("/X", `/${raw}`), cookie });
      }
    }
    await unchanged("GET requests", () =>
      pool(urls, 4, async ({ url, cookie }) => {
        const sent = await client.send(url, { cookie });
        expect(
          !sent.body.includes('<script>alert("q")</script>'),
          `${url.slice(0, 80)}: a query value shown unescaped`,
        );
        if (sent.location) {
          expect(
            new URL(sent.location, origin()).origin === origin(),
            `${url.slice(0, 80)}: redirects off site to ${sent.location}`,
          );
        }
      }),
    );
    corpusRequests += urls.length;
    return `${routes.length} routes, ${urls.length} requests`;
  });

  await group("stored hostile text is shown escaped (inbox, tracking page, blog, settings)", async () => {
    const cookie = adminCookie();
    const checks: { what: string; values: string[]; pages: string[] }[] = [];
    const one = async (
      what: string,
      make: (values: string[]) => Promise<{ sent: Sent; pages: string[] }>,
    ) => {
      const values: string[] = [];
      const { sent, pages } = await make(values);
      if (expect(successful(sent), `${what}: the valid post was refused (status ${sent.status})`)) {
        checks.push({ what, values, pages });
      }
    };
    const byName = async (page: string, prefix: string, create: () => Promise<Sent>) => {
      let sent: Sent | undefined;
      const id = await newId(page, prefix, async () => {
        sent = await create();
        return sent;
      });
      return { sent: sent!, id };
    };

    await one("quote request", async (values) => {
      const entries = xssEntries(
        quoteEntries("x"),
        ["firstName", "lastName", "cityDeparture", "deliveryCity", "weight", "specialInfo"],
        values,
      );
      const { sent, id } = await byName("/admin/quote-requests", "/admin/quote-requests", () =>
        post("/contact", entries),
      );
      return { sent, pages: ["/admin/quote-requests", `/admin/quote-requests/${id}`, "/admin/dashboard"] };
    });
    await one("contact message", async (values) => {
      const entries = xssEntries(contactEntries("x"), ["name", "subject", "message"], values);
      const { sent, id } = await byName("/admin/contact-submissions", "/admin/contact-submissions", () =>
        post("/contact", entries),
      );
      return { sent, pages: ["/admin/contact-submissions", `/admin/contact-submissions/${id}`] };
    });
    await one("service inquiry", async (values) => {
      const base: Entries = [
        ["intent", "service-inquiry"],
        ["submissionKey", crypto.randomUUID()],
        ["name", "x"],
        ["email", "x@example.com"],
        ["shipmentType", "sea"],
        ["cityDeparture", "x"],
        ["deliveryCity", "x"],
        ["message", "x"],
      ];
      const entries = xssEntries(base, ["name", "cityDeparture", "deliveryCity", "message"], values);
      const { sent, id } = await byName("/admin/quote-requests", "/admin/quote-requests", () =>
        post("/services", entries),
      );
      return {
        sent,
        pages: ["/admin/quote-requests", `/admin/quote-requests/${id}`, `/admin/quote-requests/${id}/quote`],
      };
    });
    let number = "";
    let shipmentId = "";
    await one("shipment with shipper, consignee and status update", async (values) => {
      const party = async (intent: string) => {
        const entries = xssEntries(
          [
            ["intent", intent],
            ["email", "p@example.com"],
            // A phone is stored as the E.164 number it names, never as typed: not a place for hostile text.
            ["phone", "+231 77 012 3456"],
          ],
          ["name", "company", "address"],
          values,
        );
        const sent = await post("/admin/shipments/new", entries, { cookie });
        const name = entries.find(([n]) => n === "name")![1] as string;
        return (
          sent.body.match(
            new RegExp(`<option value="${ID}">${escapeHtml(name).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`),
          )?.[1] ?? ""
        );
      };
      const shipperId = await party("create-shipper");
      const consigneeId = await party("create-consignee");
      expect(shipperId && consigneeId, "the hostile-named shipper or consignee was not created");
      number = `SEC-XSS-${Date.now().toString(36).toUpperCase()}`;
      const entries = xssEntries(
        [
          ["intent", "save-shipment"],
          ["trackingNumber", number],
          ["estimatedDelivery", "2027-02-01"],
          ["weight", "3"],
          ["shipperId", shipperId],
          ["consigneeId", consigneeId],
        ],
        ["status", "originLocation", "destinationLocation", "currentLocation", "dimensions", "notes"],
        values,
      );
      const sent = await post("/admin/shipments/new", entries, { cookie });
      shipmentId = sent.location?.match(new RegExp(`/admin/shipments/${ID}`))?.[1] ?? "";
      const status = await post(
        `/admin/shipments/${shipmentId}`,
        xssEntries(
          [
            ["intent", "add-status"],
            ["timestamp", "2025-06-01T09:30"],
          ],
          ["status", "location", "notes"],
          values,
        ),
        {
          cookie,
        },
      );
      expect(successful(status), `adding a hostile status update failed (${status.status})`);
      return {
        sent,
        pages: [
          `/track/${number}`,
          "/admin/shipments",
          `/admin/shipments/${shipmentId}`,
          `/admin/shipments/${shipmentId}/edit`,
          // The address book: both tabs, and the party's own page.
          "/admin/parties?role=shipper",
          "/admin/parties?role=consignee",
          `/admin/parties/${shipperId}`,
          `/admin/parties/${consigneeId}`,
        ],
      };
    });
    let slug = "";
    await one("published blog post", async (values) => {
      slug = `sec-xss-${Date.now().toString(36)}`;
      const entries = xssEntries(
        [
          ["slug", slug],
          ["intent", "publish"],
          [
            "content",
            `<p>Body</p><script>alert(1)</script><img src=x onerror=alert(2)><a href="javascript:alert(3)">a</a><svg><script>alert(4)</script></svg><iframe src="https://evil.example"></iframe><form action="https://evil.example"><button formaction="javascript:alert(5)">b</button></form><p style="background:url(javascript:alert(6))">s</p><math><mi xlink:href="javascript:alert(7)">m</mi></math><object data="javascript:alert(8)"></object><base href="https://evil.example/"><meta http-equiv="refresh" content="0;url=https://evil.example"><a href="jav&#x09;ascript:alert(9)">t</a><img src="data:text/html;base64,PHNjcmlwdD4=">`,
          ],
        ],
        ["title", "category", "excerpt"],
        values,
      );
      const { sent, id } = await byName("/admin/cms/blog", "/admin/cms/blog", () =>
        post("/admin/cms/blog/new", entries, { cookie }),
      );
      return {
        sent,
        pages: [
          "/blog",
          `/blog/${slug}`,
          "/admin/cms/blog",
          `/admin/cms/blog/${id}`,
          "/blog/rss.xml",
          "/sitemap.xml",
        ],
      };
    });
    await one("site details", async (values) => {
      const entries = xssEntries(
        [
          ["intent", "site"],
          ["phone", "+231 77 700 1995"],
          ["email", "info@example.com"],
          ["social.facebook", ""],
          ["social.twitter", ""],
          ["social.linkedin", ""],
          ["social.instagram", ""],
          ["timeZone", "Africa/Monrovia"],
        ],
        ["companyName", "address", "businessHours[0].days", "businessHours[0].hours"],
        values,
      );
      const sent = await post("/admin/settings", entries, { cookie });
      return {
        sent,
        pages: ["/", "/contact", "/about", "/services", "/admin/settings", "/blog/rss.xml", "/admin-login"],
      };
    });
    await one(
      "notification messages (sender name, subject and text, in the form and its preview)",
      async (values) => {
        const entries = xssEntries(
          [
            ["intent", "notifications-messages"],
            ["replyTo", ""],
            ["sms", "{trackingNumber}: {headline}. Track: {trackingUrl}"],
          ],
          ["senderName", "emailSubject", "emailBody"],
          values,
        );
        return { sent: await post("/admin/settings", entries, { cookie }), pages: ["/admin/settings"] };
      },
    );
    await one("staff account name", async (values) => {
      const entries = xssEntries(
        [
          ["intent", "add-user"],
          ["email", `sec-xss-${Date.now()}@example.com`],
          ["password", "a sturdy staff passphrase 2026"],
          ["role", "operations"],
        ],
        ["name"],
        values,
      );
      return { sent: await post("/admin/settings", entries, { cookie }), pages: ["/admin/settings"] };
    });
    await one("media alt text", async (values) => {
      const entries = xssEntries(
        [
          ["intent", "alt"],
          ["id", f.media.id],
        ],
        ["alt"],
        values,
      );
      return {
        sent: await post("/admin/media", entries, { cookie }),
        pages: ["/admin/media", "/admin/media?picker=1"],
      };
    });

    let pages = 0;
    for (const check of checks) {
      const shown = new Set<string>();
      for (const page of check.pages) {
        const admin = page === "/admin" || page.startsWith("/admin/");
        const sent = await client.send(page, { cookie: admin ? cookie : null });
        pages++;
        expect(sent.status === 200, `${check.what}: ${page} answered ${sent.status}`);
        for (const value of check.values) {
          // Markup typed as text must never come back as markup (quotes alone are harmless outside attributes,
          // and a real attribute injection is caught by the markup check of every page).
          if (value.includes("<")) {
            expect(
              !sent.body.includes(value),
              `${check.what}: ${page} shows ${JSON.stringify(value)} unescaped`,
            );
          }
          if (sent.body.includes(escapeHtml(value))) shown.add(value);
        }
      }
      for (const value of check.values) {
        expect(
          shown.has(value),
          `${check.what}: ${JSON.stringify(value)} is not shown (escaped) on ${check.pages.join(", ")}`,
        );
      }
    }
    const fields = checks.reduce((n, c) => n + c.values.length, 0);
    return `${checks.length} kinds of record, ${fields} hostile fields, ${pages} pages (tracking ${number || "-"}, post ${slug || "-"})`;
  });

  await group(
    "media uploads: oversized, HTML as .png, SVG with script, double extensions, decompression bomb",
    async () => {
      const html = new TextEncoder().encode(
        '<!doctype html><html><body><script>alert("upload")</script></body></html>',
      );
      const svg = new TextEncoder().encode(
        '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert("svg")</script><rect width="10" height="10"/></svg>',
      );
      const png = await smallPng();
      const polyglot = new Uint8Array([...png.subarray(0, 33), ...html]);
      const bomb = await decompressionBomb();
      const headerBomb = await lyingHeader();
      const oversized = new Uint8Array(Math.round(MEDIA_MAX_MB * 1.5 * 1024 * 1024)).fill(7);
      oversized.set(png.subarray(0, 8));
      const huge = new Uint8Array((MEDIA_MAX_MB + 2) * 1024 * 1024).fill(7);
      const cases: { what: string; file: FieldValue; status?: number }[] = [
        {
          what: "a file over the size limit",
          file: { file: oversized, filename: "big.png", type: "image/png" },
        },
        {
          what: "a request over the upload limit",
          file: { file: huge, filename: "huge.png", type: "image/png" },
          status: 413,
        },
        { what: "HTML renamed to .png", file: { file: html, filename: "page.png", type: "image/png" } },
        { what: "SVG with a script", file: { file: svg, filename: "logo.svg", type: "image/svg+xml" } },
        { what: "SVG renamed to .png", file: { file: svg, filename: "logo.png", type: "image/png" } },
        { what: "HTML named x.png.html", file: { file: html, filename: "x.png.html", type: "text/html" } },
        { what: "HTML named x.html.png", file: { file: html, filename: "x.html.png", type: "image/png" } },
        {
          what: "a PNG header followed by HTML",
          file: { file: polyglot, filename: "poly.png", type: "image/png" },
        },
        { what: "a 20000×20000 PNG bomb", file: { file: bomb, filename: "bomb.png", type: "image/png" } },
        {
          what: "a PNG claiming 65535×65535",
          file: { file: headerBomb, filename: "liar.png", type: "image/png" },
        },
        { what: "an empty file", file: { file: new Uint8Array(), filename: "empty.png", type: "image/png" } },
      ];
      let requests = 0;
      await unchanged("refused uploads", async () => {
        for (const c of cases) {
          const { sent, json } = await uploadJson(c.file);
          requests++;
          if (c.status) {
            expect(sent.status === c.status, `${c.what}: status ${sent.status}, expected ${c.status}`);
            expect(/too large/i.test(sent.body), `${c.what}: no clear message (${sent.body.slice(0, 80)})`);
            continue;
          }
          const result = json.results?.[0];
          expect(sent.status === 400, `${c.what}: status ${sent.status}, expected 400`);
          expect(result && !result.ok, `${c.what}: not refused (${sent.body.slice(0, 120)})`);
          expect(
            result?.message && /^[A-Z][^<>{}]{10,160}[.]$/.test(result.message),
            `${c.what}: no clear message (${result?.message})`,
          );
          // The same file through the plain form (no JavaScript): the page says what happened.
          const page = await client.send("/admin/media", {
            method: "POST",
            body: {
              body: multipart([
                ["intent", "upload"],
                ["files", c.file],
              ]),
              contentType: MULTIPART,
            },
            cookie: adminCookie(),
          });
          requests++;
          expect(page.status === 400, `${c.what} (plain form): status ${page.status}`);
          expect(
            result?.message && page.body.includes(escapeHtml(result.message)),
            `${c.what} (plain form): the page does not say why`,
          );
        }
      });
      // A real image with a misleading name is stored under a made-up name and served as an image only.
      const { json } = await uploadJson({ file: png, filename: "../../x.png.html", type: "text/html" });
      requests++;
      const item = json.results?.[0]?.item;
      if (expect(item, `a real PNG named x.png.html was refused: ${JSON.stringify(json).slice(0, 160)}`)) {
        expect(/^[0-9a-f]{24}\.png$/.test(item!.filename), `stored as ${item!.filename}`);
        const served = await client.send(`/media/${item!.filename}`, { raw: true });
        requests++;
        expect(
          served.headers.get("content-type") === "image/png",
          `served as ${served.headers.get("content-type")}`,
        );
        expect(served.headers.get("x-content-type-options") === "nosniff", "served without nosniff");
      }
      return `${cases.length} hostile files refused with a message and nothing stored; ${requests} requests (bomb ${bomb.length} bytes)`;
    },
  );

  await group(
    "proof of delivery uploads: the same hostile files as a photo, a form photo or a signature, refused, nothing stored",
    async () => {
      const html = new TextEncoder().encode("<!doctype html><script>alert('pod')</script>");
      const png = await smallPng();
      const oversized = new Uint8Array(Math.round(MEDIA_MAX_MB * 1.5 * 1024 * 1024)).fill(7);
      oversized.set(png.subarray(0, 8));
      const cases: { what: string; file: FieldValue }[] = [
        { what: "HTML renamed to .jpg", file: { file: html, filename: "photo.jpg", type: "image/jpeg" } },
        {
          what: "a file over the size limit",
          file: { file: oversized, filename: "big.png", type: "image/png" },
        },
        {
          what: "a 20000×20000 PNG bomb",
          file: { file: await decompressionBomb(), filename: "bomb.png", type: "image/png" },
        },
        {
          what: "a PNG claiming 65535×65535",
          file: { file: await lyingHeader(), filename: "liar.png", type: "image/png" },
        },
      ];
      const shipmentId = fixtures!.shipment.id;
      const deliver = `/admin/shipments/${shipmentId}/deliver`;
      let requests = 0;
      await unchanged("refused delivery uploads", async () => {
        for (const c of cases) {
          const draftId = crypto.randomUUID();
          const photo = await client.send(`${deliver}/photos`, {
            method: "POST",
            body: {
              body: multipart([
                ["draftId", draftId],
                ["photo", c.file],
              ]),
              contentType: MULTIPART,
            },
            cookie: adminCookie(),
          });
          requests++;
          let message = "";
          try {
            message = (JSON.parse(photo.body) as { message?: string }).message ?? "";
          } catch {}
          expect(photo.status === 400, `${c.what} (photo upload): status ${photo.status}, expected 400`);
          expect(
            /^[A-Z][^<>{}]{10,160}[.]$/.test(message),
            `${c.what} (photo upload): no clear message (${message})`,
          );
          for (const field of ["photos", "signature"]) {
            const page = await client.send(deliver, {
              method: "POST",
              body: {
                body: multipart([
                  ["intent", "save-delivery"],
                  ["draftId", draftId],
                  ["receiverName", "Security Suite"],
                  ["deliveredAt", "2026-01-01T10:00"],
                  [field, c.file],
                ]),
                contentType: MULTIPART,
              },
              cookie: adminCookie(),
            });
            requests++;
            expect(page.status === 400, `${c.what} (form ${field}): status ${page.status}, expected 400`);
            expect(
              message !== "" && page.body.includes(escapeHtml(message)),
              `${c.what} (form ${field}): the page does not say why`,
            );
          }
        }
      });
      return `${cases.length} hostile files refused three ways with a message and nothing stored; ${requests} requests`;
    },
  );

  await group("cross-origin POSTs refused (Origin, Referer, Sec-Fetch-Site), nothing changed", async () => {
    const other = new URL(origin());
    const variants: { what: string; headers: Record<string, string>; origin: string | null }[] = [
      { what: "Origin https://evil.example", headers: {}, origin: "https://evil.example" },
      { what: "Origin null", headers: {}, origin: "null" },
      {
        what: "Origin with the site as a subdomain",
        headers: {},
        origin: `http://${other.host}.evil.example`,
      },
      { what: "Origin with the site as user info", headers: {}, origin: `http://${other.host}@evil.example` },
      { what: "Origin on another port", headers: {}, origin: `http://${other.hostname}:1` },
      { what: "Referer from another site", headers: { Referer: "https://evil.example/form" }, origin: null },
      { what: "Sec-Fetch-Site cross-site", headers: { "Sec-Fetch-Site": "cross-site" }, origin: null },
      { what: "Sec-Fetch-Site same-site", headers: { "Sec-Fetch-Site": "same-site" }, origin: null },
    ];
    const loginTarget: Target = {
      name: "login with the right password",
      routeId: "routes/admin/auth/login",
      path: "/admin-login",
      session: false,
      fields: () => [
        ["email", ADMIN_EMAIL],
        ["password", ADMIN_PASSWORD],
      ],
      strict: [],
      text: [],
      known: true,
    };
    const png = await smallPng();
    const upload: Target = {
      ...loginTarget,
      name: "media upload",
      path: "/admin/media",
      session: true,
      fields: () => [["files", { file: png, filename: "csrf.png", type: "image/png" }]],
    };
    let requests = 0;
    const sessionsBefore = await store.sessionCount();
    await unchanged("cross-origin posts", async () => {
      const all = [...targets, loginTarget, upload].flatMap((t) => variants.map((v) => ({ t, v })));
      await pool(all, 4, async ({ t, v }) => {
        const isUpload = t === upload;
        const sent = await client.send(t.path, {
          method: "POST",
          body: isUpload ? encode(t.fields(), "multipart") : encode(t.fields()),
          cookie: t.session ? adminCookie() : null,
          origin: v.origin,
          headers: v.headers,
        });
        requests++;
        expect(sent.status === 403, `${t.name} with ${v.what}: status ${sent.status}`);
        expect(!sessionToken(sent), `${t.name} with ${v.what}: a session cookie was set`);
      });
    });
    const sessionsAfter = await store.sessionCount();
    expect(sessionsAfter === sessionsBefore, `sessions went from ${sessionsBefore} to ${sessionsAfter}`);
    return `${targets.length + 2} actions × ${variants.length} kinds of foreign request = ${requests} posts, all 403`;
  });

  // Sessions for the attacks: one ended on the server, one past its end, one idle for too long.
  const loggedOut = (await login(ADMIN_EMAIL, ADMIN_PASSWORD)).token!;
  await post("/admin/logout", [], { cookie: cookieOf(loggedOut) });
  const ended = (await login(ADMIN_EMAIL, ADMIN_PASSWORD)).token!;
  const idle = (await login(ADMIN_EMAIL, ADMIN_PASSWORD)).token!;
  const endedOk = await store.expireSession(ended, "ended");
  const idleOk = await store.expireSession(idle, "idle");
  const tampered = tamperedToken(adminToken);
  const sessionKinds: [string, string | null][] = [
    ["no session", null],
    ["an expired session (expires_at in the past)", cookieOf(ended)],
    ["a session idle for longer than the idle timeout", cookieOf(idle)],
    ["a forged random cookie", cookieOf(crypto.randomBytes(32).toString("base64url"))],
    ["a tampered cookie (one character of a valid one changed)", cookieOf(tampered)],
    ["the cookie of a logged-out session", cookieOf(loggedOut)],
    [
      "malformed cookies",
      `admin_session=../../etc/passwd; admin_session="${"A".repeat(4000)}"; admin_session=%00`,
    ],
  ];
  const adminRoutes = allRoutes().filter((r) => r.admin);
  const secrets = [ADMIN_EMAIL, MARK, "sec-fixture", f.shipment.trackingNumber];
  for (const [label, cookie] of sessionKinds) {
    await group(`admin routes with ${label}: no data, no change`, async () => {
      if (label.includes("expired")) expect(endedOk, "could not expire the session in the database");
      if (label.includes("idle")) expect(idleOk, "could not age the session in the database");
      let requests = 0;
      const sessionsBefore = await store.sessionCount();
      await unchanged(label, async () => {
        const jobs: (() => Promise<void>)[] = [];
        for (const route of adminRoutes) {
          const url = fillPattern(route.pattern, f);
          const allowed =
            route.id === "routes/admin/auth/logout" ? ["/admin", "/admin-login"] : ["/admin-login"];
          for (const dataUrl of [url, `${url}.data`]) {
            jobs.push(async () => {
              const sent = await client.send(dataUrl, { cookie });
              requests++;
              refusedAccess(`GET ${dataUrl}`, sent, allowed, secrets);
            });
          }
          if (!route.hasAction) continue;
          const specs = targets.filter((t) => t.routeId === route.id);
          const bodies: Body[] = [encode([]), ...specs.map((t) => encode(t.fields()))];
          if (route.id === "routes/admin/media") {
            bodies.push({
              body: multipart([
                ["files", { file: new Uint8Array(await smallPng()), filename: "x.png", type: "image/png" }],
              ]),
              contentType: MULTIPART,
            });
          }
          for (const body of bodies) {
            jobs.push(async () => {
              const sent = await client.send(url, { method: "POST", body, cookie });
              requests++;
              refusedAccess(`POST ${url}`, sent, ["/admin-login"], secrets);
            });
          }
        }
        await pool(jobs, 4, (job) => job());
      });
      const sessionsAfter = await store.sessionCount();
      expect(sessionsAfter <= sessionsBefore, `sessions went from ${sessionsBefore} to ${sessionsAfter}`);
      return `${adminRoutes.length} routes, ${requests} requests refused`;
    });
  }

  await group("open redirect through the remembered location after login", async () => {
    const attempts = [
      "//evil.example",
      "https://evil.example",
      "http://evil.example/admin",
      "/\\evil.example",
      "\\\\evil.example",
      "/\\/evil.example",
      "javascript:alert(1)",
      "JavaScript:alert(document.cookie)",
      "data:text/html,<script>alert(1)</script>",
      "///evil.example",
      "/.//evil.example",
      " //evil.example",
      "\t//evil.example",
      "/\t/evil.example",
      "/%2F%2Fevil.example",
      "/%5Cevil.example",
      "https:evil.example",
      `http://${new URL(origin()).host}@evil.example`,
      "/admin/../..//evil.example",
      "/admin-login?redirectTo=//evil.example",
      "//evil.example/%2F..",
      "/\u3002evil.example",
    ];
    let logins = 0;
    for (const redirectTo of attempts) {
      const { sent } = await login(ADMIN_EMAIL, ADMIN_PASSWORD, redirectTo);
      logins++;
      const location = sent.location ?? "";
      const to = new URL(location, origin());
      expect(sent.status === 302, `redirectTo=${JSON.stringify(redirectTo)}: status ${sent.status}`);
      expect(
        to.origin === origin() && /^\/(?![/\\])/.test(location),
        `redirectTo=${JSON.stringify(redirectTo)} sent the browser to ${location}`,
      );
      // The login page keeps the value in a hidden field: escaped, not executed.
      await client.send(`/admin-login?redirectTo=${encodeURIComponent(redirectTo)}`);
    }
    // The location remembered by the login redirect itself, for odd paths.
    for (const raw of [
      "//evil.example/admin",
      "/admin//evil.example",
      "/admin/%2F%2Fevil.example",
      "/admin/..%2F..%2F%2Fevil.example",
    ]) {
      const first = await client.rawGet(raw);
      if (!first.location?.startsWith("/admin-login")) continue;
      const remembered = new URL(first.location, origin()).searchParams.get("redirectTo") ?? "";
      const { sent } = await login(ADMIN_EMAIL, ADMIN_PASSWORD, remembered);
      logins++;
      const to = new URL(sent.location ?? "", origin());
      expect(to.origin === origin(), `GET ${raw} then login: sent the browser to ${sent.location}`);
    }
    // A signed-in admin sent to the login page with a foreign location stays on the site too.
    const sent = await client.send("/admin-login?redirectTo=https%3A%2F%2Fevil.example", {
      cookie: adminCookie(),
    });
    expect(
      !sent.location || new URL(sent.location, origin()).origin === origin(),
      `signed in: ${sent.location}`,
    );
    return `${logins} logins, every one landed on a same-site path`;
  });

  await group("public form and tracking rate limits hold (default limits, own database)", async () => {
    // The corpus runs with the limits raised; here a second app with the defaults (10 form posts and 120
    // lookups per address) on a database of its own in the same embedded server (through DATABASE_URL).
    const databaseUrl = await store.createDatabase("security_limits");
    const limited = await startApp({
      buildDir,
      env: { SEED_DEMO: "false", LOG_LEVEL: "warn", DATABASE_URL: databaseUrl },
    });
    const other = new Client(limited.url);
    try {
      const forms: number[] = [];
      for (let i = 0; i < 12; i++) {
        const sent = await other.send("/contact", {
          method: "POST",
          body: encode(quoteEntries(`Limit ${i}`)),
        });
        forms.push(sent.status);
        // Not checked: Retry-After (the action sets it, but /contact has no `headers` export to pass it on).
        if (sent.status === 429) {
          expect(
            sent.body.includes("Too many submissions from your address."),
            "no message for a refused form post",
          );
        }
      }
      expect(
        forms.slice(0, 10).every((s) => s === 200) && forms.slice(10).every((s) => s === 429),
        `form posts answered ${forms.join(", ")} (10 × 200, then 429)`,
      );
      const storedQuotes = await store.countRows(databaseUrl, "quote_requests");
      expect(storedQuotes === 10, `${storedQuotes} quote requests stored, expected 10`);
      const lookups: number[] = [];
      await pool(
        Array.from({ length: 125 }, (_, i) => i),
        4,
        async (i) => {
          lookups[i] = (await other.send(`/track/SEC-LIMIT-${i}`)).status;
        },
      );
      const refused = lookups.filter((s) => s === 429).length;
      expect(refused === 5, `${refused} of 125 lookups refused (expected the 5 over 120)`);
      expect(
        lookups.every((s) => s === 404 || s === 429),
        `unexpected lookup statuses: ${[...new Set(lookups)].join(", ")}`,
      );
      return `form posts: ${forms.filter((s) => s === 200).length} accepted, ${forms.filter((s) => s === 429).length} refused; lookups: ${125 - refused} answered, ${refused} refused`;
    } finally {
      await limited.stop();
      fs.rmSync(limited.dataDir, { recursive: true, force: true });
    }
  });

  await group("1,000 wrong-password logins are throttled cheaply and let no one in", async () => {
    const statuses = new Map<number, number>();
    const times = { checked: [] as number[], throttled: [] as number[] };
    let sessions = 0;
    const at = performance.now();
    const attempt = async (email: string, password: string, headers: Record<string, string> = {}) => {
      const sent = await client.send("/admin-login", {
        method: "POST",
        body: encode([
          ["email", email],
          ["password", password],
        ]),
        headers,
      });
      statuses.set(sent.status, (statuses.get(sent.status) ?? 0) + 1);
      if (sessionToken(sent)) sessions++;
      if (sent.status === 429) times.throttled.push(sent.ms);
      else times.checked.push(sent.ms);
    };
    // 500 guesses at the admin's password, then 500 at other accounts (spraying, with a forged client
    // address), 8 at a time as a brute-force tool would.
    const guesses = Array.from({ length: 1000 }, (_, i) => i);
    await pool(guesses, 8, (i) =>
      i < 500
        ? attempt(ADMIN_EMAIL, `wrong password ${i}`)
        : attempt(`user${i}@example.com`, `Password${i}!`, { "X-Forwarded-For": `203.0.113.${i % 250}` }),
    );
    const seconds = (performance.now() - at) / 1000;
    const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? 0;
    const checked = times.checked.length;
    const throttled = statuses.get(429) ?? 0;
    expect(sessions === 0, `${sessions} wrong passwords got a session`);
    expect(
      [...statuses.keys()].every((s) => s === 401 || s === 429),
      `unexpected statuses: ${JSON.stringify([...statuses])}`,
    );
    // Threshold 5 per account and 50 per address, plus what the 8 parallel requests had in flight (and a
    // few more if a lock ran out on a slow machine).
    expect(checked <= 75, `${checked} passwords were checked before the throttle stopped them`);
    expect(throttled >= 900, `only ${throttled} of 1,000 attempts were throttled`);
    // Cheap: well under the time of a checked attempt (or fast in absolute terms on a busy machine).
    expect(
      median(times.throttled) < Math.max(100, median(times.checked) / 2),
      `a throttled attempt takes ${Math.round(median(times.throttled))} ms (median), a checked one ${Math.round(median(times.checked))} ms`,
    );
    expect(seconds < 60, `1,000 attempts took ${seconds.toFixed(1)} s`);
    const right = await login(ADMIN_EMAIL, ADMIN_PASSWORD);
    expect(
      right.sent.status === 429 && !right.token,
      `the right password while locked: status ${right.sent.status}`,
    );
    return `${checked} checked, ${throttled} throttled (429) in ${seconds.toFixed(1)} s; median ${Math.round(median(times.checked))} ms checked, ${Math.round(median(times.throttled))} ms throttled; the right password is refused while locked too`;
  });

  await group(
    "shipment import uploads: 50 MB, 11 MB, PNG as .csv, not UTF-8, UTF-16 without BOM, 1,000,000 rows, zip bomb, XML entities: refused with a message, nothing stored",
    async () => {
      const text = (value: string) => new TextEncoder().encode(value);
      const xlsx = (files: Record<string, string>) =>
        zipSync(Object.fromEntries(Object.entries(files).map(([name, body]) => [name, strToU8(body)])));
      const bombSheet = `<worksheet><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>${"0".repeat(70 * 1024 * 1024)}</t></is></c></row></sheetData></worksheet>`;
      const png = await smallPng();
      const cases: { what: string; file: Uint8Array; name: string; message: RegExp; status?: number }[] = [
        {
          what: "a 50 MB file",
          file: new Uint8Array(50 * 1024 * 1024).fill(65),
          name: "big.csv",
          message: /too large/i,
          status: 413,
        },
        {
          what: "an 11 MB file",
          file: new Uint8Array(Math.round(10.5 * 1024 * 1024)).fill(65),
          name: "big.csv",
          message: /larger than 10 MB/,
        },
        {
          what: "a PNG named .csv",
          file: png,
          name: "shipments.csv",
          message: /neither a CSV file nor an Excel workbook/,
        },
        {
          what: "Windows-1252 text",
          file: new Uint8Array([...text("Tracking number,Status\nA-1,Livr"), 0xe9, 0x0a]),
          name: "w.csv",
          message: /not UTF-8 text/,
        },
        {
          what: "UTF-16 without its BOM",
          file: new Uint8Array(Buffer.from("Tracking number,Status\r\nA-1,Pending\r\n", "utf16le")),
          name: "u.csv",
          message: /UTF-16 text without a byte-order mark/,
        },
        {
          what: "1,000,000 rows",
          file: text(`Tracking number\n${"X\n".repeat(1_000_000)}`),
          name: "million.csv",
          message: /more than 20,000 rows/,
        },
        {
          what: "an .xlsx zip bomb",
          file: xlsx({ "xl/worksheets/sheet1.xml": bombSheet }),
          name: "bomb.xlsx",
          message: /unpacks to more than 64 MB/,
        },
        {
          what: "an .xlsx with entity expansion",
          file: xlsx({
            "xl/sharedStrings.xml":
              '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">]><sst><si><t>&b;</t></si></sst>',
            "xl/worksheets/sheet1.xml":
              '<worksheet><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c></row></sheetData></worksheet>',
          }),
          name: "xxe.xlsx",
          message: /document type declaration/,
        },
      ];
      let requests = 0;
      await unchanged("refused spreadsheets", async () => {
        for (const c of cases) {
          const sent = await client.send("/admin/shipments/import", {
            method: "POST",
            body: {
              body: multipart([
                ["intent", "upload"],
                ["file", { file: c.file, filename: c.name, type: "text/csv" }],
              ]),
              contentType: MULTIPART,
            },
            cookie: adminCookie(),
            timeoutMs: 60_000,
          });
          requests++;
          expect(sent.status === (c.status ?? 400), `${c.what}: status ${sent.status}`);
          expect(c.message.test(sent.body), `${c.what}: no clear message (${sent.body.slice(0, 120)})`);
        }
      });
      return `${cases.length} hostile files refused with their message and nothing stored; ${requests} requests`;
    },
  );

  await group(
    "exports: signed in only, never cached, every formula-like cell quoted (CSV and .xlsx)",
    async () => {
      let requests = 0;
      let cells = 0;
      const formula = /^[=+\-@\t\r]/;
      for (const list of ["shipments", "quote-requests", "contact-submissions"]) {
        for (const format of ["csv", "xlsx"] as const) {
          // A hostile search is only a search.
          const url = `/admin/${list}/export.${format}?q=${encodeURIComponent("'\"><script>")}&status=%00&sort=x`;
          const hostile = await client.send(url, { cookie: adminCookie(), raw: true });
          requests++;
          expect(hostile.status === 200, `GET ${url}: status ${hostile.status}`);
          const sent = await client.send(`/admin/${list}/export.${format}`, {
            cookie: adminCookie(),
            raw: true,
          });
          requests++;
          expect(sent.status === 200, `${list}.${format}: status ${sent.status}`);
          expect(sent.headers.get("cache-control") === "private, no-store", `${list}.${format}: cached`);
          expect(
            /^attachment; filename="[a-z-]+-\d{4}-\d{2}-\d{2}\.(csv|xlsx)"$/.test(
              sent.headers.get("content-disposition") ?? "",
            ),
            `${list}.${format}: Content-Disposition ${sent.headers.get("content-disposition")}`,
          );
          const rows =
            format === "csv"
              ? (parseCsv(sent.body.replace(/^\ufeff/, ""), { relax_column_count: true }) as string[][])
              : readXlsx(
                  new Uint8Array(
                    await (
                      await fetch(`${origin()}/admin/${list}/export.xlsx`, {
                        headers: { cookie: adminCookie() },
                      })
                    ).arrayBuffer(),
                  ),
                  { maxRows: 100_000 },
                ).rows;
          for (const row of rows.slice(1)) {
            for (const cell of row) {
              cells++;
              expect(
                !formula.test(cell) || /^-?\d/.test(cell),
                `${list}.${format}: a cell starts like a formula: ${cell.slice(0, 60)}`,
              );
            }
          }
        }
      }
      return `3 lists × 2 formats, ${cells} cells checked, ${requests} requests`;
    },
  );

  await group(
    "issue 32: unserved methods, the .data form of files, one of each security header",
    async () => {
      // TRACE reached the router, whose Request refuses it: a 500 and an error-level log line with a stack, each time.
      let methods = 0;
      for (const target of [
        "/",
        "/contact",
        "/admin",
        `/track/${f.shipment.trackingNumber}`,
        "/media/x.png",
      ]) {
        for (const method of ["TRACE", "PROPFIND", "MKCOL"]) {
          const answer = await rawRequest(client.base, { method, path: target });
          methods++;
          expect(answer.status === 405, `${method} ${target} answered ${answer.status}, not 405`);
          expect((answer.headers.allow ?? "").includes("GET"), `${method} ${target}: no Allow header`);
        }
      }
      // Every resource route (from app/routes.ts): its `.data` form is a 404, signed in or not, and never the bytes.
      const resources = allRoutes().filter(
        (r) => !/export\s+default\b/.test(fs.readFileSync(path.join("app", r.file), "utf8")),
      );
      expect(resources.length > 15, `only ${resources.length} resource routes found`);
      let dataForms = 0;
      for (const route of resources) {
        const target = `${fillPattern(route.pattern, f)}.data`;
        for (const cookie of [adminCookie(), undefined]) {
          const sent = await client.send(target, { cookie });
          dataForms++;
          expect(
            sent.status === 404,
            `${target}${cookie ? " (signed in)" : ""} answered ${sent.status}, not 404`,
          );
          expect(!sent.body.includes("%PDF"), `${target} answered a PDF's bytes`);
        }
      }
      // One value of each security header, on the pages that set their own (a second one was appended beside the
      // shell's), and on the secret-token pages the headers the quote page already had.
      const once = ["referrer-policy", "content-security-policy", "x-content-type-options", "cache-control"];
      const token = "A".repeat(43);
      const pages = [
        `/quote/${token}`,
        `/quote/${token}/pdf`,
        `/delivery-note/${token}`,
        `/subscribe/${token}`,
        `/unsubscribe/${token}`,
        "/admin-reset-password?token=x",
        `/track/${f.shipment.trackingNumber}`,
        `/admin/shipments/${f.shipment.id}/waybill.pdf`,
        `/media/${f.media.filename}`,
      ];
      for (const target of pages) {
        const sent = await client.send(target, {
          cookie: target.startsWith("/admin/") ? adminCookie() : undefined,
        });
        for (const name of once) {
          const value = sent.headers.get(name);
          // fetch joins repeated headers with ", "; Cache-Control's one value may itself hold commas, but no
          // directive twice.
          const parts = value?.split(", ") ?? [];
          const single = name === "cache-control" ? new Set(parts).size === parts.length : parts.length <= 1;
          expect(single, `${target}: ${name} sent more than once (${value})`);
        }
      }
      for (const target of [`/subscribe/${token}`, `/unsubscribe/${token}`]) {
        const sent = await client.send(target);
        expect(
          sent.headers.get("cache-control") === "private, no-store",
          `${target}: Cache-Control ${sent.headers.get("cache-control")}`,
        );
        expect(
          sent.headers.get("referrer-policy") === "no-referrer",
          `${target}: Referrer-Policy ${sent.headers.get("referrer-policy")}`,
        );
        expect(
          sent.headers.get("x-robots-tag") === "noindex",
          `${target}: X-Robots-Tag ${sent.headers.get("x-robots-tag")}`,
        );
      }
      return `${methods} unserved-method requests, ${resources.length} resource routes × 2 (${dataForms} .data requests), ${pages.length} pages' headers`;
    },
  );

  await group(
    "issue 32: tracking numbers, places and links under the limits (own database, TRACK_RATE_LIMIT=5, https SITE_URL)",
    async () => {
      // Client addresses come from X-Forwarded-For (TRUST_PROXY), so each check starts with its own counts.
      const databaseUrl = await store.createDatabase("security_issue_32");
      const limited = await startApp({
        buildDir,
        env: {
          SEED_DEMO: "true",
          LOG_LEVEL: "warn",
          DATABASE_URL: databaseUrl,
          TRACK_RATE_LIMIT: "5",
          TRUST_PROXY: "true",
          SITE_URL: "https://freight.example",
          ADMIN_EMAIL,
          ADMIN_PASSWORD,
        },
      });
      const other = new Client(limited.url);
      const from = (ip: string) => ({ "X-Forwarded-For": ip });
      const number = "UTG-1234-5678";
      try {
        // 1. 'Get updates' (document and .data posts, found and unknown numbers) counts like a lookup.
        const statuses: number[] = [];
        for (let i = 0; i < 40; i++) {
          const target = `/track/${i % 2 ? `UTG-9${String(i).padStart(3, "0")}-0000` : number}/updates${i % 3 ? ".data" : ""}`;
          const sent = await other.send(target, {
            method: "POST",
            body: {
              ...encode([
                ["intent", "email"],
                ["email", `walker${i}@example.com`],
              ]),
              headers: from("198.51.100.40"),
            },
          });
          statuses.push(sent.status);
        }
        expect(
          statuses.slice(5).every((status) => status === 429),
          `'Get updates' posts answered ${statuses.join(", ")} (429 from the sixth at the latest)`,
        );
        // 2. One client cannot fill a shipment's places with plus-addresses.
        const places: number[] = [];
        for (let i = 0; i < 5; i++) {
          const sent = await other.send(`/track/${number}/updates.data`, {
            method: "POST",
            body: {
              ...encode([
                ["intent", "email"],
                ["email", `mallory+${i}@example.com`],
              ]),
              headers: from(`198.51.100.41`),
            },
          });
          places.push(sent.status);
        }
        expect(
          places.join() === "200,200,200,409,409",
          `plus-addresses from one client answered ${places.join(", ")}`,
        );
        // The consignee, from another address, still gets in.
        const consignee = await other.send(`/track/${number}/updates.data`, {
          method: "POST",
          body: {
            ...encode([
              ["intent", "email"],
              ["email", "grace@kollie-energy.example"],
            ]),
            headers: from("198.51.100.42"),
          },
        });
        expect(consignee.status === 200, `the consignee's request answered ${consignee.status}`);
        // 3. With an https SITE_URL every cookie is Secure (the toast's too), and an http:// origin on SITE_URL's
        // host is another origin.
        const signedIn = await other.send("/admin-login", {
          method: "POST",
          body: {
            ...encode([
              ["email", ADMIN_EMAIL],
              ["password", ADMIN_PASSWORD],
            ]),
            headers: from("198.51.100.43"),
          },
        });
        const cookies = signedIn.headers.getSetCookie();
        expect(
          cookies.some((c) => c.startsWith("toast=")),
          `no toast cookie after signing in (${cookies.join(" | ")})`,
        );
        for (const cookie of cookies)
          expect(/;\s*Secure/i.test(cookie), `cookie without Secure: ${cookie.split(";")[0]}`);
        const plain = await rawRequest(limited.url, {
          method: "POST",
          path: "/contact",
          headers: {
            Host: "freight.example",
            Origin: "http://freight.example",
            "Content-Type": URLENCODED,
            "Content-Length": "0",
          },
        });
        expect(plain.status === 403, `a post from http://freight.example answered ${plain.status}, not 403`);
        const port = await rawRequest(limited.url, {
          method: "POST",
          path: "/contact",
          headers: {
            Host: "freight.example",
            Origin: "https://freight.example:8443",
            "Content-Type": URLENCODED,
            "Content-Length": "0",
          },
        });
        expect(
          port.status === 403,
          `a post from https://freight.example:8443 answered ${port.status}, not 403`,
        );
        const same = await rawRequest(limited.url, {
          method: "POST",
          path: "/contact",
          headers: {
            Host: "freight.example",
            Origin: "https://freight.example",
            "Content-Type": URLENCODED,
            "Content-Length": "0",
          },
        });
        expect(same.status !== 403, "a post from https://freight.example itself was refused");
        // 4. The secret-token pages are rate limited per client.
        const links: number[] = [];
        for (let i = 0; i < 7; i++) {
          const target = [`/subscribe/`, `/unsubscribe/`, `/delivery-note/`][i % 3]! + "B".repeat(43);
          links.push((await other.send(target, { headers: from("198.51.100.44") })).status);
        }
        expect(
          links.slice(5).every((s) => s === 429),
          `token pages answered ${links.join(", ")} (429 after 5)`,
        );
        return `'Get updates': ${statuses.filter((s) => s === 429).length} of 40 refused; plus-addresses ${places.join(", ")}; ${cookies.length} cookies Secure; token pages ${links.join(", ")}`;
      } finally {
        await limited.stop();
        fs.rmSync(limited.dataDir, { recursive: true, force: true });
      }
    },
  );

  await group("the app logged no errors and answered no 5xx", async () => {
    const lines = app
      .output()
      .split("\n")
      .filter((l) => /"level":(50|60)/.test(l));
    // React Router's own 4xx answers (405 for a POST to a page without an action) reach handleError too.
    const routerAnswers = lines.filter(
      (l) => /"err":\{"status":4\d\d,/.test(l) && l.includes('"internal":true'),
    );
    for (const line of lines.filter((l) => !routerAnswers.includes(l)).slice(0, 10)) {
      fail(`error logged: ${line.slice(0, 300)}`);
    }
    const note = routerAnswers.length
      ? `; ${routerAnswers.length} router 4xx answers logged at error level`
      : "";
    return `${client.requests} requests in the whole run${note}`;
  });

  // Last: a stalled connection would slow every group after it.
  await group("a big post answered before its body is read does not stall the connection", async () => {
    // Refused before the body is read: no session (admin actions), no action (a page), logout (ignores it).
    const big = encode([["padding", "x".repeat(1_000_000)]]);
    let requests = 0;
    for (const target of ["/admin/settings", "/admin/media", "/admin/logout", "/track"]) {
      for (let i = 0; i < 4; i++) {
        const sent = await client.send(target, { method: "POST", body: big, timeoutMs: 3000 });
        const next = await client.send("/healthz", { timeoutMs: 3000, raw: true });
        requests += 2;
        expect(sent.status === 0 || sent.status < 500, `POST ${target}: status ${sent.status}`);
        expect(
          next.status === 0 || next.status === 200,
          `GET /healthz after POST ${target}: status ${next.status}`,
        );
      }
    }
    return `${requests} requests, each answered`;
  });
} catch (error) {
  if (!failedSetup) console.log(`✗ the run stopped: ${error instanceof Error ? error.stack : error}`);
  results.push({ name: "run", ok: false });
} finally {
  await app.stop();
  if (problems.length === 0 && results.some((r) => !r.ok)) {
    console.log(`\nApp output (last lines):\n${app.output().slice(-3000)}`);
  }
  // The last process of the DATA_DIR to leave stops its server; only then do its files go.
  await store.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

function refusedAccess(what: string, sent: Sent, allowed: string[], secrets: string[]) {
  const isData = what.includes(".data");
  // A resource route (a file, an export, logout) has no `.data` form at all (decision 024): the shell's plain 404.
  if (isData && sent.status === 404 && sent.body === "Not found") {
    // refused before any loader ran
  } else if (isData && sent.status === 202) {
    const to = sent.body.match(/"redirect","([^"]+)"/)?.[1] ?? "";
    expect(
      allowed.some((a) => to.startsWith(a)),
      `${what}: data request not redirected to the login page (${sent.body.slice(0, 100)})`,
    );
  } else if (sent.status >= 300 && sent.status < 400) {
    expect(
      allowed.some((a) => (sent.location ?? "").startsWith(a)),
      `${what}: redirected to ${sent.location}`,
    );
  } else {
    expect(sent.status === 401 || sent.status === 403, `${what}: status ${sent.status}`);
  }
  for (const secret of secrets) expect(!sent.body.includes(secret), `${what}: the answer contains ${secret}`);
  expect(!sessionToken(sent), `${what}: a session cookie was set`);
}

/** One request with any method and headers (fetch refuses TRACE and a Host header), its status and headers. */
function rawRequest(
  base: string,
  { method, path: target, headers = {} }: { method: string; path: string; headers?: Record<string, string> },
): Promise<{ status: number; headers: http.IncomingHttpHeaders }> {
  const url = new URL(base);
  return new Promise((resolve) => {
    const request = http.request(
      { host: url.hostname, port: url.port, method, path: target, headers, timeout: 10_000 },
      (res) => {
        res.resume();
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
      },
    );
    request.on("error", () => resolve({ status: 0, headers: {} }));
    request.end();
  });
}

/** A real 20000×20000 greyscale PNG (1 bit per pixel, one colour): 50 KB on disk, 400 megapixels decoded. */
async function decompressionBomb(): Promise<Uint8Array> {
  const { deflateSync, crc32 } = await import("node:zlib");
  const width = 20_000;
  const height = 20_000;
  const row = Math.ceil(width / 8) + 1;
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([1, 0, 0, 0, 0], 8);
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.alloc(row * height), { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
  const meta = await sharp(png, { limitInputPixels: false }).metadata();
  if (meta.width !== width || meta.height !== height) throw new Error("the bomb is not a 20000×20000 PNG");
  return new Uint8Array(png);
}

/** A small PNG made by sharp whose header then claims 65535×65535 pixels. */
async function lyingHeader(): Promise<Uint8Array> {
  const { crc32 } = await import("node:zlib");
  const png = Buffer.from(await smallPng());
  png.writeUInt32BE(65_535, 16);
  png.writeUInt32BE(65_535, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return new Uint8Array(png);
}

const passed = results.filter((r) => r.ok).length;
const failed = results.length - passed;
console.log(
  `\n${client.requests} requests, ${corpusRequests} of them with the corpus; ${((Date.now() - started) / 1000).toFixed(1)} s`,
);
console.log(`security: ${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
