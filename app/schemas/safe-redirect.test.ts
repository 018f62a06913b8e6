import { describe, expect, it } from "vitest";
import { safeRedirect } from "#app/schemas/login.ts";

// A remembered location with a character outside printable ASCII made the login answer 500 (a Location
// header cannot carry it); whatever an attacker puts there, the browser lands on a path of this site.
describe("safeRedirect with hostile locations", () => {
  it.each([
    "/\u3002evil.example",
    "/admin/caf\u00e9",
    "/admin shipments",
    "/\u2028//evil.example",
    "//evil.example",
    "/\\evil.example",
    "https://evil.example",
    "javascript:alert(1)",
  ])("falls back to the dashboard for %j", (to) => {
    expect(safeRedirect(to)).toBe("/admin/dashboard");
  });

  it("keeps %-encoded paths and queries", () => {
    expect(safeRedirect("/admin/shipments?q=S%C3%A3o+Paulo")).toBe("/admin/shipments?q=S%C3%A3o+Paulo");
    expect(safeRedirect("/admin/%2F%2Fevil.example")).toBe("/admin/%2F%2Fevil.example");
  });
});
