import { describe, expect, it } from "vitest";
import {
  displayTrackingNumber,
  isValidTrackingNumber,
  MAX_TRACKING_NUMBER_LENGTH,
  normalizeTrackingNumber,
  parseTrackingNumber,
  trackingKey,
  trackingPath,
} from "#app/lib/tracking-number.ts";

describe("trackingKey", () => {
  it("gives every way of writing UTG-1234-5678 the same key", () => {
    for (const variant of [
      "UTG-1234-5678",
      "UTG 1234 5678",
      "UTG12345678",
      "utg\u20131234\u20135678", // en dashes
      "UTG-1234-5678.", // pasted with the full stop after it
      "  Utg\u2014 1234 /5678 ", // em dash, slash, padding
    ]) {
      expect(trackingKey(variant), variant).toBe("UTG12345678");
    }
  });

  it("keeps ASCII letters and digits only", () => {
    expect(trackingKey("ÄBC-ß1\u00002")).toBe("BC12");
    expect(trackingKey("---")).toBe("");
    expect(trackingKey("📦")).toBe("");
  });

  it("turns anything that is not a string into an empty string", () => {
    expect(trackingKey(undefined)).toBe("");
    expect(trackingKey(12345678)).toBe("");
  });
});

describe("normalizeTrackingNumber", () => {
  it("trims and upper-cases", () => {
    expect(normalizeTrackingNumber("  utg-1234-5678 ")).toBe("UTG-1234-5678");
    expect(normalizeTrackingNumber("\tUtG-1234-5678\n")).toBe("UTG-1234-5678");
  });

  it("turns anything that is not a string into an empty string", () => {
    expect(normalizeTrackingNumber(undefined)).toBe("");
    expect(normalizeTrackingNumber(null)).toBe("");
    expect(normalizeTrackingNumber(42)).toBe("");
    expect(normalizeTrackingNumber(["UTG-1"])).toBe("");
  });
});

describe("parseTrackingNumber", () => {
  it("accepts the example format, normalised", () => {
    expect(parseTrackingNumber(" utg-1234-5678 ")).toEqual({ ok: true, value: "UTG-1234-5678" });
  });

  it("refuses empty and blank input", () => {
    expect(parseTrackingNumber("")).toMatchObject({ ok: false, reason: "empty" });
    expect(parseTrackingNumber("   ")).toMatchObject({ ok: false, reason: "empty" });
    expect(parseTrackingNumber(undefined)).toMatchObject({ ok: false, reason: "empty" });
  });

  it("refuses input longer than the maximum", () => {
    expect(parseTrackingNumber("A".repeat(MAX_TRACKING_NUMBER_LENGTH)).ok).toBe(true);
    expect(parseTrackingNumber("A".repeat(MAX_TRACKING_NUMBER_LENGTH + 1))).toMatchObject({
      ok: false,
      reason: "too-long",
    });
    expect(parseTrackingNumber("A".repeat(100_000))).toMatchObject({ ok: false, reason: "too-long" });
  });

  it("drops the invisible characters a pasted number brings along (zero-width, marks, BOM, no-break space)", () => {
    for (const pasted of [
      "UTG\u200b-1234-5678",
      "\u200eUTG-1234-5678\u200f",
      "\ufeffUTG-1234-5678",
      "UTG\u00a01234\u00a05678",
      "UTG-\u202e1234-5678\u202c",
      "U\u200dTG-12\u00ad34-5678\u2009",
    ]) {
      const parsed = parseTrackingNumber(pasted);
      expect(parsed.ok, JSON.stringify(pasted)).toBe(true);
      expect(trackingKey(parsed.value), JSON.stringify(pasted)).toBe("UTG12345678");
    }
  });

  it("refuses control characters", () => {
    for (const hostile of ["UTG\u0000123", "UTG\u0007", "UTG\u007f", "A\u2028B", "UTG\ud800"]) {
      expect(parseTrackingNumber(hostile), JSON.stringify(hostile)).toMatchObject({
        ok: false,
        reason: "invalid",
      });
    }
  });

  it("lets SQL- or HTML-looking text through as plain text (it is only ever a query parameter)", () => {
    expect(parseTrackingNumber("' OR 1=1 --").ok).toBe(true);
    expect(parseTrackingNumber("<script>alert(1)</script>")).toEqual({
      ok: true,
      value: "<SCRIPT>ALERT(1)</SCRIPT>",
    });
  });

  it("isValidTrackingNumber agrees", () => {
    expect(isValidTrackingNumber("UTG-1234-5678")).toBe(true);
    expect(isValidTrackingNumber(" ")).toBe(false);
  });
});

describe("displayTrackingNumber", () => {
  it("shows short numbers normalised", () => {
    expect(displayTrackingNumber(" utg-9 ")).toBe("UTG-9");
  });

  it("cuts long input to the maximum with an ellipsis", () => {
    const shown = displayTrackingNumber("x".repeat(5000));
    expect(shown).toBe(`${"X".repeat(MAX_TRACKING_NUMBER_LENGTH)}…`);
  });

  it("does not split characters outside the basic plane", () => {
    const shown = displayTrackingNumber("📦".repeat(100));
    expect(Array.from(shown)).toHaveLength(MAX_TRACKING_NUMBER_LENGTH + 1);
    expect(shown.isWellFormed()).toBe(true);
  });

  it("replaces control characters", () => {
    expect(displayTrackingNumber("a\u0000b\u001bc")).toBe("A\ufffdB\ufffdC");
  });
});

describe("trackingPath", () => {
  it("builds the shareable path, normalised and encoded", () => {
    expect(trackingPath(" utg-1234-5678 ")).toBe("/track/UTG-1234-5678");
    expect(trackingPath("a/b?c#d")).toBe("/track/A%2FB%3FC%23D");
  });

  it("never throws on a lone surrogate", () => {
    expect(() => trackingPath("UTG\ud800")).not.toThrow();
  });
});
