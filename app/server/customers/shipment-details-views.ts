// 'Show full details' of one shipment (tracking in tiers): what /track/:trackingNumber/details gives
// and answers. Types and one message, no server code: the page's component imports them.

/** A party as its full details show it, contact details unmasked. */
export type DetailsParty = {
  name: string;
  company: string | null;
  address: string | null;
  email: string | null;
  phone: string | null;
};

/** One shipment's full details, every value already written out for the page. */
export type ShipmentDetailsView = {
  trackingNumber: string;
  status: string;
  originLocation: string;
  destinationLocation: string;
  shipper: DetailsParty | null;
  consignee: DetailsParty | null;
  goodsDescription: string | null;
  pieces: number | null;
  /** '1,250.5 kg'. */
  weight: string | null;
  dimensions: string | null;
  /** '12,000.00 USD'. */
  declaredValue: string | null;
  /** The PDFs' addresses: the house waybill always, the delivery note once a delivery is recorded. */
  documents: { waybill: string; deliveryNote: string | null };
};

/** What the details page shows: the details (to a grant holder or a customer of the shipment), or the form. */
export type DetailsPageData =
  | { kind: "rate-limited"; number: string; retryAfterSeconds: number }
  | { kind: "not-found"; number: string }
  | {
      kind: "details";
      number: string;
      trackingPath: string;
      details: ShipmentDetailsView;
      /** Set for a signed-in customer of the shipment: their account's page of it. */
      accountPath: string | null;
    }
  | {
      kind: "ask";
      number: string;
      trackingPath: string;
      sms: boolean;
      /** A code this browser asked for and can still type, with where it went (masked). */
      /** `digits`: 6, or 8 once the site has seen many wrong codes (decision 029). */
      attempt: { sentTo: string; channel: "email" | "sms"; digits: number } | null;
    };

/** What a post to the details page answers (a right code redirects to the page instead). */
export type DetailsReply =
  | { step: "contact"; error: string; value: string }
  | { step: "code"; error: string }
  | { step: "expired"; error: string }
  | { step: "failed"; error: string; status?: "not-found" };

/** What the details page and its forms say when a client has looked up too many numbers. */
export const tooManyLookupsMessage = (seconds: number) =>
  `Too many lookups from your address. Please try again in ${Math.max(1, Math.ceil(seconds / 60))} minutes.`;
