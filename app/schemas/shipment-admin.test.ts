import { describe, expect, it } from "vitest";
import { parseShipmentListQuery } from "#app/schemas/shipment-admin.ts";

describe("parseShipmentListQuery", () => {
  it("reads the list's search, filter, order and page", () => {
    const query = parseShipmentListQuery(new URLSearchParams("q=UTG&status=In+Transit&sort=oldest&page=2"));
    expect(query).toEqual({ q: "UTG", status: "In Transit", sort: "oldest", page: 2 });
  });

  // A NUL in ?status= reached PostgreSQL before and the list answered 500.
  it("drops control characters from the status filter", () => {
    expect(parseShipmentListQuery(new URLSearchParams("status=%00In%0ATransit%00")).status).toBe("InTransit");
    expect(parseShipmentListQuery(new URLSearchParams("status=%00")).status).toBe("");
  });

  it("ignores odd values", () => {
    const query = parseShipmentListQuery(new URLSearchParams(`sort=%00&page=-1&q=${"x".repeat(500)}`));
    expect(query).toMatchObject({ sort: "newest", page: 1 });
    expect(query.q).toHaveLength(100);
  });
});
