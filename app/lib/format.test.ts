import { describe, expect, it } from "vitest";
import { formatDate, formatDateTimeLong, formatListDate, formatTime } from "./format";

describe("date formats", () => {
  it("shows the spec's formats in UTC, whatever the machine's time zone", () => {
    const instant = new Date("2025-01-05T15:45:00Z");
    expect(formatListDate(instant)).toBe("Jan 05, 2025");
    expect(formatDate(instant)).toBe("Jan 5, 2025");
    expect(formatTime(instant)).toBe("3:45 PM");
    expect(formatDateTimeLong("2025-01-05T15:45:00.000Z")).toBe("January 5, 2025 3:45 PM");
    // Around daylight-saving changes in the machine's zone the wall clock stays right.
    expect(formatDateTimeLong("2025-03-09T07:30:00Z")).toBe("March 9, 2025 7:30 AM");
    expect(formatDateTimeLong("2025-11-02T01:30:00Z")).toBe("November 2, 2025 1:30 AM");
  });
});
