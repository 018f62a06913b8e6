import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { ShipmentNotificationsCard } from "#app/components/admin/shipments/shipment-notifications-card.tsx";
import type { DetailRecipient } from "#app/server/shipment-page/shipment-detail-views.ts";

/** The recipients the next render shows (set by `render`, read by the card). */
let shown: DetailRecipient[] = [];

function Card() {
  return (
    <ShipmentNotificationsCard
      notifications={{ paused: false, recipients: shown, subscribers: [], messages: [] }}
      formError={undefined}
    />
  );
}

function render(recipients: DetailRecipient[]) {
  shown = recipients;
  const Stub = createRoutesStub([{ path: "/admin/shipments/1", Component: Card }]);
  // The text of the page, tags dropped, as a reader hears it.
  return renderToString(<Stub initialEntries={["/admin/shipments/1"]} />)
    .replace(/<!-- -->/g, "")
    .replace(/(<[^>]+>)+/g, "|");
}

const party = { email: "", phone: "", enabled: true, unsubscribed: [] };

describe("the shipment's notifications card", () => {
  it("says a party with no e-mail or phone on file is not notified, switch on or off", () => {
    const text = render([
      { ...party, role: "shipper", name: "Kofi Ltd", email: "kofi@example.com" },
      { ...party, role: "consignee", name: "Awa Traoré" },
    ]);
    expect(text).toContain("|Shipper: |Kofi Ltd|kofi@example.com|Notified|");
    expect(text).toContain("|Consignee: |Awa Traoré|Not notified: no e-mail or phone on file|");
    expect(text.match(/\|Notified\|/g)).toHaveLength(1);
    const off = render([
      { ...party, role: "consignee", name: "Awa Traoré", phone: "+231770000001", enabled: false },
    ]);
    expect(off).toContain("|+231770000001|Not notified|");
  });
});
