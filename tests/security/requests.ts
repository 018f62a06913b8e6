// Requests as the suite's admin and visitors make them (posts, logins, uploads, records made through the app),
// for the suite's global setup and its test files alike: no Vitest here.
import crypto from "node:crypto";
import sharp from "sharp";
import { type Client, type Sent, uuids } from "./client.ts";
import {
  type Body,
  type Entries,
  type FieldValue,
  MULTIPART,
  multipart,
  URLENCODED,
  urlencode,
} from "./corpus.ts";

export const ADMIN_EMAIL = "security-admin@example.com";
export const ADMIN_PASSWORD = "security suite passphrase 2026";
export const MEDIA_MAX_MB = 1;
/** In the name of every record the fixtures make. */
export const MARK = "Sec Fixture";
export const ID = "([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})";

export const cookieOf = (token: string) => `admin_session=${token}`;
export const sessionToken = (sent: Sent) =>
  sent.headers
    .getSetCookie()
    .map((c) => c.match(/^admin_session=([A-Za-z0-9_-]{43});/)?.[1])
    .find(Boolean) ?? null;
export const successful = (sent: Sent) => sent.status === 200 || (sent.status >= 300 && sent.status < 400);

export function encode(entries: Entries, encoding: "urlencoded" | "multipart" = "urlencoded"): Body {
  return encoding === "multipart"
    ? { body: multipart(entries), contentType: MULTIPART }
    : { body: urlencode(entries), contentType: URLENCODED };
}

export const quoteEntries = (name: string, extra: Record<string, string> = {}): Entries =>
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
export const contactEntries = (name: string, extra: Record<string, string> = {}): Entries =>
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
export async function smallPng(): Promise<Uint8Array> {
  const shade = 40 + (pngSerial++ % 200);
  return new Uint8Array(
    await sharp({ create: { width: 48, height: 32, channels: 3, background: { r: shade, g: 80, b: 160 } } })
      .png()
      .toBuffer(),
  );
}

export type Requests = ReturnType<typeof requestsOf>;

/** Requests through `client`; `adminToken` is the signed-in admin's session (set once the admin signed in). */
export function requestsOf(client: Client, adminToken: () => string) {
  const adminCookie = () => cookieOf(adminToken());
  const origin = () => client.base;

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

  async function linkedIds(page: string, prefix: string): Promise<Set<string>> {
    const sent = await client.send(page, { cookie: adminCookie() });
    return new Set([...sent.body.matchAll(new RegExp(`${prefix}/${ID}`, "g"))].map((m) => m[1]!));
  }

  /** The id of the one record `create` added to the links of `page`. */
  async function newId(page: string, prefix: string, create: () => Promise<Sent>): Promise<string> {
    const before = await linkedIds(page, prefix);
    const sent = await create();
    const added = [...(await linkedIds(page, prefix))].filter((id) => !before.has(id));
    if (added.length !== 1)
      throw new Error(`expected one new link on ${page}, got ${added.length} (status ${sent.status})`);
    return added[0]!;
  }

  /** The one UUID `create` added to `page`. */
  async function newUuid(page: string, create: () => Promise<Sent>): Promise<string> {
    const before = new Set(uuids((await client.send(page, { cookie: adminCookie() })).body));
    await create();
    const added = uuids((await client.send(page, { cookie: adminCookie() })).body).filter(
      (id) => !before.has(id),
    );
    if (added.length !== 1) throw new Error(`expected one new id on ${page}, got ${added.length}`);
    return added[0]!;
  }

  /** An upload to the media library as its script sends it (JSON answer). */
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

  return { client, adminCookie, origin, post, login, newId, newUuid, uploadJson };
}
