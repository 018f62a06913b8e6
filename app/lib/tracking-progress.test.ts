import { describe, expect, it } from "vitest";
import { stepOfStatus, TRACKING_STEPS, trackingProgress } from "#app/lib/tracking-progress.ts";

const at = (iso: string) => new Date(iso);
/** History newest first, as the tracking lookup returns it. */
const history = (...statuses: string[]) =>
  statuses.map((status, index) => ({
    status,
    timestamp: at(`2026-11-${String(22 - index).padStart(2, "0")}T15:40:00Z`),
  }));

describe("stepOfStatus", () => {
  it("reads the spec's keywords anywhere in the text, any case", () => {
    expect(TRACKING_STEPS).toEqual(["Booked", "In transit", "Arrived", "Delivered"]);
    expect(stepOfStatus("Processing")).toBe(0);
    expect(stepOfStatus("pending")).toBe(0);
    expect(stepOfStatus("Booked")).toBe(0);
    expect(stepOfStatus("Shipped")).toBe(1);
    expect(stepOfStatus("  IN   TRANSIT ")).toBe(1);
    expect(stepOfStatus("In transit to Abidjan")).toBe(1);
    expect(stepOfStatus("Arrived at port")).toBe(2);
    expect(stepOfStatus("Delivered")).toBe(3);
    expect(stepOfStatus("delivered to consignee")).toBe(3);
  });

  it("names no step for a delay or any other text", () => {
    for (const status of [
      "Delayed",
      "On hold",
      "Undelivered",
      "Not delivered: address closed",
      "Customs inspection",
      "",
      null,
      undefined,
    ]) {
      expect(stepOfStatus(status), String(status)).toBeNull();
    }
  });
});

describe("trackingProgress", () => {
  it("follows the shipment's own status, not a newer history entry", () => {
    // The demo shipment: the status says In Transit while the newest entry says Arrived (at a hub).
    const progress = trackingProgress({
      status: "In Transit",
      history: history("Arrived", "In Transit", "Shipped", "Processing"),
    });
    expect(progress).toEqual({ step: 1, delayed: false, delivered: false, deliveredAt: null });
  });

  it("is the first step for a booking and for a shipment without history", () => {
    expect(trackingProgress({ status: "Processing", history: history("Processing") }).step).toBe(0);
    expect(trackingProgress({ status: "Something else", history: [] }).step).toBe(0);
  });

  it("shows a delay as a warning on the furthest step the history reached", () => {
    const progress = trackingProgress({
      status: "Delayed",
      history: history("Delayed", "In Transit", "Shipped"),
    });
    expect(progress).toMatchObject({ step: 1, delayed: true, delivered: false });
    expect(trackingProgress({ status: "Delayed", history: [] })).toMatchObject({ step: 0, delayed: true });
  });

  it("warns when the newest entry reports a delay", () => {
    const progress = trackingProgress({ status: "In Transit", history: history("Delay at port", "Shipped") });
    expect(progress).toMatchObject({ step: 1, delayed: true });
    expect(trackingProgress({ status: "In Transit", history: history("Shipped", "Delayed") }).delayed).toBe(
      false,
    );
  });

  it("is delivered when the status or any entry says so, at the newest delivered entry's time", () => {
    const entries = history("Delivered", "Arrived", "Shipped");
    expect(trackingProgress({ status: "Delivered", history: entries })).toEqual({
      step: 3,
      delayed: false,
      delivered: true,
      deliveredAt: at("2026-11-22T15:40:00Z"),
    });
    expect(trackingProgress({ status: "In Transit", history: entries })).toMatchObject({
      step: 3,
      delivered: true,
    });
    expect(trackingProgress({ status: "Delivered", history: [] })).toEqual({
      step: 3,
      delayed: false,
      delivered: true,
      deliveredAt: null,
    });
    // A delivered shipment is not delayed, whatever an older entry said.
    expect(trackingProgress({ status: "Delayed", history: history("Delivered", "Delayed") }).delayed).toBe(
      false,
    );
  });
});
