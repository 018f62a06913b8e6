// Action specs of the security suite: the customer account's quotes and invoices (decision 029).
// They are posted with the suite's customer session (targets.ts: every /account/ page but signing in and out),
// to ids that are not the customer's (a 404, nothing changed) and to the quote request form (refused or stored as
// typed). The refusals on the customer's own records are in app/routes/account/*.test.ts.
import type { Spec } from "./action-kit.ts";

export function accountBillingActions(): Record<string, Spec[]> {
  return {
    "routes/account/quotes.$id": [
      {
        name: "accept quote (account)",
        fields: () => [
          ["intent", "accept"],
          ["name", "Ama Mensah"],
        ],
        strict: ["intent"],
        text: ["name"],
      },
      {
        name: "decline quote (account)",
        fields: () => [
          ["intent", "decline"],
          ["comment", "Too dear"],
        ],
        strict: ["intent"],
        text: ["comment"],
      },
    ],
    "routes/account/invoices.$id": [
      { name: "pay (account)", fields: () => [["intent", "pay"]], strict: ["intent"], text: [] },
    ],
  };
}
