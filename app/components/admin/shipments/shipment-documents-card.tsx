import { FileText, Printer, TriangleAlert } from "lucide-react";
import { buttonClass } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { MAX_LABELS_PER_RUN } from "#app/lib/freight-terms.ts";
import type { ShipmentDocumentLinks } from "#app/server/documents/document-views.ts";

/**
 * The shipment's printable documents (PDF, opened in the browser's viewer to print): labels, one per piece, in
 * runs of at most 100; the house waybill; the delivery note. Warns while SITE_URL is not set, because every
 * printed link and QR code would then open this server's local address.
 */
/** A PDF opens in a new tab: the shipment's page stays where it was. */
const NEW_TAB = { target: "_blank", rel: "noopener" } as const;

export function ShipmentDocumentsCard({ documents }: { documents: ShipmentDocumentLinks }) {
  const link = buttonClass({ variant: "outline", size: "sm" });
  const several = documents.labelRuns.length > 1;
  return (
    <Card id="documents">
      <CardHeader>
        <CardTitle>Documents</CardTitle>
        <p className="text-sm text-slate-600">
          PDFs to print. Labels: one per piece ({documents.pieces}), 4×6 in or A6, at most{" "}
          {MAX_LABELS_PER_RUN} pieces per run.
        </p>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {documents.siteUrlSet ? null : (
          <p className="flex gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
            <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <span>
              <strong>Set SITE_URL so printed codes open your public address</strong>. Until then they open{" "}
              <span className="break-all">{documents.siteUrl}</span>.
            </span>
          </p>
        )}
        <ul className="flex flex-wrap gap-2" aria-label="Documents">
          {documents.labelRuns.map((run) => (
            <li key={run.from} className="flex flex-wrap gap-2">
              <a href={run.href} {...NEW_TAB} className={link}>
                <Printer aria-hidden="true" className="size-4" />
                {several ? `Label, pieces ${run.from}–${run.to}` : "Label"}
              </a>
              <a href={run.href.replace("size=4x6", "size=a6")} {...NEW_TAB} className={link}>
                <Printer aria-hidden="true" className="size-4" />
                {several ? `Label A6, pieces ${run.from}–${run.to}` : "Label (A6)"}
              </a>
            </li>
          ))}
          <li>
            <a href={documents.waybill} {...NEW_TAB} className={link}>
              <FileText aria-hidden="true" className="size-4" />
              Waybill
            </a>
          </li>
          <li>
            <a href={documents.deliveryNote} {...NEW_TAB} className={link}>
              <FileText aria-hidden="true" className="size-4" />
              Delivery note
            </a>
          </li>
        </ul>
      </CardContent>
    </Card>
  );
}
