import crypto from "node:crypto";
import { and, asc, count, desc, eq, isNull, lt, sql } from "drizzle-orm";
import { MAX_DELIVERY_PHOTOS } from "#app/schemas/delivery.ts";
import type { Db, Tx } from "#app/server/db/client.server.ts";
import { deliveryNoteTokens, deliveryPhotos, shipmentDeliveries, shipments } from "#app/server/db/schema.ts";
import { isUuid } from "#app/server/db/text-search.server.ts";
import type { DeliveryImage } from "#app/server/shipments/delivery-images.server.ts";
import { addStatusUpdate } from "#app/server/shipments/shipments.server.ts";

// Proof of delivery (decision 015, 'Proof of delivery'): a delivery recorded from a phone, its pending photos
// (uploaded one by one under the page's draft id before 'Save'), and the consignee's link to the delivery note.

/** A pending photo not saved with a delivery within this long is dropped. */
export const PENDING_PHOTO_MS = 24 * 60 * 60 * 1000;
/** How long a delivery note link in a delivery message opens the note. */
export const DELIVERY_NOTE_LINK_MS = 30 * 24 * 60 * 60 * 1000;

export type DeliveryPhotoSummary = { id: string; width: number; height: number; size: number };

const photoSummary = {
  id: deliveryPhotos.id,
  width: deliveryPhotos.width,
  height: deliveryPhotos.height,
  size: deliveryPhotos.size,
};

/** The photos uploaded under a draft and not saved yet, oldest first. */
export async function listDraftPhotos({
  db,
  shipmentId,
  draftId,
}: {
  db: Db | Tx;
  shipmentId: string;
  draftId: string;
}): Promise<DeliveryPhotoSummary[]> {
  if (!isUuid(shipmentId) || !isUuid(draftId)) return [];
  return db
    .select(photoSummary)
    .from(deliveryPhotos)
    .where(
      and(
        eq(deliveryPhotos.shipmentId, shipmentId),
        eq(deliveryPhotos.draftId, draftId),
        isNull(deliveryPhotos.deliveryId),
      ),
    )
    .orderBy(asc(deliveryPhotos.createdAt), asc(deliveryPhotos.id));
}

/** The delivery a draft was saved as, or null. */
export async function getDeliveryByDraft({ db, draftId }: { db: Db | Tx; draftId: string }) {
  if (!isUuid(draftId)) return null;
  const [row] = await db
    .select({ id: shipmentDeliveries.id, shipmentId: shipmentDeliveries.shipmentId })
    .from(shipmentDeliveries)
    .where(eq(shipmentDeliveries.draftId, draftId));
  return row ?? null;
}

/**
 * Keeps one checked photo as a pending part of the draft (at most 3; none once the draft is saved). Pending
 * photos older than a day, of any draft, are dropped on the way.
 */
export async function addPendingPhoto({
  db,
  shipmentId,
  draftId,
  image,
  now = new Date(),
}: {
  db: Db;
  shipmentId: string;
  draftId: string;
  image: DeliveryImage;
  now?: Date;
}): Promise<{ ok: true; photo: DeliveryPhotoSummary } | { ok: false; message: string }> {
  return db.transaction(async (tx) => {
    const [shipment] = await tx
      .select({ id: shipments.id })
      .from(shipments)
      .where(eq(shipments.id, shipmentId))
      .for("update");
    if (!shipment) return { ok: false, message: "This shipment no longer exists." };
    await tx
      .delete(deliveryPhotos)
      .where(
        and(
          isNull(deliveryPhotos.deliveryId),
          lt(deliveryPhotos.createdAt, new Date(now.getTime() - PENDING_PHOTO_MS)),
        ),
      );
    if (await getDeliveryByDraft({ db: tx, draftId })) {
      return { ok: false, message: "This delivery is already recorded." };
    }
    const [{ pending } = { pending: 0 }] = await tx
      .select({ pending: count() })
      .from(deliveryPhotos)
      .where(and(eq(deliveryPhotos.draftId, draftId), isNull(deliveryPhotos.deliveryId)));
    if (pending >= MAX_DELIVERY_PHOTOS) {
      return { ok: false, message: `Attach at most ${MAX_DELIVERY_PHOTOS} photos.` };
    }
    const [photo] = await tx
      .insert(deliveryPhotos)
      .values({
        shipmentId,
        draftId,
        mimeType: image.mimeType,
        width: image.width,
        height: image.height,
        size: image.data.length,
        data: image.data,
        createdAt: now,
        updatedAt: now,
      })
      .returning(photoSummary);
    return { ok: true, photo: photo! };
  });
}

/** Removes a pending photo of the draft (a saved delivery's photos stay); false when there is none. */
export async function removePendingPhoto({
  db,
  shipmentId,
  draftId,
  id,
}: {
  db: Db;
  shipmentId: string;
  draftId: string;
  id: string;
}): Promise<boolean> {
  if (!isUuid(id) || !isUuid(draftId) || !isUuid(shipmentId)) return false;
  const deleted = await db
    .delete(deliveryPhotos)
    .where(
      and(
        eq(deliveryPhotos.id, id),
        eq(deliveryPhotos.shipmentId, shipmentId),
        eq(deliveryPhotos.draftId, draftId),
        isNull(deliveryPhotos.deliveryId),
      ),
    )
    .returning({ id: deliveryPhotos.id });
  return deleted.length > 0;
}

export type RecordDeliveryResult =
  | { ok: true; deliveryId: string; duplicate: boolean }
  | { ok: false; reason: "not-found" | "too-many-photos" };

/**
 * Records a delivery once per draft: in one transaction, the status update 'Delivered' (also the shipment's
 * current status, through `addStatusUpdate`, so its recipients are told the usual way), the delivery with its
 * signature, the draft's pending photos and `photos` (sent with the form) attached to it. A second 'Save' of
 * the same draft (a double press, a resent form) finds the first and changes nothing: the shipment's row is
 * locked first, and `draft_id` is unique.
 */
export async function recordDelivery({
  db,
  shipmentId,
  draftId,
  input,
  signature,
  photos = [],
  recordedBy = null,
  now = new Date(),
}: {
  db: Db;
  shipmentId: string;
  draftId: string;
  input: { receiverName: string; deliveredAt: Date; remarks: string | null; internalNote: string | null };
  /** The checked PNG of the drawn signature; null when the typed name stands for it. */
  signature: DeliveryImage | null;
  /** Photos sent with the form (without JavaScript), checked already. */
  photos?: DeliveryImage[];
  recordedBy?: string | null;
  now?: Date;
}): Promise<RecordDeliveryResult> {
  if (!isUuid(shipmentId) || !isUuid(draftId)) return { ok: false, reason: "not-found" };
  return db.transaction(async (tx) => {
    const [shipment] = await tx
      .select({ id: shipments.id, destination: shipments.destinationLocation })
      .from(shipments)
      .where(eq(shipments.id, shipmentId))
      .for("update");
    if (!shipment) return { ok: false, reason: "not-found" };
    const existing = await getDeliveryByDraft({ db: tx, draftId });
    if (existing) {
      return existing.shipmentId === shipmentId
        ? { ok: true, deliveryId: existing.id, duplicate: true }
        : { ok: false, reason: "not-found" };
    }
    const pending = await listDraftPhotos({ db: tx, shipmentId, draftId });
    if (pending.length + photos.length > MAX_DELIVERY_PHOTOS) return { ok: false, reason: "too-many-photos" };
    // The history entry says only 'Delivered' at the destination: the receiver's name, remarks and the internal
    // note are not public (the tracking page shows the receiver's initials, from the delivery).
    const entry = await addStatusUpdate({
      db: tx,
      shipmentId,
      input: {
        status: "Delivered",
        location: shipment.destination,
        notes: null,
        timestamp: input.deliveredAt,
        alsoSetCurrent: true,
      },
      now,
    });
    const [delivery] = await tx
      .insert(shipmentDeliveries)
      .values({
        shipmentId,
        draftId,
        receiverName: input.receiverName,
        deliveredAt: input.deliveredAt,
        signature: signature?.data ?? null,
        receiverRemarks: input.remarks,
        internalNote: input.internalNote,
        historyId: entry?.id ?? null,
        recordedBy,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: shipmentDeliveries.id });
    const deliveryId = delivery!.id;
    await tx
      .update(deliveryPhotos)
      .set({ deliveryId, updatedAt: now })
      .where(
        and(
          eq(deliveryPhotos.shipmentId, shipmentId),
          eq(deliveryPhotos.draftId, draftId),
          isNull(deliveryPhotos.deliveryId),
        ),
      );
    if (photos.length > 0) {
      await tx.insert(deliveryPhotos).values(
        photos.map((photo, i) => ({
          shipmentId,
          draftId,
          deliveryId,
          mimeType: photo.mimeType,
          width: photo.width,
          height: photo.height,
          size: photo.data.length,
          data: photo.data,
          // After the pending ones, in the order sent.
          createdAt: new Date(now.getTime() + i),
          updatedAt: now,
        })),
      );
    }
    return { ok: true, deliveryId, duplicate: false };
  });
}

export type RecordedDelivery = {
  id: string;
  receiverName: string;
  deliveredAt: Date;
  /** What the receiver remarked: printed on the delivery note. */
  receiverRemarks: string | null;
  /** Staff only: never on a customer's page, message or document. */
  internalNote: string | null;
  hasSignature: boolean;
  photos: DeliveryPhotoSummary[];
};

/** The shipment's latest recorded delivery (by delivery time), without its image bytes; null when none. */
export async function getShipmentDelivery({
  db,
  shipmentId,
}: {
  db: Db | Tx;
  shipmentId: string;
}): Promise<RecordedDelivery | null> {
  if (!isUuid(shipmentId)) return null;
  const [row] = await db
    .select({
      id: shipmentDeliveries.id,
      receiverName: shipmentDeliveries.receiverName,
      deliveredAt: shipmentDeliveries.deliveredAt,
      receiverRemarks: shipmentDeliveries.receiverRemarks,
      internalNote: shipmentDeliveries.internalNote,
      hasSignature: sql<boolean>`${shipmentDeliveries.signature} is not null`,
    })
    .from(shipmentDeliveries)
    .where(eq(shipmentDeliveries.shipmentId, shipmentId))
    .orderBy(desc(shipmentDeliveries.deliveredAt), desc(shipmentDeliveries.createdAt))
    .limit(1);
  if (!row) return null;
  const photos = await db
    .select(photoSummary)
    .from(deliveryPhotos)
    .where(eq(deliveryPhotos.deliveryId, row.id))
    .orderBy(asc(deliveryPhotos.createdAt), asc(deliveryPhotos.id));
  return { ...row, photos };
}

/** The latest delivery's proof as the delivery note prints it (signature and photo bytes); null when none. */
export async function getDeliveryProof({ db, shipmentId }: { db: Db; shipmentId: string }) {
  const delivery = await getShipmentDelivery({ db, shipmentId });
  if (!delivery) return null;
  const [row] = await db
    .select({ signature: shipmentDeliveries.signature })
    .from(shipmentDeliveries)
    .where(eq(shipmentDeliveries.id, delivery.id));
  const photos = await db
    .select({ data: deliveryPhotos.data })
    .from(deliveryPhotos)
    .where(eq(deliveryPhotos.deliveryId, delivery.id))
    .orderBy(asc(deliveryPhotos.createdAt), asc(deliveryPhotos.id));
  return {
    receiverName: delivery.receiverName,
    deliveredAt: delivery.deliveredAt,
    signature: row?.signature ? Buffer.from(row.signature) : null,
    photos: photos.map((photo) => Buffer.from(photo.data)),
    receiverRemarks: delivery.receiverRemarks,
  };
}

/** A delivery's signature or a delivery photo (saved or pending), for the staff-only image routes. */
export async function getDeliveryImage({
  db,
  kind,
  id,
}: {
  db: Db;
  kind: "signature" | "photo";
  id: string;
}): Promise<{ data: Uint8Array; mimeType: string } | null> {
  if (!isUuid(id)) return null;
  if (kind === "signature") {
    const [row] = await db
      .select({ data: shipmentDeliveries.signature })
      .from(shipmentDeliveries)
      .where(eq(shipmentDeliveries.id, id));
    return row?.data ? { data: row.data, mimeType: "image/png" } : null;
  }
  const [row] = await db
    .select({ data: deliveryPhotos.data, mimeType: deliveryPhotos.mimeType })
    .from(deliveryPhotos)
    .where(eq(deliveryPhotos.id, id));
  return row ?? null;
}

const hashToken = (token: string) => crypto.createHash("sha256").update(token).digest("hex");

/**
 * A new link token to the delivery's note (32 random bytes, base64url), valid for 30 days; only its SHA-256 is
 * stored. Made for each delivery message to the consignee, in the scheduler's transaction.
 */
export async function createDeliveryNoteToken({
  db,
  deliveryId,
  now = new Date(),
}: {
  db: Db | Tx;
  deliveryId: string;
  now?: Date;
}): Promise<string> {
  const token = crypto.randomBytes(32).toString("base64url");
  await db.insert(deliveryNoteTokens).values({
    deliveryId,
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + DELIVERY_NOTE_LINK_MS),
    createdAt: now,
    updatedAt: now,
  });
  return token;
}

/** The shipment whose delivery note a link's token opens, while it has not expired; null otherwise. */
export async function findDeliveryNoteByToken({
  db,
  token,
  now = new Date(),
}: {
  db: Db;
  token: string;
  now?: Date;
}): Promise<{ shipmentId: string; deliveryId: string } | null> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const [row] = await db
    .select({
      shipmentId: shipmentDeliveries.shipmentId,
      deliveryId: shipmentDeliveries.id,
      expiresAt: deliveryNoteTokens.expiresAt,
    })
    .from(deliveryNoteTokens)
    .innerJoin(shipmentDeliveries, eq(shipmentDeliveries.id, deliveryNoteTokens.deliveryId))
    .where(eq(deliveryNoteTokens.tokenHash, hashToken(token)));
  if (!row || row.expiresAt.getTime() <= now.getTime()) return null;
  return { shipmentId: row.shipmentId, deliveryId: row.deliveryId };
}
