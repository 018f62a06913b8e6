import { describe, expect, it } from "vitest";
import { partyCreateSchema } from "#app/schemas/party-form.ts";
import { partySchema } from "#app/schemas/shipment.ts";

/** The messages the schema gives for the phone field, or the stored phone when it passes. */
function phoneOf(phone: string | undefined) {
  const result = partySchema.safeParse({ name: "Musu Flomo", phone });
  if (result.success) return { phone: result.data.phone };
  return {
    errors: result.error.issues.filter((issue) => issue.path[0] === "phone").map((issue) => issue.message),
  };
}

describe("partySchema phone", () => {
  it("stores a number typed the local way or with its country code in E.164", () => {
    expect(phoneOf("0770 123 456")).toEqual({ phone: "+231770123456" });
    expect(phoneOf(" (088) 612-3456 ")).toEqual({ phone: "+231886123456" });
    expect(phoneOf("+231 77 012 3456")).toEqual({ phone: "+231770123456" });
    expect(phoneOf("+233 24 123 4567")).toEqual({ phone: "+233241234567" });
    expect(phoneOf("+234 801 555 0142")).toEqual({ phone: "+2348015550142" });
  });

  it("takes an office landline as well as a mobile: a contact phone is any valid number", () => {
    expect(phoneOf("+86 21 5555 0188")).toEqual({ phone: "+862155550188" });
    expect(phoneOf("+32 3 233 45 67")).toEqual({ phone: "+3232334567" });
    expect(phoneOf("+31 10 555 0123")).toEqual({ phone: "+31105550123" });
  });

  it("keeps the phone optional", () => {
    expect(phoneOf(undefined)).toEqual({ phone: null });
    expect(phoneOf("")).toEqual({ phone: null });
    expect(phoneOf("   ")).toEqual({ phone: null });
  });

  it("refuses a number it cannot read, with a message that says how to write it", () => {
    expect(phoneOf("call me")).toEqual({
      errors: ["That is not a phone number. Use digits, e.g. 0770 123 456 or +231 77 012 3456."],
    });
    expect(phoneOf("0770123")).toEqual({
      errors: [
        "That is not a valid phone number for Liberia. Check the digits, or start with + and the country code.",
      ],
    });
    expect(phoneOf("+999 1234 5678")).toEqual({
      errors: [
        "That number's country code is not recognised. Start with + and the country code, e.g. +231 77 012 3456.",
      ],
    });
    expect(phoneOf("0770\u0000123456")).toEqual({
      errors: ["Phone contains characters that are not allowed."],
    });
    expect(phoneOf("1".repeat(41))).toEqual({ errors: ["Phone must be at most 40 characters."] });
  });

  it("applies the same rule to a new party of the address book, and keeps the other fields' messages", () => {
    const result = partyCreateSchema.safeParse({
      name: "",
      email: "not-an-email",
      phone: "12",
      role: "shipper",
    });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error!.issues.map((issue) => [issue.path[0], issue.message]));
    expect(messages.name).toBe("Name is required.");
    expect(messages.email).toBe("Please enter a valid email address.");
    expect(messages.phone).toMatch(/phone number|mobile number/);
  });
});
