import { describe, expect, it } from "vitest";
import {
  isDeliveredStatus,
  isDeliveryOverdue,
  statusBadgeTone,
  timelineIconKind,
} from "#app/lib/shipment-status.ts";

describe("statusBadgeTone", () => {
  it("uses the spec's colours", () => {
    expect(statusBadgeTone("In Transit")).toBe("blue");
    expect(statusBadgeTone("Delivered")).toBe("green");
    expect(statusBadgeTone("Processing")).toBe("amber");
    expect(statusBadgeTone("Delayed")).toBe("red");
    expect(statusBadgeTone("Pending")).toBe("grey");
  });

  it("ignores case and surrounding or repeated spaces", () => {
    expect(statusBadgeTone(" in  transit ")).toBe("blue");
    expect(statusBadgeTone("DELIVERED")).toBe("green");
  });

  it("is grey for anything else", () => {
    expect(statusBadgeTone("Customs Hold")).toBe("grey");
    expect(statusBadgeTone("")).toBe("grey");
    expect(statusBadgeTone(null)).toBe("grey");
    expect(statusBadgeTone(undefined)).toBe("grey");
    expect(statusBadgeTone("toString")).toBe("grey");
  });
});

describe("timelineIconKind", () => {
  it("picks the icon by keyword, case-insensitively", () => {
    expect(timelineIconKind("Shipped")).toBe("truck");
    expect(timelineIconKind("In Transit")).toBe("truck");
    expect(timelineIconKind("in transit to Abidjan")).toBe("truck");
    expect(timelineIconKind("Delivered")).toBe("delivered");
    expect(timelineIconKind("Package DELIVERED to consignee")).toBe("delivered");
    expect(timelineIconKind("Arrived")).toBe("location");
    expect(timelineIconKind("arrived at hub")).toBe("location");
  });

  it("falls back to the package icon", () => {
    expect(timelineIconKind("Processing")).toBe("package");
    expect(timelineIconKind("Delayed")).toBe("package");
    expect(timelineIconKind("")).toBe("package");
    expect(timelineIconKind(null)).toBe("package");
  });

  it("checks the keywords in the spec's order", () => {
    expect(timelineIconKind("Shipped and delivered")).toBe("truck");
    expect(timelineIconKind("Arrived and delivered")).toBe("delivered");
  });
});

describe("isDeliveredStatus", () => {
  it("is true only for Delivered", () => {
    expect(isDeliveredStatus("Delivered")).toBe(true);
    expect(isDeliveredStatus(" delivered ")).toBe(true);
    expect(isDeliveredStatus("In Transit")).toBe(false);
    expect(isDeliveredStatus(null)).toBe(false);
  });
});

describe("isDeliveryOverdue", () => {
  const estimatedDelivery = new Date("2025-03-10T00:00:00Z");

  it("is false during the estimated day and true from the next day on", () => {
    const base = { estimatedDelivery, status: "In Transit" };
    expect(isDeliveryOverdue({ ...base, now: new Date("2025-03-10T23:59:59Z") })).toBe(false);
    expect(isDeliveryOverdue({ ...base, now: new Date("2025-03-11T00:00:00Z") })).toBe(true);
  });

  it("is false once delivered, by status or by a history entry", () => {
    const now = new Date("2025-04-01T00:00:00Z");
    expect(isDeliveryOverdue({ estimatedDelivery, status: "Delivered", now })).toBe(false);
    expect(
      isDeliveryOverdue({
        estimatedDelivery,
        status: "Arrived",
        history: [{ status: "Arrived" }, { status: "delivered" }],
        now,
      }),
    ).toBe(false);
  });

  it("is false without an estimated delivery", () => {
    expect(isDeliveryOverdue({ estimatedDelivery: null, status: "In Transit" })).toBe(false);
    expect(isDeliveryOverdue({ estimatedDelivery: new Date(Number.NaN), status: "In Transit" })).toBe(false);
  });
});
