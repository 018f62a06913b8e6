import crypto from "node:crypto";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider, redirect } from "react-router";
import { formatDateTimeIn, toLocalDateTime } from "#app/lib/time-zone.ts";
import {
  DELIVERY_INTENTS,
  deliverySchema,
  draftIdSchema,
  MAX_DELIVERY_PHOTOS,
} from "#app/schemas/delivery.ts";
import { isUuid } from "#app/server/db/text-search.server.ts";
import { readFormData, readIntent } from "#app/server/platform/forms.server.ts";
import { redirectWithToast } from "#app/server/platform/toast.server.ts";
import {
  addPendingPhoto,
  getDeliveryByDraft,
  getShipmentDelivery,
  listDraftPhotos,
  recordDelivery,
  removePendingPhoto,
} from "#app/server/shipments/deliveries.server.ts";
import { type DeliveryImage, processDeliveryImage } from "#app/server/shipments/delivery-images.server.ts";
import type { DeliveryActionData, DeliveryPageData } from "#app/server/shipments/shipment-views.ts";
import { getShipmentById } from "#app/server/shipments/shipments.server.ts";
import { notFound, requireStaffForm, requireStaffPage } from "#app/server/staff/staff-page.server.ts";

// 'Record delivery' (/admin/shipments/:id/deliver): the page's loader and action, the photo upload route
// (/admin/shipments/:id/deliver/photos) and the staff-only image routes. Decision 015, 'Proof of delivery'.

type Ctx = Readonly<RouterContextProvider>;

export const deliverPath = (shipmentId: string, draftId?: string) =>
  `/admin/shipments/${shipmentId}/deliver${draftId ? `?draft=${draftId}` : ""}`;
export const deliveryPhotosPath = (shipmentId: string) => `/admin/shipments/${shipmentId}/deliver/photos`;
export const deliveryPhotoUrl = (photoId: string) => `/admin/delivery-photos/${photoId}`;
export const signatureUrl = (deliveryId: string) => `/admin/deliveries/${deliveryId}/signature`;

export async function loadDeliveryPage({
  request,
  context,
  id,
}: {
  request: Request;
  context: Ctx;
  id: string;
}): Promise<DeliveryPageData> {
  const { services } = await requireStaffPage({ request, context });
  const { db, siteSettings, config } = services;
  const shipment = await getShipmentById({ db, id });
  if (!shipment) notFound();
  const requested = new URL(request.url).searchParams.get("draft");
  // Each visit gets its draft in the URL (the page's script puts a new one there, and the form posts to it): a
  // reload (or a lost connection) comes back to the same draft. Not a redirect, so a refused post without a
  // draft in its URL still shows its messages.
  const draft = isUuid(requested) ? requested : crypto.randomUUID();
  // A draft saved already (the page reloaded after 'Save'): its delivery is on the shipment's page.
  if (await getDeliveryByDraft({ db, draftId: draft })) {
    throw redirectWithToast(`/admin/shipments/${shipment.id}`, {
      type: "success",
      title: "Delivery recorded",
    });
  }
  const [{ timeZone }, photos, previous] = await Promise.all([
    siteSettings.get(),
    listDraftPhotos({ db, shipmentId: shipment.id, draftId: draft }),
    getShipmentDelivery({ db, shipmentId: shipment.id }),
  ]);
  return {
    shipment: {
      id: shipment.id,
      trackingNumber: shipment.trackingNumber,
      status: shipment.status,
      destination: shipment.destinationLocation,
      consignee: shipment.consignee?.name ?? null,
    },
    draftId: draft,
    draftPath: deliverPath(shipment.id, draft),
    timeZone,
    now: toLocalDateTime(new Date(), timeZone),
    photos: photos.map((photo) => ({ id: photo.id, url: deliveryPhotoUrl(photo.id) })),
    maxPhotos: MAX_DELIVERY_PHOTOS,
    maxMb: config.MEDIA_MAX_MB,
    previous: previous
      ? { receiverName: previous.receiverName, date: formatDateTimeIn(previous.deliveredAt, timeZone) }
      : null,
  };
}

const sentFiles = (formData: FormData, name: string) =>
  formData
    .getAll(name)
    .filter((value): value is File => typeof value !== "string" && (value.size > 0 || value.name !== ""));

const refused = (errors: DeliveryActionData["errors"], formData: FormData | null) =>
  data<DeliveryActionData>(
    {
      errors,
      values: {
        receiverName: String(formData?.get("receiverName") ?? "").slice(0, 500),
        deliveredAt: String(formData?.get("deliveredAt") ?? "").slice(0, 100),
        remarks: String(formData?.get("remarks") ?? "").slice(0, 5000),
        internalNote: String(formData?.get("internalNote") ?? "").slice(0, 5000),
        keepLocation: formData?.get("keepLocation") === "on",
      },
    },
    { status: 400 },
  );

/**
 * 'Save' (the delivery: typed fields, the drawn signature as a PNG file part, and, without JavaScript, the
 * photos as file parts) and 'Remove' of a pending photo. Every image is checked before anything is stored: one
 * refused image refuses the whole post, which changes nothing.
 */
export async function deliveryPageAction({
  request,
  context,
  id,
}: {
  request: Request;
  context: Ctx;
  id: string;
}) {
  const { user, services, formData } = await requireStaffForm({ request, context, id });
  const { db, siteSettings, config, logger } = services;
  const intent = readIntent(formData);
  if (!formData || !intent)
    return refused({ "": ["The form could not be read. Please try again."] }, formData);
  const draft = draftIdSchema.safeParse(formData.get("draftId"));
  if (!draft.success) return refused({ "": [draft.error.issues[0]!.message] }, formData);
  const draftId = draft.data;

  if (intent === DELIVERY_INTENTS.removePhoto) {
    await removePendingPhoto({ db, shipmentId: id, draftId, id: String(formData.get("photoId") ?? "") });
    return redirect(deliverPath(id, draftId));
  }
  if (intent !== DELIVERY_INTENTS.save) return refused({ "": ["Unknown action."] }, formData);

  const { timeZone } = await siteSettings.get();
  const submission = parseWithZod(formData, { schema: deliverySchema({ timeZone }) });
  if (submission.status !== "success") {
    const errors = submission.reply().error ?? {};
    return refused(
      {
        receiverName: errors.receiverName ?? undefined,
        deliveredAt: errors.deliveredAt ?? undefined,
        remarks: errors.remarks ?? undefined,
        internalNote: errors.internalNote ?? undefined,
        "": errors[""] ?? errors.draftId ?? undefined,
      },
      formData,
    );
  }
  const input = submission.value;
  const maxBytes = config.MEDIA_MAX_MB * 1024 * 1024;

  let signature: DeliveryImage | null = null;
  const [signatureFile, ...moreSignatures] = sentFiles(formData, "signature");
  if (moreSignatures.length > 0) return refused({ signature: ["Send one signature."] }, formData);
  if (signatureFile) {
    const checked = await processDeliveryImage({
      bytes: new Uint8Array(await signatureFile.arrayBuffer()),
      maxBytes,
      kind: "signature",
    });
    if (!checked.ok) return refused({ signature: [`Signature: ${checked.message}`] }, formData);
    signature = checked;
  }

  const files = sentFiles(formData, "photos");
  const pending = await listDraftPhotos({ db, shipmentId: id, draftId });
  if (files.length + pending.length > MAX_DELIVERY_PHOTOS) {
    return refused({ photos: [`Attach at most ${MAX_DELIVERY_PHOTOS} photos.`] }, formData);
  }
  const photos: DeliveryImage[] = [];
  for (const file of files) {
    const checked = await processDeliveryImage({
      bytes: new Uint8Array(await file.arrayBuffer()),
      maxBytes,
      kind: "photo",
      keepLocation: input.keepLocation,
    });
    if (!checked.ok) {
      const name = file.name.replace(/[\u0000-\u001f\u007f]/g, "").slice(0, 100) || "A photo";
      return refused({ photos: [`${name}: ${checked.message}`] }, formData);
    }
    photos.push(checked);
  }

  let result: Awaited<ReturnType<typeof recordDelivery>>;
  try {
    result = await recordDelivery({
      db,
      shipmentId: id,
      draftId,
      input,
      signature,
      photos,
      recordedBy: user.id,
    });
  } catch (error) {
    logger.error({ err: error, shipmentId: id }, "Recording a delivery failed");
    return refused({ "": ["The delivery could not be saved. Please try again."] }, formData);
  }
  if (!result.ok && result.reason === "not-found") notFound();
  if (!result.ok) return refused({ photos: [`Attach at most ${MAX_DELIVERY_PHOTOS} photos.`] }, formData);
  if (!result.duplicate) logger.info({ shipmentId: id, deliveryId: result.deliveryId }, "Delivery recorded");
  return redirectWithToast(`/admin/shipments/${id}`, {
    type: "success",
    title: "Delivery recorded",
    description: "The status is now Delivered.",
  });
}

const json = (body: unknown, status = 200) =>
  Response.json(body, { status, headers: { "Cache-Control": "private, no-store" } });

/**
 * One photo of a draft, sent by the page's script as soon as it is taken (multipart: `draftId`, `photo`,
 * `keepLocation`), or `intent=remove-photo` with `photoId`. Answers JSON: `{ ok, photo: { id, url } }` or
 * `{ ok: false, message }` (400; nothing stored).
 */
export async function deliveryPhotoAction({
  request,
  context,
  id,
}: {
  request: Request;
  context: Ctx;
  id: string;
}) {
  const { services } = await requireStaffPage({ request, context });
  const { db, config, logger } = services;
  if (!isUuid(id)) return json({ ok: false, message: "This shipment does not exist." }, 404);
  const formData = await readFormData(request);
  if (!formData) return json({ ok: false, message: "The upload could not be read. Please try again." }, 400);
  const draft = draftIdSchema.safeParse(formData.get("draftId"));
  if (!draft.success) return json({ ok: false, message: draft.error.issues[0]!.message }, 400);
  if (formData.get("intent") === DELIVERY_INTENTS.removePhoto) {
    const removed = await removePendingPhoto({
      db,
      shipmentId: id,
      draftId: draft.data,
      id: String(formData.get("photoId") ?? ""),
    });
    return removed ? json({ ok: true }) : json({ ok: false, message: "This photo does not exist." }, 404);
  }
  const [file, ...more] = sentFiles(formData, "photo");
  if (!file || more.length > 0) return json({ ok: false, message: "Send one photo." }, 400);
  const checked = await processDeliveryImage({
    bytes: new Uint8Array(await file.arrayBuffer()),
    maxBytes: config.MEDIA_MAX_MB * 1024 * 1024,
    kind: "photo",
    keepLocation: formData.get("keepLocation") === "on",
  });
  if (!checked.ok) return json({ ok: false, message: checked.message }, 400);
  try {
    const added = await addPendingPhoto({ db, shipmentId: id, draftId: draft.data, image: checked });
    if (!added.ok) return json({ ok: false, message: added.message }, 400);
    return json({ ok: true, photo: { id: added.photo.id, url: deliveryPhotoUrl(added.photo.id) } });
  } catch (error) {
    logger.error({ err: error, shipmentId: id }, "Storing a delivery photo failed");
    return json({ ok: false, message: "The photo could not be stored. Please try again." }, 500);
  }
}

/** A delivery image for signed-in staff only: never kept by a shared or a browser cache. */
export function deliveryImageResponse(image: { data: Uint8Array; mimeType: string }): Response {
  return new Response(new Uint8Array(image.data), {
    headers: {
      "Content-Type": image.mimeType,
      "Content-Length": String(image.data.length),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
      "X-Robots-Tag": "noindex",
      "Content-Security-Policy": "default-src 'none'",
    },
  });
}
