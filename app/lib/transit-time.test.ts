import { describe, expect, it } from "vitest";
import { addDaysToDate, transitDaysFromText } from "#app/lib/transit-time.ts";

describe("transitDaysFromText", () => {
  it.each([
    ["7 days", 7],
    ["1 day", 1],
    ["5-7 days", 7],
    ["5 – 7 Days", 7],
    ["5 to 7 working days", 7],
    ["about 10 business days", 10],
    ["2 weeks", 14],
    ["1–2 weeks", 14],
    ["  3   weeks ", 21],
  ])("reads %j as %i days", (text, days) => {
    expect(transitDaysFromText(text)).toBe(days);
  });

  it.each([
    "",
    null,
    undefined,
    "depends on the vessel",
    "7 days + customs",
    "7",
    "7-5 days",
    "0 days",
    "60 weeks",
    "3 months",
    "5 days, 2 weeks",
  ])("reads %j as nothing", (text) => {
    expect(transitDaysFromText(text)).toBeNull();
  });
});

describe("addDaysToDate", () => {
  it("counts calendar days across months and leap years", () => {
    expect(addDaysToDate("2026-11-24", 7)).toBe("2026-12-01");
    expect(addDaysToDate("2028-02-25", 5)).toBe("2028-03-01");
    expect(addDaysToDate("2026-12-31", 1)).toBe("2027-01-01");
  });
});
