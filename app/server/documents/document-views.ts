// The Documents card's contract (shipment detail): its links to the PDFs. The components import these types
// (never the server modules' code).

export type LabelRunLink = { from: number; to: number; href: string };

export type ShipmentDocumentLinks = {
  /** False while SITE_URL is not set: printed codes would open http://localhost:PORT. */
  siteUrlSet: boolean;
  /** The address printed links and QR codes open. */
  siteUrl: string;
  pieces: number;
  /** One run of labels per 100 pieces (4×6 in; `&size=a6` for A6). */
  labelRuns: LabelRunLink[];
  waybill: string;
  deliveryNote: string;
};
