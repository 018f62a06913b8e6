// What the action specs of the security suite share (targets.ts and the actions-*.ts files): the fixtures,
// a target and its spec, and the helpers more than one area uses.
import type { Entries } from "./corpus.ts";

export type Fixtures = {
  adminEmail: string;
  adminCookie: string;
  shipment: { id: string; trackingNumber: string };
  victimShipment: string;
  shipper: string;
  consignee: string;
  /** A shipper on no shipment, for the address book's delete. */
  victimShipper: string;
  history: string;
  victimHistory: string;
  post: { id: string; slug: string };
  victimPost: string;
  quote: string;
  victimQuote: string;
  message: string;
  victimMessage: string;
  media: { id: string; filename: string };
  victimMedia: string;
  staff: string;
  /** A spreadsheet uploaded to the shipment import (decision 020), waiting for its check. */
  importUpload: string;
  /** Invoice drafts (decision 026): one saved again by the suite, one to delete; and an issued one to void. */
  invoice: string;
  victimInvoice: string;
  issuedInvoice: string;
  /** An issued invoice the suite records payments on, and a payment of it (decision 026). */
  payableInvoice: string;
  payment: string;
};

export type Target = {
  name: string;
  routeId: string;
  path: string;
  /** Sent with the signed-in admin's cookie (true), the signed-in customer's ("customer", decision 029), or none. */
  session: boolean | "customer";
  /** A valid post (fresh values each call where rows must be unique). */
  fields: () => Entries;
  /** Fields whose hostile value must make the post invalid: nothing may change. */
  strict: string[];
  /** Free-text fields: hostile text is refused or stored as it is. */
  text: string[];
  /** Where the text fields are stored (field → column), to check the stored value. */
  store?: { table: string; columns: Record<string, string> };
  /** The fields alone already make a complete request (no "missing fields" variant). */
  noFields?: boolean;
  /** Whether the suite knows this action (an action added later gets generic posts). */
  known: boolean;
};

/**
 * The suite's app runs with Twilio's callback secret and Africa's Talking's callback token set (and no
 * sender, so nothing is ever sent), so the provider callback routes check what they receive.
 */
export const TWILIO_CALLBACK_ENV = {
  TWILIO_ACCOUNT_SID: `AC${"5".repeat(32)}`,
  TWILIO_AUTH_TOKEN: "security-suite-twilio-auth-token",
  AFRICASTALKING_CALLBACK_TOKEN: "security-suite-africastalking-callback-token",
};

let serial = 0;
export const unique = () => `${Date.now().toString(36)}${(serial++).toString(36)}`;

// The phone is read into E.164 (app/schemas/shipment.ts), so it is a strict field, not stored as typed.
export const PARTY_TEXT = { name: "name", company: "company", address: "address" };
export const NEW_PASSWORD = "a sturdy new passphrase for 2026";

export type Spec = Omit<Target, "routeId" | "path" | "session" | "known"> & {
  session?: boolean | "customer";
  path?: string;
};

/** The address book's party form also takes the party's language (decision 030): English or French only. */
export function withPartyLanguage(spec: Spec): Spec {
  return {
    ...spec,
    fields: () => [...spec.fields(), ["language", "fr"] as [string, string]],
    strict: [...spec.strict, "language"],
  };
}

export function partyIntent(intent: string, table: string, strictOnly = false): Spec {
  return {
    name: intent,
    fields: () => [
      ["intent", intent],
      ["name", "Sec Party Ltd"],
      ["company", "Sec Holdings"],
      ["email", "party@example.com"],
      ["phone", "+231 77 012 3456"],
      ["address", "1 Broad Street, Monrovia"],
    ],
    strict: ["intent", "phone"],
    text: strictOnly ? [] : ["name", "company", "address"],
    store: { table, columns: PARTY_TEXT },
  };
}
