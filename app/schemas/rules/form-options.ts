// What the public forms show before anyone types (their options, their fields' lengths, the words of their
// answers), apart from the rules that check them (contact-message-rules.ts, quote-request-rules.ts,
// service-inquiry-rules.ts): the forms' pages load this, the checks and the server load the rules (decision 023).

export const CONTACT_LIMITS = {
  name: 100,
  subject: 200,
  message: 5000,
} as const;

/** The contact form's answers (spec), shown as toasts. */
export const contactFeedbackMessages = {
  successTitle: "Message sent successfully!",
  successDescription: "We'll get back to you as soon as possible.",
  failureTitle: "Failed to send message",
  failureDescription: "Please try again later.",
} as const;

export const parcelTypeOptions = [
  "Documents",
  "Parcels",
  "Pallets",
  "Full Container",
  "Vehicles",
  "Other",
] as const;
export type ParcelType = (typeof parcelTypeOptions)[number];

export const freightTypeOptions = [
  { value: "air", label: "Air Freight" },
  { value: "sea", label: "Sea Freight" },
  { value: "road", label: "Road Transport" },
] as const;
export type FreightType = (typeof freightTypeOptions)[number]["value"];

export const QUOTE_LIMITS = {
  name: 100,
  city: 100,
  weight: 100,
  specialInfo: 5000,
  /** As long as a party's company (the booking's shipper carries it). */
  company: 160,
} as const;

/** The shipment types of the 'Get a Quote' side form on /services. */
export const shipmentTypeOptions = [
  { value: "air", label: "Air Freight", subject: "Air freight" },
  { value: "sea", label: "Sea Freight", subject: "Sea freight" },
  { value: "land", label: "Land Transport", subject: "Land transport" },
] as const;
