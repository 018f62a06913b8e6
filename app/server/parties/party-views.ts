import type { SubmissionResult } from "@conform-to/react";
import type { PartyListQuery, PartyRole } from "#app/schemas/party-admin.ts";
import type { CustomerAccountCardData } from "#app/server/customers/customer-account-views.ts";

// The address book's contract (/admin/parties, a new party, a party's page): what its loaders give and its
// actions answer. The components import these types (never the server modules' code).

/** A customer's statement page (the receivables' page of a party). */
export const statementUrl = (party: { kind: string; id: string }) =>
  `/admin/statements/${party.kind}/${party.id}`;

/** Which book a party is in. */
export type PartyKind = "shipper" | "consignee";

/** A party's fields as the form shows them: absent fields are "". */
export type PartyValues = {
  name: string;
  company: string;
  email: string;
  phone: string;
  address: string;
  /** Its invoices get no payment reminders (decision 026). */
  noReminders: boolean;
  /** The language its messages go in (decision 030); "" on a new party's form: from the phone number. */
  language: "en" | "fr" | "";
};

/** One row of the address book. */
export type AddressBookRow = PartyValues & { id: string; shipmentCount: number };

export type AddressBookData = {
  query: PartyListQuery;
  rows: AddressBookRow[];
  total: number;
  page: number;
  pageCount: number;
};

/** One shipment a party is on; its date already formatted, so the server and the browser show the same text. */
export type PartyShipmentRow = {
  id: string;
  trackingNumber: string;
  status: string;
  originLocation: string;
  destinationLocation: string;
  createdAt: string;
};

/** The form's data: a new party (role from the tab it was opened from) or an existing one with its shipments. */
export type PartyFormData =
  | { party: null; role: PartyRole; values: PartyValues }
  | {
      party: PartyValues & { id: string };
      /** Which channels the stored phone can get ('Landline: e-mail only …'); null without a phone. */
      phoneChannels: string | null;
      /** Their statement of account, for the roles that see statements (decision 026); null for the others. */
      statementUrl: string | null;
      role: PartyRole;
      values: PartyValues;
      /** The 'Customer account' card (decision 029): who may sign in for this party's company. */
      account: CustomerAccountCardData;
      shipments: { rows: PartyShipmentRow[]; total: number; page: number; pageCount: number };
    };

/** The action's answer to a refused post (a redirect with a toast otherwise). */
export type PartyActionData = { result: SubmissionResult<string[]> };
