import { format, parseISO } from "date-fns";
import { describe, expect, it } from "vitest";
import {
  formatCalendarDate,
  formatDate,
  formatDateTimeLong,
  formatListDate,
  formatTime,
} from "#app/lib/format.ts";

// date-fns formats in the machine's zone: the UTC wall-clock fields, copied into a local date, give
// the expected text for any instant.
const wallClock = (d: Date) =>
  new Date(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes());

describe("date formats", () => {
  it("shows the spec's formats in UTC, whatever the machine's time zone", () => {
    const instant = new Date("2025-01-05T15:45:00Z");
    expect(formatListDate(instant)).toBe("Jan 05, 2025");
    expect(formatDate(instant)).toBe("Jan 5, 2025");
    expect(formatTime(instant)).toBe("3:45 PM");
    expect(formatTime("2025-01-05T00:05:00Z")).toBe("12:05 AM");
    expect(formatTime("2025-01-05T12:00:00Z")).toBe("12:00 PM");
    expect(formatDateTimeLong("2025-01-05T15:45:00.000Z")).toBe("January 5, 2025 3:45 PM");
    // Around daylight-saving changes in the machine's zone the wall clock stays right.
    expect(formatDateTimeLong("2025-03-09T07:30:00Z")).toBe("March 9, 2025 7:30 AM");
    expect(formatDateTimeLong("2025-11-02T01:30:00Z")).toBe("November 2, 2025 1:30 AM");
    expect(formatCalendarDate("2026-11-21")).toBe("November 21, 2026");
  });

  it("agrees with date-fns for every day of two years at varied times", () => {
    const start = Date.UTC(2023, 0, 1, 0, 0);
    for (let i = 0; i < 800; i++) {
      const date = new Date(start + i * 86_400_000 + ((i * 7919) % 1440) * 60_000);
      const local = wallClock(date);
      expect(formatListDate(date)).toBe(format(local, "MMM dd, yyyy"));
      expect(formatDate(date.toISOString())).toBe(format(local, "MMM d, yyyy"));
      expect(formatTime(date)).toBe(format(local, "h:mm a"));
      expect(formatDateTimeLong(date)).toBe(format(local, "MMMM d, yyyy h:mm a"));
      const day = date.toISOString().slice(0, 10);
      expect(formatCalendarDate(day)).toBe(format(parseISO(day), "MMMM d, yyyy"));
    }
  });
});
