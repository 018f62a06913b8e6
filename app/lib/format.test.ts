import { describe, expect, it } from "vitest";
import { formatDate, formatDateTimeLong, formatListDate, formatTime } from "./format";

describe("date formats", () => {
  it("shows the spec's formats in UTC, whatever the machine's time zone", () => {
    const instant = new Date("2025-01-05T15:45:00Z");
    expect(formatListDate(instant)).toBe("Jan 05, 2025");
    expect(formatDate(instant)).toBe("Jan 5, 2025");
    expect(formatTime(instant)).toBe("3:45 PM");
    expect(formatDateTimeLong("2025-01-05T15:45:00.000Z")).toBe("January 5, 2025 3:45 PM");
  });
});
