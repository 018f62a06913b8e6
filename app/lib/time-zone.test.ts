import { describe, expect, it } from "vitest";
import { formatDate, formatTime } from "#app/lib/format.ts";
import {
  fromLocalDateTime,
  isSupportedTimeZone,
  listTimeZones,
  toLocalDateTime,
  wallClock,
} from "#app/lib/time-zone.ts";

const iso = (value: string, zone: string) => fromLocalDateTime(value, zone)?.toISOString() ?? null;

describe("time zones", () => {
  it("knows the IANA zones of Intl.supportedValuesOf, spelled exactly, and UTC", () => {
    expect(isSupportedTimeZone("Africa/Monrovia")).toBe(true);
    expect(isSupportedTimeZone("Europe/London")).toBe(true);
    expect(isSupportedTimeZone("UTC")).toBe(true);
    expect(isSupportedTimeZone("europe/london")).toBe(false);
    expect(isSupportedTimeZone("Mars/Olympus_Mons")).toBe(false);
    expect(isSupportedTimeZone("")).toBe(false);
    expect(isSupportedTimeZone(" Europe/London")).toBe(false);
    expect(isSupportedTimeZone(42)).toBe(false);
    const zones = listTimeZones();
    expect(zones).toContain("Africa/Monrovia");
    expect(zones).toEqual([...zones].sort());
    for (const zone of Intl.supportedValuesOf("timeZone")) expect(isSupportedTimeZone(zone)).toBe(true);
  });

  it("reads a wall-clock time of a zone without daylight saving (Monrovia: UTC all year)", () => {
    expect(iso("2026-01-15T09:30", "Africa/Monrovia")).toBe("2026-01-15T09:30:00.000Z");
    expect(iso("2026-07-15T09:30", "Africa/Monrovia")).toBe("2026-07-15T09:30:00.000Z");
    expect(iso("2026-07-15T23:59:59", "Africa/Monrovia")).toBe("2026-07-15T23:59:59.000Z");
    // Lagos: UTC+1 all year; Kathmandu: UTC+5:45.
    expect(iso("2026-07-15T09:30", "Africa/Lagos")).toBe("2026-07-15T08:30:00.000Z");
    expect(iso("2026-01-01T00:10", "Asia/Kathmandu")).toBe("2025-12-31T18:25:00.000Z");
  });

  it("reads a wall-clock time of a zone with daylight saving (London: GMT in winter, BST in summer)", () => {
    expect(iso("2026-01-15T09:30", "Europe/London")).toBe("2026-01-15T09:30:00.000Z");
    expect(iso("2026-07-15T09:30", "Europe/London")).toBe("2026-07-15T08:30:00.000Z");
    // The clocks went forward at 01:00 on 29 March 2026: 01:30 never happened and counts as 02:30 BST.
    expect(iso("2026-03-29T00:59", "Europe/London")).toBe("2026-03-29T00:59:00.000Z");
    expect(iso("2026-03-29T01:30", "Europe/London")).toBe("2026-03-29T01:30:00.000Z");
    expect(iso("2026-03-29T02:00", "Europe/London")).toBe("2026-03-29T01:00:00.000Z");
    // The clocks went back at 02:00 BST on 25 October 2026: 01:30 happened twice; the first (BST) is taken.
    expect(iso("2026-10-25T01:30", "Europe/London")).toBe("2026-10-25T00:30:00.000Z");
    expect(iso("2026-10-25T02:30", "Europe/London")).toBe("2026-10-25T02:30:00.000Z");
    // New York, the other side of UTC.
    expect(iso("2026-07-04T12:00", "America/New_York")).toBe("2026-07-04T16:00:00.000Z");
    expect(iso("2026-12-24T18:00", "America/New_York")).toBe("2026-12-24T23:00:00.000Z");
  });

  it("refuses text that is not a real date and time", () => {
    for (const value of [
      "",
      "2026-02-29T10:00",
      "2026-04-31T10:00",
      "2026-13-01T10:00",
      "2026-00-10T10:00",
      "2026-01-01T24:00",
      "2026-01-01T10:60",
      "2026-01-01T10:00:60",
      "2026-1-1T10:00",
      "2026-01-01 10:00",
      "2026-01-01",
      "10:00",
      "0999-01-01T10:00",
      "2026-01-01T10:00Z",
      "2026-01-01T10:00+01:00",
      " 2026-01-01T10:00",
      "2026-01-01T10:00\n",
      "tomorrow",
      "１２３４-01-01T10:00",
    ]) {
      expect(fromLocalDateTime(value, "Europe/London"), value).toBeNull();
    }
    expect(iso("2024-02-29T10:00", "Europe/London")).toBe("2024-02-29T10:00:00.000Z");
  });

  it("writes an instant as a datetime-local value of the zone, and back", () => {
    const summer = new Date("2026-07-15T08:30:45Z");
    expect(toLocalDateTime(summer, "Europe/London")).toBe("2026-07-15T09:30");
    expect(toLocalDateTime(summer, "Africa/Monrovia")).toBe("2026-07-15T08:30");
    expect(toLocalDateTime(new Date("2026-12-31T23:30:00Z"), "Africa/Lagos")).toBe("2027-01-01T00:30");
    for (const zone of ["Africa/Monrovia", "Europe/London", "America/New_York", "Asia/Kathmandu"]) {
      const instant = new Date("2026-10-25T00:30:00Z");
      expect(fromLocalDateTime(toLocalDateTime(instant, zone), zone)?.toISOString(), zone).toBe(
        instant.toISOString(),
      );
    }
  });

  it("shows an instant with the app's formats in a zone", () => {
    const local = wallClock(new Date("2026-07-15T23:15:00Z"), "Europe/London");
    expect(`${formatDate(local)} ${formatTime(local)}`).toBe("Jul 16, 2026 12:15 AM");
    const monrovia = wallClock(new Date("2026-07-15T23:15:00Z"), "Africa/Monrovia");
    expect(`${formatDate(monrovia)} ${formatTime(monrovia)}`).toBe("Jul 15, 2026 11:15 PM");
  });
});
