// Longer than 450 lines: proof of delivery from the action to the delivery note shares one database, one
// clerk and the image fixtures.
// Proof of delivery on a real database: the 'Record delivery' action, its photo uploads to a draft, recording
// once on a double submit, status + history + the consignee's message with the delivery note link, refused
// uploads that store nothing, EXIF location stripped by default, the link's expiry and the staff-only images.
import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { count, eq } from "drizzle-orm";
import type { RouterContextProvider } from "react-router";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { receiverInitials } from "#app/lib/receiver-initials.ts";
import { action as pageAction, loader as pageLoader } from "#app/routes/admin/shipments.$id.deliver.tsx";
import { loader as signatureLoader } from "#app/routes/resources/admin.deliveries.$id.signature.ts";
import { loader as photoLoader } from "#app/routes/resources/admin.delivery-photos.$id.ts";
import { action as photoAction } from "#app/routes/resources/admin.shipments.$id.deliver.photos.ts";
import { loader as staffNoteLoader } from "#app/routes/resources/admin.shipments.$id.delivery-note.pdf.ts";
import { loader as publicNoteLoader } from "#app/routes/resources/delivery-note.$token.ts";
import {
  consignees,
  deliveryNoteTokens,
  deliveryPhotos,
  outbox,
  shipmentDeliveries,
  shipmentStatusHistory,
  shipments,
  shippers,
} from "#app/server/db/schema.ts";
import { pdfPagesText } from "#app/server/documents/pdf-readers.test-support.ts";
import type { Services } from "#app/server/services.server.ts";
import { setNotificationsEnabled } from "#app/server/settings/notification-settings.server.ts";
import {
  DELIVERY_NOTE_LINK_MS,
  findDeliveryNoteByToken,
  recordDelivery,
} from "#app/server/shipments/deliveries.server.ts";
import { processDeliveryImage } from "#app/server/shipments/delivery-images.server.ts";
import { getPublicShipmentByTrackingNumber } from "#app/server/shipments/tracking.server.ts";
import { presentTracking } from "#app/server/shipments/tracking-view.server.ts";
import { signInStaff } from "#tests/setup/staff-session.ts";
import { createTestContext, createTestServices } from "#tests/setup/test-db.ts";

const MB = 1024 * 1024;
const SITE = "https://unitrans.example";
let services: Services;
let cookie: string;

beforeAll(async () => {
  services = await createTestServices({ SITE_URL: SITE });
  ({ cookie } = await signInStaff({ ...services, email: "driver@example.com" }));
  await setNotificationsEnabled({ db: services.db, enabled: true });
});
afterAll(() => services.close());

const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 60, b: 40 } } });
const signaturePng = () =>
  sharp({ create: { width: 600, height: 200, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .composite([
      {
        input: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="600" height="200"><path d="M20 150 C 120 20, 220 180, 580 40" stroke="#000" stroke-width="6" fill="none"/></svg>',
        ),
      },
    ])
    .png()
    .toBuffer();
/** A JPEG as a phone takes it: with its GPS position in the EXIF. */
const gpsJpeg = () =>
  picture(1200, 900)
    .jpeg()
    .withExif({
      IFD0: { Make: "TestPhone" },
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: "6/1 18/1 0/1",
        GPSLongitudeRef: "W",
        GPSLongitude: "10/1 48/1 0/1",
      },
    })
    .toBuffer();

let shipmentId: string;
let trackingNumber: string;
let serial = 0;
beforeEach(async () => {
  serial++;
  const [shipper] = await services.db
    .insert(shippers)
    .values({ name: "Ada Shipper", email: "shipper@example.com" })
    .returning();
  const [consignee] = await services.db
    .insert(consignees)
    .values({ name: "Kofi Consignee", email: `consignee${serial}@example.com` })
    .returning();
  trackingNumber = `UTG-4400-${String(serial).padStart(4, "0")}`;
  const [row] = await services.db
    .insert(shipments)
    .values({
      trackingNumber,
      status: "Out for Delivery",
      estimatedDelivery: new Date("2026-11-30T00:00:00Z"),
      originLocation: "Shanghai",
      destinationLocation: "Monrovia",
      shipperId: shipper!.id,
      consigneeId: consignee!.id,
    })
    .returning();
  shipmentId = row!.id;
});

const context = (): RouterContextProvider => createTestContext(services);

async function call(
  fn: (args: never) => unknown,
  pathName: string,
  {
    params = {},
    body,
    signedIn = true,
  }: { params?: Record<string, string>; body?: FormData; signedIn?: boolean } = {},
): Promise<Response> {
  try {
    const result = await fn({
      request: new Request(`http://localhost${pathName}`, {
        method: body ? "POST" : "GET",
        headers: signedIn ? { cookie } : {},
        body,
      }),
      context: context(),
      params,
    } as never);
    if (result instanceof Response) return result;
    const init = (result as { init?: ResponseInit; data?: unknown }).init;
    if (result && typeof result === "object" && "data" in result)
      return Response.json((result as { data: unknown }).data, { status: init?.status ?? 200 });
    return Response.json(result);
  } catch (error) {
    if (error instanceof Response) return error;
    const init = (error as { init?: { status?: number } }).init;
    if (init?.status) return new Response(null, { status: init.status });
    throw error;
  }
}

const form = (fields: Record<string, string | Blob | Blob[]>) => {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (typeof item === "string") body.append(name, item);
      else body.append(name, item, name === "signature" ? "signature.png" : "photo.jpg");
    }
  }
  return body;
};
const file = (bytes: Buffer, type = "image/jpeg") => new Blob([new Uint8Array(bytes)], { type });
const draft = () => crypto.randomUUID();
const rowCounts = async () => ({
  deliveries: (await services.db.select({ n: count() }).from(shipmentDeliveries))[0]!.n,
  photos: (await services.db.select({ n: count() }).from(deliveryPhotos))[0]!.n,
  history: (await services.db.select({ n: count() }).from(shipmentStatusHistory))[0]!.n,
});
const savePath = () => `/admin/shipments/${shipmentId}/deliver`;
const saveFields = (draftId: string, more: Record<string, string | Blob | Blob[]> = {}) => ({
  intent: "save-delivery",
  draftId,
  receiverName: "John Doe",
  deliveredAt: "2026-11-21T15:40",
  remarks: "One carton dented",
  internalNote: "Driver waited 40 minutes at the gate",
  ...more,
});

describe("recording a delivery", () => {
  it("gives each visit a draft in its URL and refuses someone not signed in", async () => {
    const first = await call(pageLoader, savePath(), { params: { id: shipmentId } });
    expect(((await first.json()) as { draftPath: string }).draftPath).toMatch(
      new RegExp(`^/admin/shipments/${shipmentId}/deliver\\?draft=[0-9a-f-]{36}$`),
    );
    const anonymous = await call(pageAction, savePath(), {
      params: { id: shipmentId },
      body: form(saveFields(draft())),
      signedIn: false,
    });
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toMatch(/^\/admin-login/);
    const photo = await call(photoAction, `${savePath()}/photos`, {
      params: { id: shipmentId },
      body: form({ draftId: draft(), photo: file(await picture(50, 50).jpeg().toBuffer()) }),
      signedIn: false,
    });
    expect(photo.headers.get("Location")).toMatch(/^\/admin-login/);
    expect((await rowCounts()).deliveries).toBe(0);
  });

  it("sets Delivered with its history entry, attaches signature and photos, and records once when saved twice", async () => {
    const draftId = draft();
    // A photo uploaded ahead (the page's script), then the form with the signature and one more photo.
    const uploaded = await call(photoAction, `${savePath()}/photos`, {
      params: { id: shipmentId },
      body: form({ draftId, photo: file(await picture(2400, 1800).jpeg().toBuffer()) }),
    });
    expect(uploaded.status).toBe(200);
    const answer = (await uploaded.json()) as { ok: boolean; photo: { id: string; url: string } };
    expect(answer.ok).toBe(true);
    // Reloading the page lists the pending photo again.
    const reloaded = await call(pageLoader, `${savePath()}?draft=${draftId}`, { params: { id: shipmentId } });
    expect(((await reloaded.json()) as { photos: { id: string }[] }).photos.map((p) => p.id)).toEqual([
      answer.photo.id,
    ]);

    const fields = saveFields(draftId, {
      signature: file(await signaturePng(), "image/png"),
      photos: file(await picture(640, 480).png().toBuffer(), "image/png"),
    });
    const [first, second] = await Promise.all([
      call(pageAction, savePath(), { params: { id: shipmentId }, body: form(fields) }),
      call(pageAction, savePath(), { params: { id: shipmentId }, body: form(fields) }),
    ]);
    for (const response of [first, second]) {
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe(`/admin/shipments/${shipmentId}`);
    }

    const deliveries = await services.db
      .select()
      .from(shipmentDeliveries)
      .where(eq(shipmentDeliveries.shipmentId, shipmentId));
    expect(deliveries).toHaveLength(1);
    const delivery = deliveries[0]!;
    expect(delivery.receiverName).toBe("John Doe");
    expect(delivery.receiverRemarks).toBe("One carton dented");
    expect(delivery.internalNote).toBe("Driver waited 40 minutes at the gate");
    expect(delivery.signature).not.toBeNull();
    const [row] = await services.db.select().from(shipments).where(eq(shipments.id, shipmentId));
    expect(row!.status).toBe("Delivered");
    const history = await services.db
      .select()
      .from(shipmentStatusHistory)
      .where(eq(shipmentStatusHistory.shipmentId, shipmentId));
    expect(history.map((h) => [h.status, h.location, h.notes])).toEqual([["Delivered", "Monrovia", null]]);
    expect(delivery.historyId).toBe(history[0]!.id);
    const photos = await services.db
      .select()
      .from(deliveryPhotos)
      .where(eq(deliveryPhotos.deliveryId, delivery.id));
    expect(photos).toHaveLength(2);
    // Re-encoded as JPEG, the large one scaled to 1600 px on its longest side.
    expect(photos.map((p) => [p.mimeType, Math.max(p.width, p.height)])).toEqual([
      ["image/jpeg", 1600],
      ["image/jpeg", 640],
    ]);

    // The public tracking page: 'signed by' the initials, nothing else of the receiver.
    const shipment = await getPublicShipmentByTrackingNumber({ db: services.db, trackingNumber });
    const view = presentTracking({ shipment: shipment!, timeZone: "Africa/Monrovia" });
    expect(view.arrival?.text).toBe("Nov 21, 2026 3:40 PM, signed by J. D.");
    expect(JSON.stringify(view)).not.toContain("John");
    expect(JSON.stringify(view)).not.toContain("dented");
    expect(JSON.stringify(view)).not.toContain("40 minutes");

    // The page of a saved draft goes back to the shipment.
    const again = await call(pageLoader, `${savePath()}?draft=${draftId}`, { params: { id: shipmentId } });
    expect(again.headers.get("Location")).toBe(`/admin/shipments/${shipmentId}`);
  });

  it("tells the consignee with a link to the signed delivery note, valid 30 days, and only the consignee", async () => {
    const now = new Date();
    const result = await recordDelivery({
      db: services.db,
      shipmentId,
      draftId: draft(),
      input: {
        receiverName: "Mary Ann Kollie",
        deliveredAt: new Date(now.getTime() - 60_000),
        remarks: "Two cartons wet",
        internalNote: "Consignee was rude to the driver",
      },
      signature: null,
      now,
    });
    expect(result).toMatchObject({ ok: true, duplicate: false });
    await services.notifications.runOnce();
    const mails = await services.db.select().from(outbox);
    const toConsignee = mails.find((m) => m.to === `consignee${serial}@example.com`);
    const toShipper = mails.filter((m) => m.to === "shipper@example.com" && m.text.includes(trackingNumber));
    expect(toConsignee?.subject).toBe(`${trackingNumber}: Delivered at Monrovia`);
    const link = new RegExp(`${SITE}/delivery-note/([A-Za-z0-9_-]{43})`).exec(toConsignee!.text);
    expect(link).not.toBeNull();
    expect(toConsignee!.html).toContain(`${SITE}/delivery-note/${link![1]}`);
    // A typed name is no signature: the link says who received it; a delivered shipment has no estimate.
    expect(toConsignee!.text).toContain("Your delivery note, received by M. A. K. (link valid for 30 days)");
    expect(toConsignee!.html).not.toContain("signature");
    for (const mail of [toConsignee!, ...toShipper]) expect(mail.text).not.toContain("Estimated delivery");
    expect(toShipper.length).toBeGreaterThan(0);
    for (const mail of toShipper) expect(mail.text).not.toContain("/delivery-note/");
    // Only the token's hash is stored.
    const stored = await services.db.select().from(deliveryNoteTokens);
    expect(stored.some((t) => t.tokenHash === link![1])).toBe(false);

    // No signature was drawn: the tracking page says who received it, not who signed.
    const tracked = await getPublicShipmentByTrackingNumber({ db: services.db, trackingNumber });
    const view = presentTracking({ shipment: tracked!, timeZone: "Africa/Monrovia" });
    expect(view.arrival?.text).toMatch(/, received by M\. A\. K\.$/);

    const token = link![1]!;
    const note = await call(publicNoteLoader, `/delivery-note/${token}`, {
      params: { token },
      signedIn: false,
    });
    expect(note.status).toBe(200);
    expect(note.headers.get("Content-Type")).toBe("application/pdf");
    expect(note.headers.get("Cache-Control")).toBe("private, no-store");
    expect(note.headers.get("Referrer-Policy")).toBe("no-referrer");
    const text = (await pdfPagesText(Buffer.from(await note.arrayBuffer()))).join("\n");
    expect(text).toContain("Mary Ann Kollie");
    expect(text).toContain("Signed by typed name: Mary Ann Kollie");
    // The receiver's remarks are printed for the consignee; staff's internal note never is, nor sent.
    expect(text).toContain("Two cartons wet");
    expect(text).not.toContain("rude");
    for (const mail of mails) expect(`${mail.subject} ${mail.text} ${mail.html}`).not.toContain("rude");

    // Expired after 30 days; an unknown or malformed token is a 404.
    const later = new Date(now.getTime() + DELIVERY_NOTE_LINK_MS + 1000);
    expect(await findDeliveryNoteByToken({ db: services.db, token, now })).not.toBeNull();
    expect(await findDeliveryNoteByToken({ db: services.db, token, now: later })).toBeNull();
    await services.db.update(deliveryNoteTokens).set({ expiresAt: new Date(now.getTime() - 1000) });
    expect((await call(publicNoteLoader, "/", { params: { token }, signedIn: false })).status).toBe(404);
    const wrong = "A".repeat(43);
    expect((await call(publicNoteLoader, "/", { params: { token: wrong }, signedIn: false })).status).toBe(
      404,
    );
    expect((await call(publicNoteLoader, "/", { params: { token: "../x" }, signedIn: false })).status).toBe(
      404,
    );
  });

  it("refuses a file that is not an image, one too large and a decompression bomb, storing nothing", async () => {
    const before = await rowCounts();
    const bomb = await picture(10_000, 10_000).png({ compressionLevel: 9 }).toBuffer();
    const tooLarge = Buffer.concat([await picture(100, 100).jpeg().toBuffer(), Buffer.alloc(11 * MB)]);
    const cases: [Buffer, string][] = [
      [
        Buffer.from("<!doctype html><script>alert(1)</script>"),
        "Only JPEG, PNG, WebP, GIF and AVIF images can be uploaded.",
      ],
      [tooLarge, "The file is larger than 10 MB."],
      [bomb, "The image could not be read. It may be damaged or too large."],
    ];
    for (const [bytes, message] of cases) {
      const draftId = draft();
      const upload = await call(photoAction, `${savePath()}/photos`, {
        params: { id: shipmentId },
        body: form({ draftId, photo: file(bytes) }),
      });
      expect(upload.status).toBe(400);
      expect(await upload.json()).toEqual({ ok: false, message });
      // Without JavaScript: the photo in the form refuses the whole delivery.
      const save = await call(pageAction, savePath(), {
        params: { id: shipmentId },
        body: form(saveFields(draftId, { photos: file(bytes) })),
      });
      expect(save.status).toBe(400);
      expect(((await save.json()) as { errors: { photos: string[] } }).errors.photos[0]).toBe(
        `photo.jpg: ${message}`,
      );
      const signature = await call(pageAction, savePath(), {
        params: { id: shipmentId },
        body: form(saveFields(draftId, { signature: file(bytes, "image/png") })),
      });
      expect(signature.status).toBe(400);
      expect(((await signature.json()) as { errors: { signature: string[] } }).errors.signature[0]).toBe(
        `Signature: ${message}`,
      );
    }
    // A missing name is refused too.
    const nameless = await call(pageAction, savePath(), {
      params: { id: shipmentId },
      body: form(saveFields(draft(), { receiverName: "  " })),
    });
    expect(nameless.status).toBe(400);
    expect(((await nameless.json()) as { errors: { receiverName: string[] } }).errors.receiverName).toEqual([
      "Receiver's name is required.",
    ]);
    expect(await rowCounts()).toEqual(before);
    const [row] = await services.db.select().from(shipments).where(eq(shipments.id, shipmentId));
    expect(row!.status).toBe("Out for Delivery");
  });

  it("takes at most 3 photos per draft", async () => {
    const draftId = draft();
    const jpeg = await picture(100, 100).jpeg().toBuffer();
    const answers = [];
    for (let i = 0; i < 4; i++) {
      const response = await call(photoAction, `${savePath()}/photos`, {
        params: { id: shipmentId },
        body: form({ draftId, photo: file(jpeg) }),
      });
      answers.push([response.status, ((await response.json()) as { ok: boolean }).ok]);
    }
    expect(answers).toEqual([
      [200, true],
      [200, true],
      [200, true],
      [400, false],
    ]);
  });

  it("strips the EXIF location unless the clerk keeps it", async () => {
    const original = await gpsJpeg();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const stripped = await processDeliveryImage({ bytes: original, maxBytes: 10 * MB, kind: "photo" });
    const kept = await processDeliveryImage({
      bytes: original,
      maxBytes: 10 * MB,
      kind: "photo",
      keepLocation: true,
    });
    if (!stripped.ok || !kept.ok) throw new Error("refused");
    expect((await sharp(stripped.data).metadata()).exif).toBeUndefined();
    expect(await exifGps(stripped.data)).toBe(false);
    expect(await exifGps(kept.data)).toBe(true);
  });
});

describe("the staff-only images and the delivery note", () => {
  it("serves the signature and photos to signed-in staff only, never cached, and prints them on the note", async () => {
    const draftId = draft();
    const saved = await call(pageAction, savePath(), {
      params: { id: shipmentId },
      body: form(
        saveFields(draftId, {
          signature: file(await signaturePng(), "image/png"),
          photos: [file(await picture(800, 600).jpeg().toBuffer())],
        }),
      ),
    });
    expect(saved.status).toBe(302);
    const [delivery] = await services.db
      .select()
      .from(shipmentDeliveries)
      .where(eq(shipmentDeliveries.draftId, draftId));
    const [photo] = await services.db
      .select()
      .from(deliveryPhotos)
      .where(eq(deliveryPhotos.deliveryId, delivery!.id));

    const signature = await call(signatureLoader, `/admin/deliveries/${delivery!.id}/signature`, {
      params: { id: delivery!.id },
    });
    expect(signature.status).toBe(200);
    expect(signature.headers.get("Content-Type")).toBe("image/png");
    expect(signature.headers.get("Cache-Control")).toBe("private, no-store");
    const image = await call(photoLoader, `/admin/delivery-photos/${photo!.id}`, {
      params: { id: photo!.id },
    });
    expect(image.headers.get("Content-Type")).toBe("image/jpeg");
    expect(image.headers.get("Cache-Control")).toBe("private, no-store");
    // The addresses the role table (decision 019) knows: staff-only, Operations and Administrators.
    for (const [loader, id, url] of [
      [signatureLoader, delivery!.id, (x: string) => `/admin/deliveries/${x}/signature`],
      [photoLoader, photo!.id, (x: string) => `/admin/delivery-photos/${x}`],
    ] as const) {
      const anonymous = await call(loader, url(id), { params: { id }, signedIn: false });
      expect(anonymous.status).toBe(302);
      expect(anonymous.headers.get("Location")).toMatch(/^\/admin-login/);
      const other = crypto.randomUUID();
      expect((await call(loader, url(other), { params: { id: other } })).status).toBe(404);
    }

    const note = await call(staffNoteLoader, `/admin/shipments/${shipmentId}/delivery-note.pdf`, {
      params: { id: shipmentId },
    });
    const pdf = Buffer.from(await note.arrayBuffer());
    const pages = await pdfPagesText(pdf);
    expect(pages).toHaveLength(2);
    expect(pages[0]).toContain("John Doe");
    expect(pages[0]).toContain("One carton dented");
    // The drawn signature and the photo are images in the PDF.
    expect(await pdfImageCount(pdf)).toBeGreaterThanOrEqual(2);
  });

  it("writes initials only", () => {
    expect(receiverInitials("John Doe")).toBe("J. D.");
    expect(receiverInitials("  mary-ann  o'neil ")).toBe("M. A. O.");
    expect(receiverInitials("Émile Zola")).toBe("É. Z.");
    expect(receiverInitials("A B C D E")).toBe("A. D. E.");
    expect(receiverInitials("...")).toBe("");
  });
});

const execFileAsync = promisify(execFile);

/** How many images `pdfimages -list` (poppler-utils) finds in the PDF. */
async function pdfImageCount(pdf: Buffer): Promise<number> {
  const dir = await mkdtemp(path.join(tmpdir(), "pod-test-"));
  try {
    const name = path.join(dir, "note.pdf");
    await writeFile(name, pdf);
    const { stdout } = await execFileAsync("pdfimages", ["-list", name]);
    return stdout.split("\n").filter((line) => /^\s*\d+\s+\d+\s+image\b/.test(line)).length;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Whether the JPEG's EXIF holds a GPS IFD (tag 0x8825), read from the raw EXIF block sharp returns. */
async function exifGps(jpeg: Buffer): Promise<boolean> {
  const exif = (await sharp(jpeg).metadata()).exif;
  if (!exif) return false;
  const little = exif.toString("latin1", 6, 8) === "II";
  const read16 = (at: number) => (little ? exif.readUInt16LE(at) : exif.readUInt16BE(at));
  const read32 = (at: number) => (little ? exif.readUInt32LE(at) : exif.readUInt32BE(at));
  const tiff = 6;
  const ifd0 = tiff + read32(tiff + 4);
  const entries = read16(ifd0);
  for (let i = 0; i < entries; i++) if (read16(ifd0 + 2 + i * 12) === 0x8825) return true;
  return false;
}
