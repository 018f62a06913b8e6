// Action specs of the security suite: a customer's shipment page (decision 029), posted with the fixture customer's
// session (their company is the fixture shipment's shipper). Its one form switches the company's updates for
// the shipment: anything but `updates=on|off` with its intent changes nothing.
import type { Fixtures, Spec } from "./action-kit.ts";

export function accountShipmentActions(f: Fixtures): Record<string, Spec[]> {
  return {
    "routes/account/shipments.$tracking-number": [
      {
        name: "shipment updates switch",
        path: `/account/shipments/${f.shipment.trackingNumber}`,
        fields: () => [
          ["intent", "shipment-updates"],
          ["updates", "on"],
        ],
        strict: ["intent", "updates"],
        text: [],
      },
    ],
  };
}
