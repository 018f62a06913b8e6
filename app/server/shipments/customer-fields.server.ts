import type {
  consignees,
  deliveryPhotos,
  quoteLines,
  quoteRequests,
  quotes,
  shipmentDeliveries,
  shipmentStatusHistory,
  shipments,
  shippers,
} from "#app/server/db/schema.ts";

// The one list of what may reach a customer (STYLE 22): every column of the records a customer's page, message
// or document is drawn from, with who may see it. Every column is listed, so a new one does not typecheck until
// someone decides who sees it. customer-fields.test.ts fills each 'staff' text with a marker and each 'customer'
// one with another, renders everything that reaches a customer, and checks that no marker reaches someone it
// should not.

/**
 * - `public`: anyone with the tracking number: the tracking page, and the shipment's e-mails and texts (a
 *   stranger can subscribe to them on the tracking page).
 * - `customer`: the shipment's parties and the quote's requester, on what is addressed or handed to them: the
 *   delivery note (its link goes to the consignee), the waybill and the labels staff print and hand over, the
 *   quote's page and PDF.
 * - `staff`: never on a customer's page, message or document.
 */
export type Audience = "public" | "customer" | "staff";

type Columns<Table extends { $inferSelect: object }> = Record<keyof Table["$inferSelect"], Audience>;

const party = {
  id: "staff",
  name: "public",
  company: "public",
  email: "customer",
  phone: "customer",
  address: "customer",
  noReminders: "staff",
  selfSignIn: "staff",
  /** The language their messages and documents are in: the customer's own choice, shown back to them. */
  language: "customer",
  createdAt: "staff",
  updatedAt: "staff",
} as const;

export const CUSTOMER_FIELDS = {
  shipments: {
    id: "staff",
    trackingNumber: "public",
    trackingKey: "staff",
    status: "public",
    originLocation: "public",
    destinationLocation: "public",
    currentLocation: "public",
    estimatedDelivery: "public",
    weight: "public",
    dimensions: "public",
    /** Printed in the waybill's 'Notes' box (decision 015). */
    notes: "customer",
    transportMode: "customer",
    pieces: "customer",
    goodsDescription: "customer",
    declaredValue: "customer",
    declaredCurrency: "customer",
    incoterm: "customer",
    shipperId: "staff",
    consigneeId: "staff",
    quoteRequestId: "staff",
    quoteId: "staff",
    lastEventAt: "staff",
    createdAt: "staff",
    /** The tracking page's 'Last updated'. */
    updatedAt: "public",
  } satisfies Columns<typeof shipments>,
  shipmentStatusHistory: {
    /** The tracking page's key of a timeline entry. */
    id: "public",
    shipmentId: "staff",
    status: "public",
    location: "public",
    notes: "public",
    timestamp: "public",
    createdAt: "staff",
    updatedAt: "staff",
  } satisfies Columns<typeof shipmentStatusHistory>,
  shipmentDeliveries: {
    id: "staff",
    shipmentId: "staff",
    draftId: "staff",
    /** In full on the delivery note; the tracking page shows its initials only ('signed by J. D.'). */
    receiverName: "customer",
    deliveredAt: "customer",
    signature: "customer",
    receiverRemarks: "customer",
    internalNote: "staff",
    historyId: "staff",
    recordedBy: "staff",
    createdAt: "staff",
    updatedAt: "staff",
  } satisfies Columns<typeof shipmentDeliveries>,
  deliveryPhotos: {
    id: "staff",
    shipmentId: "staff",
    draftId: "staff",
    deliveryId: "staff",
    mimeType: "staff",
    width: "staff",
    height: "staff",
    size: "staff",
    /** The delivery note's second page. */
    data: "customer",
    createdAt: "staff",
    updatedAt: "staff",
  } satisfies Columns<typeof deliveryPhotos>,
  shippers: party satisfies Columns<typeof shippers>,
  consignees: party satisfies Columns<typeof consignees>,
  quoteRequests: {
    id: "staff",
    firstName: "customer",
    lastName: "customer",
    email: "customer",
    cityDeparture: "customer",
    deliveryCity: "customer",
    parcelType: "customer",
    weight: "customer",
    specialInfo: "customer",
    freightTypes: "customer",
    // The requester's own phone and ready date: theirs, though no customer document prints them yet.
    phone: "customer",
    readyDate: "customer",
    // The firm the requester named: theirs, and what their invoices are addressed to.
    company: "customer",
    isRead: "staff",
    submissionKey: "staff",
    quoteState: "staff",
    quoteExpiresAt: "staff",
    bookedShipmentId: "staff",
    language: "customer",
    createdAt: "staff",
    updatedAt: "staff",
  } satisfies Columns<typeof quoteRequests>,
  quotes: {
    id: "staff",
    quoteRequestId: "staff",
    version: "customer",
    state: "customer",
    currency: "customer",
    totalMinor: "customer",
    validUntil: "customer",
    expiresAt: "customer",
    transitTime: "customer",
    incoterm: "customer",
    terms: "customer",
    note: "customer",
    tokenHash: "staff",
    createdBy: "staff",
    sentAt: "customer",
    sentBy: "staff",
    replacedAt: "customer",
    acceptedAt: "customer",
    acceptedName: "customer",
    acceptedIp: "staff",
    acceptedUserAgent: "staff",
    declinedAt: "customer",
    declineComment: "customer",
    createdAt: "staff",
    updatedAt: "staff",
  } satisfies Columns<typeof quotes>,
  quoteLines: {
    id: "staff",
    quoteId: "staff",
    position: "customer",
    description: "customer",
    amountMinor: "customer",
  } satisfies Columns<typeof quoteLines>,
} as const;

export type CustomerFieldTable = keyof typeof CUSTOMER_FIELDS;
