import { ArrowLeft, Camera } from "lucide-react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { Form, Link, useLocation, useNavigate, useNavigation, useSubmit } from "react-router";
import { FormAlert } from "#app/components/admin/form-fields.tsx";
import {
  PhotoUploadList,
  UploadedPhotos,
  useDeliveryPhotoUploads,
} from "#app/components/admin/shipments/delivery-photos.tsx";
import { SignaturePad, type SignaturePadHandle } from "#app/components/admin/shipments/signature-pad.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { Field, Input, Textarea } from "#app/components/ui/field.tsx";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import { DELIVERY_INTENTS, DELIVERY_NOTE_MAX, RECEIVER_NAME_MAX } from "#app/schemas/delivery.ts";
import type { DeliveryActionData, DeliveryPageData } from "#app/server/shipments/shipment-views.ts";

type Kept = {
  receiverName?: string;
  remarks?: string;
  internalNote?: string;
  deliveredAt?: string;
  keepLocation?: boolean;
};

/**
 * 'Record delivery', made for a phone in a driver's hand: receiver's name, signature, photos, time, the receiver's
 * remarks (printed on the delivery note) and an internal note (staff only). With the page's script, the signature
 * is drawn on a pad and each photo uploads at once (scaled down, with progress and a retry) to the draft named in
 * the URL; what is typed and drawn is kept in sessionStorage, so a reload loses nothing. Without it, the form is a
 * plain multipart POST: the typed name is the signature and the photos are file fields. 'Save' twice records one
 * delivery (the draft is saved once).
 */
export function RecordDelivery({
  data,
  actionData,
}: {
  data: DeliveryPageData;
  actionData: DeliveryActionData | undefined;
}) {
  const { shipment, draftId, draftPath, photos, maxPhotos, maxMb, timeZone, previous } = data;
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const submit = useSubmit();
  const saving = navigation.state !== "idle" && navigation.formData?.get("intent") === DELIVERY_INTENTS.save;
  const form = useRef<HTMLFormElement>(null);
  const pad = useRef<SignaturePadHandle>(null);
  const [now] = useState(data.now);
  const [notice, setNotice] = useState<string | null>(null);
  const storageKey = `delivery-draft:${draftId}`;
  const errors = actionData?.errors ?? {};
  const location = useLocation();
  const navigate = useNavigate();

  // The draft goes into the address bar, so a reload comes back to it (and to its uploaded photos).
  useEffect(() => {
    if (!new URLSearchParams(location.search).get("draft")) navigate(draftPath, { replace: true });
  }, [location.search, draftPath, navigate]);
  const values = actionData?.values;

  const { uploads, add, retry, busy } = useDeliveryPhotoUploads({
    uploadPath: `/admin/shipments/${shipment.id}/deliver/photos`,
    draftId,
    keepLocation: () => form.current?.querySelector<HTMLInputElement>("#keep-location")?.checked ?? false,
  });
  const room = maxPhotos - photos.length - uploads.length;

  // A reload comes back to what was typed (the photos are on the server, the signature in the pad's storage).
  useEffect(() => {
    const element = form.current;
    const raw = sessionStorage.getItem(`${storageKey}:fields`);
    if (!element || !raw || actionData) return;
    try {
      const kept = JSON.parse(raw) as Kept;
      const set = (name: string, value: string | undefined) => {
        const field = element.elements.namedItem(name);
        if (
          value !== undefined &&
          (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement)
        )
          field.value = value;
      };
      set("receiverName", kept.receiverName);
      set("remarks", kept.remarks);
      set("internalNote", kept.internalNote);
      set("deliveredAt", kept.deliveredAt);
      const keep = element.querySelector<HTMLInputElement>("#keep-location");
      if (keep && kept.keepLocation !== undefined) keep.checked = kept.keepLocation;
    } catch {
      sessionStorage.removeItem(`${storageKey}:fields`);
    }
  }, [storageKey, actionData]);

  const keepFields = () => {
    const element = form.current;
    if (!element) return;
    const formData = new FormData(element);
    const kept: Kept = {
      receiverName: String(formData.get("receiverName") ?? ""),
      remarks: String(formData.get("remarks") ?? ""),
      internalNote: String(formData.get("internalNote") ?? ""),
      deliveredAt: String(formData.get("deliveredAt") ?? ""),
      keepLocation: formData.get("keepLocation") === "on",
    };
    try {
      sessionStorage.setItem(`${storageKey}:fields`, JSON.stringify(kept));
    } catch {
      // Storage refused: only a reload loses what was typed.
    }
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    if (busy) {
      setNotice("Wait for the photos to finish uploading, or remove the ones that failed.");
      return;
    }
    setNotice(null);
    const formData = new FormData(event.currentTarget);
    const signature = await pad.current?.toBlob();
    if (signature) formData.set("signature", signature, "signature.png");
    submit(formData, { method: "post", action: draftPath, encType: "multipart/form-data" });
  };

  return (
    <div className="mx-auto flex w-full max-w-lg flex-col gap-4">
      <Link
        to={`/admin/shipments/${shipment.id}`}
        className="inline-flex items-center gap-1 self-start text-sm font-medium text-brand-700 underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        Back to shipment
      </Link>
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Record delivery</h1>
        <p className="mt-1 text-sm text-slate-700 [overflow-wrap:anywhere]">
          <span className="break-all font-semibold">{shipment.trackingNumber}</span>
          {shipment.consignee ? <> to {shipment.consignee}</> : null}, {shipment.destination}. Status now:{" "}
          {shipment.status}.
        </p>
        {previous ? (
          <p className="mt-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 [overflow-wrap:anywhere]">
            A delivery was recorded already ({previous.date}, received by {previous.receiverName}). Saving
            records another one.
          </p>
        ) : null}
      </div>
      <Form
        ref={form}
        method="post"
        action={draftPath}
        encType="multipart/form-data"
        noValidate
        onSubmit={hydrated ? onSubmit : undefined}
        onChange={hydrated ? keepFields : undefined}
        className="flex flex-col gap-4"
      >
        <input type="hidden" name="intent" value={DELIVERY_INTENTS.save} />
        <input type="hidden" name="draftId" value={draftId} />
        <FormAlert errors={errors[""]} id="delivery-form-error" />
        <Card>
          <CardHeader>
            <CardTitle>Receiver</CardTitle>
          </CardHeader>
          <CardContent className="flex flex-col gap-4">
            <Field
              label="Receiver's name"
              htmlFor="receiver-name"
              errors={errors.receiverName}
              errorId="receiver-name-error"
            >
              <Input
                id="receiver-name"
                name="receiverName"
                required
                autoComplete="off"
                maxLength={RECEIVER_NAME_MAX}
                defaultValue={values?.receiverName ?? ""}
                aria-invalid={errors.receiverName ? true : undefined}
                aria-describedby={errors.receiverName ? "receiver-name-error" : undefined}
                className="h-12 text-base"
              />
            </Field>
            <div>
              <p className="mb-1.5 block text-sm font-medium text-slate-800" id="signature-label">
                Signature
              </p>
              <p id="signature-hint" className="mb-2 text-sm text-slate-600">
                {hydrated
                  ? "The receiver signs below with a finger or the mouse. Without a drawn signature, the receiver's typed name is recorded as the signature."
                  : "The receiver's typed name is recorded as the signature."}
              </p>
              {hydrated ? (
                <SignaturePad ref={pad} storageKey={storageKey} describedBy="signature-hint" />
              ) : null}
              {errors.signature ? (
                <p className="mt-1 text-sm text-red-700" role="alert">
                  {errors.signature[0]}
                </p>
              ) : null}
            </div>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Photos</CardTitle>
            <p className="text-sm text-slate-600">
              Up to {maxPhotos} photos of the goods as delivered, {maxMb} MB each.
            </p>
          </CardHeader>
          <CardContent className="flex flex-col gap-3">
            <UploadedPhotos photos={photos} />
            {hydrated ? <PhotoUploadList uploads={uploads} onRetry={retry} /> : null}
            {hydrated ? (
              room > 0 ? (
                <label className="inline-flex h-12 cursor-pointer items-center justify-center gap-2 self-start rounded-md border border-slate-300 bg-white px-4 text-sm font-medium text-slate-900 focus-within:ring-2 focus-within:ring-brand-600/40">
                  <Camera aria-hidden="true" className="size-5" />
                  Take or add a photo
                  <input
                    type="file"
                    accept="image/*"
                    capture="environment"
                    className="sr-only"
                    onChange={(event) => {
                      const files = event.currentTarget.files;
                      void add(files ? Array.from(files).slice(0, room) : null);
                      event.currentTarget.value = "";
                    }}
                  />
                </label>
              ) : (
                <p className="text-sm text-slate-600">
                  {maxPhotos} photos attached: remove one to add another.
                </p>
              )
            ) : (
              <Field label="Photos" htmlFor="delivery-photos" errorId="photos-error" errors={errors.photos}>
                <input
                  id="delivery-photos"
                  type="file"
                  name="photos"
                  accept="image/*"
                  capture="environment"
                  multiple
                  className="block w-full text-sm"
                />
              </Field>
            )}
            {hydrated && errors.photos ? (
              <p className="text-sm text-red-700" role="alert">
                {errors.photos[0]}
              </p>
            ) : null}
            <div className="flex items-start gap-2">
              <input
                id="keep-location"
                type="checkbox"
                name="keepLocation"
                defaultChecked={values?.keepLocation ?? false}
                className="mt-0.5 size-5 shrink-0 accent-brand-700"
              />
              <label htmlFor="keep-location" className="text-sm text-slate-800">
                Keep the photos' location (GPS). Otherwise it is removed.
              </label>
            </div>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>When and remarks</CardTitle>
          </CardHeader>
          <CardContent className="flex flex-col gap-4">
            <Field
              label={
                <>
                  Delivered at <span className="font-normal text-slate-600">({timeZone})</span>
                </>
              }
              htmlFor="delivered-at"
              errors={errors.deliveredAt}
              errorId="delivered-at-error"
            >
              <Input
                id="delivered-at"
                name="deliveredAt"
                type="datetime-local"
                required
                defaultValue={values?.deliveredAt ?? now}
                aria-invalid={errors.deliveredAt ? true : undefined}
                aria-describedby={errors.deliveredAt ? "delivered-at-error" : undefined}
                className="h-12 text-base"
              />
            </Field>
            <DeliveryText
              name="remarks"
              label="Receiver's remarks (optional)"
              hint="Damage, shortage or anything the receiver remarked. Printed on the delivery note the consignee gets."
              value={values?.remarks}
              errors={errors.remarks}
            />
            <DeliveryText
              name="internalNote"
              label="Internal note (optional)"
              hint="Staff only: never printed or sent to the customer."
              value={values?.internalNote}
              errors={errors.internalNote}
            />
          </CardContent>
        </Card>
        {notice ? (
          <p role="alert" className="text-sm text-red-700">
            {notice}
          </p>
        ) : null}
        <Button type="submit" className="h-12 text-base" disabled={saving}>
          {saving ? "Saving..." : "Save delivery"}
        </Button>
        <p className="text-xs text-slate-600">
          Saving sets the status to Delivered and tells the shipment's recipients.
        </p>
      </Form>
      {photos.map((photo) => (
        <Form
          key={photo.id}
          id={`remove-photo-${photo.id}`}
          method="post"
          action={draftPath}
          className="hidden"
        >
          <input type="hidden" name="intent" value={DELIVERY_INTENTS.removePhoto} />
          <input type="hidden" name="draftId" value={draftId} />
          <input type="hidden" name="photoId" value={photo.id} />
        </Form>
      ))}
    </div>
  );
}

/** One of the delivery's two texts: the receiver's remarks (printed) and the internal note (staff only). */
function DeliveryText({
  name,
  label,
  hint,
  value,
  errors,
}: {
  name: "remarks" | "internalNote";
  label: string;
  hint: string;
  value: string | undefined;
  errors: string[] | undefined;
}) {
  const id = `delivery-${name}`;
  return (
    <Field label={label} htmlFor={id} errors={errors} errorId={`${id}-error`} hint={hint}>
      <Textarea
        id={id}
        name={name}
        maxLength={DELIVERY_NOTE_MAX}
        defaultValue={value ?? ""}
        aria-invalid={errors ? true : undefined}
        aria-describedby={errors ? `${id}-error` : undefined}
      />
    </Field>
  );
}
