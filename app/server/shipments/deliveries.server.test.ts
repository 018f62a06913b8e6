// Proof of delivery on a real database: the 'Record delivery' action, its photo uploads to a draft, recording
// once on a double submit, status + history + the consignee's message with the delivery note link, refused
// uploads that store nothing, EXIF location stripped by default and the link's expiry. The staff-only images
// are tested in delivery-staff-images.server.test.ts; the shared fixture is in deliveries.test-support.ts.
import { count, eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { action as pageAction, loader as pageLoader } from "#app/routes/admin/shipments.$id.deliver.tsx";
import { action as photoAction } from "#app/routes/resources/admin.shipments.$id.deliver.photos.ts";
import { loader as publicNoteLoader } from "#app/routes/resources/delivery-note.$token.ts";
import {
  deliveryNoteTokens,
  deliveryPhotos,
  outbox,
  shipmentDeliveries,
  shipmentStatusHistory,
  shipments,
} from "#app/server/db/schema.ts";
import { pdfPagesText } from "#app/server/documents/pdf-readers.test-support.ts";
import type { Services } from "#app/server/services.server.ts";
import {
  DELIVERY_NOTE_LINK_MS,
  findDeliveryNoteByToken,
  recordDelivery,
} from "#app/server/shipments/deliveries.server.ts";
import {
  draft,
  file,
  form,
  MB,
  picture,
  SITE,
  saveFields,
  setUpDeliveryFixture,
  signaturePng,
} from "#app/server/shipments/deliveries.test-support.ts";
import { processDeliveryImage } from "#app/server/shipments/delivery-images.server.ts";
import { getPublicShipmentByTrackingNumber } from "#app/server/shipments/tracking.server.ts";
import { presentTracking } from "#app/server/shipments/tracking-view.server.ts";
import { createTestServices } from "#tests/setup/test-db.ts";

let services: Services;
let shipmentId: string;
let trackingNumber: string;
let serial: number;
const { call, savePath } = setUpDeliveryFixture(
  () => createTestServices({ SITE_URL: SITE }),
  (fixture) => {
    ({ services, shipmentId, trackingNumber, serial } = fixture);
  },
);

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

const rowCounts = async () => ({
  deliveries: (await services.db.select({ n: count() }).from(shipmentDeliveries))[0]!.n,
  photos: (await services.db.select({ n: count() }).from(deliveryPhotos))[0]!.n,
  history: (await services.db.select({ n: count() }).from(shipmentStatusHistory))[0]!.n,
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
