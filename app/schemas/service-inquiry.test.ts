import { describe, expect, it } from "vitest";
import { z } from "zod";
import { serviceInquirySchema, serviceInquirySubject } from "#app/schemas/service-inquiry.ts";

function errorsOf(input: Record<string, unknown>) {
  const result = serviceInquirySchema.safeParse(input);
  return result.success ? {} : z.flattenError(result.error).fieldErrors;
}

describe("serviceInquirySchema", () => {
  it("accepts name, email, shipment type and message", () => {
    expect(
      serviceInquirySchema.parse({
        name: "Grace",
        email: "grace@example.com",
        shipmentType: "land",
        message: "Two pallets to Ganta next week.",
      }),
    ).toMatchObject({ shipmentType: "land" });
  });

  it("gives clear messages", () => {
    expect(errorsOf({})).toEqual({
      name: ["Name must be at least 2 characters."],
      email: ["Please enter a valid email address."],
      shipmentType: ["Please select a shipment type."],
      message: ["Message must be at least 10 characters."],
    });
    expect(
      errorsOf({ name: "Gr", email: "g@example.com", shipmentType: "rail", message: "x".repeat(5001) }),
    ).toEqual({
      shipmentType: ["Please select a shipment type."],
      message: ["Message must be at most 5000 characters."],
    });
  });
});

describe("serviceInquirySubject", () => {
  it("names the shipment type for the staff", () => {
    expect(serviceInquirySubject("air")).toBe("Quote request: Air freight");
    expect(serviceInquirySubject("sea")).toBe("Quote request: Sea freight");
    expect(serviceInquirySubject("land")).toBe("Quote request: Land transport");
  });
});
