import { describe, expect, it } from "vitest";
import { z } from "zod";
import { contactMessageSchema } from "#app/schemas/contact-message.ts";

const valid = {
  name: "Joseph Kollie",
  email: "joseph@example.com",
  subject: "Shipping a car",
  message: "Hello, I would like to ship a car to Accra.",
};

function errorsOf(input: Record<string, unknown>) {
  const result = contactMessageSchema.safeParse(input);
  return result.success ? {} : z.flattenError(result.error).fieldErrors;
}

describe("contactMessageSchema", () => {
  it("accepts a valid message and trims it", () => {
    expect(contactMessageSchema.parse({ ...valid, name: "  Joseph Kollie  " }).name).toBe("Joseph Kollie");
  });

  it("gives every message of the spec word for word", () => {
    const expected = {
      name: ["Name must be at least 2 characters."],
      email: ["Please enter a valid email address."],
      subject: ["Subject must be at least 5 characters."],
      message: ["Message must be at least 10 characters."],
    };
    expect(errorsOf({ name: "", email: "", subject: "", message: "" })).toEqual(expected);
    expect(errorsOf({})).toEqual(expected);
  });

  it("applies the minimum lengths exactly (name 2, subject 5, message 10)", () => {
    expect(errorsOf({ ...valid, name: "J", subject: "Ship", message: "Too short" })).toEqual({
      name: ["Name must be at least 2 characters."],
      subject: ["Subject must be at least 5 characters."],
      message: ["Message must be at least 10 characters."],
    });
    expect(errorsOf({ ...valid, name: "Jo", subject: "Ships", message: "Ten chars!" })).toEqual({});
  });

  it("enforces maximum lengths with clear messages", () => {
    expect(
      errorsOf({
        name: "n".repeat(101),
        email: `${"e".repeat(250)}@x.com`,
        subject: "s".repeat(201),
        message: "m".repeat(5001),
      }),
    ).toEqual({
      name: ["Name must be at most 100 characters."],
      email: ["Email must be at most 254 characters."],
      subject: ["Subject must be at most 200 characters."],
      message: ["Message must be at most 5000 characters."],
    });
  });

  it("keeps line breaks in the message and refuses other control characters", () => {
    expect(contactMessageSchema.parse({ ...valid, message: "Line one\nLine two\n\tIndented" }).message).toBe(
      "Line one\nLine two\n\tIndented",
    );
    expect(errorsOf({ ...valid, message: "Hello there\u001b[31m" }).message).toEqual([
      "Message contains characters that are not allowed.",
    ]);
    expect(errorsOf({ ...valid, subject: "Hello\nthere" }).subject).toEqual([
      "Subject contains characters that are not allowed.",
    ]);
    expect(errorsOf({ ...valid, name: "Jo\u007fe" }).name).toEqual([
      "Name contains characters that are not allowed.",
    ]);
  });

  it("refuses repeated values", () => {
    expect(errorsOf({ ...valid, subject: ["Hello there", "Again"] }).subject).toEqual([
      "Subject must be a single text value.",
    ]);
  });
});
