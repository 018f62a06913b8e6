// Action specs of the security suite: who may sign in to a customer account (decision 029). The 'Customer account'
// card's intents on a party's page (the fixture shipper's), and the account's Colleagues and Preferences forms.
// The account forms are posted with the suite's customer session (the first member of the fixture shipper's
// company); the member's own checks are in app/routes/account/members.test.ts. The suite's app has no SMS sender, so a
// mobile number is always refused: the phone is strict.
import { type Fixtures, type Spec, unique } from "./action-kit.ts";

const NO_MEMBER = "00000000-0000-4000-8000-000000000000";

export function customerMemberActions(f: Fixtures): Record<string, Spec[]> {
  const party = { path: `/admin/parties/${f.shipper}` };
  return {
    "routes/admin/parties.$id": [
      {
        ...party,
        name: "invite to customer account",
        fields: () => [
          ["intent", "invite-member"],
          ["name", "Sec Member"],
          ["email", `sec-member-${unique()}@example.com`],
          ["phone", ""],
        ],
        strict: ["intent", "email", "phone"],
        text: ["name"],
        store: { table: "customer_members", columns: { name: "name" } },
      },
      {
        ...party,
        name: "remove member",
        fields: () => [
          ["intent", "remove-member"],
          ["memberId", NO_MEMBER],
        ],
        strict: ["intent", "memberId"],
        text: [],
      },
      {
        ...party,
        name: "may sign in by themselves",
        fields: () => [
          ["intent", "self-sign-in"],
          ["enabled", "true"],
        ],
        strict: ["intent", "enabled"],
        text: [],
      },
      {
        ...party,
        name: "add party to customer account",
        fields: () => [
          ["intent", "add-party"],
          ["party", `consignee:${f.consignee}`],
        ],
        strict: ["intent", "party"],
        text: [],
      },
      {
        ...party,
        name: "take party out of customer account",
        fields: () => [
          ["intent", "remove-party"],
          ["party", `consignee:${f.consignee}`],
        ],
        strict: ["intent", "party"],
        text: [],
      },
    ],
    "routes/account/colleagues": [
      {
        name: "add colleague",
        fields: () => [
          ["intent", "invite-colleague"],
          ["name", "Sec Colleague"],
          ["email", `sec-colleague-${unique()}@example.com`],
          ["phone", ""],
        ],
        strict: ["intent", "email", "phone"],
        text: [],
      },
      {
        name: "cancel a colleague's invitation",
        fields: () => [
          ["intent", "cancel-invitation"],
          ["invitation", NO_MEMBER],
        ],
        strict: ["intent", "invitation"],
        text: [],
      },
    ],
    "routes/account/preferences": [
      {
        name: "save preferences",
        fields: () => [
          ["intent", "save-preferences"],
          ["shipments", "email"],
          ["language", "en"],
        ],
        strict: ["intent", "language", "shipments"],
        text: [],
      },
    ],
  };
}
