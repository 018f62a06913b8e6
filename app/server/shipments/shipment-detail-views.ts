import type { SubmissionResult } from "@conform-to/react";
import type { ActivityEntry } from "#app/server/audit/activity-views.ts";
import type { ShipmentDocumentLinks } from "#app/server/documents/document-views.ts";

// The shipment detail page's contract: what its loader gives and its action answers. The page's components
// import these types (never the server modules' code).

/** A shipper or consignee as the page shows it (and its edit form starts with): absent fields are "". */
export type DetailParty = {
  id: string;
  name: string;
  company: string;
  email: string;
  phone: string;
  address: string;
};

/**
 * One status update: its event time as the page shows it (in the company's time zone), as ISO for the <time>
 * element, and as the edit form's datetime-local value (`timestamp`, in the company's time zone).
 */
export type DetailEntry = {
  id: string;
  status: string;
  location: string;
  notes: string;
  date: string;
  iso: string;
  timestamp: string;
};

/** The shipment as the page shows it; dates already formatted, so the server and the browser show the same text. */
export type DetailShipment = {
  id: string;
  trackingNumber: string;
  status: string;
  originLocation: string;
  destinationLocation: string;
  currentLocation: string | null;
  estimatedDelivery: string | null;
  weight: number | null;
  dimensions: string | null;
  notes: string | null;
  /** 'Air', 'Sea', 'Road' or null (the cargo fields, all optional). */
  transportMode: string | null;
  pieces: number | null;
  goodsDescription: string | null;
  /** '1,250.00 USD', or null when not declared. */
  declaredValue: string | null;
  /** 'FOB: Free on Board', or null. */
  incoterm: string | null;
  createdAt: string;
  overdue: boolean;
  shipper: DetailParty | null;
  consignee: DetailParty | null;
  /** Newest first. */
  history: DetailEntry[];
};

/** A recipient on the Notifications card; `unsubscribed` lists the channels its addresses left by a link or STOP. */
export type DetailRecipient = {
  role: "shipper" | "consignee";
  name: string;
  email: string;
  phone: string;
  enabled: boolean;
  unsubscribed: string[];
};

/** A visitor who subscribed on the tracking page (decision 014): staff see the full address. */
export type DetailSubscriber = {
  id: string;
  channel: "email" | "sms";
  address: string;
  /** Confirmed, or still waiting for the link or code (until `until`). */
  confirmed: boolean;
  /** When it subscribed (confirmed) or when its link or code stops working, as the page shows it. */
  date: string;
  iso: string;
  unsubscribed: boolean;
};

/** One message sent (or to be sent) to a recipient, newest first. */
export type DetailNotificationMessage = {
  id: string;
  role: string;
  channel: "email" | "sms" | "whatsapp";
  address: string;
  summary: string;
  /** When it was queued, as the page shows it and as ISO. */
  date: string;
  iso: string;
  status: "queued" | "sending" | "sent" | "delivered" | "failed" | "expired" | "cancelled";
  /** Attempts after the first. */
  retries: number;
  /** The provider's (or the mail server's) last refusal, when there was one. */
  reason: string | null;
};

export type DetailNotifications = {
  paused: boolean;
  /** Whether SMS or WhatsApp has a provider here: a party's phone is texted only then (decision 012). */
  textMessages: boolean;
  recipients: DetailRecipient[];
  subscribers: DetailSubscriber[];
  messages: DetailNotificationMessage[];
};

/** The recorded delivery (proof of delivery), for staff: its images are served to signed-in staff only. */
export type DetailDelivery = {
  receiverName: string;
  date: string;
  iso: string;
  /** What the receiver remarked (printed on the delivery note). */
  receiverRemarks: string | null;
  /** Staff's own note (never printed or sent). */
  internalNote: string | null;
  /** The signature image's URL; null when the typed name stands for it. */
  signatureUrl: string | null;
  photos: { id: string; url: string }[];
};

/** The page's loader data. */
export type ShipmentDetailData = {
  /** The latest recorded delivery, or null. */
  delivery: DetailDelivery | null;
  shipment: DetailShipment;
  notifications: DetailNotifications;
  /** The company's time zone (site settings): event times are typed and shown in it. */
  timeZone: string;
  /** The Documents card: the PDFs' links and whether printed codes can reach the public address. */
  documents: ShipmentDocumentLinks;
  /**
   * The Activity card: the latest entries of the activity log for this shipment (decision 021), when the page
   * is opened with `?activity` (the card's 'Show activity'); null otherwise, so the page stays light and its
   * other cards' texts appear once.
   */
  activity: ActivityEntry[] | null;
};

/** The action's answer to a refused post (a redirect with a toast otherwise). */
export type DetailActionData = {
  intent: string | null;
  /** The row the form was about (a party or a status update), to show the errors at the right form. */
  target: string | null;
  result: SubmissionResult<string[]>;
};
