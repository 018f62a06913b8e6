// A quote request's stage (decision 016), derived, never stored: New → Quoted → Accepted / Declined /
// Expired → Booked. Browser-safe: the inbox's 'Stage' column and filter and the quote page use the same rule.
// The facts are columns of quote_requests that the quote functions keep up to date: the newest quote's state
// (`quote_state`), the end of its validity (`quote_expires_at`) and the shipment it was booked as
// (`booked_shipment_id`). In SQL the same rule reads:
//   booked_shipment_id is not null                                → Booked
//   quote_state = 'accepted' | 'declined'                         → Accepted | Declined
//   quote_state = 'sent' and quote_expires_at <= now()            → Expired
//   quote_state = 'sent'                                          → Quoted
//   otherwise (no quote, or only a draft)                         → New

export const QUOTE_REQUEST_STAGES = ["New", "Quoted", "Accepted", "Declined", "Expired", "Booked"] as const;
export type QuoteRequestStage = (typeof QUOTE_REQUEST_STAGES)[number];

export type QuoteStageFacts = {
  quoteState: "draft" | "sent" | "accepted" | "declined" | null;
  quoteExpiresAt: Date | string | null;
  bookedShipmentId: string | null;
};

export function quoteRequestStage(facts: QuoteStageFacts, now: Date = new Date()): QuoteRequestStage {
  if (facts.bookedShipmentId) return "Booked";
  switch (facts.quoteState) {
    case "accepted":
      return "Accepted";
    case "declined":
      return "Declined";
    case "sent":
      return facts.quoteExpiresAt !== null && new Date(facts.quoteExpiresAt).getTime() <= now.getTime()
        ? "Expired"
        : "Quoted";
    default:
      return "New";
  }
}

/** The inbox's `?stage=` value of a stage ('quoted'), and back; anything else is no filter. */
export function quoteStageParam(stage: QuoteRequestStage): string {
  return stage.toLowerCase();
}

export function parseQuoteStageParam(value: string | null | undefined): QuoteRequestStage | undefined {
  return QUOTE_REQUEST_STAGES.find((stage) => quoteStageParam(stage) === value);
}
