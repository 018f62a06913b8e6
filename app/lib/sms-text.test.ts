import { describe, expect, it } from "vitest";
import { analyzeSmsText, isGsm7 } from "#app/lib/sms-text.ts";

describe("SMS segments", () => {
  it("fits 160 GSM-7 characters in one segment and splits longer texts in 153s", () => {
    expect(analyzeSmsText("a".repeat(160))).toEqual({
      encoding: "GSM-7",
      units: 160,
      segments: 1,
      nonGsmCharacters: [],
    });
    expect(analyzeSmsText("a".repeat(161)).segments).toBe(2);
    expect(analyzeSmsText("a".repeat(306)).segments).toBe(2);
    expect(analyzeSmsText("a".repeat(307)).segments).toBe(3);
    expect(analyzeSmsText("").segments).toBe(0);
  });

  it("counts the extension characters twice and never splits one across parts", () => {
    expect(analyzeSmsText("€".repeat(80))).toMatchObject({ encoding: "GSM-7", units: 160, segments: 1 });
    expect(analyzeSmsText("[x]").units).toBe(5);
    // 152 plain + "{" (2) = 154 septets: the brace cannot start in the 153rd septet.
    expect(analyzeSmsText(`${"a".repeat(152)}{${"b".repeat(10)}`)).toMatchObject({ units: 164, segments: 2 });
  });

  it("switches the whole text to UCS-2 for one character outside GSM-7", () => {
    expect(analyzeSmsText(`${"a".repeat(69)}ł`)).toEqual({
      encoding: "UCS-2",
      units: 70,
      segments: 1,
      nonGsmCharacters: ["ł"],
    });
    expect(analyzeSmsText(`${"a".repeat(70)}ł`).segments).toBe(2);
    expect(analyzeSmsText("’".repeat(134)).segments).toBe(2);
    expect(analyzeSmsText("’".repeat(135)).segments).toBe(3);
  });

  it("counts an emoji as two units", () => {
    expect(analyzeSmsText("📦")).toMatchObject({ encoding: "UCS-2", units: 2, segments: 1 });
    // 66 units + an emoji (2) does not fit the 67-unit part: it moves whole to the next.
    expect(analyzeSmsText(`${"ł".repeat(66)}📦${"ł".repeat(10)}`)).toMatchObject({ units: 78, segments: 2 });
  });

  it("tells GSM-7 text apart", () => {
    expect(isGsm7("Your cargo UTF-2024-0001 is at Freeport, Monrovia. Ça va? ¿Qué? €5 @ 10:00")).toBe(true);
    expect(isGsm7("Curly ’quote’")).toBe(false);
    expect(isGsm7("ç")).toBe(false);
    expect(isGsm7("Sí")).toBe(false);
  });
});
