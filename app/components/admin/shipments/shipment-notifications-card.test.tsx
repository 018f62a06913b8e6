import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { ShipmentNotificationsCard } from "#app/components/admin/shipments/shipment-notifications-card.tsx";
import type { DetailRecipient } from "#app/server/shipments/shipment-detail-views.ts";

/** The recipients the next render shows (set by `render`, read by the card). */
let shown: DetailRecipient[] = [];
/** Whether SMS or WhatsApp has a provider in the next render. */
let texting = true;

function Card() {
  return (
    <ShipmentNotificationsCard
      notifications={{
        paused: false,
        textMessages: texting,
        recipients: shown,
        subscribers: [],
        messages: [],
      }}
      formError={undefined}
    />
  );
}

function render(recipients: DetailRecipient[], textMessages = true) {
  shown = recipients;
  texting = textMessages;
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

  it("says a party with only a phone is not notified while no text channel is set up, and notified once one is", () => {
    const phoneOnly = [
      { ...party, role: "consignee" as const, name: "Awa Traoré", phone: "+231770000001" },
      {
        ...party,
        role: "shipper" as const,
        name: "Kofi Ltd",
        email: "kofi@example.com",
        phone: "+231770000002",
      },
    ];
    const off = render(phoneOnly, false);
    expect(off).toContain(
      "|+231770000001|Not notified: no e-mail on file, and text messages are not set up|",
    );
    expect(off).toContain("|kofi@example.com · +231770000002|Notified|");
    const on = render(phoneOnly, true);
    expect(on).toContain("|+231770000001|Notified|");
    expect(on.match(/\|Notified\|/g)).toHaveLength(2);
  });
});
