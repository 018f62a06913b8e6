import { describe, expect, it } from "vitest";
import { z } from "zod";
import { quoteRequestFromInquiry, serviceInquirySchema } from "#app/schemas/service-inquiry.ts";

function errorsOf(input: Record<string, unknown>) {
  const result = serviceInquirySchema.safeParse(input);
  return result.success ? {} : z.flattenError(result.error).fieldErrors;
}

describe("serviceInquirySchema", () => {
  it("accepts name, email, shipment type, route and message, and an optional phone", () => {
    expect(
      serviceInquirySchema.parse({
        name: "Grace",
        email: "grace@example.com",
        shipmentType: "land",
        cityDeparture: "Monrovia",
        deliveryCity: "Ganta",
        message: "Two pallets to Ganta next week.",
      }),
    ).toMatchObject({ shipmentType: "land" });
    expect(
      serviceInquirySchema.parse({
        name: "Grace",
        email: "grace@example.com",
        phone: " 0770 123 456 ",
        shipmentType: "land",
        cityDeparture: "Monrovia",
        deliveryCity: "Ganta",
        message: "Two pallets to Ganta next week.",
      }),
    ).toMatchObject({ phone: "+231770123456" });
  });

  it("gives clear messages", () => {
    expect(errorsOf({})).toEqual({
      name: ["Name must be at least 2 characters."],
      email: ["Please enter a valid email address."],
      shipmentType: ["Please select a shipment type."],
      cityDeparture: ["Please specify a valid departure city."],
      deliveryCity: ["Please specify a valid delivery city."],
      message: ["Message must be at least 10 characters."],
    });
    expect(
      errorsOf({
        name: "Gr",
        email: "g@example.com",
        phone: "12",
        shipmentType: "rail",
        cityDeparture: "Monrovia",
        deliveryCity: "Ganta",
        message: "x".repeat(5001),
      }),
    ).toEqual({
      phone: [
        "Please enter a valid phone number for the country chosen, or start it with + and the country code.",
      ],
      shipmentType: ["Please select a shipment type."],
      message: ["Message must be at most 5000 characters."],
    });
  });
});

describe("quoteRequestFromInquiry", () => {
  it("makes a quote request: the name split at its last space, the message as special information", () => {
    const value = serviceInquirySchema.parse({
      name: "  Musu  K. Flomo ",
      email: "musu@example.com",
      phone: "+44 20 7946 0958",
      shipmentType: "land",
      cityDeparture: "Monrovia",
      deliveryCity: "Ganta",
      message: "Two pallets next week.",
    });
    expect(quoteRequestFromInquiry(value)).toEqual({
      firstName: "Musu K.",
      lastName: "Flomo",
      email: "musu@example.com",
      phone: "+442079460958",
      cityDeparture: "Monrovia",
      deliveryCity: "Ganta",
      parcelType: null,
      weight: null,
      readyDate: undefined,
      specialInfo: "Two pallets next week.",
      freightTypes: ["road"],
    });
    expect(quoteRequestFromInquiry({ ...value, name: "Grace" })).toMatchObject({
      firstName: "Grace",
      lastName: "",
    });
  });
});
