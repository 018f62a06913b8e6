import { describe, expect, it } from "vitest";
import { describeChanges, entityPath, fieldLabel, formatAuditValue } from "#app/lib/audit-format.ts";

describe("the activity log's words", () => {
  it("names columns as people say them", () => {
    expect(fieldLabel("estimated_delivery")).toBe("Estimated delivery");
    expect(fieldLabel("current_location")).toBe("Current location");
    expect(fieldLabel("shipper_id")).toBe("Shipper");
    expect(fieldLabel("retentionDays")).toBe("Retention days");
    expect(fieldLabel("mime_type")).toBe("File type");
    expect(fieldLabel("booked_shipment_id")).toBe("Booked shipment");
  });

  it("shows an estimated delivery as its day, other times in the company's zone, and empty values as such", () => {
    expect(formatAuditValue("estimated_delivery", "2026-12-04T00:00:00+00:00", "Africa/Monrovia")).toBe(
      "2026-12-04",
    );
    expect(formatAuditValue("timestamp", "2026-11-26T18:40:24.801+00:00", "Europe/Paris")).toBe(
      "2026-11-26 19:40",
    );
    expect(formatAuditValue("notes", null, "UTC")).toBe("(empty)");
    expect(formatAuditValue("is_read", true, "UTC")).toBe("Yes");
    expect(formatAuditValue("freight_types", ["air", "sea"], "UTC")).toBe("air, sea");
    expect(formatAuditValue("notes", "x".repeat(300), "UTC")).toHaveLength(201);
  });

  it("lists the changes in a stable order, without the shipment's id", () => {
    expect(
      describeChanges(
        {
          status: ["Pending", "Arrived"],
          estimated_delivery: ["2026-12-01T00:00:00+00:00", "2026-12-04T00:00:00+00:00"],
          shipment_id: [null, "x"],
        },
        "UTC",
      ).map((c) => `${c.label}: ${c.before} → ${c.after}`),
    ).toEqual(["Estimated delivery: 2026-12-01 → 2026-12-04", "Status: Pending → Arrived"]);
  });

  it("links what has a page", () => {
    expect(entityPath("shipment_status_history", "h", "s")).toBe("/admin/shipments/s");
    expect(entityPath("consignees", "c", null)).toBe("/admin/parties/c");
    expect(entityPath("admin_users", "u", null)).toBeNull();
  });
});
