import type { ShownTime, TrackingView } from "#app/server/shipments/shipment-views.ts";

// /account/shipments and /account/shipments/:trackingNumber's contract (decision 029): what their loaders give and
// the action answers. Components import these types, never the server modules. Every field here is a
// 'customer' or 'public' one of app/server/shipments/customer-fields.server.ts.

/** The address of one of the company's shipments in the account. */
export const accountShipmentPath = (trackingNumber: string) =>
  `/account/shipments/${encodeURIComponent(trackingNumber)}`;

/** The intent of the shipment page's updates switch. */
export const UPDATES_INTENT = "shipment-updates";

/** The company's part in a shipment: its shipper, its consignee, or both (a shipment between its branches). */
export type CompanyRole = "shipper" | "consignee";

/** One shipment of the list. */
export type CompanyShipmentRow = {
  trackingNumber: string;
  status: string;
  originLocation: string;
  destinationLocation: string;
  /** The calendar day it is expected, as stored (shown in UTC); null when none. */
  estimatedDelivery: ShownTime | null;
  /** The newest status history entry, or null while it has none. */
  latest: { status: string; location: string; at: ShownTime } | null;
  roles: CompanyRole[];
};

export type CompanyShipmentsFilter = { search: string; status: string };

export type ShipmentListPage = {
  rows: CompanyShipmentRow[];
  total: number;
  page: number;
  pageCount: number;
  pageSize: number;
};

export type ShipmentsPageData = ShipmentListPage & {
  filter: CompanyShipmentsFilter;
  /** The statuses the filter offers. */
  statuses: readonly string[];
  /** Whether the company has any shipment at all (else the empty state says 'No shipments yet'). */
  hasAny: boolean;
  timeZone: string;
  /** '12 shipments found, newest first.', in the page's language. */
  counted: string;
};

/** A party as its shipment's customers see it: everything on its record they may see, unmasked. */
export type ShipmentParty = {
  name: string;
  company: string | null;
  email: string | null;
  phone: string | null;
  address: string | null;
};

export type ShipmentCargo = {
  goodsDescription: string | null;
  pieces: number | null;
  weight: string | null;
  dimensions: string | null;
  /** '1,250.00 USD'. */
  declaredValue: string | null;
  /** 'Air', 'Sea', 'Road'. */
  transportMode: string | null;
  /** 'FOB (Free On Board)'. */
  incoterm: string | null;
  /** Printed on the waybill's 'Notes' box. */
  notes: string | null;
};

/** The latest recorded delivery, as the delivery note prints it. */
export type ShipmentDeliveryView = {
  receiverName: string;
  deliveredAt: ShownTime;
  receiverRemarks: string | null;
  signed: boolean;
  /** The delivery photos' addresses (this account's, for this shipment). */
  photos: string[];
};

export type ShipmentDocumentsView = {
  waybill: string;
  /** One link per run of labels (at most 100 pieces each). */
  labels: Array<{ href: string; text: string }>;
  /** Only once a delivery is recorded. */
  deliveryNote: string | null;
};

export type LinkedQuote = {
  href: string;
  version: number;
  /** 'Open', 'Accepted', 'Declined', 'Expired', 'Replaced'. */
  status: string;
  total: string;
  /** 'Nov 20, 2026'. */
  sentOn: string | null;
};

export type LinkedInvoice = {
  href: string;
  /** 'Invoice INV-2026-0001' or 'Credit note CN-2026-0002'. */
  title: string;
  /** 'Issued' or 'Void'. */
  state: string;
  total: string;
  issuedOn: string | null;
};

export type ShipmentNotificationsView = {
  /** The company's roles on the shipment, and whether it gets updates as such (no row = on). */
  roles: CompanyRole[];
  enabled: boolean;
};

export type ShipmentPageData = {
  tracking: TrackingView;
  roles: CompanyRole[];
  shipper: ShipmentParty | null;
  consignee: ShipmentParty | null;
  cargo: ShipmentCargo;
  delivery: ShipmentDeliveryView | null;
  documents: ShipmentDocumentsView;
  quotes: LinkedQuote[];
  invoices: LinkedInvoice[];
  notifications: ShipmentNotificationsView;
  bookAgain: string;
};

export type ShipmentNotificationsActionData = { ok: true; message: string } | { ok: false; error: string };
