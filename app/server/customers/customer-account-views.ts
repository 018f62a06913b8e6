// The 'Customer account' card of a party's page (decision 029): what its loader gives and its actions answer. The
// component imports these types (never the server modules' code).

/** The card's forms, by their intent. */
export const CUSTOMER_ACCOUNT_INTENTS = {
  invite: "invite-member",
  remove: "remove-member",
  selfSignIn: "self-sign-in",
  addParty: "add-party",
  removeParty: "remove-party",
} as const;
export type CustomerAccountIntent = (typeof CUSTOMER_ACCOUNT_INTENTS)[keyof typeof CUSTOMER_ACCOUNT_INTENTS];

export type AccountPartyRow = {
  /** "shipper:<id>" or "consignee:<id>": what the forms post. */
  key: string;
  id: string;
  kindLabel: string;
  name: string;
  company: string | null;
  /** The party whose page this is. */
  current: boolean;
};

export type AccountMemberRow = {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  /** Already formatted ('Nov 27, 2026'), or null: never signed in. */
  lastSignIn: string | null;
  canInvite: boolean;
};

export type CustomerAccountCardData = {
  /** The company this party belongs to, or null: nobody was invited yet. */
  companyName: string | null;
  parties: AccountPartyRow[];
  members: AccountMemberRow[];
  /** This party's own e-mail and phone, as one phrase ('ama@example.com or +231770123456'), or null. */
  ownAddresses: string | null;
  selfSignIn: boolean;
  /** What the invitation form starts with: the party's name, e-mail and mobile number. */
  inviteDefaults: { name: string; email: string; phone: string };
  /** Whether a mobile number may be typed (text messages are set up here). */
  textMessages: boolean;
  /** 'Add another party': the search typed and up to 50 shippers and consignees it found (not in the account). */
  partySearch: { q: string; matches: AccountPartyRow[] } | null;
};

/** A refused post of the card: the message, under the form that was sent, with what was typed. */
export type CustomerAccountActionData = {
  account: { intent: CustomerAccountIntent; message: string; values?: Record<string, string> };
};
