// A usual status typed by hand ('in transit ', 'DELIVERED') reads French on French pages, as the status picked
// from the list does; anything else stays as staff typed it, and English pages show exactly what was typed. Pure.
import { describe, expect, it } from "vitest";
import { standardStatus } from "#app/server/shipments/standard-status.server.ts";
import type { PublicShipment } from "#app/server/shipments/tracking.server.ts";
import { presentTracking } from "#app/server/shipments/tracking-view.server.ts";

describe("a status typed by hand", () => {
  it("stands for the usual status it matches, whatever its case and spaces", () => {
    expect(standardStatus("in transit ")).toBe("In Transit");
    expect(standardStatus(" OUT  FOR delivery")).toBe("Out for Delivery");
    expect(standardStatus("booked")).toBe("Booked");
    expect(standardStatus("Held at customs")).toBe("Held at customs");
  });

  it("reads French on the French tracking result, as typed on the English one", () => {
    const at = new Date("2026-12-01T10:00:00Z");
    const shipment = {
      trackingNumber: "UTG-1234-5678",
      status: "arrived ",
      originLocation: "Shanghai",
      destinationLocation: "Abidjan",
      currentLocation: null,
      estimatedDelivery: null,
      lastUpdatedAt: at,
      weight: null,
      dimensions: null,
      shipper: null,
      consignee: null,
      receivedBy: null,
      history: [
        { id: "2", status: "ARRIVED", location: "Abidjan", notes: null, timestamp: at },
        { id: "1", status: "Held at customs", location: "Abidjan", notes: null, timestamp: at },
      ],
    } as unknown as PublicShipment;
    const french = presentTracking({ shipment, timeZone: "UTC", locale: "fr", now: at });
    expect([french.status, french.latest?.status, ...french.history.map((entry) => entry.status)]).toEqual([
      "Arrivé",
      "Arrivé",
      "Arrivé",
      "Held at customs",
    ]);
    const english = presentTracking({ shipment, timeZone: "UTC", now: at });
    expect([english.status, ...english.history.map((entry) => entry.status)]).toEqual([
      "arrived ",
      "ARRIVED",
      "Held at customs",
    ]);
  });
});
