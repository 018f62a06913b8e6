import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { freightTypeLabel, parcelTypeOptions, quoteRequestSchema } from "#app/schemas/quote-request.ts";

const valid = {
  firstName: "Musu",
  lastName: "Flomo",
  email: "musu@example.com",
  cityDeparture: "Monrovia",
  deliveryCity: "Accra",
  parcelType: "Pallets",
  weight: "2 tons",
  specialInfo: "Fragile",
  freightTypes: ["sea"],
};

function errorsOf(input: Record<string, unknown>) {
  const result = quoteRequestSchema.safeParse(input);
  return result.success ? {} : z.flattenError(result.error).fieldErrors;
}

function formData(entries: [string, string][]) {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
}

describe("quoteRequestSchema", () => {
  it("accepts a valid request and trims the text", () => {
    const result = quoteRequestSchema.parse({ ...valid, firstName: "  Musu ", email: " musu@example.com " });
    expect(result).toMatchObject({ firstName: "Musu", email: "musu@example.com", freightTypes: ["sea"] });
  });

  it("gives every message of the spec word for word for the empty form (the defaults)", () => {
    expect(
      errorsOf({
        firstName: "",
        lastName: "",
        email: "",
        cityDeparture: "",
        deliveryCity: "",
        parcelType: "",
        weight: "",
        specialInfo: "",
        freightTypes: [],
      }),
    ).toEqual({
      firstName: ["First name must be at least 2 characters."],
      lastName: ["Last name must be at least 2 characters."],
      email: ["Please enter a valid email address."],
      cityDeparture: ["Please specify a valid departure city."],
      deliveryCity: ["Please specify a valid delivery city."],
      parcelType: ["Please select a parcel type."],
      weight: ["Please specify the weight."],
      freightTypes: ["Please select at least one freight type."],
    });
  });

  it("gives the same messages when the fields are missing", () => {
    expect(errorsOf({})).toEqual({
      firstName: ["First name must be at least 2 characters."],
      lastName: ["Last name must be at least 2 characters."],
      email: ["Please enter a valid email address."],
      cityDeparture: ["Please specify a valid departure city."],
      deliveryCity: ["Please specify a valid delivery city."],
      parcelType: ["Please select a parcel type."],
      weight: ["Please specify the weight."],
      freightTypes: ["Please select at least one freight type."],
    });
  });

  it("applies the minimum lengths exactly (names and cities 2, weight 1)", () => {
    expect(errorsOf({ ...valid, firstName: "A" }).firstName).toEqual([
      "First name must be at least 2 characters.",
    ]);
    expect(errorsOf({ ...valid, lastName: " B " }).lastName).toEqual([
      "Last name must be at least 2 characters.",
    ]);
    expect(errorsOf({ ...valid, cityDeparture: "M" }).cityDeparture).toEqual([
      "Please specify a valid departure city.",
    ]);
    expect(errorsOf({ ...valid, deliveryCity: "A" }).deliveryCity).toEqual([
      "Please specify a valid delivery city.",
    ]);
    expect(errorsOf({ ...valid, weight: "   " }).weight).toEqual(["Please specify the weight."]);
    expect(
      errorsOf({
        ...valid,
        firstName: "Al",
        lastName: "Bo",
        cityDeparture: "Mo",
        deliveryCity: "Ac",
        weight: "1",
      }),
    ).toEqual({});
  });

  it("rejects an invalid e-mail address", () => {
    for (const email of ["musu", "musu@", "@example.com", "musu@example", "mu su@example.com"]) {
      expect(errorsOf({ ...valid, email }).email).toEqual(["Please enter a valid email address."]);
    }
  });

  it("accepts only the listed parcel types", () => {
    for (const parcelType of parcelTypeOptions) expect(errorsOf({ ...valid, parcelType })).toEqual({});
    expect(errorsOf({ ...valid, parcelType: "Rockets" }).parcelType).toEqual([
      "Please select a parcel type.",
    ]);
    expect(errorsOf({ ...valid, parcelType: "pallets" }).parcelType).toEqual([
      "Please select a parcel type.",
    ]);
  });

  it("accepts only the listed freight types, once each, in the order of the options", () => {
    expect(quoteRequestSchema.parse({ ...valid, freightTypes: ["road", "air", "air"] }).freightTypes).toEqual(
      ["air", "road"],
    );
    expect(errorsOf({ ...valid, freightTypes: ["rail"] }).freightTypes).toEqual([
      "Please choose freight types from the list.",
    ]);
  });

  it("keeps special information optional", () => {
    const { specialInfo: _, ...withoutInfo } = valid;
    expect(quoteRequestSchema.parse(withoutInfo).specialInfo).toBeUndefined();
    expect(quoteRequestSchema.parse({ ...valid, specialInfo: "  " }).specialInfo).toBe("");
  });

  it("enforces maximum lengths with clear messages", () => {
    expect(errorsOf({ ...valid, firstName: "a".repeat(101) }).firstName).toEqual([
      "First name must be at most 100 characters.",
    ]);
    expect(errorsOf({ ...valid, lastName: "a".repeat(101) }).lastName).toEqual([
      "Last name must be at most 100 characters.",
    ]);
    expect(errorsOf({ ...valid, email: `${"a".repeat(250)}@example.com` }).email).toEqual([
      "Email must be at most 254 characters.",
    ]);
    expect(errorsOf({ ...valid, cityDeparture: "a".repeat(101) }).cityDeparture).toEqual([
      "City of departure must be at most 100 characters.",
    ]);
    expect(errorsOf({ ...valid, deliveryCity: "a".repeat(101) }).deliveryCity).toEqual([
      "Delivery city must be at most 100 characters.",
    ]);
    expect(errorsOf({ ...valid, weight: "1".repeat(101) }).weight).toEqual([
      "Weight must be at most 100 characters.",
    ]);
    expect(errorsOf({ ...valid, specialInfo: "a".repeat(5001) }).specialInfo).toEqual([
      "Special information must be at most 5000 characters.",
    ]);
    expect(errorsOf({ ...valid, specialInfo: "a".repeat(5000), firstName: "a".repeat(100) })).toEqual({});
  });

  it("refuses control characters, but keeps line breaks (as LF) and tabs in special information", () => {
    expect(errorsOf({ ...valid, firstName: "Mu\u0000su" }).firstName).toEqual([
      "First name contains characters that are not allowed.",
    ]);
    expect(errorsOf({ ...valid, cityDeparture: "Mon\nrovia" }).cityDeparture).toEqual([
      "City of departure contains characters that are not allowed.",
    ]);
    expect(errorsOf({ ...valid, specialInfo: "bell\u0007" }).specialInfo).toEqual([
      "Special information contains characters that are not allowed.",
    ]);
    expect(quoteRequestSchema.parse({ ...valid, specialInfo: "line 1\r\nline 2\tend" }).specialInfo).toBe(
      "line 1\nline 2\tend",
    );
  });

  it("keeps HTML and SQL as plain text", () => {
    const hostile = `<script>alert(1)</script>'; drop table quote_requests; --`;
    expect(
      quoteRequestSchema.parse({ ...valid, firstName: hostile.slice(0, 100), specialInfo: hostile }),
    ).toMatchObject({
      specialInfo: hostile,
    });
  });

  it("refuses values that are not one piece of text", () => {
    expect(errorsOf({ ...valid, firstName: ["Musu", "Musu"] }).firstName).toEqual([
      "First name must be a single text value.",
    ]);
    expect(errorsOf({ ...valid, email: 42 }).email).toEqual(["Email must be a single text value."]);
    expect(errorsOf({ ...valid, freightTypes: "air" }).freightTypes).toEqual([
      "Please select at least one freight type.",
    ]);
  });

  it("reads form data the way the browser sends it (Conform)", () => {
    const submission = parseWithZod(
      formData([
        ["firstName", "Musu"],
        ["lastName", "Flomo"],
        ["email", "musu@example.com"],
        ["cityDeparture", "Monrovia"],
        ["deliveryCity", "Accra"],
        ["parcelType", "Documents"],
        ["weight", "10 kg"],
        ["specialInfo", ""],
        ["freightTypes", "air"],
      ]),
      { schema: quoteRequestSchema },
    );
    expect(submission.status).toBe("success");
    if (submission.status === "success") {
      expect(submission.value.freightTypes).toEqual(["air"]);
      expect(submission.value.specialInfo).toBeUndefined();
    }
    const empty = parseWithZod(formData([["specialInfo", ""]]), { schema: quoteRequestSchema });
    expect(empty.status).toBe("error");
    if (empty.status === "error") {
      expect(empty.error?.freightTypes).toEqual(["Please select at least one freight type."]);
      expect(empty.error?.firstName).toEqual(["First name must be at least 2 characters."]);
    }
  });
});

describe("freightTypeLabel", () => {
  it("names air, sea and everything else as the admin inbox does", () => {
    expect(freightTypeLabel("air")).toBe("Air Freight");
    expect(freightTypeLabel("sea")).toBe("Sea Freight");
    expect(freightTypeLabel("road")).toBe("Road Transport");
    expect(freightTypeLabel("other")).toBe("Road Transport");
  });
});
