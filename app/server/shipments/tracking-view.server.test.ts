import { describe, expect, it } from "vitest";
import type { PublicShipment } from "#app/server/shipments/tracking.server.ts";
import { presentTracking, whatsAppLinks } from "#app/server/shipments/tracking-view.server.ts";

const at = (iso: string) => new Date(iso);
const NOW = at("2026-11-23T12:00:00Z");

function shipment(overrides: Partial<PublicShipment> = {}): PublicShipment {
  return {
    trackingNumber: "UTG-1234-5678",
    status: "In Transit",
    originLocation: "Shanghai, China",
    destinationLocation: "Monrovia, Liberia",
    currentLocation: "Port of Abidjan",
    estimatedDelivery: at("2026-11-29T00:00:00Z"),
    weight: 1250.5,
    dimensions: "240 x 120 x 150 cm",
    shipper: { name: "Li Wei", company: "Sunrise Solar" },
    consignee: null,
    receivedBy: null,
    history: [
      {
        id: "2",
        status: "In Transit",
        location: "Port of Abidjan",
        notes: "Unloaded",
        timestamp: at("2026-11-22T15:40:00Z"),
      },
      {
        id: "1",
        status: "Shipped",
        location: "Shanghai",
        notes: null,
        timestamp: at("2026-11-10T07:05:00Z"),
      },
    ],
    lastUpdatedAt: at("2026-11-22T15:40:00Z"),
    ...overrides,
  };
}

describe("presentTracking", () => {
  it("writes out what the glance, the details and the timeline show", () => {
    const view = presentTracking({ shipment: shipment(), now: NOW, timeZone: "Africa/Monrovia" });
    expect(view).toMatchObject({
      status: "In Transit",
      statusTone: "blue",
      // The newest entry, which says the shipment's status.
      latest: {
        status: "In Transit",
        location: "Port of Abidjan",
        at: { iso: "2026-11-22T15:40:00.000Z", date: "Nov 22, 2026", time: "3:40 PM" },
      },
      arrival: { label: "Arriving", iso: "2026-11-29T00:00:00.000Z", text: "Nov 29, 2026" },
      step: 1,
      delayed: false,
      delivered: false,
      late: false,
      lastUpdated: { date: "Nov 22, 2026", time: "3:40 PM" },
      estimatedDelivery: { date: "Nov 29, 2026" },
      weight: "1,250.5 kg",
      dimensions: "240 x 120 x 150 cm",
      shipper: { name: "Li Wei", company: "Sunrise Solar" },
      consignee: null,
    });
    expect(view.history).toEqual([
      {
        id: "2",
        status: "In Transit",
        location: "Port of Abidjan",
        notes: "Unloaded",
        at: { iso: "2026-11-22T15:40:00.000Z", date: "Nov 22, 2026", time: "3:40 PM" },
        icon: "truck",
      },
      {
        id: "1",
        status: "Shipped",
        location: "Shanghai",
        notes: null,
        at: { iso: "2026-11-10T07:05:00.000Z", date: "Nov 10, 2026", time: "7:05 AM" },
        icon: "truck",
      },
    ]);
  });

  it("never shows a latest update that contradicts the status: a newest entry saying another one is only on the timeline", () => {
    // Staff added 'Shipped' without making it current, or set 'Processing' on the shipment's form.
    const newest = { id: "3", status: "Shipped", location: "Port of Tema", notes: null, timestamp: NOW };
    const history = [newest, ...shipment().history];
    for (const locale of ["en", "fr"] as const) {
      const view = presentTracking({
        shipment: shipment({ status: "Processing", history }),
        now: NOW,
        timeZone: "Africa/Monrovia",
        locale,
      });
      expect(view.latest).toBeNull();
      expect(view.history[0]!.location).toBe("Port of Tema");
    }
    // The same status in another letter case is the same status.
    const same = presentTracking({
      shipment: shipment({ status: "shipped", history }),
      now: NOW,
      timeZone: "Africa/Monrovia",
      locale: "fr",
    });
    expect(same.latest).toMatchObject({ status: "Expédié", location: "Port of Tema" });
  });

  it("says 'Was due' and late once the estimated day is over without a delivery", () => {
    const view = presentTracking({
      shipment: shipment({
        status: "Delayed",
        estimatedDelivery: at("2026-11-22T00:00:00Z"),
        history: [
          { id: "3", status: "Arrived", location: "Port of Abidjan", notes: null, timestamp: NOW },
          ...shipment().history,
        ],
      }),
      now: NOW,
      timeZone: "Africa/Monrovia",
    });
    expect(view).toMatchObject({
      arrival: { label: "Was due", text: "Nov 22, 2026" },
      late: true,
      delayed: true,
      statusTone: "red",
      // 'Delayed' names no step: the furthest one its history reached.
      step: 2,
    });
    // Not on the estimated day itself.
    expect(
      presentTracking({
        shipment: shipment({ estimatedDelivery: at("2026-11-23T00:00:00Z") }),
        now: NOW,
        timeZone: "Africa/Monrovia",
      }).late,
    ).toBe(false);
  });

  it("a 'delivered' entry means delivered when it happened, never late, whatever the status says", () => {
    const view = presentTracking({
      shipment: shipment({
        status: "Arrived",
        estimatedDelivery: at("2026-11-01T00:00:00Z"),
        history: [
          {
            id: "3",
            status: "Delivered to consignee",
            location: "Monrovia",
            notes: null,
            timestamp: at("2026-11-21T09:15:00Z"),
          },
        ],
        lastUpdatedAt: at("2026-11-22T10:00:00Z"),
      }),
      now: NOW,
      timeZone: "Africa/Monrovia",
    });
    expect(view).toMatchObject({
      arrival: { label: "Delivered", iso: "2026-11-21T09:15:00.000Z", text: "Nov 21, 2026 9:15 AM" },
      delivered: true,
      late: false,
      step: 3,
    });
    // Delivered: no estimate beside the delivery time.
    expect(view.estimatedDelivery).toBeNull();
    expect(view.history[0]!.icon).toBe("delivered");
  });

  it("says who signed for a recorded delivery by initials only", () => {
    const view = presentTracking({
      shipment: shipment({
        status: "Delivered",
        history: [],
        receivedBy: { initials: "J. D.", signed: true },
        lastUpdatedAt: at("2026-11-21T15:40:00Z"),
      }),
      now: NOW,
      timeZone: "Africa/Monrovia",
    });
    expect(view.arrival).toEqual({
      label: "Delivered",
      iso: "2026-11-21T15:40:00.000Z",
      text: "Nov 21, 2026 3:40 PM, signed by J. D.",
    });
  });

  it("says 'received by', not 'signed by', when only the receiver's name was typed", () => {
    const view = presentTracking({
      shipment: shipment({
        status: "Delivered",
        history: [],
        receivedBy: { initials: "M. K.", signed: false },
        lastUpdatedAt: at("2026-11-21T15:40:00Z"),
      }),
      now: NOW,
      timeZone: "Africa/Monrovia",
    });
    expect(view.arrival?.text).toBe("Nov 21, 2026 3:40 PM, received by M. K.");
  });

  it("a 'Delivered' status without such an entry was delivered when last updated", () => {
    const view = presentTracking({
      shipment: shipment({ status: "Delivered", history: [], lastUpdatedAt: at("2026-11-20T18:00:00Z") }),
      now: NOW,
      timeZone: "Africa/Monrovia",
    });
    expect(view).toMatchObject({
      arrival: { label: "Delivered", text: "Nov 20, 2026 6:00 PM" },
      latest: null,
      statusTone: "green",
      history: [],
    });
  });

  it("has no arrival line, weight or estimate when none is known", () => {
    const view = presentTracking({
      shipment: shipment({ estimatedDelivery: null, weight: null }),
      now: NOW,
      timeZone: "Africa/Monrovia",
    });
    expect(view).toMatchObject({ arrival: null, estimatedDelivery: null, weight: null, late: false });
  });

  it("writes the times in the company's time zone, and the estimated delivery as the calendar day it is", () => {
    const view = presentTracking({ shipment: shipment(), now: NOW, timeZone: "Africa/Lagos" });
    expect(view.timeZone).toBe("Africa/Lagos");
    // 15:40 UTC is 4:40 PM in Lagos (UTC+1); the instant itself stays the same.
    expect(view.latest?.at).toEqual({
      iso: "2026-11-22T15:40:00.000Z",
      date: "Nov 22, 2026",
      time: "4:40 PM",
    });
    expect(view.history[1]?.at.time).toBe("8:05 AM");
    expect(view.lastUpdated.time).toBe("4:40 PM");
    // West of UTC the day of a midnight-UTC date would slip back: it is a date, not an instant.
    const west = presentTracking({ shipment: shipment(), now: NOW, timeZone: "America/New_York" });
    expect(west.estimatedDelivery?.date).toBe("Nov 29, 2026");
    expect(west.arrival?.text).toBe("Nov 29, 2026");
    expect(west.history[0]?.at).toMatchObject({ date: "Nov 22, 2026", time: "10:40 AM" });
  });
});

describe("the tracking result's WhatsApp links", () => {
  const links = (companyPhone: string | null) =>
    whatsAppLinks({
      trackingNumber: "UTG-1234-5678",
      trackingUrl: "https://freight.example/track/UTG-1234-5678",
      companyPhone,
    });

  it("chats with the company's mobile number, in international form without '+'", () => {
    expect(links("0777 001 995").chat).toBe(
      `https://wa.me/231777001995?text=${encodeURIComponent("Hello, I have a question about shipment UTG-1234-5678.")}`,
    );
  });

  it("offers no chat without a number, or with one WhatsApp cannot reach (not a mobile number)", () => {
    expect(links(null).chat).toBeNull();
    expect(links("").chat).toBeNull();
    expect(links("12345").chat).toBeNull();
  });

  it("shares the tracking link whatever the settings", () => {
    expect(links(null).share).toBe(
      `https://wa.me/?text=${encodeURIComponent("Track shipment UTG-1234-5678: https://freight.example/track/UTG-1234-5678")}`,
    );
  });
});
