import { describe, expect, it } from "vitest";
import { DEFAULT_ALLOWED_COUNTRIES, isPhoneAllowed, parseCountryList, parsePhone } from "#app/lib/phone.ts";

describe("parsePhone", () => {
  it("reads Liberian numbers typed the local way into E.164", () => {
    expect(parsePhone("0770 123 456")).toEqual({ ok: true, e164: "+231770123456", country: "LR" });
    expect(parsePhone("088-612-3456")).toEqual({ ok: true, e164: "+231886123456", country: "LR" });
    expect(parsePhone("  +231 55 512 3456 ")).toEqual({ ok: true, e164: "+231555123456", country: "LR" });
  });

  it("reads other countries by their code or the given default country", () => {
    expect(parsePhone("+233 24 123 4567")).toEqual({ ok: true, e164: "+233241234567", country: "GH" });
    expect(parsePhone("024 123 4567", "GH")).toEqual({ ok: true, e164: "+233241234567", country: "GH" });
  });

  it("says clearly what is wrong with a number it cannot take", () => {
    expect(parsePhone("")).toEqual({ ok: false, message: "Enter a mobile phone number." });
    expect(parsePhone("call me")).toEqual({
      ok: false,
      message: "That is not a phone number. Use digits, e.g. 0770 123 456 or +231 77 012 3456.",
    });
    expect(parsePhone("0770123")).toEqual({
      ok: false,
      message:
        "That is not a valid mobile number for Liberia. Check the digits, or start with + and the country code.",
    });
    expect(parsePhone("+999 1234 5678")).toMatchObject({
      ok: false,
      message: expect.stringContaining("country code"),
    });
    expect(parsePhone("1".repeat(41))).toEqual({ ok: false, message: "That phone number is too long." });
  });
});

describe("the country allow-list", () => {
  it("is Liberia and the ECOWAS members by default, without the states that left in 2025", () => {
    expect(DEFAULT_ALLOWED_COUNTRIES).toContain("LR");
    expect(DEFAULT_ALLOWED_COUNTRIES).toHaveLength(12);
    for (const left of ["ML", "BF", "NE"]) expect(DEFAULT_ALLOWED_COUNTRIES).not.toContain(left);
  });

  it("lets through mobile numbers of listed countries only", () => {
    expect(isPhoneAllowed("+231770123456", DEFAULT_ALLOWED_COUNTRIES)).toBe(true);
    expect(isPhoneAllowed("+233241234567", DEFAULT_ALLOWED_COUNTRIES)).toBe(true);
    expect(isPhoneAllowed("+22370123456", DEFAULT_ALLOWED_COUNTRIES)).toBe(false);
    expect(isPhoneAllowed("+12025550142", DEFAULT_ALLOWED_COUNTRIES)).toBe(false);
    expect(isPhoneAllowed("0770123456", DEFAULT_ALLOWED_COUNTRIES)).toBe(false);
    expect(isPhoneAllowed("+22370123456", [...DEFAULT_ALLOWED_COUNTRIES, "ML"])).toBe(true);
  });

  it("reads a list of ISO codes, and refuses anything else", () => {
    expect(parseCountryList(" lr, GH ,ng,,LR")).toEqual(["LR", "GH", "NG"]);
    expect(parseCountryList("LR,Liberia")).toBeUndefined();
    expect(parseCountryList("LR,XX")).toBeUndefined();
    expect(parseCountryList("")).toEqual([]);
  });
});
