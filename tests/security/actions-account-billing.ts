// Action specs of the security suite: the customer account's quotes, invoices and quote request (issue 29).
// The suite has no customer session yet: these posts go without one, so each must be sent to the sign-in page
// with nothing changed (requireCustomer runs first in every account action). The signed-in refusals on real
// records are in app/routes/account/*.test.ts.
import type { Spec } from "./action-kit.ts";
import { quoteFormSpec } from "./actions-public.ts";

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
    "routes/account/quote-request": [quoteFormSpec("ask for a quote (account)")],
  };
}
