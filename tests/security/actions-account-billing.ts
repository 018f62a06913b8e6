// Action specs of the security suite: the customer account's quotes, invoices and quote request (issue 29).
// The suite has no customer session yet: these posts go without one, so each must be sent to the sign-in page
// with nothing changed (requireCustomer runs first in every account action). The signed-in refusals on real
// records are in app/routes/account/*.test.ts.
import crypto from "node:crypto";
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
    "routes/account/quote-request": [
      {
        name: "ask for a quote (account)",
        fields: () => [
          ["intent", "quote"],
          ["submissionKey", crypto.randomUUID()],
          ["firstName", "Musu"],
          ["lastName", "Flomo"],
          ["email", "musu@example.com"],
          ["phone", "0770 123 456"],
          ["cityDeparture", "Monrovia"],
          ["deliveryCity", "Accra"],
          ["parcelType", "Parcels"],
          ["weight", "12 kg"],
          ["readyDate", "2026-12-10"],
          ["specialInfo", "Fragile"],
          ["freightTypes", "sea"],
          ["website", ""],
        ],
        strict: ["email", "phone", "readyDate", "parcelType", "freightTypes", "intent"],
        text: ["firstName", "lastName", "cityDeparture", "deliveryCity", "weight", "specialInfo"],
        store: {
          table: "quote_requests",
          columns: {
            firstName: "first_name",
            lastName: "last_name",
            cityDeparture: "city_departure",
            deliveryCity: "delivery_city",
            weight: "weight",
            specialInfo: "special_info",
          },
        },
      },
    ],
  };
}
