// The rules of the shipment form and of the status update form (app/schemas/shipment.ts and shipment-status.ts):
// what they accept, how they normalise it and the messages they refuse with. No database: the schemas alone.
import { describe, expect, it } from "vitest";
import { shipmentSchema } from "#app/schemas/shipment.ts";
import { statusUpdateSchema } from "#app/schemas/shipment-status.ts";

describe("status update rules", () => {
  const now = new Date("2026-06-10T12:00:00Z");
  const parse = (timestamp: string | undefined, timeZone = "Africa/Monrovia") =>
    statusUpdateSchema({ timeZone, now }).safeParse({ status: "Arrived", location: "Tema", timestamp });
  const message = (result: ReturnType<typeof parse>) =>
    result.success ? null : result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);

  it("takes the event time in the company's time zone", () => {
    expect(parse("2026-06-10T09:30")).toMatchObject({
      success: true,
      data: { timestamp: new Date("2026-06-10T09:30:00Z"), alsoSetCurrent: false },
    });
    expect(parse("2026-06-10T09:30", "Europe/London")).toMatchObject({
      data: { timestamp: new Date("2026-06-10T08:30:00Z") },
    });
    expect(parse("2026-01-10T09:30", "Europe/London")).toMatchObject({
      data: { timestamp: new Date("2026-01-10T09:30:00Z") },
    });
    expect(parse("2003-02-01T00:00")).toMatchObject({ success: true });
  });

  it("refuses a missing, unreal, too old or future event time with a clear message", () => {
    expect(message(parse(undefined))).toEqual(["timestamp: Event date and time is required."]);
    expect(message(parse("  "))).toEqual(["timestamp: Event date and time is required."]);
    for (const value of ["2026-02-30T10:00", "2026-06-10T25:00", "yesterday", "2026-06-10", "<b>"]) {
      expect(message(parse(value)), value).toEqual([
        "timestamp: Enter a real date and time, like 2026-03-14 09:30.",
      ]);
    }
    expect(message(parse("1999-12-31T23:59"))).toEqual(["timestamp: Enter a date from the year 2000 on."]);
    // Up to a day ahead is a clock a little off; more is refused.
    expect(parse("2026-06-11T12:00")).toMatchObject({ success: true });
    for (const value of ["2026-06-11T12:01", "2027-01-01T00:00", "2999-01-01T00:00"]) {
      expect(message(parse(value)), value).toEqual([
        "timestamp: The event date and time cannot be more than 1 day in the future.",
      ]);
    }
  });
});

describe("shipment form rules", () => {
  it("normalises and checks the fields with clear messages", () => {
    const ok = shipmentSchema.parse({
      trackingNumber: " utg-1111-2222 ",
      status: "In Transit",
      originLocation: "Monrovia",
      destinationLocation: "Accra",
      estimatedDelivery: "2026-02-28",
      weight: "12,5",
      dimensions: "1 x 2 x 3",
      shipperId: "none",
      notes: "",
    });
    expect(ok).toMatchObject({
      trackingNumber: "UTG-1111-2222",
      weight: 12.5,
      shipperId: null,
      notes: null,
      currentLocation: null,
    });
    const bad = shipmentSchema.safeParse({
      trackingNumber: "<script>",
      status: "",
      originLocation: "M",
      destinationLocation: "Accra",
      estimatedDelivery: "2026-02-30",
      weight: "-3",
      dimensions: "",
    });
    expect(bad.success).toBe(false);
    const messages = Object.fromEntries(bad.error!.issues.map((i) => [i.path.join("."), i.message]));
    expect(messages).toMatchObject({
      trackingNumber: "Use letters, digits and hyphens only, like UTG-1234-5678.",
      status: "Status is required.",
      originLocation: "Origin must be at least 2 characters.",
      estimatedDelivery: "Enter a real calendar date.",
      weight: "Weight must be a non-negative number of kilograms.",
      dimensions: "Dimensions is required.",
    });
  });
});
