import { FileText, PenLine } from "lucide-react";
import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import type { DetailDelivery } from "#app/server/shipments/shipment-detail-views.ts";

/**
 * The recorded delivery (proof of delivery), for staff: receiver, time, signature and photos (served to signed-in
 * staff only), the receiver's remarks, the internal note (staff only, never printed), and the delivery note that
 * prints the proof and the remarks.
 */
export function ShipmentDeliveryCard({
  delivery,
  deliveryNoteUrl,
}: {
  delivery: DetailDelivery;
  deliveryNoteUrl: string;
}) {
  return (
    <Card id="delivery">
      <CardHeader>
        <CardTitle>Proof of delivery</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4 text-sm text-slate-800">
        <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          <div>
            <dt className="font-medium text-slate-600">Received by</dt>
            <dd className="break-words">{delivery.receiverName}</dd>
          </div>
          <div>
            <dt className="font-medium text-slate-600">Delivered</dt>
            <dd>
              <time dateTime={delivery.iso}>{delivery.date}</time>
            </dd>
          </div>
          {delivery.receiverRemarks ? (
            <div className="sm:col-span-2">
              <dt className="font-medium text-slate-600">Receiver's remarks (on the delivery note)</dt>
              <dd className="whitespace-pre-wrap break-words">{delivery.receiverRemarks}</dd>
            </div>
          ) : null}
          {delivery.internalNote ? (
            <div className="sm:col-span-2">
              <dt className="font-medium text-slate-600">Internal note (staff only)</dt>
              <dd className="whitespace-pre-wrap break-words">{delivery.internalNote}</dd>
            </div>
          ) : null}
        </dl>
        <div>
          <h3 className="mb-1 font-medium text-slate-600">Signature</h3>
          {delivery.signatureUrl ? (
            <img
              src={delivery.signatureUrl}
              alt={`Signature of ${delivery.receiverName}`}
              className="h-24 max-w-full rounded-md border border-slate-200 bg-white object-contain"
            />
          ) : (
            <p className="flex items-center gap-2">
              <PenLine aria-hidden="true" className="size-4" />
              Typed name: {delivery.receiverName}
            </p>
          )}
        </div>
        {delivery.photos.length > 0 ? (
          <div>
            <h3 className="mb-1 font-medium text-slate-600">Photos</h3>
            <ul className="grid grid-cols-3 gap-2">
              {delivery.photos.map((photo, index) => (
                <li key={photo.id}>
                  <a href={photo.url} target="_blank" rel="noreferrer">
                    <img
                      src={photo.url}
                      alt={`Goods as delivered, ${index + 1} of ${delivery.photos.length}`}
                      className="aspect-square w-full rounded-md border border-slate-200 object-cover"
                    />
                  </a>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <a
          href={deliveryNoteUrl}
          target="_blank"
          rel="noopener"
          className="inline-flex items-center gap-2 font-medium text-brand-700 underline"
        >
          <FileText aria-hidden="true" className="size-4" />
          Delivery note with this proof (PDF)
        </a>
      </CardContent>
    </Card>
  );
}
